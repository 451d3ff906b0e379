/**
 * The admin month overview (GET /api/admin/mailings) on PostgreSQL with ten years of data:
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx scripts/bench-mailings.ts
 *
 * Creates its own database (townflyer_bench_mailings_<pid>) on the server of BENCH_DATABASE_URL,
 * DATABASE_URL or TEST_DATABASE_URL (else postgres://postgres@127.0.0.1:5432), migrates it the way a server
 * start does, seeds 120 months of calendar days (every date: about 30 a month, so a mailing each, through
 * the calendar_days trigger) and 50,000 orders over them (paid, pending, refunded and expired; day orders
 * and icon orders naming their mailing), then times the overview 200 times after 20 warm-ups: through the
 * app in-process (admin session cookie, the full middleware stack) and as the service call alone. Drops
 * the database at the end. Prints figures; asserts nothing.
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { openPostgres } from '#server/db/client.ts'
import { getMailingOverview } from '#server/features/mailings/mailings.service.ts'
import { BENCH_ORIGIN, benchAdminCookie, startBenchApp } from './lib/bench-app.ts'

export type OverviewLatency = { n: number; p50: number; p95: number; max: number }
export type MailingsBenchResult = {
  months: number
  days: number
  orders: number
  /** Orders per status, e.g. { paid: 23000, … }. */
  byStatus: Record<string, number>
  /** Rows the overview answered (mailings of its 15-month window) and its body size. */
  overviewRows: number
  bodyBytes: number
  /** GET /api/admin/mailings through the app in-process, ms. */
  http: OverviewLatency
  /** getMailingOverview alone, ms. */
  service: OverviewLatency
  seedSeconds: number
}

export type MailingsBenchOptions = {
  databaseUrl?: string
  months?: number
  orders?: number
  warmups?: number
  runs?: number
  log?: (line: string) => void
}

const ORIGIN = BENCH_ORIGIN

function withDatabase(url: string, name: string) {
  const u = new URL(url)
  u.pathname = `/${name}`
  return u.toString()
}

function latencyOf(timings: number[]): OverviewLatency {
  const sorted = [...timings].sort((a, b) => a - b)
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0
  return { n: sorted.length, p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] ?? 0 }
}

async function time(runs: number, warmups: number, once: () => Promise<void>): Promise<OverviewLatency> {
  for (let i = 0; i < warmups; i++) await once()
  const timings: number[] = []
  for (let i = 0; i < runs; i++) {
    const started = performance.now()
    await once()
    timings.push(performance.now() - started)
  }
  return latencyOf(timings)
}

/**
 * Ten years of sales in plain SQL (seconds, not minutes, for 50,000 rows), through the same triggers the
 * app's writes go through (mailing per month, order item snapshot, order history). The months end 11 after
 * the current one, so the overview's window (3 back, 12 ahead) lies inside the data and 9 years of history
 * sit outside it, as on a site that has run for years.
 */
