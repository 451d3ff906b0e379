import { randomBytes, randomUUID } from 'node:crypto'
import { hashPassword } from 'better-auth/crypto'
import { and, eq } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { account, session, siteSettings, user, userRoles } from '#server/db/schema.ts'
import { clearHits, countHit, currentHits, type RateLimitRule } from '#server/lib/rate-limit.ts'
import { ADMIN_ROLE } from '#shared/auth.ts'

/** Admin = at least one user_roles row with role 'admin'. A failed lookup counts as not. */
export async function isAdmin(db: Db, userId: string, onError?: (error: unknown) => void): Promise<boolean> {
  try {
    const rows = await db
      .select({ id: userRoles.id })
      .from(userRoles)
      .where(and(eq(userRoles.userId, userId), eq(userRoles.role, ADMIN_ROLE)))
      .limit(1)
    return rows.length > 0
  } catch (error) {
    onError?.(error)
    return false
  }
}

type EnsureAdminResult = { userId: string; created: boolean }

/**
 * Creates an administrator, or resets the password of an existing user and grants the role.
 * A reset signs the user out everywhere. The password is stored the way better-auth's credential
 * provider expects it (providerId 'credential', accountId = user id).
 */
export async function ensureAdmin(
  db: Db,
  input: { email: string; password: string },
): Promise<EnsureAdminResult> {
  const email = input.email.trim().toLowerCase()
  const passwordHash = await hashPassword(input.password)
  return db.transaction(async (tx) => {
    const now = new Date()
    const [existing] = await tx.select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1)
    const userId = existing?.id ?? randomUUID()
    if (!existing) {
      await tx.insert(user).values({ id: userId, name: 'Administrator', email, emailVerified: true })
    }
    const [credential] = await tx
      .select({ id: account.id })
      .from(account)
      .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')))
      .limit(1)
    if (credential) {
      await tx
        .update(account)
        .set({ password: passwordHash, updatedAt: now })
        .where(eq(account.id, credential.id))
      await tx.delete(session).where(eq(session.userId, userId))
    } else {
      await tx.insert(account).values({
        id: randomUUID(),
        accountId: userId,
        providerId: 'credential',
        userId,
        password: passwordHash,
      })
    }
    await tx.insert(userRoles).values({ userId, role: ADMIN_ROLE }).onConflictDoNothing()
    return { userId, created: !existing }
  })
}

/**
 * The auth secret: BETTER_AUTH_SECRET when set, else one generated on first start and kept in the
 * database, so every instance sharing a database signs cookies alike and restarts keep sessions.
 */
export async function resolveAuthSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured
  // Every later start: one read, no write (a commit is the dearest step of an embedded start).
  const [stored] = await db.select().from(siteSettings).where(eq(siteSettings.key, 'auth_secret'))
  if (typeof stored?.value === 'string') return stored.value
  await db
    .insert(siteSettings)
    .values({ key: 'auth_secret', value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing()
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, 'auth_secret'))
  if (typeof row?.value !== 'string') throw new Error('auth secret missing after insert')
  return row.value
}

// ---------------------------------------------------------------- sign-in failure throttle

/**
 * Failed sign-ins one client address may collect against one account in 15 minutes before that pair is
 * throttled. Counted per (address, account), not per account: otherwise anyone could lock the
 * administrator out by failing ten times from anywhere. One address spraying many accounts is stopped by
 * the per-address limiter (SIGN_IN_PER_IP in auth.ts).
 */
export const SIGN_IN_FAILURES_PER_ACCOUNT: RateLimitRule = { window: 15 * 60, max: 10 }

type SignInAttempt = { email: string; ip: string | undefined }

export const signInFailureKey = ({ email, ip }: SignInAttempt) =>
  `sign-in-failures:${ip ?? 'unknown'}:${email.trim().toLowerCase()}`

/** True when this address has used up its failures for this account; an unknown account is treated alike. */
export async function isSignInThrottled(db: Db, attempt: SignInAttempt, now = Date.now()): Promise<boolean> {
  return (
    (await currentHits(db, signInFailureKey(attempt), SIGN_IN_FAILURES_PER_ACCOUNT, now)) >=
    SIGN_IN_FAILURES_PER_ACCOUNT.max
  )
}

export async function recordSignInFailure(db: Db, attempt: SignInAttempt, now = Date.now()): Promise<void> {
  await countHit(db, signInFailureKey(attempt), SIGN_IN_FAILURES_PER_ACCOUNT, now)
}

export async function clearSignInFailures(db: Db, attempt: SignInAttempt): Promise<void> {
  await clearHits(db, signInFailureKey(attempt))
}
