import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { magicLink } from 'better-auth/plugins/magic-link'
import type { Db } from '#server/db/client.ts'
import * as schema from '#server/db/schema.ts'
import { CLIENT_IP_HEADER } from '#server/http/client-ip.ts'
import { allowedOrigins } from '#server/http/origin.ts'
import type { Logger } from '#server/lib/logger.ts'
import {
  enqueuePasswordResetEmail,
  RESET_EMAILS_PER_ADDRESS,
  RESET_LINK_LIFETIME_SECONDS,
  resetEmailKey,
} from '#server/lib/password-links.ts'
import { countHit } from '#server/lib/rate-limit.ts'
import {
  enqueueSignInLinkEmail,
  isStaffUser,
  SIGN_IN_LINK_LIFETIME_SECONDS,
  SIGN_IN_LINK_REQUESTS_PER_IP,
  SIGN_IN_LINKS_PER_ADDRESS,
  signInLinkKey,
  signInLinkRefusal,
} from '#server/lib/sign-in-links.ts'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#shared/auth.ts'

/** Sign-in attempts one address may make in 15 minutes (better-auth's limiter, kept in the database). */
const SIGN_IN_PER_IP = { window: 15 * 60, max: 30 }
/** "Forgot password?" requests one address may make in 15 minutes. */
const RESET_REQUESTS_PER_IP = { window: 15 * 60, max: 10 }
/** Reset-link and change-password attempts one address may make in 15 minutes (guessing a password). */
const PASSWORD_CHANGES_PER_IP = { window: 15 * 60, max: 10 }

export type AuthOptions = {
  db: Db
  secret: string
  baseUrl: string
  publicUrl: string | undefined
  /** Sign-in attempts per client address per 15 minutes; SIGN_IN_PER_IP.max unless configured. */
  signInsPer15Min?: number
  /** Named in the advertiser's sign-in e-mail. */
  productName?: string
  logger: Logger
}

export function createAuth({
  db,
  secret,
  baseUrl,
  publicUrl,
  signInsPer15Min,
  productName = 'Townflyer',
  logger,
}: AuthOptions) {
  return betterAuth({
    appName: 'Townflyer',
    baseURL: baseUrl,
    basePath: '/api/auth',
    secret,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        rateLimit: schema.rateLimit,
      },
    }),
    // Administrators are made with `npm run admin:create` or ADMIN_EMAIL/ADMIN_PASSWORD; nobody signs up.
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: RESET_LINK_LIFETIME_SECONDS,
      revokeSessionsOnPasswordReset: true,
      // better-auth answers an unknown e-mail exactly as a known one and calls this only for a known one.
      // The link is our page (/reset-password), not better-auth's GET redirect endpoint (not exposed).
      sendResetPassword: async ({ user, token }) => {
        const sent = await countHit(db, resetEmailKey(user.email), RESET_EMAILS_PER_ADDRESS)
        if (sent > RESET_EMAILS_PER_ADDRESS.max) {
          logger.warn({ userId: user.id }, 'password reset e-mail not queued: too many for this address')
          return
        }
        await enqueuePasswordResetEmail(db, { to: user.email, origin: baseUrl, token })
      },
    },
    // Advertisers sign in with a one-time link e-mailed to them (decision 022): better-auth makes the
    // token (stored hashed), spends it once at /magic-link/verify and creates the advertiser's user on
    // first use; sign-in-links.ts decides who is sent one. The answer is the same for every address.
    plugins: [
      magicLink({
        expiresIn: SIGN_IN_LINK_LIFETIME_SECONDS,
        storeToken: 'hashed',
        rateLimit: SIGN_IN_LINK_REQUESTS_PER_IP,
        sendMagicLink: async ({ email, url, token }) => {
          const refusal = await signInLinkRefusal(db, email)
          if (refusal) {
            logger.info({ refusal }, 'sign-in link not sent')
            return
          }
          const sent = await countHit(db, signInLinkKey(email), SIGN_IN_LINKS_PER_ADDRESS)
          if (sent > SIGN_IN_LINKS_PER_ADDRESS.max) {
            logger.warn('sign-in link not sent: too many for this address')
            return
          }
          await enqueueSignInLinkEmail(db, { to: email.trim(), url, token, productName })
        },
      }),
    ],
    // A staff account never gets a session from an e-mailed link (it would carry the account's role),
    // even if one was sent before the role was granted.
    databaseHooks: {
      session: {
        create: {
          before: async (session, context) => {
            if (context?.path === '/magic-link/verify' && (await isStaffUser(db, session.userId)))
              return false
            return { data: session }
          },
        },
      },
    },
    // Same-origin only: our origin middleware already refuses other origins for state-changing calls.
    trustedOrigins: (request) => (request ? allowedOrigins(request, publicUrl) : []),
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 300,
      customRules: {
        '/sign-in/email': { ...SIGN_IN_PER_IP, max: signInsPer15Min ?? SIGN_IN_PER_IP.max },
        '/request-password-reset': RESET_REQUESTS_PER_IP,
        '/reset-password': PASSWORD_CHANGES_PER_IP,
        '/change-password': PASSWORD_CHANGES_PER_IP,
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: baseUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    // better-auth's own messages go to our log; an unknown e-mail at sign-in is routine, not a warning.
    logger: {
      level: 'warn',
      log: (level, message, ...args) => {
        const log = logger.child({ component: 'better-auth' })
        if (level === 'error') log.error({ args }, message)
        else log.debug({ args }, message)
      },
    },
    telemetry: { enabled: false },
  })
}

export type Auth = ReturnType<typeof createAuth>
