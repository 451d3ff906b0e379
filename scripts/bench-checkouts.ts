/**
 * The admin Orders screen by checkout on PostgreSQL with 50,000 orders:
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx scripts/bench-checkouts.ts [--no-browser] [--explain]
 *
 * Creates its own database (townflyer_bench_checkouts_<pid>) on the server of BENCH_DATABASE_URL,
 * DATABASE_URL or TEST_DATABASE_URL (else postgres://postgres@127.0.0.1:5432), migrates it, seeds ten years
 * of days and 50,000 orders (scripts/bench-mailings.ts's seed) and groups them into checkouts: day orders by
 * two, icon orders by three, every 20th day order a manual order of its own. Then it measures:
 *
 * - GET /api/admin/checkouts through the app in-process (admin cookie, full middleware): p50/p95/max over
 *   200 requests after 20 warm-ups, cycling through sorts, pages and filters (VARIANTS below);
 * - GET /api/admin/checkouts/export.csv of every line: rows, bytes, seconds and the growth of the process's
 *   RSS over its value before the export, sampled at every chunk (the stream must stay constant-memory);
 *   then the same export over HTTP (node:http, as main.ts serves) with Accept-Encoding br and gzip: time to
 *   the answer's headers, to its first body byte, and to its end, and the bytes sent;
 * - unless --no-browser: the built server (dist/, `npm run build`) on that database and Chromium
 *   (playwright-core, scripts/lib/chromium.ts): from navigation to /admin/orders until the first rows are
 *   rendered, and until the first checkout's lines are expanded, for a cold first visit and warm repeats.
 *
 * --explain prints EXPLAIN ANALYZE of the page query for the first variants; --csv-only measures the exports
 * alone (no list timings, no Chromium). Drops the database at the end.
 * Prints figures; asserts nothing.
 */
import { randomBytes } from 'node:crypto'
import { once as onceEvent } from 'node:events'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import v8 from 'node:v8'
import vm from 'node:vm'
import { getRequestListener } from '@hono/node-server'
import pg from 'pg'
import type { createApp } from '#server/app.ts'
import { openPostgres } from '#server/db/client.ts'
import { listCheckouts } from '#server/features/admin-orders/checkouts.service.ts'
import { type CheckoutsQuery, checkoutsQuerySchema } from '#shared/admin-checkouts.ts'
import { seed } from './bench-mailings.ts'
import { openAdminBrowser } from './lib/admin-browser.ts'
import { BENCH_ADMIN, BENCH_ORIGIN, BENCH_SECRET, benchAdminCookie, startBenchApp } from './lib/bench-app.ts'

export type Latency = { n: number; p50: number; p95: number; max: number }

export type CheckoutsBenchResult = {
  orders: number
  checkouts: number
  /** The list through the app in-process, over all variants. */
  list: Latency
  /** listCheckouts alone, over all variants. */
  service: Latency
  /** The machine's 1-minute load average when the timings ended (other work skews every figure). */
  loadAverage: number
  /** p95 per variant (each variant gets runs / variants requests). */
  byVariant: { name: string; p95: number; total: number }[]
  csv: {
    rows: number
    bytes: number
    seconds: number
    rssBeforeMb: number
    peakGrowthMb: number
    heapGrowthMb: number
    chunks: number
  }
  /** The export over HTTP, compressed: ms to the headers, to the first body byte and to the end. */
  csvEncoded: { encoding: string; headersMs: number; firstByteMs: number; totalMs: number; bytes: number }[]
  browser: { firstRowsMs: number[]; expandedMs: number[] } | { skipped: string }
  seedSeconds: number
}

export type CheckoutsBenchOptions = {
  databaseUrl?: string
  orders?: number
  warmups?: number
  runs?: number
  browser?: boolean
  browserRuns?: number
  explain?: boolean
  log?: (line: string) => void
}

const ORIGIN = BENCH_ORIGIN

const thisMonth = new Date().toISOString().slice(0, 7)
/** What an owner does on the screen: the default page, later pages, each sort, each filter. */
export const VARIANTS: { name: string; query: string }[] = [
  { name: 'newest first (default)', query: '' },
  { name: 'page 40', query: 'page=40' },
  { name: 'page 400 (offset 9,975)', query: 'page=400' },
  { name: 'amount desc', query: 'sort=amount&dir=desc' },
  { name: 'ad date asc', query: 'sort=adDate&dir=asc' },
  { name: 'status paid', query: 'status=paid' },
  { name: 'type map_icon', query: 'type=map_icon' },
  { name: `mailing ${thisMonth}`, query: `mailingMonth=${thisMonth}` },
  { name: 'business contains', query: 'businessName=Business%2012' },
  { name: 'e-mail contains', query: 'email=owner3' },
  { name: 'max price $200', query: 'maxPrice=200' },
  { name: 'created range + refunded', query: 'status=refunded&createdFrom=2020-01-01&createdTo=2030-12-31' },
]

