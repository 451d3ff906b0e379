/**
 * Property-based fuzzing of every route of the app. The routes come from the app itself
 * (`app.routes`), so a new route without an entry below fails the first test. Each route gets
 * FUZZ_RUNS requests built from its zod schema and mixed with garbage; the property is
 * that the server never answers 5xx and never leaves a promise rejection unhandled. Admin routes are
 * fuzzed as a signed-in administrator, and anonymous callers must get 401 on them whatever they send.
 *
 * FUZZ_RUNS defaults to 100 on the run's main engine (PostgreSQL when TEST_DATABASE_URL is set, else
 * PGlite) and 5 on the other: the second engine answers the same code (one schema, one app), so it is a
 * smoke run that has every route answered on both engines. `npm run test:deep` (Vitest's mode deep) sends
 * 1,000 per route on both engines.
 *
 * The seed is the day's date (YYYYMMDD, UTC), printed at the start: every run of a day sends the same
 * requests, the next day others. FUZZ_SEED replays one:
 * FUZZ_RUNS=200 FUZZ_SEED=20261207 npx vitest run --project integration-pglite src/server/test/fuzz/api-fuzz-
 * FUZZ_REPORT=/tmp/fuzz.json also writes the per-route figures as JSON (one file per shard, suffixed).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq, isNotNull, sql } from 'drizzle-orm'
import fc from 'fast-check'
import pino from 'pino'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createApp } from '#server/app.ts'
import {
  advertisers,
  artworkLinks,
  blogPosts,
  calendarDays,
  mailings,
  mapIcons,
  mediaItems,
  offers,
  orders,
  outbox,
} from '#server/db/schema.ts'
import { mediaListQuerySchema } from '#server/features/media/media.routes.ts'
import { makeMailingOffers } from '#server/features/offers/offer-round.service.ts'
import { offerRoundContext } from '#server/features/offers/offers-task.ts'
import { unsubscribeToken } from '#server/lib/unsubscribe-token.ts'
import { adApprovalInputSchema } from '#shared/ad-approval-schemas.ts'
import {
  advertiserEditInputSchema,
  advertiserMergeInputSchema,
  advertisersQuerySchema,
} from '#shared/admin-advertisers.ts'
import {
  checkoutNoteInputSchema,
  checkoutsExportQuerySchema,
  checkoutsQuerySchema,
} from '#shared/admin-checkouts.ts'
import {
  adminEmailsQuerySchema,
  adminInboxQuerySchema,
  markInboxHandledInputSchema,
} from '#shared/admin-communication.ts'
import {
  bulkDeleteOrdersInputSchema,
  bulkOrderStatusInputSchema,
  manualMapIconOrderInputSchema,
  manualOrderInputSchema,
  sellableDaysQuerySchema,
  updateOrderStatusInputSchema,
} from '#shared/admin-orders.ts'
import { printSpecsSchema, requestChangesInputSchema } from '#shared/artwork-schemas.ts'
import { PASSWORD_MAX_LENGTH } from '#shared/auth.ts'
import { blogListQuerySchema, blogPostInputSchema } from '#shared/blog.ts'
import { calendarMonthQuerySchema } from '#shared/calendar.ts'
import {
  adminCalendarDaysQuerySchema,
  bulkDeleteDaysInputSchema,
  bulkPriceInputSchema,
  initializeRangeInputSchema,
  updateCalendarDayInputSchema,
} from '#shared/calendar-admin.ts'
import {
  cartCheckoutInputSchema,
  dayCheckoutInputSchema,
  expectedCartDiscount,
  mapIconCheckoutInputSchema,
  ordersBySessionInputSchema,
  specialPurchaseCheckoutInputSchema,
} from '#shared/checkout.ts'
import { MEDIA_TYPES } from '#shared/dto.ts'
import { createInquiryInputSchema } from '#shared/inquiries.ts'
import { messageAdvertisersInputSchema } from '#shared/mailing-messages.ts'
import {
  createMapIconInputSchema,
  mailingActionInputSchema,
  mailingDefaultsSchema,
  updateIconStockInputSchema,
  updateMailingDatesInputSchema,
  updateMapIconInputSchema,
} from '#shared/mailings.ts'
import { mapPositionsInputSchema, mapSettingsInputSchema } from '#shared/map-composer.ts'
import { extendOfferInputSchema } from '#shared/offers.ts'
import { createRefundInputSchema } from '#shared/refunds.ts'
import { calendarDefaultInputSchema, updateFontInputSchema } from '#shared/settings.ts'
import { LINK_DESTINATIONS } from '#shared/short-links.ts'
import { insertDays, paidDayIn } from '../offer-test-helpers.ts'
import { ADMIN, createTestApp, MEMBER, TEST_ORIGIN, type TestApp } from '../test-app.ts'
import {
  anyBody,
  clientAddress,
  type FuzzBody,
  fromPool,
  headerText,
  jsonBody,
  queryString,
  rawGarbage,
  segment,
  wrongValue,
} from './fuzz-inputs.ts'
import { anyString, emailArbitrary, type Hints, zodArbitrary } from './zod-arbitrary.ts'

const MAIN_ENGINE = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'
const RUNS = Number(
  process.env.FUZZ_RUNS ?? ((process.env.TEST_ENGINE ?? 'pglite') === MAIN_ENGINE ? 100 : 5),
)
const ANONYMOUS_RUNS = Math.max(20, Math.round(RUNS / 10))
const SEED = Number(process.env.FUZZ_SEED ?? new Date().toISOString().slice(0, 10).replaceAll('-', ''))
const ROUTE_TIMEOUT_MS = 300_000
const WEBHOOK_SECRET = 'whsec_fuzz_secret'
const FALLBACK_ID = '00000000-0000-4000-8000-000000000000'
const MAX_ORDERS = 150
const MAX_POSTS = 50

// ---------------------------------------------------------------- the apps under test

type FuzzRequest = FuzzBody & {
  path: string
  query?: string
  ip?: string
  origin?: string
  cookie?: string
  headers?: [string, string][]
}
type AppKind = 'main' | 'stripe'
type RouteFuzz = {
  /** Fuzzed with the administrator's session; anonymous callers must get 401. */
  admin?: boolean
  app?: AppKind
  request: () => fc.Arbitrary<FuzzRequest>
}

let t: TestApp
let stripeT: TestApp
let apps: Record<AppKind, ReturnType<typeof createApp>>
let adminCookie: string
let memberCookie: string
let clientDir: string
const errorLogs: string[] = []

/** The app again, with a built client (so the SPA fallback answers) and error logs captured. */
function fuzzedApp(test: TestApp) {
  const logger = pino({ level: 'error' }, { write: (line: string) => errorLogs.push(line) })
  return createApp({ ...test.deps, clientDir, logger })
}

async function send(kind: AppKind, method: string, req: FuzzRequest, session?: string): Promise<Response> {
  const headers = new Headers()
  headers.set('origin', req.origin ?? TEST_ORIGIN)
  headers.set('x-forwarded-for', req.ip ?? '203.0.113.10')
  const cookie = [session, req.cookie].filter(Boolean).join('; ')
  if (cookie) headers.set('cookie', cookie)
  if (req.contentType) headers.set('content-type', req.contentType)
  for (const [name, value] of req.headers ?? []) headers.append(name, value)
  const url = `${TEST_ORIGIN}${req.path}${req.query ? `?${req.query}` : ''}`
  const hasBody = method !== 'GET' && method !== 'HEAD' && req.body !== undefined
  return apps[kind].request(url, { method, headers, body: hasBody ? req.body : undefined })
}

// ---------------------------------------------------------------- ids created along the run

const pools = {
  days: [] as string[],
  icons: [] as string[],
  posts: [] as string[],
  orders: [] as string[],
  sessions: [] as string[],
  media: [] as string[],
  months: [] as string[],
  artworkTokens: [] as string[],
  advertisers: [] as string[],
  offers: [] as string[],
  offerTokens: [] as string[],
  shortCodes: [] as string[],
}

