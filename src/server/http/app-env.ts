import type { ServerRenderer } from '#shared/server-renderer.ts'
import type { Database } from '../db/client.ts'
import type { ServerConfig } from '../env.ts'
import type { Auth } from '../features/auth/auth.ts'
import type { ShortLinks } from '../features/short-links/short-link-redirect.ts'
import type { Logger } from '../lib/logger.ts'
import type { Mailer } from '../lib/mailer/mailer.ts'
import type { PaymentProvider } from '../lib/payments/payment-provider.ts'
import type { Storage } from '../lib/storage/storage.ts'

type SessionUser = { id: string; email: string; name: string }

/** What every route can reach: built once in main.ts (or a test) and handed to createApp. */
export type AppDeps = {
  database: Database
  auth: Auth
  /**
   * BETTER_AUTH_SECRET, or the one generated on first start and kept in the database: also the key of the
   * server's own signed links (unsubscribe), so every instance on one database signs them alike.
   */
  authSecret: string
  config: ServerConfig
  logger: Logger
  /** Uploaded media (local folder `<DATA_DIR>/media` by default). */
  storage: Storage
  /** Local test checkout by default; Stripe when STRIPE_SECRET_KEY is set. */
  payments: PaymentProvider
  /** SMTP delivery of the outbox when SMTP_URL is set; without it mails wait in the outbox. */
  mailer: Mailer | undefined
  /** Folder of the built client (dist/client); absent in API-only tests. */
  clientDir?: string
  /** The server renderer; by default dist/ssr/entry-server.js beside clientDir (tests import the sources). */
  loadRenderer?: () => Promise<ServerRenderer | undefined>
  /** The /go/{code} redirect's code cache and scan counter (made by prepareApp, else by createApp). */
  shortLinks?: ShortLinks
  /** Tells the short links that a code's destination changed on this instance (its cached entry is dropped). */
  linkEvents?: { changed(code: string): void }
}

export type AppEnv = {
  Variables: {
    requestId: string
    log: Logger
    user: SessionUser
  }
}
