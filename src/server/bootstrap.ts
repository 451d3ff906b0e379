import path from 'node:path'
import { appRoot, type Database } from './db/client.ts'
import { seedFirstRun } from './db/seed.ts'
import type { ServerConfig } from './env.ts'
import { ensureAdmin, resolveAuthSecret } from './features/auth/auth.service.ts'
import type { Auth, AuthOptions } from './features/auth/auth.ts'
import { syncMailingTimeZone } from './features/mailings/mailings.service.ts'
import { createShortLinks } from './features/short-links/short-link-redirect.ts'
import type { AppDeps } from './http/app-env.ts'
import type { Logger } from './lib/logger.ts'
import type { Mailer } from './lib/mailer/mailer.ts'
import { createLocalPaymentProvider } from './lib/payments/local-provider.ts'
import type { PaymentProvider } from './lib/payments/payment-provider.ts'
import { createLocalStorage } from './lib/storage/local-storage.ts'
import type { Storage } from './lib/storage/storage.ts'

export const defaultClientDir = path.join(appRoot, 'dist', 'client')

/**
 * Everything between "a database is open" and "the app can answer": migrations, first-run seed,
 * the auth secret, the administrator from ADMIN_EMAIL / ADMIN_PASSWORD, and media storage.
 */
export async function prepareApp(
  database: Database,
  config: ServerConfig,
  logger: Logger,
  options: {
    clientDir?: string
    migrate?: boolean
    storage?: Storage
    payments?: PaymentProvider
    mailer?: Mailer
  } = {},
): Promise<AppDeps> {
  if (options.migrate !== false) await database.migrate()
  // Before the seed: the database dates a new month's mailing in the town's time zone (migration 0005).
  await syncMailingTimeZone(database.db, config.timeZone)
  if (await seedFirstRun(database.db, config.seed, new Date(), config.timeZone))
    logger.info('first start: seeded map icons, calendar days and settings')
  const secret = await resolveAuthSecret(database.db, config.authSecret)
  const auth = lazyAuth(
    {
      db: database.db,
      secret,
      baseUrl: config.publicOrigin,
      publicUrl: config.publicUrl,
      signInsPer15Min: config.signInsPer15Min,
      productName: config.site.productName,
      logger,
    },
    logger,
  )
  if (config.admin) {
    const { created } = await ensureAdmin(database.db, config.admin)
    logger.info(
      { email: config.admin.email },
      created ? 'administrator created from ADMIN_EMAIL' : 'administrator from ADMIN_EMAIL ensured',
    )
  }
  // The AWS SDK, Stripe's SDK and nodemailer are loaded only when configured (start-up time, memory).
  const s3 = config.storage.s3
  const storage =
    options.storage ??
    (s3
      ? (await import('./lib/storage/s3-storage.ts')).createS3Storage(s3)
      : createLocalStorage(path.join(config.dataDir, 'media')))
  const payments = options.payments ?? (await createPaymentProvider(config, logger))
  const smtpUrl = config.mail.smtpUrl
  const mailer =
    options.mailer ??
    (smtpUrl ? (await import('./lib/mailer/smtp-mailer.ts')).createSmtpMailer(smtpUrl) : undefined)
  // The /go/{code} redirect's cache and scan counter; a destination changed here drops its code at once.
  const shortLinks = createShortLinks({ db: database.db, timeZone: config.timeZone, logger })
  return {
    database,
    auth,
    authSecret: secret,
    config,
    logger,
    storage,
    payments,
    mailer,
    clientDir: options.clientDir,
    shortLinks,
    linkEvents: shortLinks.linkEvents,
  }
}

/** Stripe when STRIPE_SECRET_KEY is set, otherwise the local test checkout (TEST MODE, no card charged). */
async function createPaymentProvider(config: ServerConfig, logger: Logger): Promise<PaymentProvider> {
  const stripe = config.payments.stripe
  if (!stripe) return createLocalPaymentProvider(logger)
  const { createStripePaymentProvider } = await import('./lib/payments/stripe-provider.ts')
  return createStripePaymentProvider({
    secretKey: stripe.secretKey,
    apiBase: stripe.apiBase,
    publicUrl: config.publicOrigin,
  })
}

/**
 * better-auth is the heaviest module the server loads (about half a second): it loads in the background
 * from here on, so the server listens (health checks, the site, the public API) without waiting for it,
 * and a sign-in or admin request that comes first waits for it. The routes use only auth.handler and
 * auth.api.* (require-admin.ts, auth.routes.ts), which is all this stand-in forwards.
 */
function lazyAuth(options: AuthOptions, logger: Logger): Auth {
  const loading = import('./features/auth/auth.ts').then(({ createAuth }) => createAuth(options))
  loading.catch((error) => logger.error({ err: error }, 'better-auth failed to load'))
  const api = new Proxy({} as Auth['api'], {
    get: (_target, name) => {
      if (name === 'then') return undefined // not a promise
      return async (...args: unknown[]) => {
        const real = (await loading).api
        return (real[name as keyof Auth['api']] as (...a: unknown[]) => unknown).apply(real, args)
      }
    },
  })
  const auth = { handler: async (request: Request) => (await loading).handler(request), api }
  authLoads.set(auth, loading)
  return auth as unknown as Auth
}

const authLoads = new WeakMap<object, Promise<Auth>>()

/** Settles when better-auth has loaded (main.ts logs it; nothing has to wait for it). */
export async function authLoaded(auth: Auth): Promise<void> {
  await (authLoads.get(auth) ?? Promise.resolve(auth))
}
