/**
 * The admin Advertisers tab on 50,000 orders from 3,000 advertisers, on both engines:
 *
 *   npm run bench:advertisers [-- --engine pglite|postgres] [--explain]
 *
 * For each engine it builds its own database: PGlite in a fresh temporary DATA_DIR, PostgreSQL as a new
 * database (townflyer_bench_advertisers_<pid>) on the server of BENCH_DATABASE_URL, DATABASE_URL or
 * TEST_DATABASE_URL (else postgres://postgres@127.0.0.1:5432/postgres), dropped at the end. It migrates it
 * the way a server start does and fills it in plain SQL through the same triggers the app's writes go
 * through (each line makes its purchase and advertiser, the summaries are kept by the database):
 *
 * - 12 mailings (9 months back to 2 ahead) and 50,000 order lines, one to three lines per purchase, every
 *   purchase in one mailing, a special purchase (no mailing) every 25th line; 3,000 advertisers
 *   ('Business N', ownerN@example.com), each buying in most mailings; 65% of purchases paid, 20% lapsed
 *   holds, 5% refunded, 5% live holds, 2% manual orders the owner holds, 3% deleted;
 * - artwork on 60% of the paid day and icon lines, an order confirmation e-mail per paid purchase, an
 *   artwork reminder to every tenth address, a contact inquiry from every sixth.
 *
 * Then, through the app in-process (admin session cookie, the full middleware stack), 200 requests after 20
 * warm-ups of each: the first page (default sort), sorted by lifetime paid, a page in the middle, a search by
 * a name fragment, a search by an e-mail fragment, one advertiser's detail. Prints p50/p95/max in ms per
 * engine; --explain prints EXPLAIN ANALYZE of the list's statements. Prints figures; asserts nothing.
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { type Database, openPglite, openPostgres } from '#server/db/client.ts'
import { BENCH_ORIGIN, benchAdminCookie, startBenchApp } from './lib/bench-app.ts'

type Engine = 'pglite' | 'postgres'
export type Latency = { n: number; p50: number; p95: number; max: number }

export type AdvertisersBenchResult = {
  engine: Engine
  orders: number
  purchases: number
  advertisers: number
  seedSeconds: number
  /** The machine's 1-minute load average when the timings ended (other work skews every figure). */
  loadAverage: number
  variants: { name: string; path: string; latency: Latency; answer: string }[]
}

export type AdvertisersBenchOptions = {
  engine: Engine
  databaseUrl?: string
  orders?: number
  advertisers?: number
  warmups?: number
  runs?: number
  explain?: boolean
  log?: (line: string) => void
}

const ORIGIN = BENCH_ORIGIN
const MAILINGS = 12

function withDatabase(url: string, name: string) {
  const u = new URL(url)
  u.pathname = `/${name}`
  return u.toString()
}

function latencyOf(timings: number[]): Latency {
  const sorted = [...timings].sort((a, b) => a - b)
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0
  return { n: sorted.length, p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] ?? 0 }
}

/**
 * The data, in statements of a few thousand lines (each statement's triggers refresh the purchases it
 * touched and their advertisers once). Line g belongs to purchase p = g / 2, the purchase to advertiser
 * (p × 7919) mod advertisers (spread over all of them). An advertiser's purchases are p₀ + 3,000k, and
 * mailing (p + 5 × (p / 3,000)) mod 12 = (p₀ + 5k) mod 12 (3,005 ≡ 5): each of its purchases in another
 * mailing. Its state (s below, out of 100) varies with k the same way.
 */