/**
 * Keeps the tables the list routes read small: every valid checkout adds orders, and a list of thousands
 * answered a thousand times would only measure serialisation. Oldest rows go first.
 */
async function pruneData() {
  await t.db.execute(
    sql`DELETE FROM orders WHERE id NOT IN (SELECT id FROM orders ORDER BY created_at DESC LIMIT ${MAX_ORDERS})`,
  )
  await t.db.execute(
    sql`DELETE FROM blog_posts WHERE id NOT IN (SELECT id FROM blog_posts ORDER BY created_at DESC LIMIT ${MAX_POSTS})`,
  )
}

async function refreshPools() {
  const db = t.db
  await pruneData()
  pools.days = (await db.select({ id: calendarDays.id }).from(calendarDays)).map((r) => r.id)
  pools.icons = (await db.select({ id: mapIcons.id }).from(mapIcons)).map((r) => r.id)
  pools.posts = (await db.select({ id: blogPosts.id }).from(blogPosts)).map((r) => r.id)
  const orderRows = await db.select({ id: orders.id, code: orders.shortCode }).from(orders)
  pools.orders = orderRows.map((r) => r.id)
  pools.shortCodes = orderRows.map((r) => r.code)
  pools.sessions = [
    ...new Set(
      (await db.select({ s: orders.paymentSessionId }).from(orders).where(isNotNull(orders.paymentSessionId)))
        .map((r) => r.s)
        .filter((s): s is string => !!s),
    ),
  ]
  pools.media = (await db.select({ id: mediaItems.id }).from(mediaItems)).map((r) => r.id)
  pools.months = (await db.select({ month: mailings.month }).from(mailings)).map((r) => r.month)
  pools.artworkTokens = (await db.select({ token: artworkLinks.token }).from(artworkLinks)).map(
    (r) => r.token,
  )
  pools.advertisers = (await db.select({ id: advertisers.id }).from(advertisers)).map((r) => r.id)
  pools.offers = (await db.select({ id: offers.id }).from(offers)).map((r) => r.id)
  // Only the e-mails carry an offer's link (the database keeps its hash).
  pools.offerTokens = (
    await db.select({ text: outbox.textBody }).from(outbox).where(eq(outbox.kind, 'offer'))
  )
    .map((r) => /\/offers\/([A-Za-z0-9_-]{43})\n/.exec(r.text)?.[1])
    .filter((token): token is string => !!token)
}

/** One returning advertiser's offer (a day paid in one mailing, held in the next), for the offer routes. */
async function seedOffer(test: TestApp) {
  await paidDayIn(test, '2040-05-14', {
    businessName: 'Fuzzed Returning Shop',
    email: 'returning@fuzz.example',
  })
  await insertDays(test, '2040-06', 1, 30)
  await makeMailingOffers(offerRoundContext(test.deps), '2040-06')
}

/**
 * A few real rows for the id arbitraries to pick from (the segments use a real id about half the time), so
 * that requests get past validation and the lookup: without them a random id is only ever answered 404.
 * The offer's seed brings the days, mailings, purchases and the advertiser.
 */
async function seedRows(test: TestApp) {
  await test.db.insert(mapIcons).values([
    { name: 'Fuzzed Cafe', size: 'small', priceCents: 15000, totalQuantity: 5 },
    { name: 'Fuzzed Bakery', size: 'large', priceCents: 30000, totalQuantity: 2 },
  ])
  await test.db.insert(mediaItems).values({
    id: 'postcard_front/1-fuzzed.png',
    type: 'postcard_front',
    title: 'Fuzzed postcard',
    contentType: 'image/png',
    sizeBytes: 10,
  })
  await test.db.insert(blogPosts).values([
    {
      title: 'Fuzzed published post',
      content: 'Text',
      author: 'Ann',
      isPublished: true,
      publicationDate: '2026-01-01',
      coverMediaId: 'postcard_front/1-fuzzed.png',
    },
    { title: 'Fuzzed draft', content: 'Text', author: 'Ann', isPublished: false },
  ])
}

/** The fields of a link's body as sent (lineLinkInputSchema checks and normalises them after). */
const lineLinkFieldsSchema = z.object({
  destination: z.enum(LINK_DESTINATIONS),
  target: z.string().max(500).nullish(),
})

const day = () => fromPool(pools.days, FALLBACK_ID)
const icon = () => fromPool(pools.icons, FALLBACK_ID)
const post = () => fromPool(pools.posts, FALLBACK_ID)
const order = () => fromPool(pools.orders, 'TF-NOPE')
const session = () => fromPool(pools.sessions, 'sess_nope')
const media = () => fromPool(pools.media, 'map_example/1-x.png')
const artworkToken = () => fromPool(pools.artworkTokens, 'A'.repeat(32))
const advertiser = () => fromPool(pools.advertisers, FALLBACK_ID)
const offer = () => fromPool(pools.offers, FALLBACK_ID)
// A line's short link code: one of the lines', or the same upper-cased (codes are read case-insensitively).
const shortCode = () =>
  fc.oneof(
    fromPool(pools.shortCodes, '2222222'),
    fromPool(pools.shortCodes, '2222222').map((c) => c.toUpperCase()),
  )
const offerToken = () => fc.oneof(fromPool(pools.offerTokens, 'A'.repeat(43)), anyString(50))
/** A mailing's month: mostly one that exists (the seed's, and those days created since), sometimes any. */
const mailingMonth = () =>
  fc.oneof({ arbitrary: fromPool(pools.months, '2099-01'), weight: 4 }, { arbitrary: monthKey, weight: 1 })

// ---------------------------------------------------------------- input building blocks

/** Dates around today, as the admin screens send them, and a few far away. */
const isoDate = fc
  .oneof(
    { arbitrary: fc.integer({ min: -400, max: 800 }), weight: 8 },
    { arbitrary: fc.integer({ min: -800_000, max: 800_000 }), weight: 1 },
  )
  .map((offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10))
/** A post's publication date is a real day (a refine): mostly dates around today, now and then far ones. */
const blogHints = { publicationDate: isoDate }
/** Short ranges mostly, so a bulk delete does not empty the calendar for the routes after it. */
const dateRange = (maxDays: number) =>
  fc.tuple(isoDate, fc.integer({ min: -2, max: maxDays })).map(([start, span]) => ({
    startDate: start,
    endDate: new Date(Date.parse(`${start}T00:00:00Z`) + span * 86_400_000).toISOString().slice(0, 10),
  }))

const monthKey = fc
  .tuple(fc.integer({ min: 1900, max: 2200 }), fc.integer({ min: 0, max: 13 }))
  .map(([y, m]) => `${y}-${String(m).padStart(2, '0')}`)

/** The town's local times the mailing screens send ('YYYY-MM-DDTHH:MM'), around today, and sometimes junk. */
const localDateTime = fc.oneof(
  {
    arbitrary: fc
      .tuple(isoDate, fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
      .map(([d, h, m]) => `${d}T${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`),
    weight: 4,
  },
  { arbitrary: anyString(20), weight: 1 },
)
const mailingDateHints = (): Hints => ({
  salesCloseLocal: fc.option(localDateTime, { nil: undefined }),
  artworkDueLocal: fc.option(localDateTime, { nil: undefined }),
  inHomesDate: fc.option(fc.oneof(isoDate, anyString(12)), { nil: undefined }),
})

const commonHints = (): Hints => ({
  email: emailArbitrary,
  businessName: anyString(120),
  // A refine the generator cannot read: mostly real checkout pages, sometimes anything.
  returnPath: fc.oneof(fc.constantFrom('/cart-checkout', '/special-purchase', undefined), anyString(40)),
})

/** A schema's values (with hints), for a body or a query. */
const fromSchema = (schema: z.ZodType, hints: Hints = {}) =>
  zodArbitrary(schema, { ...commonHints(), ...hints })

/** Extra request parts most routes get: spread client addresses, now and then an odd header or origin. */
const extras = fc.record({
  ip: clientAddress,
  origin: fc.oneof(
    { arbitrary: fc.constant(TEST_ORIGIN), weight: 30 },
    {
      arbitrary: fc.constantFrom('https://evil.example', 'null', '', 'http://localhost:3000.evil'),
      weight: 1,
    },
  ),
  cookie: fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 10 },
    {
      arbitrary: fc.oneof(
        headerText(120),
        headerText(60).map((v) => `better-auth.session_token=${v}`),
        fc.constant('better-auth.session_token=abc.def; better-auth.session_token=ghi'),
      ),
      weight: 1,
    },
  ),
  headers: fc.oneof(
    { arbitrary: fc.constant<[string, string][]>([]), weight: 10 },
    {
      arbitrary: fc.array(
        fc.tuple(
          fc.constantFrom('accept', 'accept-encoding', 'if-none-match', 'range', 'x-forwarded-proto', 'host'),
          headerText(),
        ),
        { maxLength: 3 },
      ),
      weight: 1,
    },
  ),
})

