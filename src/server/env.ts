import path from 'node:path'
import { z } from 'zod'
import { passwordSchema } from '#shared/auth.ts'
import { DEFAULT_SITE_TIMEZONE, isTimeZone } from '#shared/dates.ts'
import { defaultSiteConfig, type SiteConfig } from '#shared/site-config.ts'
import type { S3StorageConfig } from './lib/storage/s3-storage.ts'

/**
 * The only reader of process.env. Parsed once at start; every bad variable is listed together so an
 * operator fixes them in one go (see docs/operations.md for the reference).
 */
const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === '' ? undefined : v))

const positiveCents = z.coerce.number().int().min(0)

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  PUBLIC_URL: optionalString.pipe(z.url().optional()),
  BETTER_AUTH_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
  ADMIN_PASSWORD: optionalString.pipe(passwordSchema.optional()),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Sign-in attempts one client address may make in 15 minutes (brute-force guard; raise behind a shared NAT).
  AUTH_SIGN_INS_PER_15_MIN: z.coerce.number().int().min(1).max(100_000).default(30),
  // How long a request waits for one of PostgreSQL's pooled connections before it is answered 503.
  DB_POOL_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  // The refund worker: how often each instance looks for refunds owed, and how long one attempt holds its claim
  // on a refund (another instance takes it over after that, if the first was killed mid-call).
  REFUND_WORKER_INTERVAL_MS: z.coerce.number().int().min(50).max(3_600_000).default(30_000),
  REFUND_LEASE_MS: z.coerce.number().int().min(500).max(86_400_000).default(300_000),
  // How often each instance sends the e-mails waiting in the outbox: a sign-in link or a receipt leaves
  // within this many milliseconds of being queued.
  OUTBOX_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(2000),
  // The in-process cache of public catalogue reads (http/cache.ts); 'off' queries the database every time.
  READ_CACHE: z.enum(['on', 'off']).default('on'),
  SITE_PRODUCT_NAME: optionalString,
  SITE_TOWN: optionalString,
  SITE_REGION: optionalString,
  SITE_CONTACT_EMAIL: optionalString.pipe(z.email().optional()),
  SITE_CONTACT_PHONE: optionalString,
  SITE_SOCIAL_URL: optionalString.pipe(z.url().optional()),
  SITE_SOCIAL_LABEL: optionalString,
  SITE_PROFESSIONAL_URL: optionalString.pipe(z.url().optional()),
  SITE_NETWORK_NAME: optionalString,
  SITE_NETWORK_MEMBERS_URL: optionalString.pipe(z.url().optional()),
  SITE_MAP_TEAM_NAME: optionalString,
  // The town's time zone: deadlines and "past" days are decided in it (an IANA name).
  SITE_TIMEZONE: optionalString.pipe(
    z.string().refine(isTimeZone, 'must be an IANA time zone, e.g. America/New_York').optional(),
  ),
  SEED_MAP_ICON_PRICE_CENTS: positiveCents.default(15000),
  SEED_MAP_ICON_QUANTITY: z.coerce.number().int().min(0).default(20),
  SEED_LARGE_MAP_ICON_PRICE_CENTS: positiveCents.default(30000),
  SEED_LARGE_MAP_ICON_QUANTITY: z.coerce.number().int().min(0).default(6),
  SEED_DAY_PRICE_CENTS: positiveCents.default(12000),
  // Stripe allows a Checkout Session to live 30 minutes to 24 hours.
  PAYMENT_HOLD_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  // Live (unpaid) holds one client address, and one e-mail address, may have at once; 0 turns a limit off.
  CHECKOUT_MAX_OPEN_PER_CLIENT: z.coerce.number().int().min(0).max(100_000).default(2),
  CHECKOUT_MAX_HELD_DAYS_PER_CLIENT: z.coerce.number().int().min(0).max(100_000).default(12),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_BASE: optionalString.pipe(z.url().optional()),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: optionalString,
  ADMIN_NOTIFY_EMAIL: optionalString.pipe(z.email().optional()),
  // Media and artwork files in an S3-compatible bucket instead of <DATA_DIR>/media.
  S3_BUCKET: optionalString,
  S3_ENDPOINT: optionalString.pipe(z.url().optional()),
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
})