export async function seedAdvertisers(
  run: (text: string) => Promise<unknown>,
  options: { orders: number; advertisers: number; log: (line: string) => void },
) {
  await run(
    `INSERT INTO mailings (month, status, sales_close_at, artwork_due_at, in_homes_date)
       SELECT to_char(m, 'YYYY-MM'), CASE WHEN m < date_trunc('month', now()) THEN 'mailed' ELSE 'open' END,
              m - interval '10 days', m - interval '8 days', (m + interval '14 days')::date
       FROM generate_series(date_trunc('month', now()) - interval '9 months',
                            date_trunc('month', now()) + interval '2 months', interval '1 month') m
     ON CONFLICT (month) DO NOTHING`,
  )
  const batch = 5000
  for (let start = 0; start < options.orders; start += batch) {
    const end = Math.min(options.orders, start + batch) - 1
    await run(
      `WITH months AS (
         SELECT month, row_number() OVER (ORDER BY month) - 1 AS i FROM mailings
         WHERE month >= to_char(now() - interval '9 months', 'YYYY-MM')
           AND month <= to_char(now() + interval '2 months', 'YYYY-MM')
       ), lines AS (
         SELECT g, g / 2 AS p, (g / 2 * 7919) % ${options.advertisers} AS a,
                (g / 2 * 31 + g / 2 / ${options.advertisers} * 17) % 100 AS s,
                g % 25 = 0 AS special
         FROM generate_series(${start}, ${end}) g
       )
       INSERT INTO orders (id, business_name, email, amount_cents, status, item_name, item_size, mailing_month,
                           metadata, source, payment_provider, payment_session_id, expires_at, paid_at,
                           deleted_at, deleted_by, created_at)
       SELECT 'bench-line-' || l.g, 'Business ' || l.a, 'owner' || l.a || '@example.com',
              CASE WHEN l.special THEN 50000 WHEN l.g % 3 = 0 THEN 30000 ELSE 15000 END,
              CASE WHEN l.s < 65 THEN 'paid' WHEN l.s < 85 THEN 'expired' WHEN l.s < 90 THEN 'refunded'
                   WHEN l.s < 97 THEN 'pending' ELSE 'deleted' END,
              CASE WHEN l.special THEN NULL ELSE 'Bench icon' END,
              CASE WHEN l.special THEN NULL ELSE 'small' END,
              CASE WHEN l.special THEN NULL ELSE m.month END,
              CASE WHEN l.special THEN '{"order_type":"special_purchase","units":1,"description":"Back cover"}'::jsonb END,
              CASE WHEN l.s BETWEEN 95 AND 96 THEN 'manual' ELSE 'checkout' END,
              CASE WHEN l.s BETWEEN 95 AND 96 THEN NULL ELSE 'local' END,
              -- A manual order is its own purchase (no session); the others share their purchase's.
              CASE WHEN l.s BETWEEN 95 AND 96 THEN NULL ELSE 'bench-session-' || l.p END,
              CASE WHEN l.s BETWEEN 90 AND 94 THEN now() + interval '30 minutes'
                   WHEN l.s BETWEEN 65 AND 84 THEN (m.month || '-01')::date - 39 END,
              CASE WHEN l.s < 65 THEN (m.month || '-01')::date - 40 END,
              CASE WHEN l.s >= 97 THEN (m.month || '-01')::date - 30 END,
              CASE WHEN l.s >= 97 THEN 'bench-admin@example.com' END,
              (m.month || '-01')::date - 40 + make_interval(mins => l.p % 1440)
       FROM lines l JOIN months m ON m.i = (l.p + l.p / ${options.advertisers} * 5) % ${MAILINGS}`,
    )
    options.log(`  lines ${start.toLocaleString('en-US')}–${end.toLocaleString('en-US')}`)
  }
  await run(
    `INSERT INTO order_artwork (order_id, file_key, file_name, content_type, size_bytes, inspection, state, uploaded_at)
       SELECT id, 'artwork/' || id || '.png', 'logo.png', 'image/png', 1000, '{}'::jsonb,
              CASE WHEN abs(hashtext(id)) % 3 = 0 THEN 'approved' ELSE 'received' END, created_at + interval '1 day'
       FROM orders
       WHERE status = 'paid' AND mailing_month IS NOT NULL AND abs(hashtext(id)) % 10 < 6`,
  )
  await run(
    `INSERT INTO outbox (dedupe_key, kind, to_address, subject, text_body, purchase_id, status, sent_at, created_at)
       SELECT 'bench-confirm-' || id, 'order_confirmation', email, 'Your Townflyer order ' || reference, 'Thanks',
              id, 'sent', created_at + interval '1 minute', created_at + interval '1 minute'
       FROM purchases WHERE state IN ('paid', 'partly_refunded', 'refunded')`,
  )
  await run(
    `INSERT INTO outbox (dedupe_key, kind, to_address, subject, text_body, status, created_at)
       SELECT 'bench-reminder-' || a, 'artwork_reminder', 'owner' || a || '@example.com', 'Your artwork is due',
              'Upload it', 'pending', now() - make_interval(hours => a % 500)
       FROM generate_series(0, ${options.advertisers - 1}, 10) a`,
  )
  await run(
    `INSERT INTO email_inquiries (email, metadata, created_at)
       SELECT 'owner' || a || '@example.com', '{"kind":"contact"}'::jsonb, now() - make_interval(days => a % 300)
       FROM generate_series(0, ${options.advertisers - 1}, 6) a`,
  )
}