function withDatabase(url: string, name: string) {
  const u = new URL(url)
  u.pathname = `/${name}`
  return u.toString()
}

export function latencyOf(timings: number[]): Latency {
  const sorted = [...timings].sort((a, b) => a - b)
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0
  return { n: sorted.length, p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] ?? 0 }
}

/** Carts as real checkouts make them: lines of one payment session, and manual orders on their own. */
export async function groupIntoCheckouts(client: pg.Client) {
  await client.query('BEGIN')
  await client.query(
    `UPDATE orders SET payment_session_id = 'bench-cart-day-' || (substring(id from '^bench-day-(\\d+)$')::int / 2)
       WHERE id ~ '^bench-day-\\d+$' AND substring(id from '^bench-day-(\\d+)$')::int % 20 <> 0`,
  )
  await client.query(
    `UPDATE orders SET payment_session_id = NULL, payment_provider = NULL, source = 'manual', expires_at = NULL
       WHERE id ~ '^bench-day-\\d+$' AND substring(id from '^bench-day-(\\d+)$')::int % 20 = 0`,
  )
  await client.query(
    `UPDATE orders SET payment_session_id = 'bench-cart-icon-' || (substring(id from '^bench-icon-(\\d+)$')::int / 3)
       WHERE id ~ '^bench-icon-\\d+$'`,
  )
  // A line keeps the purchase it was inserted into: the regrouped lines are moved to the purchases of their
  // new keys (made here, as a line naming a new key would make it), and the purchases left empty removed.
  await client.query(
    `INSERT INTO purchases (id, advertiser_id, business_name, email, source, payment_provider, created_at)
       SELECT k.key, advertiser_for_email(k.email, k.business_name), k.business_name, k.email, k.source,
              k.payment_provider, k.created_at
       FROM (SELECT DISTINCT ON (coalesce(payment_session_id, id)) coalesce(payment_session_id, id) AS key,
                    email, business_name, CASE WHEN source = 'manual' THEN 'manual' ELSE 'checkout' END AS source,
                    payment_provider, created_at
             FROM orders WHERE purchase_id <> coalesce(payment_session_id, id)
             ORDER BY coalesce(payment_session_id, id), created_at, id) k
     ON CONFLICT (id) DO NOTHING`,
  )
  await client.query(
    `UPDATE orders SET purchase_id = coalesce(payment_session_id, id) WHERE purchase_id <> coalesce(payment_session_id, id)`,
  )
  // The emptied purchases (and the receipts their lines' payments got) are the seed's, not a buyer's.
  const emptied = `SELECT p.id FROM purchases p WHERE p.id LIKE 'bench-%'
    AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.purchase_id = p.id)`
  await client.query(`DELETE FROM receipts WHERE purchase_id IN (${emptied})`)
  await client.query(`DELETE FROM purchases WHERE id IN (${emptied})`)
  await client.query('COMMIT')
  // The regrouping rewrote every line and so every purchase row (the summary triggers): vacuum as
  // autovacuum would have by the time an owner has 50,000 orders, so the bench reads a settled table.
  await client.query('VACUUM ANALYZE orders')
  await client.query('VACUUM ANALYZE purchases')
  await client.query('VACUUM ANALYZE advertisers')
}