/**
 * Variables that only make sense together. Checked on the raw values, beside the schema rather than in a
 * refinement, so these problems are listed together with every single-variable problem in one go.
 */
function pairingProblems(source: Record<string, string | undefined>): string[] {
  const set = (name: string) => Boolean(source[name]?.trim())
  const problems: string[] = []
  if (set('STRIPE_SECRET_KEY') && !set('STRIPE_WEBHOOK_SECRET'))
    problems.push(
      'STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set (the webhook signing secret, whsec_…)',
    )
  if (set('S3_ACCESS_KEY_ID') !== set('S3_SECRET_ACCESS_KEY'))
    problems.push(
      `${set('S3_ACCESS_KEY_ID') ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'}: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both or neither`,
    )
  if (set('ADMIN_EMAIL') !== set('ADMIN_PASSWORD'))
    problems.push(
      `${set('ADMIN_EMAIL') ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'}: ADMIN_EMAIL and ADMIN_PASSWORD go together: set both or neither`,
    )
  return problems
}

type Env = z.infer<typeof envSchema>

export type SeedConfig = {
  mapIconPriceCents: number
  mapIconQuantity: number
  largeMapIconPriceCents: number
  largeMapIconQuantity: number
  dayPriceCents: number
}

export type ServerConfig = {
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  /** DB_POOL_TIMEOUT_MS: the wait for a pooled PostgreSQL connection before a 503. */
  poolTimeoutMs: number
  publicUrl: string | undefined
  /**
   * The origin links in e-mails and redirects are built on: PUBLIC_URL, or http://localhost:PORT without it.
   * Derived here once; nothing else writes that fallback.
   */
  publicOrigin: string
  authSecret: string | undefined
  admin: { email: string; password: string } | undefined
  trustProxy: boolean
  logLevel: Env['LOG_LEVEL']
  /** AUTH_SIGN_INS_PER_15_MIN: sign-in attempts per client address per 15 minutes. */
  signInsPer15Min: number
  /** Cache public catalogue reads in process, validated by the database's catalogue version. */
  readCache: boolean
  site: SiteConfig
  /** The town's IANA time zone (SITE_TIMEZONE, default America/New_York). */
  timeZone: string
  seed: SeedConfig
  payments: PaymentsConfig
  mail: MailConfig
  /** Media storage: an S3-compatible bucket when S3_BUCKET is set, else <DATA_DIR>/media. */
  storage: { s3: S3StorageConfig | undefined }
}

/** Stripe's shortest Checkout Session lifetime; a hold never ends before its payment session. */
export const STRIPE_MIN_HOLD_MINUTES = 30

type PaymentsConfig = {
  /** How long a checkout holds its days and icon (the payment session's lifetime). */
  holdMinutes: number
  /**
   * CHECKOUT_MAX_OPEN_PER_CLIENT / CHECKOUT_MAX_HELD_DAYS_PER_CLIENT: the checkouts in progress and the
   * days they hold that one client address, and one e-mail address, may have at once (0: no limit).
   */
  holdLimits: { openCheckouts: number; heldDays: number }
  stripe: { secretKey: string; webhookSecret: string; apiBase: string | undefined } | undefined
  /** REFUND_WORKER_INTERVAL_MS / REFUND_LEASE_MS: the refund worker's round and an attempt's claim. */
  refunds: { workerIntervalMs: number; leaseMs: number }
}

type MailConfig = {
  smtpUrl: string | undefined
  from: string
  adminNotifyEmail: string
  /** OUTBOX_INTERVAL_MS: the outbox worker's round. */
  outboxIntervalMs: number
}

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'EnvError'
  }
}