/** The statements the list and the drawer send, written out, for EXPLAIN ANALYZE (`id`: an advertiser). */
const explained = (id: string): [string, string][] => [
  ...(['offset 0', 'offset 1475'] as const).map((offset): [string, string] => [
    `a page, last mailing desc, ${offset}`,
    `select page.id, (select count(*) from purchases p join orders o on o.purchase_id = p.id
       join order_artwork a on a.order_id = o.id where p.advertiser_id = page.id and o.status <> 'deleted')
     from (select id, last_mailing from advertisers order by last_mailing desc nulls last, id desc
           limit 25 ${offset}) page
     order by page.last_mailing desc nulls last, page.id desc`,
  ]),
  ['lifetime paid desc', `select id from advertisers order by lifetime_paid_cents desc, id desc limit 25`],
  ['count', `select count(*) from advertisers`],
  [
    'search, name fragment',
    `select id from advertisers where concat_ws(' ', search_text, lower(business_name), email) like '%ness 12%'
     order by last_mailing desc nulls last, id desc limit 25`,
  ],
  [
    "the drawer's lines",
    `select o.id, a.state from orders o left join calendar_days d on d.id = o.day_id
       left join map_icons i on i.id = o.map_icon_id left join order_artwork a on a.order_id = o.id
     where o.purchase_id in (select id from purchases where advertiser_id = '${id}')
     order by coalesce(o.item_date::text, d.date::text) nulls last, o.id`,
  ],
  [
    "the drawer's e-mails",
    `select id from outbox where id in (
       select id from outbox where purchase_id in (select id from purchases where advertiser_id = '${id}')
       union
       select id from outbox
       where lower(btrim(to_address)) in (select email from advertiser_emails where advertiser_id = '${id}'))
     order by created_at desc, id desc limit 50`,
  ],
  [
    "the drawer's notes",
    `select n.id from order_notes n join purchases p on p.id = n.purchase_id where p.advertiser_id = '${id}'
     order by n.created_at, n.id`,
  ],
]

async function openEngine(engine: Engine, baseUrl: string, dataDir: string) {
  if (engine === 'pglite') {
    const database = await openPglite(dataDir)
    return { database, drop: async () => {} }
  }
  const name = `townflyer_bench_advertisers_${process.pid}_${randomBytes(3).toString('hex')}`
  const admin = new pg.Client({ connectionString: baseUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE "${name}"`)
  const database: Database = openPostgres(withDatabase(baseUrl, name))
  return {
    database,
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).finally(() => admin.end())
    },
  }
}

export async function runAdvertisersBench(options: AdvertisersBenchOptions): Promise<AdvertisersBenchResult> {
  const baseUrl =
    options.databaseUrl ??
    (process.env.BENCH_DATABASE_URL ||
      process.env.DATABASE_URL ||
      process.env.TEST_DATABASE_URL ||
      'postgres://postgres@127.0.0.1:5432/postgres')
  const totalOrders = options.orders ?? 50_000
  const totalAdvertisers = options.advertisers ?? 3_000
  const warmups = options.warmups ?? 20
  const runs = options.runs ?? 200
  const log = options.log ?? (() => {})
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'townflyer-bench-advertisers-'))
  const { database, drop } = await openEngine(options.engine, baseUrl, dataDir)
  try {
    // Migrations and the first-start seed, as a server start does.
    const { deps, app } = await startBenchApp(database, dataDir, { TRUST_PROXY: 'true' })
    const db = deps.database.db
    const run = (text: string) => db.execute(sql.raw(text))
    const rows = async <T>(text: string) =>
      ((await db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows

    const seedStarted = performance.now()
    await seedAdvertisers(run, { orders: totalOrders, advertisers: totalAdvertisers, log })
    // As autovacuum would have by the time an owner has 50,000 orders: the planner's statistics and the
    // visibility map (index-only scans) of settled tables.
    await run('VACUUM ANALYZE')
    const seedSeconds = (performance.now() - seedStarted) / 1000
    const [counts] = await rows<{
      orders: number
      purchases: number
      advertisers: number
      emails: number
      inquiries: number
    }>(
      `SELECT (SELECT count(*) FROM orders)::int AS orders, (SELECT count(*) FROM purchases)::int AS purchases,
              (SELECT count(*) FROM advertisers)::int AS advertisers, (SELECT count(*) FROM outbox)::int AS emails,
              (SELECT count(*) FROM email_inquiries)::int AS inquiries`,
    )
    log(
      `${options.engine}: ${counts?.orders} orders, ${counts?.purchases} purchases, ${counts?.advertisers} advertisers, ${counts?.emails} e-mails, ${counts?.inquiries} inquiries (${seedSeconds.toFixed(1)} s)`,
    )

    // One advertiser of many purchases, as the drawer opens it.
    const [busy] = await rows<{ id: string; purchases: number }>(
      `SELECT id, purchase_count AS purchases FROM advertisers ORDER BY purchase_count DESC, id LIMIT 1`,
    )
    if (options.explain)
      for (const [label, text] of explained(busy?.id ?? '00000000-0000-0000-0000-000000000000')) {
        const plan = await rows<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${text}`)
        log(`EXPLAIN ANALYZE ${label} (${options.engine}):`)
        for (const row of plan) log(`    ${row['QUERY PLAN']}`)
      }

    const cookie = await benchAdminCookie({ app, deps })
    const get = (pathAndQuery: string) =>
      app.request(`${ORIGIN}${pathAndQuery}`, { headers: { cookie, 'x-forwarded-for': '203.0.113.10' } })

    const middle = Math.max(1, Math.round(totalAdvertisers / 25 / 2))
    const variants = [
      { name: 'first page (last mailing, newest first)', path: '/api/admin/advertisers' },
      { name: 'sorted by lifetime paid', path: '/api/admin/advertisers?sort=lifetimePaid' },
      { name: `page ${middle} (the middle)`, path: `/api/admin/advertisers?page=${middle}` },
      { name: "search a name fragment ('ness 12')", path: '/api/admin/advertisers?q=ness%2012' },
      { name: "search an e-mail fragment ('r271@')", path: '/api/admin/advertisers?q=r271%40' },
      {
        name: `one advertiser's detail (${busy?.purchases} purchases)`,
        path: `/api/admin/advertisers/${busy?.id}`,
      },
    ]
    const measured: AdvertisersBenchResult['variants'] = []
    for (const variant of variants) {
      const timings: number[] = []
      let answer = ''
      for (let i = 0; i < warmups + runs; i++) {
        const started = performance.now()
        const response = await get(variant.path)
        const body = await response.text()
        const ms = performance.now() - started
        if (response.status !== 200)
          throw new Error(`GET ${variant.path} answered ${response.status}: ${body.slice(0, 300)}`)
        if (i >= warmups) timings.push(ms)
        if (i === 0) {
          const json = JSON.parse(body) as { total?: number; advertisers?: unknown[]; mailings?: unknown[] }
          answer =
            json.total !== undefined
              ? `${json.advertisers?.length} of ${json.total.toLocaleString('en-US')}`
              : `${json.mailings?.length} mailings, ${(body.length / 1024).toFixed(0)} KB`
        }
      }
      measured.push({ ...variant, latency: latencyOf(timings), answer })
      log(`${options.engine}: ${variant.name} timed`)
    }
    return {
      engine: options.engine,
      orders: counts?.orders ?? 0,
      purchases: counts?.purchases ?? 0,
      advertisers: counts?.advertisers ?? 0,
      seedSeconds,
      loadAverage: os.loadavg()[0] ?? 0,
      variants: measured,
    }
  } finally {
    await database.close()
    await drop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

async function postgresReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 })
  try {
    await client.connect()
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => {})
  }
}