export async function seed(client: pg.Client, months: number, totalOrders: number) {
  await client.query('BEGIN')
  await client.query(
    `INSERT INTO calendar_days (date, price_cents, status)
       SELECT d::date, 12000, 'available'
       FROM generate_series(
         date_trunc('month', now()) - make_interval(months => $1::int - 12),
         date_trunc('month', now()) + interval '12 months' - interval '1 day',
         interval '1 day') d
     ON CONFLICT (date) DO NOTHING`,
    [months],
  )
  // Live day orders: 70% of days paid, 3% held (a live checkout hold or an admin's pending order).
  await client.query(
    `WITH days AS (SELECT id, date, row_number() OVER (ORDER BY date) AS n FROM calendar_days)
     INSERT INTO orders (id, business_name, email, amount_cents, status, day_id, payment_provider,
                         payment_session_id, expires_at, paid_at, created_at)
       SELECT 'bench-day-' || n, 'Business ' || (n % 700), 'owner' || (n % 700) || '@example.com', 12000,
              CASE WHEN n % 100 < 70 THEN 'paid' ELSE 'pending' END, id, 'local', 'bench-s-day-' || n,
              CASE WHEN n % 100 < 70 OR n % 2 = 0 THEN NULL ELSE now() + interval '30 minutes' END,
              CASE WHEN n % 100 < 70 THEN date - 30 END,
              date - 30
       FROM days WHERE n % 100 < 73`,
  )
  await client.query(
    `UPDATE calendar_days d SET status = CASE WHEN o.status = 'paid' THEN 'reserved' ELSE 'reserved_pending' END
       FROM orders o WHERE o.day_id = d.id AND o.status IN ('paid', 'pending')`,
  )
  // Dead day orders: three lapsed holds on most days, a refund on every fifth.
  await client.query(
    `WITH days AS (SELECT id, date, row_number() OVER (ORDER BY date) AS n FROM calendar_days)
     INSERT INTO orders (id, business_name, email, amount_cents, status, day_id, payment_provider,
                         payment_session_id, expires_at, created_at)
       SELECT 'bench-dead-' || n || '-' || k, 'Business ' || ((n + k) % 700),
              'owner' || ((n + k) % 700) || '@example.com', 12000,
              CASE WHEN k = 0 THEN 'refunded' ELSE 'expired' END, id, 'local', 'bench-s-dead-' || n || '-' || k,
              CASE WHEN k = 0 THEN NULL ELSE date - 40 + k END, date - 40 + k
       FROM days, generate_series(0, 3) k
       WHERE (k = 0 AND n % 5 = 0) OR (k > 0 AND n % 10 <> 9)`,
  )
  const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM orders')
  const iconOrders = Math.max(0, totalOrders - (rows[0]?.n ?? 0))
  // Icon orders make up the rest, spread evenly over the mailings: 60% paid, 5% held, 5% refunded, 30% lapsed.
  await client.query(
    `WITH months AS (
       SELECT month, row_number() OVER (ORDER BY month) - 1 AS m, count(*) OVER () AS total FROM mailings
     ), icons AS (
       SELECT id, row_number() OVER (ORDER BY price_cents, id) - 1 AS i, count(*) OVER () AS total FROM map_icons
     )
     INSERT INTO orders (id, business_name, email, amount_cents, status, map_icon_id, mailing_month,
                         payment_provider, payment_session_id, expires_at, paid_at, created_at)
       SELECT 'bench-icon-' || g, 'Business ' || (g % 700), 'owner' || (g % 700) || '@example.com',
              CASE WHEN g % 3 = 0 THEN 30000 ELSE 15000 END,
              CASE WHEN g % 20 < 12 THEN 'paid' WHEN g % 20 = 12 THEN 'pending'
                   WHEN g % 20 = 13 THEN 'refunded' ELSE 'expired' END,
              icons.id, months.month, 'local', 'bench-s-icon-' || g,
              CASE WHEN g % 20 = 12 THEN now() + interval '30 minutes'
                   WHEN g % 20 > 13 THEN (months.month || '-01')::date - 29 END,
              CASE WHEN g % 20 < 12 THEN (months.month || '-01')::date - 30 END,
              (months.month || '-01')::date - 30
       FROM generate_series(1, $1::int) g
       JOIN months ON months.m = g % months.total
       JOIN icons ON icons.i = g % icons.total`,
    [iconOrders],
  )
  // Mailings long past were printed and mailed (the trigger creates a past month's mailing closed).
  await client.query(
    `UPDATE mailings SET status = 'mailed' WHERE month < to_char(now() - interval '1 month', 'YYYY-MM')`,
  )
  await client.query('COMMIT')
  await client.query('ANALYZE')
}

