import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Database } from './db/client.ts'
import { seedFirstRun } from './db/seed.ts'
import type { ServerConfig } from './env.ts'
import { ensureAdmin, resolveAuthSecret } from './features/auth/auth.service.ts'
import { createAuth } from './features/auth/auth.ts'
import type { AppDeps } from './http/app-env.ts'
import type { Logger } from './lib/logger.ts'
import type { Mailer } from './lib/mailer/mailer.ts'
import { createSmtpMailer } from './lib/mailer/smtp-mailer.ts'
import { createLocalPaymentProvider } from './lib/payments/local-provider.ts'
import type { PaymentProvider } from './lib/payments/payment-provider.ts'
import { createStripePaymentProvider } from './lib/payments/stripe-provider.ts'
import { createLocalStorage } from './lib/storage/local-storage.ts'
import { createS3Storage } from './lib/storage/s3-storage.ts'
import type { Storage } from './lib/storage/storage.ts'

export const defaultClientDir = fileURLToPath(new URL('../../dist/client', import.meta.url))

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
  if (await seedFirstRun(database.db, config.seed))
    logger.info('first start: seeded map icons, calendar days and settings')
  const secret = await resolveAuthSecret(database.db, config.authSecret)
  const auth = createAuth({
    db: database.db,
    secret,
    baseUrl: config.publicUrl ?? `http://localhost:${config.port}`,
    publicUrl: config.publicUrl,
    logger,
  })
  if (config.admin) {
    const { created } = await ensureAdmin(database.db, config.admin)
    logger.info(
      { email: config.admin.email },
      created ? 'administrator created from ADMIN_EMAIL' : 'administrator from ADMIN_EMAIL ensured',
    )
  }
  const storage =
    options.storage ??
    (config.storage.s3
      ? createS3Storage(config.storage.s3)
      : createLocalStorage(path.join(config.dataDir, 'media')))
  const payments = options.payments ?? createPaymentProvider(config, logger)
  const mailer = options.mailer ?? (config.mail.smtpUrl ? createSmtpMailer(config.mail.smtpUrl) : undefined)
  return { database, auth, config, logger, storage, payments, mailer, clientDir: options.clientDir }
}

/** Stripe when STRIPE_SECRET_KEY is set, otherwise the local test checkout (TEST MODE, no card charged). */
function createPaymentProvider(config: ServerConfig, logger: Logger): PaymentProvider {
  const stripe = config.payments.stripe
  if (!stripe) return createLocalPaymentProvider(logger)
  return createStripePaymentProvider({
    secretKey: stripe.secretKey,
    apiBase: stripe.apiBase,
    publicUrl: config.publicUrl ?? `http://localhost:${config.port}`,
  })
}