export function describeAdvertisersBench(r: AdvertisersBenchResult): string[] {
  const ms = (v: number) => `${v.toFixed(1)} ms`
  return [
    `Admin Advertisers on ${r.engine}, ${r.orders.toLocaleString('en-US')} orders in ${r.purchases.toLocaleString('en-US')} purchases from ${r.advertisers.toLocaleString('en-US')} advertisers (filled in ${r.seedSeconds.toFixed(0)} s; load average ${r.loadAverage.toFixed(1)} on ${os.cpus().length} CPUs), in-process, ${r.variants[0]?.latency.n ?? 0} requests each after warm-up:`,
    ...r.variants.map(
      (v) =>
        `  ${v.name.padEnd(44)} p50 ${ms(v.latency.p50).padStart(8)}  p95 ${ms(v.latency.p95).padStart(8)}  max ${ms(v.latency.max).padStart(8)}  (${v.answer})`,
    ),
    '  target: p95 <= 50 ms for a list page on both engines',
  ]
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const only = process.argv.includes('--engine')
    ? process.argv[process.argv.indexOf('--engine') + 1]
    : undefined
  const engines = (only ? [only] : ['pglite', 'postgres']) as Engine[]
  const log = (line: string) => console.error(`  … ${line}`)
  const baseUrl =
    process.env.BENCH_DATABASE_URL ||
    process.env.DATABASE_URL ||
    process.env.TEST_DATABASE_URL ||
    'postgres://postgres@127.0.0.1:5432/postgres'
  for (const engine of engines) {
    if (engine === 'postgres' && !(await postgresReachable(baseUrl))) {
      console.log(`PostgreSQL not reachable at ${new URL(baseUrl).host}: skipped.`)
      continue
    }
    const result = await runAdvertisersBench({
      engine,
      databaseUrl: baseUrl,
      explain: process.argv.includes('--explain'),
      log,
    })
    for (const line of describeAdvertisersBench(result)) console.log(line)
  }
}