type Parts = { path: fc.Arbitrary<string>; query?: fc.Arbitrary<string>; body?: fc.Arbitrary<FuzzBody> }

function build({ path, query, body }: Parts): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      path,
      query: query ?? queryString(),
      body: body ?? fc.constant<FuzzBody>({}),
      extra: extras,
    })
    .map(({ path, query, body, extra }) => ({
      path,
      query,
      ...body,
      ...extra,
      headers: [...(body.headers ?? []), ...extra.headers],
    }))
}

const fixed = (p: string) => fc.constant(p)
const withSegment = (template: (s: string) => string, pool?: fc.Arbitrary<string>) =>
  segment(pool).map(template)
const getRoute = (p: string, query?: fc.Arbitrary<string>) => () => build({ path: fixed(p), query })
const jsonRoute = (p: string, valid: fc.Arbitrary<unknown>) => () =>
  build({ path: fixed(p), body: jsonBody(valid) })

/** A multipart upload: a real tiny image most of the time, any bytes, a wrong field, or broken multipart. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)
const TINY_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')
const uploadBody: fc.Arbitrary<FuzzBody> = fc.oneof(
  {
    arbitrary: fc
      .record({
        type: fc.option(fc.oneof(fc.constantFrom(...MEDIA_TYPES), anyString(40)), { nil: undefined }),
        bytes: fc.oneof(
          fc.constantFrom(TINY_PNG, TINY_GIF),
          fc.uint8Array({ maxLength: 400 }),
          fc.uint8Array({ maxLength: 64 }).map((tail) => Buffer.concat([TINY_PNG, tail])),
          fc.constant(Buffer.from('<svg onload="alert(1)"></svg>')),
        ),
        name: anyString(120),
        mime: fc.constantFrom('image/png', 'image/gif', 'text/html', 'application/octet-stream', ''),
        fileAsText: fc.boolean(),
      })
      .map(({ type, bytes, name, mime, fileAsText }) => {
        const form = new FormData()
        if (type !== undefined) form.set('type', type)
        if (fileAsText && bytes.length % 7 === 0) form.set('file', name)
        else form.set('file', new File([new Uint8Array(bytes)], name, { type: mime }))
        return { body: form }
      }),
    weight: 6,
  },
  {
    arbitrary: fc.record({
      body: rawGarbage,
      contentType: fc.constantFrom(
        'multipart/form-data; boundary=----fuzz',
        'multipart/form-data',
        'multipart/form-data; boundary=',
        'application/json',
      ),
    }),
    weight: 2,
  },
)

/** Stripe events with the fields the handler reads, of the right and the wrong types. */
const stripeEventBody = (): fc.Arbitrary<FuzzBody> => {
  const object = fc.record(
    {
      id: fc.oneof(session(), anyString(60), wrongValue),
      object: fc.oneof(fc.constantFrom('checkout.session', 'charge'), wrongValue),
      metadata: fc.oneof(fc.record({ sessionRef: fc.oneof(anyString(40), wrongValue) }), wrongValue),
      payment_status: fc.oneof(fc.constantFrom('paid', 'unpaid', 'no_payment_required'), wrongValue),
      status: fc.constantFrom('complete', 'open', 'expired'),
      payment_intent: fc.oneof(anyString(40), fc.record({ id: anyString(40) }), wrongValue),
      refunded: fc.oneof(fc.boolean(), wrongValue),
    },
    { requiredKeys: [] },
  )
  const event = fc.record(
    {
      id: fc.oneof(
        { arbitrary: anyString(60).map((s) => `evt_${s}`), weight: 4 },
        { arbitrary: wrongValue, weight: 1 },
      ),
      object: fc.constant('event'),
      type: fc.oneof(
        fc.constantFrom(
          'checkout.session.completed',
          'checkout.session.async_payment_succeeded',
          'checkout.session.async_payment_failed',
          'checkout.session.expired',
          'charge.refunded',
        ),
        wrongValue,
      ),
      data: fc.oneof({ arbitrary: fc.record({ object }), weight: 6 }, { arbitrary: wrongValue, weight: 1 }),
    },
    { requiredKeys: ['id', 'type'] },
  )
  const payload = fc.oneof(
    { arbitrary: event.map((e) => JSON.stringify(e)), weight: 6 },
    { arbitrary: rawGarbage, weight: 1 },
  )
  return fc
    .tuple(payload, fc.constantFrom('signed', 'signed', 'signed', 'none', 'forged', 'stale'))
    .map(([text, how]): FuzzBody => {
      const timestamp = Math.floor(Date.now() / 1000) - (how === 'stale' ? 3_600 : 0)
      const header =
        how === 'none'
          ? undefined
          : how === 'forged'
            ? `t=${timestamp},v1=${'0'.repeat(64)}`
            : Stripe.webhooks.generateTestHeaderString({ payload: text, secret: WEBHOOK_SECRET, timestamp })
      return {
        body: text,
        contentType: 'application/json',
        ...(header ? { headers: [['stripe-signature', header]] } : {}),
      }
    })
}

/** An artwork upload: a file (a tiny PNG, a PDF header, SVG, any bytes) and orderId fields. */
const artworkUploadBody = (): fc.Arbitrary<FuzzBody> =>
  fc.oneof(
    {
      arbitrary: fc
        .record({
          bytes: fc.oneof(
            fc.constantFrom(TINY_PNG, TINY_GIF, Buffer.from('%PDF-1.4\n%garbage'), Buffer.from('<svg/>')),
            fc.uint8Array({ maxLength: 400 }),
          ),
          orderIds: fc.array(fc.oneof(order(), anyString(30)), { maxLength: 3 }),
          name: anyString(80),
          fileAsText: fc.boolean(),
        })
        .map(({ bytes, orderIds, name, fileAsText }) => {
          const form = new FormData()
          if (fileAsText) form.set('file', name)
          else form.set('file', new File([new Uint8Array(bytes)], name))
          for (const id of orderIds) form.append('orderId', id)
          return { body: form }
        }),
      weight: 6,
    },
    { arbitrary: anyBody, weight: 1 },
  )

// ---------------------------------------------------------------- one entry per route

const SPA_PATHS = [
  '/',
  '/calendar',
  '/map',
  '/blog',
  '/contact',
  '/cart-checkout',
  '/thank-you',
  '/auth',
  '/admin',
  '/favicon.svg',
  '/robots.txt',
  '/assets/app.js',
  '/assets/missing.js',
  '/index.html',
  '/../package.json',
  '/%2e%2e/package.json',
  '/%252e%252e/%252e%252e/package.json',
  '/assets/..%2f..%2fpackage.json',
  '/%00.js',
  '/a.js%00.html',
]

const spaRequest = () =>
  build({
    path: fc.oneof(
      fc.constantFrom(...SPA_PATHS),
      fc.array(segment(), { minLength: 1, maxLength: 4 }).map((s) => `/${s.join('/')}`),
      fc.tuple(fc.constantFrom('/assets/', '/blog/', '/checkout/', '/'), segment()).map(([a, b]) => a + b),
    ),
  }).map((r) => ({
    ...r,
    headers: [...(r.headers ?? []), ['accept-encoding', 'br, gzip'] as [string, string]],
  }))