export function loadConfig(source: Record<string, string | undefined> = process.env): ServerConfig {
  const parsed = envSchema.safeParse(source)
  const problems = [
    ...(parsed.success
      ? []
      : parsed.error.issues.map((i) => `${i.path.join('.') || 'environment'}: ${i.message}`)),
    ...pairingProblems(source),
  ]
  if (!parsed.success || problems.length > 0) throw new EnvError(problems)
  const env = parsed.data
  const d = defaultSiteConfig
  const publicUrl = env.PUBLIC_URL?.replace(/\/$/, '')
  const productName = env.SITE_PRODUCT_NAME ?? d.productName
  const contactEmail = env.SITE_CONTACT_EMAIL ?? d.contactEmail
  const stripe =
    env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
      ? {
          secretKey: env.STRIPE_SECRET_KEY,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET,
          apiBase: env.STRIPE_API_BASE,
        }
      : undefined
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    poolTimeoutMs: env.DB_POOL_TIMEOUT_MS,
    publicUrl,
    publicOrigin: publicUrl ?? `http://localhost:${env.PORT}`,
    authSecret: env.BETTER_AUTH_SECRET,
    admin:
      env.ADMIN_EMAIL && env.ADMIN_PASSWORD
        ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }
        : undefined,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    signInsPer15Min: env.AUTH_SIGN_INS_PER_15_MIN,
    readCache: env.READ_CACHE === 'on',
    site: {
      productName,
      town: env.SITE_TOWN ?? d.town,
      region: env.SITE_REGION ?? d.region,
      contactEmail,
      contactPhone: env.SITE_CONTACT_PHONE ?? d.contactPhone,
      socialUrl: env.SITE_SOCIAL_URL ?? d.socialUrl,
      socialLabel: env.SITE_SOCIAL_LABEL ?? d.socialLabel,
      professionalUrl: env.SITE_PROFESSIONAL_URL ?? d.professionalUrl,
      networkName: env.SITE_NETWORK_NAME ?? d.networkName,
      networkMembersUrl: env.SITE_NETWORK_MEMBERS_URL ?? d.networkMembersUrl,
      mapTeamName: env.SITE_MAP_TEAM_NAME ?? d.mapTeamName,
      reach: d.reach,
    },
    timeZone: env.SITE_TIMEZONE ?? DEFAULT_SITE_TIMEZONE,
    seed: {
      mapIconPriceCents: env.SEED_MAP_ICON_PRICE_CENTS,
      mapIconQuantity: env.SEED_MAP_ICON_QUANTITY,
      largeMapIconPriceCents: env.SEED_LARGE_MAP_ICON_PRICE_CENTS,
      largeMapIconQuantity: env.SEED_LARGE_MAP_ICON_QUANTITY,
      dayPriceCents: env.SEED_DAY_PRICE_CENTS,
    },
    payments: {
      holdMinutes: stripe
        ? Math.max(env.PAYMENT_HOLD_MINUTES, STRIPE_MIN_HOLD_MINUTES)
        : env.PAYMENT_HOLD_MINUTES,
      holdLimits: {
        openCheckouts: env.CHECKOUT_MAX_OPEN_PER_CLIENT,
        heldDays: env.CHECKOUT_MAX_HELD_DAYS_PER_CLIENT,
      },
      stripe,
      refunds: { workerIntervalMs: env.REFUND_WORKER_INTERVAL_MS, leaseMs: env.REFUND_LEASE_MS },
    },
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM ?? `${productName} <${contactEmail}>`,
      adminNotifyEmail: env.ADMIN_NOTIFY_EMAIL ?? contactEmail,
      outboxIntervalMs: env.OUTBOX_INTERVAL_MS,
    },
    storage: {
      s3: env.S3_BUCKET
        ? {
            bucket: env.S3_BUCKET,
            endpoint: env.S3_ENDPOINT,
            region: env.S3_REGION ?? 'us-east-1',
            credentials:
              env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
                : undefined,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
          }
        : undefined,
    },
  }
}
