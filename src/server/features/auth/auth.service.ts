import { randomBytes, randomUUID } from 'node:crypto'
import { hashPassword } from 'better-auth/crypto'
import { and, eq, sql } from 'drizzle-orm'
import { ADMIN_ROLE } from '../../../shared/auth.ts'
import type { Db } from '../../db/client.ts'
import { account, rateLimit, session, siteSettings, user, userRoles } from '../../db/schema.ts'

/** Spec section 6: admin = at least one user_roles row with role 'admin'. A failed lookup counts as not. */
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

export type EnsureAdminResult = { userId: string; created: boolean }

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
  await db
    .insert(siteSettings)
    .values({ key: 'auth_secret', value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing()
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, 'auth_secret'))
  if (typeof row?.value !== 'string') throw new Error('auth secret missing after insert')
  return row.value
}

// ---------------------------------------------------------------- per-account sign-in throttle

/** Failed sign-ins one e-mail address may collect in 15 minutes before it is throttled. */
export const SIGN_IN_FAILURES_PER_ACCOUNT = { window: 15 * 60, max: 10 }

const failureKey = (email: string) => `sign-in-failures:${email.trim().toLowerCase()}`

/** True when the address has used up its failures; an unknown address is treated exactly alike. */
export async function isSignInThrottled(db: Db, email: string, now = Date.now()): Promise<boolean> {
  const since = now - SIGN_IN_FAILURES_PER_ACCOUNT.window * 1000
  const [row] = await db
    .select({ count: rateLimit.count, start: rateLimit.lastRequest })
    .from(rateLimit)
    .where(eq(rateLimit.key, failureKey(email)))
  return Boolean(row && row.start >= since && row.count >= SIGN_IN_FAILURES_PER_ACCOUNT.max)
}

/** One atomic upsert: a window that has run out starts again at 1 (last_request holds the window start). */
export async function recordSignInFailure(db: Db, email: string, now = Date.now()): Promise<void> {
  const since = now - SIGN_IN_FAILURES_PER_ACCOUNT.window * 1000
  await db
    .insert(rateLimit)
    .values({ id: randomUUID(), key: failureKey(email), count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`CASE WHEN ${rateLimit.lastRequest} < ${since} THEN 1 ELSE ${rateLimit.count} + 1 END`,
        lastRequest: sql`CASE WHEN ${rateLimit.lastRequest} < ${since} THEN ${now} ELSE ${rateLimit.lastRequest} END`,
      },
    })
}

export async function clearSignInFailures(db: Db, email: string): Promise<void> {
  await db.delete(rateLimit).where(eq(rateLimit.key, failureKey(email)))
}
