import { randomBytes } from 'node:crypto'
import { and, eq, like } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { verification } from '#server/db/schema.ts'
import { enqueueEmail } from '#server/lib/mailer/outbox.ts'
import type { RateLimitRule } from '#server/lib/rate-limit.ts'

/**
 * Set-password links, for the sign-in's "Forgot password?" (auth) and the team's invitations alike. Both
 * are better-auth reset tokens: a `verification` row `reset-password:<token>` whose value is the user id,
 * spent by better-auth's own POST /api/auth/reset-password (which creates the credential account when the
 * user has none, as an invited administrator has not). Resets are made by better-auth
 * (/request-password-reset, 1 hour); invitations are written here, in the transaction that grants the
 * role, with a longer life.
 */
const RESET_TOKEN_PREFIX = 'reset-password:'

export const RESET_LINK_LIFETIME_SECONDS = 60 * 60

/**
 * Reset e-mails one address may be sent per hour; further requests answer the same and queue nothing,
 * so "Forgot password?" cannot flood someone's inbox. (Each client address is limited by better-auth's
 * limiter too: RESET_REQUESTS_PER_IP in auth.ts.)
 */
export const RESET_EMAILS_PER_ADDRESS: RateLimitRule = { window: 60 * 60, max: 3 }

export const resetEmailKey = (email: string) => `password-reset-emails:${email.trim().toLowerCase()}`

export function setPasswordLink(origin: string, token: string, options: { invite?: boolean } = {}): string {
  const query = new URLSearchParams({ token })
  if (options.invite) query.set('invite', '1')
  return `${origin}/reset-password?${query}`
}

export async function enqueuePasswordResetEmail(
  db: Db,
  input: { to: string; origin: string; token: string },
): Promise<void> {
  const link = setPasswordLink(input.origin, input.token)
  await enqueueEmail(db, {
    dedupeKey: `password-reset:${input.token}`,
    kind: 'password_reset',
    to: input.to,
    subject: 'Reset your password',
    text: [
      `Someone asked to reset the password of your administrator account at ${input.origin}.`,
      '',
      `Choose a new password here (the link works for 1 hour and only once):`,
      link,
      '',
      'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    ].join('\n'),
  })
}

/** A new reset token for the user, usable `lifetimeSeconds`; earlier unused ones stop working. */
export async function createSetPasswordToken(
  tx: Db,
  userId: string,
  lifetimeSeconds: number,
  now = new Date(),
): Promise<string> {
  await revokeSetPasswordTokens(tx, userId)
  // The alphabet and length of better-auth's own reset tokens are not required: any string works.
  const token = randomBytes(24).toString('base64url')
  await tx.insert(verification).values({
    id: randomBytes(16).toString('hex'),
    identifier: `${RESET_TOKEN_PREFIX}${token}`,
    value: userId,
    expiresAt: new Date(now.getTime() + lifetimeSeconds * 1000),
  })
  return token
}

/** Spends every outstanding reset or invitation link of the user. */
export async function revokeSetPasswordTokens(tx: Db, userId: string): Promise<void> {
  await tx
    .delete(verification)
    .where(and(eq(verification.value, userId), like(verification.identifier, `${RESET_TOKEN_PREFIX}%`)))
}