const AUTH_POST_PATHS = [
  'sign-in/email',
  'sign-in/email',
  'sign-in/email',
  'sign-up/email',
  'sign-out',
  'forget-password',
  'request-password-reset',
  'reset-password',
  'change-password',
  'update-user',
  'change-email',
  'delete-user',
  'revoke-session',
  'revoke-sessions',
  'revoke-other-sessions',
  'send-verification-email',
  'sign-in/social',
  'link-social',
  'unlink-account',
  'set-password',
  'refresh-token',
]
const AUTH_GET_PATHS = [
  'get-session',
  'list-sessions',
  'list-accounts',
  'ok',
  'error',
  'verify-email',
  'reset-password/x',
  'callback/google',
  'account-info',
  'session',
]

const signInSchema = z.object({
  email: z.email(),
  password: z
    .string()
    .min(1)
    .max(PASSWORD_MAX_LENGTH + 10),
  rememberMe: z.boolean().optional(),
  callbackURL: z.string().optional(),
})

function registry(): Map<string, RouteFuzz> {
  const year = new Date().getUTCFullYear()
  const routes = new Map<string, RouteFuzz>()
  const add = (key: string, entry: RouteFuzz) => {
    if (routes.has(key)) throw new Error(`duplicate fuzz entry ${key}`)
    routes.set(key, entry)
  }

  // Public reads.
  add('GET /api/health', { request: getRoute('/api/health') })
  add('GET /api/settings', { request: getRoute('/api/settings') })
  add('GET /api/me', {
    request: () =>
      build({ path: fixed('/api/me') }).chain((r) =>
        fc.constantFrom(undefined, memberCookie, adminCookie, `${adminCookie}x`).map((c) => ({
          ...r,
          cookie: [c, r.cookie].filter(Boolean).join('; ') || undefined,
        })),
      ),
  })
  add('GET /api/calendar-days', {
    request: getRoute(
      '/api/calendar-days',
      queryString(fromSchema(calendarMonthQuerySchema, { month: monthKey })),
    ),
  })
  add('GET /api/calendar-days/available-months', { request: getRoute('/api/calendar-days/available-months') })
  add('GET /api/calendar-days/:id', {
    request: () => build({ path: withSegment((s) => `/api/calendar-days/${s}`, day()) }),
  })
  add('GET /api/map-icons', { request: getRoute('/api/map-icons') })
  add('GET /api/mailings', { request: getRoute('/api/mailings') })
  add('GET /api/map-icons/:id', {
    request: () => build({ path: withSegment((s) => `/api/map-icons/${s}`, icon()) }),
  })
  add('GET /api/blog-posts', {
    request: getRoute('/api/blog-posts', queryString(fromSchema(blogListQuerySchema))),
  })
  add('GET /api/blog-posts/:id', {
    request: () => build({ path: withSegment((s) => `/api/blog-posts/${s}`, post()) }),
  })
  add('GET /api/media', { request: getRoute('/api/media', queryString(fromSchema(mediaListQuerySchema))) })

  // better-auth behind our throttle.
  add('GET /api/auth/*', {
    request: () =>
      build({
        path: fc.oneof(fc.constantFrom(...AUTH_GET_PATHS), segment()).map((p) => `/api/auth/${p}`),
        query: queryString(
          fc.record({
            token: anyString(60),
            callbackURL: fc.constantFrom('/', 'javascript:alert(1)', '//evil.example'),
          }),
        ),
      }),
  })
  add('POST /api/auth/*', {
    request: () =>
      build({
        path: fc
          .oneof(
            { arbitrary: fc.constantFrom(...AUTH_POST_PATHS), weight: 6 },
            { arbitrary: segment(), weight: 1 },
          )
          .map((p) => `/api/auth/${p}`),
        body: jsonBody(
          fromSchema(signInSchema, {
            email: fc.constantFrom(ADMIN.email, MEMBER.email, 'nobody@example.com'),
            password: fc.oneof(fc.constant('wrong-password-123'), anyString(PASSWORD_MAX_LENGTH + 10)),
          }),
        ),
      }),
  })

  // Visitor actions.
  add('POST /api/inquiries', { request: jsonRoute('/api/inquiries', fromSchema(createInquiryInputSchema)) })
  // The signed unsubscribe link: genuine links (some addresses in another case), another address's token,
  // junk tokens and none. The token is made at run time, when the app (and its secret) exist.
  const unsubscribeQuery = queryString(
    fc
      .tuple(
        fc.oneof(fc.constantFrom('wes@example.com', 'Val@Example.com'), emailArbitrary, anyString(80)),
        fc.constantFrom('genuine', 'genuine', 'other', 'junk', 'none'),
        anyString(60),
      )
      .map(([e, how, junk]) => {
        const secret = t.deps.authSecret
        if (how === 'none') return { e }
        if (how === 'junk') return { e, t: junk }
        return { e, t: unsubscribeToken(secret, how === 'genuine' ? e : 'someone@example.com') }
      }),
  )
  add('GET /api/unsubscribe', { request: getRoute('/api/unsubscribe', unsubscribeQuery) })
  add('POST /api/unsubscribe', {
    request: () =>
      build({
        path: fixed('/api/unsubscribe'),
        query: unsubscribeQuery,
        body: fc.oneof(
          anyBody,
          fc.constant<FuzzBody>({
            body: 'List-Unsubscribe=One-Click',
            contentType: 'application/x-www-form-urlencoded',
          }),
          rawGarbage.map((body): FuzzBody => ({ body, contentType: 'multipart/form-data; boundary=x' })),
        ),
      }),
  })
  add('POST /api/functions/create-checkout-session', {
    request: () =>
      build({
        path: fixed('/api/functions/create-checkout-session'),
        body: jsonBody(fromSchema(dayCheckoutInputSchema, { dayId: day() })),
      }),
  })
  add('POST /api/functions/create-map-icon-checkout', {
    request: () =>
      build({
        path: fixed('/api/functions/create-map-icon-checkout'),
        body: jsonBody(fromSchema(mapIconCheckoutInputSchema, { iconId: icon() })),
      }),
  })
  add('POST /api/functions/create-cart-checkout-session', {
    request: () => {
      const cart = fc
        .tuple(
          fromSchema(cartCheckoutInputSchema, {
            calendarDayIds: fc.uniqueArray(day(), { maxLength: 7 }),
            mapIconId: fc.option(icon(), { nil: null }),
          }),
          fc.boolean(),
        )
        .map(([v, fix]) => {
          const input = v as { calendarDayIds?: unknown }
          const count = Array.isArray(input.calendarDayIds) ? input.calendarDayIds.length : 0
          return fix ? { ...input, discount: expectedCartDiscount(count) } : input
        })
      return build({ path: fixed('/api/functions/create-cart-checkout-session'), body: jsonBody(cart) })
    },
  })
  add('POST /api/functions/create-special-purchase-checkout', {
    request: () => {
      const special = fc
        .tuple(fromSchema(specialPurchaseCheckoutInputSchema), fc.boolean())
        .map(([v, fix]) => (fix ? { ...(v as object), amount: (v as { units: number }).units } : v))
      return build({
        path: fixed('/api/functions/create-special-purchase-checkout'),
        body: jsonBody(special),
      })
    },
  })
  add('POST /api/functions/get-orders-by-session', {
    request: jsonRoute(
      '/api/functions/get-orders-by-session',
      fromSchema(ordersBySessionInputSchema, { sessionId: session() }),
    ),
  })
  add('POST /api/functions/refresh-map-icon-availability', {
    request: () => build({ path: fixed('/api/functions/refresh-map-icon-availability'), body: anyBody }),
  })
  add('POST /api/webhooks/stripe', {
    app: 'stripe',
    request: () => build({ path: fixed('/api/webhooks/stripe'), body: stripeEventBody() }),
  })

  // Non-API routes: uploaded files, the local test checkout, the SPA.
  add('GET /media/*', {
    request: () =>
      build({
        path: fc.oneof(
          media().map((m) => `/media/${m}`),
          fc.array(segment(), { minLength: 1, maxLength: 3 }).map((s) => `/media/${s.join('/')}`),
          fc.constantFrom(
            '/media/',
            '/media/..%2F..%2Fetc%2Fpasswd',
            '/media/map_example/%2e%2e/%2e%2e/x.png',
            '/media/a\\b.png',
          ),
        ),
      }),
  })
  add('GET /pay/:sessionId', { request: () => build({ path: withSegment((s) => `/pay/${s}`, session()) }) })
  add('GET /sitemap.xml', { request: getRoute('/sitemap.xml') })
  add('POST /pay/:sessionId/complete', {
    request: () => build({ path: withSegment((s) => `/pay/${s}/complete`, session()), body: anyBody }),
  })
  add('POST /pay/:sessionId/cancel', {
    request: () => build({ path: withSegment((s) => `/pay/${s}/cancel`, session()), body: anyBody }),
  })
  add('GET /*', { request: spaRequest })
  add('HEAD /*', { request: spaRequest })

  // Admin: orders first (they need days and icons), deletions after the writes that fill the pools.
  add('POST /api/admin/manual-orders', {
    admin: true,
    request: jsonRoute('/api/admin/manual-orders', fromSchema(manualOrderInputSchema, { dayId: day() })),
  })
  add('POST /api/admin/manual-map-icon-orders', {
    admin: true,
    request: jsonRoute(
      '/api/admin/manual-map-icon-orders',
      fromSchema(manualMapIconOrderInputSchema, { iconId: icon() }),
    ),
  })
  add('GET /api/admin/manual-orders/sellable-days', {
    admin: true,
    request: getRoute(
      '/api/admin/manual-orders/sellable-days',
      queryString(fromSchema(sellableDaysQuerySchema)),
    ),
  })
  add('PATCH /api/admin/orders/:id', {
    admin: true,
    request: () =>
      build({
        path: withSegment((s) => `/api/admin/orders/${s}`, order()),
        body: jsonBody(fromSchema(updateOrderStatusInputSchema)),
      }),
  })
  const orderIds = fc.array(order(), { minLength: 1, maxLength: 6 })
  add('POST /api/admin/orders/bulk-status', {
    admin: true,
    request: jsonRoute(
      '/api/admin/orders/bulk-status',
      fromSchema(bulkOrderStatusInputSchema, { ids: orderIds }),
    ),
  })
  add('GET /api/admin/calendar-days', {
    admin: true,
    request: getRoute(
      '/api/admin/calendar-days',
      queryString(fromSchema(adminCalendarDaysQuerySchema, { startDate: isoDate, endDate: isoDate })),
    ),
  })
  add('PATCH /api/admin/calendar-days/:id', {
    admin: true,
    request: () =>
      build({
        path: withSegment((s) => `/api/admin/calendar-days/${s}`, day()),
        body: jsonBody(fromSchema(updateCalendarDayInputSchema)),
      }),
  })
  const dayIds = fc.array(day(), { minLength: 1, maxLength: 6 })
  add('POST /api/admin/calendar-days/bulk-price', {
    admin: true,
    request: jsonRoute(
      '/api/admin/calendar-days/bulk-price',
      fromSchema(bulkPriceInputSchema, { ids: dayIds }),
    ),
  })
  add('POST /api/admin/calendar-days/bulk-delete', {
    admin: true,
    request: jsonRoute(
      '/api/admin/calendar-days/bulk-delete',
      fromSchema(bulkDeleteDaysInputSchema, { ids: dayIds }),
    ),
  })
  add('POST /api/admin/calendar-days/initialize', {
    admin: true,
    request: jsonRoute(
      '/api/admin/calendar-days/initialize',
      fc
        .tuple(fromSchema(initializeRangeInputSchema), dateRange(400))
        .map(([v, r]) => ({ ...(v as object), ...r })),
    ),
  })
  add('DELETE /api/admin/calendar-days/:id', {
    admin: true,
    request: () => build({ path: withSegment((s) => `/api/admin/calendar-days/${s}`, day()) }),
  })
  add('POST /api/admin/orders/bulk-delete', {
    admin: true,
    request: jsonRoute(
      '/api/admin/orders/bulk-delete',
      fromSchema(bulkDeleteOrdersInputSchema, { ids: orderIds }),
    ),
  })
  add('DELETE /api/admin/orders/:id', {
    admin: true,
    request: () => build({ path: withSegment((s) => `/api/admin/orders/${s}`, order()) }),
  })
  add('GET /api/admin/media', {
    admin: true,
    request: getRoute('/api/admin/media', queryString(fromSchema(mediaListQuerySchema))),
  })
  add('POST /api/admin/media', {
    admin: true,
    request: () => build({ path: fixed('/api/admin/media'), body: uploadBody }),
  })
  add('DELETE /api/admin/media/*', {
    admin: true,
    request: () =>
      build({
        path: fc.oneof(
          media().map((m) => `/api/admin/media/${m}`),
          fc.array(segment(), { minLength: 1, maxLength: 3 }).map((s) => `/api/admin/media/${s.join('/')}`),
        ),
      }),
  })
  add('GET /api/admin/blog-posts', { admin: true, request: getRoute('/api/admin/blog-posts') })
  add('POST /api/admin/blog-posts', {
    admin: true,
    request: jsonRoute('/api/admin/blog-posts', fromSchema(blogPostInputSchema, blogHints)),
  })
  add('PUT /api/admin/blog-posts/:id', {
    admin: true,
    request: () =>
      build({
        path: withSegment((s) => `/api/admin/blog-posts/${s}`, post()),
        body: jsonBody(fromSchema(blogPostInputSchema, blogHints)),
      }),
  })
  add('DELETE /api/admin/blog-posts/:id', {
    admin: true,
    request: () => build({ path: withSegment((s) => `/api/admin/blog-posts/${s}`, post()) }),
  })
  add('POST /api/admin/mailings/:month/notify-waitlist', {
    admin: true,
    request: () =>
      build({
        path: withSegment((s) => `/api/admin/mailings/${s}/notify-waitlist`, monthKey),
        body: anyBody,
      }),
  })
  add('POST /api/admin/mailings/:month/message', {
    admin: true,
    request: () =>
      build({
        path: withSegment((s) => `/api/admin/mailings/${s}/message`, mailingMonth()),
        body: jsonBody(fromSchema(messageAdvertisersInputSchema)),
      }),
  })
  // Mailings, after the checkout routes: a mailing closed, printed or mailed here sells nothing more.
  add('GET /api/admin/mailings', { admin: true, request: getRoute('/api/admin/mailings') })
  add('GET /api/admin/digest', { admin: true, request: getRoute('/api/admin/digest') })
  add('PATCH /api/admin/mailings/:month', {
    admin: true,
    request: () =>
      build({
        path: withSegment((s) => `/api/admin/mailings/${s}`, mailingMonth()),
        body: jsonBody(fromSchema(updateMailingDatesInputSchema, mailingDateHints())),
      }),
  })
  add('POST /api/admin/mailings/:month/status', {
    admin: true,
    request: () =>
      build({
        path: withSegment((s) => `/api/admin/mailings/${s}/status`, mailingMonth()),
        body: jsonBody(fromSchema(mailingActionInputSchema, mailingDateHints())),
      }),
  })
  add('GET /api/admin/mailings/:month/print-readiness', {
    admin: true,
    request: () =>
      build({ path: withSegment((s) => `/api/admin/mailings/${s}/print-readiness`, mailingMonth()) }),
  })
  add('GET /api/admin/mailings/:month/icon-stock', {
    admin: true,
    request: () => build({ path: withSegment((s) => `/api/admin/mailings/${s}/icon-stock`, mailingMonth()) }),
  })
  add('PUT /api/admin/mailings/:month/icon-stock/:iconId', {
    admin: true,
    request: () =>
      build({
        path: fc
          .tuple(segment(mailingMonth()), segment(icon()))
          .map(([m, i]) => `/api/admin/mailings/${m}/icon-stock/${i}`),
        body: jsonBody(fromSchema(updateIconStockInputSchema)),
      }),
  })
  // Orders by checkout and refunds.
  const checkoutKey = () => fc.oneof(session(), order())
  add('GET /api/admin/checkouts', {
    admin: true,
    request: getRoute('/api/admin/checkouts', queryString(fromSchema(checkoutsQuerySchema))),
  })
  add('GET /api/admin/checkouts/export.csv', {
    admin: true,
    request: getRoute('/api/admin/checkouts/export.csv', queryString(fromSchema(checkoutsExportQuerySchema))),
  })
  add('GET /api/admin/checkouts/:key', {
    admin: true,
    request: () => build({ path: withSegment((s) => `/api/admin/checkouts/${s}`, checkoutKey()) }),
  })
  add('POST /api/admin/checkouts/:key/notes', {
    admin: true,
    request: () =>
      build({
        path: withSegment((s) => `/api/admin/checkouts/${s}/notes`, checkoutKey()),
        body: jsonBody(fromSchema(checkoutNoteInputSchema)),
      }),
  })
  add('POST /api/admin/refunds', {
    admin: true,
    request: jsonRoute(
      '/api/admin/refunds',
      fromSchema(createRefundInputSchema, { orderIds: fc.array(order(), { minLength: 1, maxLength: 3 }) }),
    ),
  })
  // Advertisers: the list, the drawer, the owner's edit and merges (which remove advertisers as they go).
  add('GET /api/admin/advertisers', {
    admin: true,
    request: getRoute('/api/admin/advertisers', queryString(fromSchema(advertisersQuerySchema))),
  })
  add('GET /api/admin/advertisers/:id', {
    admin: true,
    request: () => build({ path: withSegment((s) => `/api/admin/advertisers/${s}`, advertiser()) }),
  })
  add('PATCH /api/admin/advertisers/:id', {
    admin: true,
    request: () =>
      build({
        path: withSegment((s) => `/api/admin/advertisers/${s}`, advertiser()),
        body: jsonBody(
          fromSchema(advertiserEditInputSchema, {
            website: fc.option(fc.oneof(fc.webUrl(), anyString(60)), { nil: undefined }),
          }),
        ),
      }),
  })
  add('POST /api/admin/advertisers/:id/merge', {
    admin: true,
    request: () =>
      build({
        path: withSegment((s) => `/api/admin/advertisers/${s}/merge`, advertiser()),
        body: jsonBody(fromSchema(advertiserMergeInputSchema, { fromId: fc.oneof(advertiser(), fc.uuid()) })),
      }),
  })
  // The advertiser's account (a session needed: anonymous callers get 401), receipts and invoices by token.
  add('GET /api/account', { admin: true, request: getRoute('/api/account') })
  for (const tail of ['receipt.pdf', 'book-again'])
    add(`GET /api/account/purchases/:id/${tail}`, {
      admin: true,
      request: () =>
        build({
          path: withSegment((s) => `/api/account/purchases/${s}/${tail}`, fc.oneof(session(), order())),
        }),
    })
  const documentToken = () => fc.oneof(fc.stringMatching(/^[a-f0-9]{64}$/), anyString(70))
  add('GET /api/receipts/:file', {
    request: () => build({ path: withSegment((s) => `/api/receipts/${s}.pdf`, documentToken()) }),
  })
  add('GET /api/invoices/:file', {
    request: () => build({ path: withSegment((s) => `/api/invoices/${s}.pdf`, documentToken()) }),
  })
  add('GET /api/invoices/:token/pay', {
    request: () => build({ path: withSegment((s) => `/api/invoices/${s}/pay`, documentToken()) }),
  })
  add('POST /api/admin/checkouts/:key/invoice', {
    admin: true,
    request: () =>
      build({ path: withSegment((s) => `/api/admin/checkouts/${s}/invoice`, fc.oneof(session(), order())) }),
  })
  add('POST /api/admin/advertisers/:id/account-link', {
    admin: true,
    request: () =>
      build({ path: withSegment((s) => `/api/admin/advertisers/${s}/account-link`, advertiser()) }),
  })
  // Returning advertisers' offers: the owner's list, resend and extend; the e-mailed link (its token);
  // the signed-in advertiser's own (a session needed: anonymous callers get 401).
  add('GET /api/admin/mailings/:month/offers', {
    admin: true,
    request: () => build({ path: withSegment((s) => `/api/admin/mailings/${s}/offers`, mailingMonth()) }),
  })
  add('POST /api/admin/offers/:id/resend', {
    admin: true,
    request: () =>
      build({ path: withSegment((s) => `/api/admin/offers/${s}/resend`, offer()), body: anyBody }),
  })
  add('POST /api/admin/offers/:id/extend', {
    admin: true,
    request: () =>
      build({
        path: withSegment((s) => `/api/admin/offers/${s}/extend`, offer()),
        body: jsonBody(fromSchema(extendOfferInputSchema)),
      }),
  })
  add('GET /api/offers/:token', {
    request: () => build({ path: withSegment((s) => `/api/offers/${s}`, offerToken()) }),
  })
  for (const action of ['keep', 'release'])
    add(`POST /api/offers/:token/${action}`, {
      request: () =>
        build({ path: withSegment((s) => `/api/offers/${s}/${action}`, offerToken()), body: anyBody }),
    })
  add('GET /offers/:token/keep', {
    request: () => build({ path: withSegment((s) => `/offers/${s}/keep`, offerToken()) }),
  })
  for (const action of ['keep', 'release'])
    add(`POST /api/account/offers/:id/${action}`, {
      admin: true,
      request: () =>
        build({ path: withSegment((s) => `/api/account/offers/${s}/${action}`, offer()), body: anyBody }),
    })
  // Short links: the redirect, the advertiser's page, where a line's link leads (the buyer's artwork link,
  // the signed-in advertiser, the owner), the owner's scans.
  for (const method of ['GET', 'HEAD'])
    add(`${method} /go/:code`, {
      request: () => build({ path: withSegment((s) => `/go/${s}`, shortCode()) }),
    })
  add('GET /api/ads/:code', {
    request: () => build({ path: withSegment((s) => `/api/ads/${s}`, shortCode()) }),
  })
  add('GET /api/ads/:code/logo', {
    request: () => build({ path: withSegment((s) => `/api/ads/${s}/logo`, shortCode()) }),
  })
  const linkBody = () => jsonBody(fromSchema(lineLinkFieldsSchema))
  add('PUT /api/artwork/:token/lines/:orderId/link', {
    request: () =>
      build({
        path: fc
          .tuple(segment(artworkToken()), segment(order()))
          .map(([token, id]) => `/api/artwork/${token}/lines/${id}/link`),
        body: linkBody(),
      }),
  })
  add('PUT /api/account/lines/:orderId/link', {
    admin: true,
    request: () =>
      build({ path: withSegment((s) => `/api/account/lines/${s}/link`, order()), body: linkBody() }),
  })
  // The advertiser's check of their ad as printed.
  add('GET /api/account/approvals', { admin: true, request: getRoute('/api/account/approvals') })
  add('POST /api/account/lines/:id/approval', {
    admin: true,
    request: () =>
      build({
        path: withSegment((s) => `/api/account/lines/${s}/approval`, order()),
        body: jsonBody(fromSchema(adApprovalInputSchema)),
      }),
  })
  add('GET /api/account/lines/:id/preview.png', {
    admin: true,
    request: () => build({ path: withSegment((s) => `/api/account/lines/${s}/preview.png`, order()) }),
  })
  add('PUT /api/admin/orders/:orderId/link', {
    admin: true,
    request: () =>
      build({ path: withSegment((s) => `/api/admin/orders/${s}/link`, order()), body: linkBody() }),
  })
  for (const tail of ['scans', 'scans.csv'])
    add(`GET /api/admin/mailings/:month/${tail}`, {
      admin: true,
      request: () => build({ path: withSegment((s) => `/api/admin/mailings/${s}/${tail}`, mailingMonth()) }),
    })
  // Artwork and production.
  add('GET /api/artwork/:token', {
    request: () => build({ path: withSegment((s) => `/api/artwork/${s}`, artworkToken()) }),
  })
  add('POST /api/artwork/:token/upload', {
    request: () =>
      build({
        path: withSegment((s) => `/api/artwork/${s}/upload`, artworkToken()),
        body: artworkUploadBody(),
      }),
  })
  for (const kind of ['files', 'thumbnails'])
    add(`GET /api/artwork/:token/${kind}/:orderId`, {
      request: () =>
        build({
          path: fc
            .tuple(segment(artworkToken()), segment(order()))
            .map(([t, o]) => `/api/artwork/${t}/${kind}/${o}`),
        }),
    })
  add('GET /api/admin/print-specs', { admin: true, request: getRoute('/api/admin/print-specs') })
  add('PUT /api/admin/print-specs', {
    admin: true,
    request: jsonRoute('/api/admin/print-specs', fromSchema(printSpecsSchema)),
  })
  add('POST /api/admin/print-specs/house-ad', {
    admin: true,
    request: () => build({ path: fixed('/api/admin/print-specs/house-ad'), body: artworkUploadBody() }),
  })
  add('DELETE /api/admin/print-specs/house-ad', {
    admin: true,
    request: () => build({ path: fixed('/api/admin/print-specs/house-ad') }),
  })
  for (const [method, tail] of [
    ['GET', 'artwork'],
    ['POST', 'artwork-reminders'],
    ['GET', 'proof.pdf'],
    ['GET', 'artwork.zip'],
  ] as const)
    add(`${method} /api/admin/mailings/:month/${tail}`, {
      admin: true,
      request: () =>
        build({
          path: withSegment((s) => `/api/admin/mailings/${s}/${tail}`, mailingMonth()),
          query:
            tail === 'artwork'
              ? queryString(
                  fc.record(
                    {
                      state: fc.oneof(anyString(20), fc.constantFrom('missing', 'received')),
                      page: fc.oneof(fc.integer({ min: -2, max: 1_000_001 }), anyString(12)),
                      pageSize: fc.oneof(fc.integer({ min: -1, max: 201 }), anyString(12)),
                    },
                    { requiredKeys: [] },
                  ),
                )
              : undefined,
          body: method === 'POST' ? anyBody : undefined,
        }),
    })
  const mapPath = (tail: string) => withSegment((s) => `/api/admin/mailings/${s}/map${tail}`, mailingMonth())
  add('GET /api/admin/mailings/:month/map', { admin: true, request: () => build({ path: mapPath('') }) })
  add('PUT /api/admin/mailings/:month/map/positions', {
    admin: true,
    request: () =>
      build({
        path: mapPath('/positions'),
        body: jsonBody(fromSchema(mapPositionsInputSchema, { orderId: fc.oneof(order(), anyString(40)) })),
      }),
  })
  add('PUT /api/admin/mailings/:month/map/settings', {
    admin: true,
    request: () => build({ path: mapPath('/settings'), body: jsonBody(fromSchema(mapSettingsInputSchema)) }),
  })
  add('POST /api/admin/mailings/:month/map/image', {
    admin: true,
    request: () => build({ path: mapPath('/image'), body: uploadBody }),
  })
  add('DELETE /api/admin/mailings/:month/map/image', {
    admin: true,
    request: () => build({ path: mapPath('/image') }),
  })
  add('GET /api/admin/mailings/:month/map/image', {
    admin: true,
    request: () => build({ path: mapPath('/image') }),
  })
  for (const action of ['approve', 'send-link'])
    add(`POST /api/admin/artwork/:orderId/${action}`, {
      admin: true,
      request: () =>
        build({ path: withSegment((s) => `/api/admin/artwork/${s}/${action}`, order()), body: anyBody }),
    })
  add('POST /api/admin/artwork/:orderId/request-changes', {
    admin: true,
    request: () =>
      build({
        path: withSegment((s) => `/api/admin/artwork/${s}/request-changes`, order()),
        body: jsonBody(fromSchema(requestChangesInputSchema)),
      }),
  })
  for (const kind of ['file', 'thumbnail'])
    add(`GET /api/admin/artwork/:orderId/${kind}`, {
      admin: true,
      request: () => build({ path: withSegment((s) => `/api/admin/artwork/${s}/${kind}`, order()) }),
    })
  add('GET /api/admin/map-icons', { admin: true, request: getRoute('/api/admin/map-icons') })
  add('PATCH /api/admin/map-icons/:id', {
    admin: true,
    request: () =>
      build({
        path: withSegment((s) => `/api/admin/map-icons/${s}`, icon()),
        body: jsonBody(fromSchema(updateMapIconInputSchema)),
      }),
  })
  add('POST /api/admin/map-icons', {
    admin: true,
    request: jsonRoute('/api/admin/map-icons', fromSchema(createMapIconInputSchema)),
  })
  add('POST /api/admin/map-icons/:id/retire', {
    admin: true,
    request: () =>
      build({ path: withSegment((s) => `/api/admin/map-icons/${s}/retire`, icon()), body: anyBody }),
  })
  add('GET /api/admin/mailing-settings', { admin: true, request: getRoute('/api/admin/mailing-settings') })
  add('PUT /api/admin/mailing-settings', {
    admin: true,
    request: jsonRoute('/api/admin/mailing-settings', fromSchema(mailingDefaultsSchema)),
  })
  // Communication: the e-mail log, the admin banners' status, the inbox.
  add('GET /api/admin/emails', {
    admin: true,
    request: getRoute('/api/admin/emails', queryString(fromSchema(adminEmailsQuerySchema))),
  })
  add('POST /api/admin/emails/:id/resend', {
    admin: true,
    request: () =>
      build({ path: withSegment((s) => `/api/admin/emails/${s}/resend`, fc.uuid()), body: anyBody }),
  })
  add('GET /api/admin/status', { admin: true, request: getRoute('/api/admin/status') })
  const inboxQuery = queryString(fromSchema(adminInboxQuerySchema))
  add('GET /api/admin/inbox', { admin: true, request: getRoute('/api/admin/inbox', inboxQuery) })
  add('GET /api/admin/inbox/export.csv', {
    admin: true,
    request: getRoute('/api/admin/inbox/export.csv', inboxQuery),
  })
  add('POST /api/admin/inbox/:id/handled', {
    admin: true,
    request: () =>
      build({
        path: withSegment((s) => `/api/admin/inbox/${s}/handled`, fc.uuid()),
        body: jsonBody(fromSchema(markInboxHandledInputSchema)),
      }),
  })
  // Team and account: administrators by invitation; removal never leaves none.
  add('GET /api/admin/team', { admin: true, request: getRoute('/api/admin/team') })
  add('POST /api/admin/team', {
    admin: true,
    request: jsonRoute(
      '/api/admin/team',
      fc.record(
        {
          email: fc.oneof(emailArbitrary, fc.constantFrom(ADMIN.email, 'New@Example.com'), anyString(300)),
          name: fc.oneof(anyString(120), fc.constant(null)),
        },
        { requiredKeys: ['email'] },
      ),
    ),
  })
  add('POST /api/admin/team/:userId/invitation', {
    admin: true,
    request: () =>
      build({ path: withSegment((s) => `/api/admin/team/${s}/invitation`, fc.uuid()), body: anyBody }),
  })
  add('DELETE /api/admin/team/:userId', {
    admin: true,
    request: () => build({ path: withSegment((s) => `/api/admin/team/${s}`, fc.uuid()) }),
  })
  add('PUT /api/settings/font', {
    admin: true,
    request: jsonRoute('/api/settings/font', fromSchema(updateFontInputSchema)),
  })
  add('PUT /api/settings/calendar', {
    admin: true,
    request: jsonRoute('/api/settings/calendar', fromSchema(calendarDefaultInputSchema(year))),
  })
  return routes
}