export async function runCheckoutsBench(options: CheckoutsBenchOptions = {}): Promise<CheckoutsBenchResult> {
  const baseUrl =
    options.databaseUrl ??
    (process.env.BENCH_DATABASE_URL ||
      process.env.DATABASE_URL ||
      process.env.TEST_DATABASE_URL ||
      'postgres://postgres@127.0.0.1:5432/postgres')
  const totalOrders = options.orders ?? 50_000
  const warmups = options.warmups ?? 20
  const runs = options.runs ?? 200
  const log = options.log ?? (() => {})

  const name = `townflyer_bench_checkouts_${process.pid}_${randomBytes(3).toString('hex')}`
  const admin = new pg.Client({ connectionString: baseUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE "${name}"`)
  const databaseUrl = withDatabase(baseUrl, name)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'townflyer-bench-checkouts-'))
  const database = openPostgres(databaseUrl)
  const client = new pg.Client({ connectionString: databaseUrl })
  try {
    const { deps, app } = await startBenchApp(database, dataDir, { TRUST_PROXY: 'true' })

    const seedStarted = performance.now()
    await client.connect()
    await seed(client, 120, totalOrders)
    await groupIntoCheckouts(client)
    const seedSeconds = (performance.now() - seedStarted) / 1000
    const { rows: counts } = await client.query<{ orders: number; checkouts: number }>(
      'SELECT count(*)::int AS orders, count(DISTINCT purchase_id)::int AS checkouts FROM orders',
    )
    const orders = counts[0]?.orders ?? 0
    const checkouts = counts[0]?.checkouts ?? 0
    log(`seeded ${orders} orders in ${checkouts} checkouts (${seedSeconds.toFixed(1)} s)`)

    const cookie = await benchAdminCookie({ app, deps })
    const get = async (pathAndQuery: string) =>
      app.request(`${ORIGIN}${pathAndQuery}`, { headers: { cookie, 'x-forwarded-for': '203.0.113.10' } })

    if (options.explain) await explainPageQueries(databaseUrl, log)

    // The list: variants in turn, so each gets the same share of the runs.
    const totals = new Map<string, number>()
    const perVariant = new Map<string, number[]>()
    const once = async (i: number, record: boolean) => {
      const variant = VARIANTS[i % VARIANTS.length] as (typeof VARIANTS)[number]
      const started = performance.now()
      const response = await get(`/api/admin/checkouts?${variant.query}`)
      const body = await response.text()
      const ms = performance.now() - started
      if (response.status !== 200)
        throw new Error(
          `GET /api/admin/checkouts?${variant.query} answered ${response.status}: ${body.slice(0, 300)}`,
        )
      totals.set(variant.name, (JSON.parse(body) as { total: number }).total)
      if (record) perVariant.set(variant.name, [...(perVariant.get(variant.name) ?? []), ms])
      return ms
    }
    for (let i = 0; i < warmups; i++) await once(i, false)
    const timings: number[] = []
    for (let i = 0; i < runs; i++) timings.push(await once(i, true))
    log(`GET /api/admin/checkouts timed (${runs} after ${warmups} warm-ups)`)
    // The service alone (no session lookup, no JSON): the SQL's share of the answer.
    const serviceTimings: number[] = []
    const queries = VARIANTS.map((v) =>
      checkoutsQuerySchema.parse(Object.fromEntries(new URLSearchParams(v.query))),
    )
    for (let i = 0; i < warmups + runs; i++) {
      const started = performance.now()
      await listCheckouts(
        deps.database.db,
        queries[i % queries.length] as CheckoutsQuery,
        deps.config.timeZone,
      )
      if (i >= warmups) serviceTimings.push(performance.now() - started)
    }

    const csv = await measureCsv(get)
    log(
      `CSV export: ${csv.rows} rows, ${(csv.bytes / 1024 / 1024).toFixed(1)} MB in ${csv.seconds.toFixed(1)} s`,
    )
    const csvEncoded = []
    for (const encoding of ['br', 'gzip'])
      csvEncoded.push(await measureCsvFirstByte(app, { cookie, 'x-forwarded-for': '203.0.113.10' }, encoding))
    log(`CSV export over HTTP, br and gzip`)

    let browser: CheckoutsBenchResult['browser']
    if (options.browser === false) browser = { skipped: '--no-browser' }
    else {
      try {
        browser = await measureBrowser(databaseUrl, options.browserRuns ?? 5, log)
      } catch (error) {
        browser = {
          skipped: error instanceof Error ? (error.message.split('\n')[0] ?? 'failed') : String(error),
        }
      }
    }

    return {
      orders,
      checkouts,
      list: latencyOf(timings),
      service: latencyOf(serviceTimings),
      loadAverage: os.loadavg()[0] ?? 0,
      byVariant: VARIANTS.map((v) => ({
        name: v.name,
        p95: latencyOf(perVariant.get(v.name) ?? []).p95,
        total: totals.get(v.name) ?? 0,
      })),
      csv,
      csvEncoded,
      browser,
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

/** A garbage collection on demand (as --expose-gc gives), so what stays allocated can be told from garbage. */
function collector(): () => void {
  v8.setFlagsFromString('--expose-gc')
  return vm.runInNewContext('gc') as () => void
}

/**
 * Reads the whole export, sampling RSS at every chunk and, every 20 chunks, the heap in use after a full
 * collection: RSS also counts garbage not yet collected, the heap after a collection is what the stream
 * really keeps. Both are reported as growth over their value before the export.
 */
async function measureCsv(get: (p: string) => Promise<Response>) {
  const gc = collector()
  gc()
  const before = process.memoryUsage().rss
  const heapBefore = process.memoryUsage().heapUsed
  let peak = before
  let heapPeak = heapBefore
  let chunks = 0
  const started = performance.now()
  const response = await get('/api/admin/checkouts/export.csv')
  if (response.status !== 200 || !response.body) throw new Error(`export answered ${response.status}`)
  const reader = response.body.getReader()
  let bytes = 0
  let newlines = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    bytes += value.byteLength
    for (const byte of value) if (byte === 10) newlines++
    const rss = process.memoryUsage().rss
    if (rss > peak) peak = rss
    if (++chunks % 20 === 0) {
      gc()
      heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)
    }
  }
  return {
    rows: newlines - 1,
    bytes,
    seconds: (performance.now() - started) / 1000,
    rssBeforeMb: before / 1024 / 1024,
    peakGrowthMb: (peak - before) / 1024 / 1024,
    heapGrowthMb: (heapPeak - heapBefore) / 1024 / 1024,
    chunks,
  }
}

/**
 * The export over a real connection (the app behind node:http, as main.ts serves it) with one
 * Accept-Encoding: when the headers arrive, when the first body byte does, and when the answer ends.
 */
async function measureCsvFirstByte(
  app: ReturnType<typeof createApp>,
  headers: Record<string, string>,
  encoding: string,
) {
  const server = http.createServer(getRequestListener(app.fetch))
  server.listen(0, '127.0.0.1')
  await onceEvent(server, 'listening')
  const { port } = server.address() as AddressInfo
  try {
    const started = performance.now()
    return await new Promise<CheckoutsBenchResult['csvEncoded'][number]>((resolve, reject) => {
      const req = http.request(
        `http://127.0.0.1:${port}/api/admin/checkouts/export.csv`,
        { headers: { ...headers, 'accept-encoding': encoding } },
        (res) => {
          const headersMs = performance.now() - started
          if (res.statusCode !== 200) reject(new Error(`export answered ${res.statusCode}`))
          if (res.headers['content-encoding'] !== encoding)
            reject(new Error(`export sent ${res.headers['content-encoding'] ?? 'identity'}, not ${encoding}`))
          let firstByteMs = 0
          let bytes = 0
          res.on('data', (chunk: Buffer) => {
            if (bytes === 0) firstByteMs = performance.now() - started
            bytes += chunk.byteLength
          })
          res.on('end', () =>
            resolve({ encoding, headersMs, firstByteMs, totalMs: performance.now() - started, bytes }),
          )
          res.on('error', reject)
        },
      )
      req.on('error', reject)
      req.end()
    })
  } finally {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
}