export async function runMailingsBench(options: MailingsBenchOptions = {}): Promise<MailingsBenchResult> {
  const baseUrl =
    options.databaseUrl ??
    (process.env.BENCH_DATABASE_URL ||
      process.env.DATABASE_URL ||
      process.env.TEST_DATABASE_URL ||
      'postgres://postgres@127.0.0.1:5432/postgres')
  const months = options.months ?? 120
  const totalOrders = options.orders ?? 50_000
  const warmups = options.warmups ?? 20
  const runs = options.runs ?? 200
  const log = options.log ?? (() => {})

  const name = `townflyer_bench_mailings_${process.pid}_${randomBytes(3).toString('hex')}`
  const admin = new pg.Client({ connectionString: baseUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE "${name}"`)
  const databaseUrl = withDatabase(baseUrl, name)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'townflyer-bench-mailings-'))
  const database = openPostgres(databaseUrl)
  const client = new pg.Client({ connectionString: databaseUrl })
  try {
    // Migrations and the first-start seed (icons, settings), as a server start does.
    const { config, deps, app } = await startBenchApp(database, dataDir, { TRUST_PROXY: 'true' })

    const seedStarted = performance.now()
    await client.connect()
    await seed(client, months, totalOrders)
    const seedSeconds = (performance.now() - seedStarted) / 1000
    const counts = await client.query<{ status: string; n: number }>(
      'SELECT status, count(*)::int AS n FROM orders GROUP BY status ORDER BY status',
    )
    const byStatus = Object.fromEntries(counts.rows.map((r) => [r.status, r.n]))
    const [days, mailingCount] = await Promise.all([
      client.query<{ n: number }>('SELECT count(*)::int AS n FROM calendar_days'),
      client.query<{ n: number }>('SELECT count(*)::int AS n FROM mailings'),
    ])
    log(
      `seeded ${mailingCount.rows[0]?.n} mailings, ${days.rows[0]?.n} days, orders ${JSON.stringify(byStatus)}`,
    )

    const cookie = await benchAdminCookie({ app, deps })

    let overviewRows = 0
    let bodyBytes = 0
    const http = await time(runs, warmups, async () => {
      const response = await app.request(`${ORIGIN}/api/admin/mailings`, {
        headers: { cookie, 'x-forwarded-for': '203.0.113.10' },
      })
      const body = await response.text()
      if (response.status !== 200)
        throw new Error(`GET /api/admin/mailings answered ${response.status}: ${body.slice(0, 300)}`)
      bodyBytes = body.length
      overviewRows = (JSON.parse(body) as { rows: unknown[] }).rows.length
    })
    log(`GET /api/admin/mailings timed (${runs} after ${warmups} warm-ups)`)
    const service = await time(runs, warmups, async () => {
      await getMailingOverview(deps.database.db, { timeZone: config.timeZone })
    })
    log(`getMailingOverview timed (${runs} after ${warmups} warm-ups)`)

    return {
      months: mailingCount.rows[0]?.n ?? 0,
      days: days.rows[0]?.n ?? 0,
      orders: Object.values(byStatus).reduce((a, b) => a + b, 0),
      byStatus,
      overviewRows,
      bodyBytes,
      http,
      service,
      seedSeconds,
    }
  } finally {
    await client.end().catch(() => {})
    await database.close()
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    await admin.end()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

export function describeMailingsBench(r: MailingsBenchResult): string[] {
  const ms = (v: number) => `${v.toFixed(1)} ms`
  const line = (l: OverviewLatency) => `p50 ${ms(l.p50)}, p95 ${ms(l.p95)}, max ${ms(l.max)}`
  const statuses = Object.entries(r.byStatus)
    .map(([status, n]) => `${n.toLocaleString('en-US')} ${status}`)
    .join(', ')
  return [
    `Admin month overview on PostgreSQL, ${r.months} mailings, ${r.days.toLocaleString('en-US')} days, ${r.orders.toLocaleString('en-US')} orders (${statuses}); ${r.overviewRows} rows, ${(r.bodyBytes / 1024).toFixed(1)} KB per answer:`,
    `  GET /api/admin/mailings in-process (${r.http.n} after warm-up): ${line(r.http)}`,
    `  getMailingOverview alone (${r.service.n}): ${line(r.service)}`,
  ]
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = await runMailingsBench({ log: (line) => console.error(`  … ${line}`) })
  console.error(`  … seeded in ${result.seedSeconds.toFixed(1)} s`)
  for (const line of describeMailingsBench(result)) console.log(line)
}