// ---------------------------------------------------------------- the run

type Failure = { route: string; status: number | string; request: string; response: string; log: string }
type RouteStats = {
  route: string
  runs: number
  anonymousRuns: number
  status5xx: number
  statuses: Record<string, number>
  ms: number
}

const stats: RouteStats[] = []
const rejections: unknown[] = []
const onRejection = (reason: unknown) => rejections.push(reason)
const prototypeKeys = () => Object.getOwnPropertyNames(Object.prototype).sort().join(',')
let cleanPrototype: string

const describeRequest = (method: string, r: FuzzRequest) =>
  JSON.stringify({
    method,
    path: r.path,
    query: r.query,
    contentType: r.contentType,
    body:
      typeof r.body === 'string'
        ? r.body.slice(0, 300)
        : r.body instanceof FormData
          ? '[FormData]'
          : r.body
            ? '[bytes]'
            : undefined,
    ip: r.ip,
  })

/** Every route of both apps, as "METHOD path" (middleware entries are method ALL). */
function appRoutes(app: ReturnType<typeof createApp>): string[] {
  return [...new Set(app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`))].sort()
}

const ROUTES = registry()

/**
 * Registers the fuzz of every `shards`-th route from the `shard`-th (0-based) with the test file that calls
 * it: api-fuzz-{1,2,3}.test.ts each take a third, so Vitest's workers share the run (one file took five
 * minutes of the suite on its own). Shard 0 also checks every route has an entry.
 */
export function defineApiFuzz(shard: number, shards: number) {
  beforeAll(async () => {
    // Each shard counts its own routes, logs and rejections: in the quick loop (Vitest's isolate: false)
    // shards that run in one worker share this module.
    stats.length = 0
    rejections.length = 0
    errorLogs.length = 0
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'townflyer-fuzz-client-'))
    fs.mkdirSync(path.join(clientDir, 'assets'))
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>x</title><!--site-config-->')
    fs.writeFileSync(path.join(clientDir, 'assets', 'app.js'), 'console.log(1)')
    fs.writeFileSync(path.join(clientDir, 'assets', 'app.js.br'), 'br')
    fs.writeFileSync(path.join(clientDir, 'robots.txt'), 'User-agent: *')
    t = await createTestApp()
    stripeT = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_fuzz',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        // Nothing listens here: the webhook never calls Stripe, and nothing else is fuzzed on this app.
        STRIPE_API_BASE: 'http://127.0.0.1:9',
      },
    })
    apps = { main: fuzzedApp(t), stripe: fuzzedApp(stripeT) }
    await t.createAdmin()
    await t.createMember()
    adminCookie = await t.signIn(ADMIN)
    memberCookie = await t.signIn(MEMBER)
    await seedOffer(t)
    await seedRows(t)
    await refreshPools()
    cleanPrototype = prototypeKeys()
    process.on('unhandledRejection', onRejection)
    process.on('uncaughtException', onRejection)
    console.log(
      `fuzz seed ${SEED}; replay with FUZZ_SEED=${SEED} (api fuzz shard ${shard + 1}/${shards}: ${ROUTES.size} routes × ${RUNS} runs, engine ${process.env.TEST_ENGINE ?? 'pglite'})`,
    )
  }, 120_000)

  afterAll(async () => {
    process.off('unhandledRejection', onRejection)
    process.off('uncaughtException', onRejection)
    const total = stats.reduce((n, s) => n + s.runs + s.anonymousRuns, 0)
    const fives = stats.reduce((n, s) => n + s.status5xx, 0)
    const ms = stats.reduce((n, s) => n + s.ms, 0)
    const lines = stats.map(
      (s) =>
        `${s.route.padEnd(52)} runs ${String(s.runs).padStart(5)} anon ${String(s.anonymousRuns).padStart(4)} 5xx ${s.status5xx}  ${Math.round(s.ms)} ms  ${JSON.stringify(s.statuses)}`,
    )
    console.log(
      [
        ...lines,
        `TOTAL ${stats.length} routes, ${total} requests, ${fives} responses ≥ 500, ${rejections.length} unhandled rejections, ${Math.round(ms / 1000)} s (engine ${process.env.TEST_ENGINE ?? 'pglite'}, seed ${SEED})`,
      ].join('\n'),
    )
    if (process.env.FUZZ_REPORT)
      fs.writeFileSync(
        `${process.env.FUZZ_REPORT}.${shard + 1}-of-${shards}`,
        JSON.stringify(
          {
            engine: process.env.TEST_ENGINE ?? 'pglite',
            seed: SEED,
            runsPerRoute: RUNS,
            routes: stats,
            rejections: rejections.length,
          },
          null,
          2,
        ),
      )
    await t?.close()
    await stripeT?.close()
    if (clientDir) fs.rmSync(clientDir, { recursive: true, force: true })
  }, 60_000)

  describe('API fuzz', () => {
    if (shard === 0)
      it('has a fuzz entry for every route of the app, and none for a route that is gone', () => {
        const live = [...new Set([...appRoutes(apps.main), ...appRoutes(apps.stripe)])]
        expect(live.length).toBeGreaterThanOrEqual(50)
        expect(
          live.filter((r) => !ROUTES.has(r)),
          'routes without a fuzz entry',
        ).toEqual([])
        expect(
          [...ROUTES.keys()].filter((r) => !live.includes(r)),
          'fuzz entries without a route',
        ).toEqual([])
      })

    for (const [route, entry] of [...ROUTES].filter((_, n) => n % shards === shard)) {
      it(
        `${route}: no 5xx, no unhandled rejection`,
        async () => {
          const [method] = route.split(' ') as [string, string]
          const kind = entry.app ?? 'main'
          const failures: Failure[] = []
          const statuses: Record<string, number> = {}
          const rejectionsBefore = rejections.length
          const started = performance.now()

          async function attempt(r: FuzzRequest, cookie: string | undefined, anonymous: boolean) {
            const logsBefore = errorLogs.length
            let status: number | string
            let text = ''
            try {
              const response = await send(kind, method, r, cookie)
              status = response.status
              text = await response.text()
            } catch (error) {
              status = `threw ${error instanceof Error ? error.message : String(error)}`
            }
            statuses[String(status)] = (statuses[String(status)] ?? 0) + 1
            // Anonymous callers of an admin route get 401. Checked before it: the body limit (413), a foreign
            // origin (403), and the URL itself ('.' and '..' segments resolve to another path: the JSON 404).
            const allowedForAnonymous =
              status === 401 ||
              status === 413 ||
              (status === 403 && r.origin !== TEST_ORIGIN) ||
              (status === 404 && text.includes('No API route'))
            const bad = typeof status !== 'number' || status >= 500 || (anonymous && !allowedForAnonymous)
            if (bad)
              failures.push({
                route,
                status,
                request: describeRequest(method, r),
                response: text.slice(0, 300),
                log: errorLogs.slice(logsBefore).join('').slice(0, 1500),
              })
          }

          await refreshPools()
          const requests = entry.request()
          await fc.assert(
            fc.asyncProperty(requests, async (r) => {
              await attempt(r, entry.admin ? adminCookie : undefined, false)
            }),
            { numRuns: RUNS, seed: SEED, endOnFailure: true },
          )
          let anonymousRuns = 0
          if (entry.admin) {
            await fc.assert(
              fc.asyncProperty(requests, async (r) => {
                anonymousRuns++
                await attempt({ ...r, cookie: undefined }, undefined, true)
              }),
              { numRuns: ANONYMOUS_RUNS, seed: SEED + 1, endOnFailure: true },
            )
          }
          // Give a rejection from a request that has already answered the chance to surface.
          await new Promise((resolve) => setTimeout(resolve, 20))
          stats.push({
            route,
            runs: RUNS,
            anonymousRuns,
            status5xx: failures.filter((f) => typeof f.status !== 'number' || f.status >= 500).length,
            statuses,
            ms: performance.now() - started,
          })
          expect(
            failures.slice(0, 5),
            `${failures.length} bad responses (seed ${SEED}): ${JSON.stringify(failures.slice(0, 3))}`,
          ).toEqual([])
          expect(rejections.slice(rejectionsBefore).map(String)).toEqual([])
          expect(prototypeKeys(), 'Object.prototype was polluted').toBe(cleanPrototype)
          expect(({} as Record<string, unknown>).polluted).toBeUndefined()
        },
        ROUTE_TIMEOUT_MS,
      )
    }

    it('left no promise rejection unhandled over the whole run', () => {
      expect(rejections.map(String)).toEqual([])
    })
  })
}