async function explainPageQueries(databaseUrl: string, log: (line: string) => void) {
  // The statements the service sends, captured from PostgreSQL's log would be exact; these are the same
  // shapes written out (page of keys for the default and amount sorts, then a page's lines).
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    for (const [label, text] of [
      [
        'page of keys, newest first',
        `select id from purchases where live_lines > 0 order by created_at desc, id desc limit 25 offset 0`,
      ],
      ['count, no filter', `select count(*) from purchases where live_lines > 0`],
      [
        'page of keys, status paid, newest first',
        `select id from purchases where live_lines > 0
           and id in (select purchase_id from orders where status <> 'deleted' and status = 'paid')
           order by created_at desc, id desc limit 25`,
      ],
      [
        'count, status paid',
        `select count(*) from purchases where live_lines > 0
           and id in (select purchase_id from orders where status <> 'deleted' and status = 'paid')`,
      ],
      [
        "a page's lines",
        `select o.*, a.state from orders o left join order_artwork a on a.order_id = o.id
           where o.purchase_id in (select purchase_id from orders order by created_at desc limit 25)
           and o.status <> 'deleted' order by o.purchase_id, o.item_date nulls last, o.id`,
      ],
    ] as const) {
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${text}`)
      log(`EXPLAIN ANALYZE ${label}:`)
      for (const row of rows) log(`    ${row['QUERY PLAN']}`)
    }
  } finally {
    await client.end()
  }
}

/**
 * The built server on the bench database and a real Chromium: time from navigation to the first checkout
 * rows, and until the first one's lines are open (the page is usable). The first visit starts a new browser
 * context (cold cache); the others reuse it, as an owner coming back to the tab does.
 */
async function measureBrowser(databaseUrl: string, runs: number, log: (line: string) => void) {
  const { page, close } = await openAdminBrowser({
    label: 'townflyer-bench-checkouts-browser',
    databaseUrl,
    authSecret: BENCH_SECRET,
    admin: BENCH_ADMIN,
  })
  try {
    const firstRowsMs: number[] = []
    const expandedMs: number[] = []
    for (let i = 0; i < runs; i++) {
      const started = performance.now()
      await page.goto('/admin/orders', { waitUntil: 'commit' })
      const expand = page.getByRole('button', { name: /^Lines of checkout / }).first()
      await expand.waitFor({ state: 'visible', timeout: 30_000 })
      firstRowsMs.push(performance.now() - started)
      await expand.click()
      await page
        .getByRole('region', { name: /^Lines of checkout / })
        .first()
        .waitFor({ state: 'visible' })
      expandedMs.push(performance.now() - started)
    }
    log(`Chromium: ${runs} visits of /admin/orders`)
    return { firstRowsMs, expandedMs }
  } finally {
    await close()
  }
}

export function describeCheckoutsBench(r: CheckoutsBenchResult): string[] {
  const ms = (v: number) => `${v.toFixed(1)} ms`
  const lines = [
    `Admin Orders by checkout on PostgreSQL, ${r.orders.toLocaleString('en-US')} orders in ${r.checkouts.toLocaleString('en-US')} checkouts:`,
    ...(r.list.n === 0
      ? [
          `  GET /api/admin/checkouts: not timed; load average ${r.loadAverage.toFixed(1)} on ${os.cpus().length} CPUs`,
        ]
      : [
          `  GET /api/admin/checkouts in-process (${r.list.n} after warm-up, ${r.byVariant.length} sorts/filters/pages in turn): p50 ${ms(r.list.p50)}, p95 ${ms(r.list.p95)}, max ${ms(r.list.max)} (target p95 <= 50 ms)`,
          `  listCheckouts alone (${r.service.n}): p50 ${ms(r.service.p50)}, p95 ${ms(r.service.p95)}, max ${ms(r.service.max)}; load average ${r.loadAverage.toFixed(1)} on ${os.cpus().length} CPUs`,
          `    p95 by variant: ${r.byVariant.map((v) => `${v.name} ${ms(v.p95)} (${v.total.toLocaleString('en-US')})`).join('; ')}`,
        ]),
    `  GET /api/admin/checkouts/export.csv: ${r.csv.rows.toLocaleString('en-US')} rows, ${(r.csv.bytes / 1024 / 1024).toFixed(1)} MB in ${r.csv.seconds.toFixed(1)} s; RSS ${Math.round(r.csv.rssBeforeMb)} MB before, peak growth while streaming ${r.csv.peakGrowthMb.toFixed(1)} MB; live heap after GC (every 20 of ${r.csv.chunks} chunks) at most ${r.csv.heapGrowthMb.toFixed(1)} MB over its start`,
    ...r.csvEncoded.map(
      (e) =>
        `    over HTTP, ${e.encoding}: headers ${ms(e.headersMs)}, first body byte ${ms(e.firstByteMs)}, end ${(e.totalMs / 1000).toFixed(1)} s, ${e.bytes.toLocaleString('en-US')} bytes sent`,
    ),
  ]
  if ('skipped' in r.browser) lines.push(`  Chromium /admin/orders: skipped (${r.browser.skipped})`)
  else {
    const [cold, ...warm] = r.browser.expandedMs
    const [coldRows, ...warmRows] = r.browser.firstRowsMs
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0
    lines.push(
      `  Chromium /admin/orders (built server, 1280 px): first rows ${ms(coldRows ?? 0)} cold, median ${ms(median(warmRows))} warm; a checkout's lines open ${ms(cold ?? 0)} cold, median ${ms(median(warm))} warm (target <= 2 s)`,
    )
  }
  return lines
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const csvOnly = process.argv.includes('--csv-only')
  const result = await runCheckoutsBench({
    ...(csvOnly ? { runs: 0, warmups: 0 } : {}),
    browser: !csvOnly && !process.argv.includes('--no-browser'),
    explain: process.argv.includes('--explain'),
    log: (line) => console.error(`  … ${line}`),
  })
  for (const line of describeCheckoutsBench(result)) console.log(line)
}
