/**
 * The admin's Artwork board for a mailing of 1,000 sold lines, on PostgreSQL:
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx scripts/bench-artwork-board.ts [--no-browser] [--lines N]
 *
 * Creates its own database (townflyer_bench_artwork_<pid>) on the server of BENCH_DATABASE_URL,
 * DATABASE_URL or TEST_DATABASE_URL (else postgres://postgres@127.0.0.1:5432), migrates it, and seeds one
 * mailing 14 months ahead: every day of the month sold and map icon orders for the rest of the lines, 70% of
 * them with artwork (received, approved or sent back for changes, PNGs and PDFs, with thumbnails). Then:
 *
 * - GET /api/admin/mailings/:month/artwork in-process (admin cookie, full middleware), as the board first
 *   asks for it: the lines answered, the total, the bytes (identity and br), p50/max of 20 after 5 warm-ups;
 * - unless --no-browser: the built server (dist/, `npm run build`) on that database and Chromium: from
 *   navigation to /admin/artwork?month= until the board's first row is visible (a cold first visit, then
 *   warm repeats), and the elements in the page's DOM once it is.
 *
 * Drops the database at the end. Prints figures; asserts nothing.
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { brotliCompressSync } from 'node:zlib'
import pg from 'pg'
import { openPostgres } from '#server/db/client.ts'
import { openAdminBrowser } from './lib/admin-browser.ts'
import { BENCH_ADMIN, BENCH_ORIGIN, BENCH_SECRET, benchAdminCookie, startBenchApp } from './lib/bench-app.ts'

const ORIGIN = BENCH_ORIGIN

function withDatabase(url: string, name: string) {
  const u = new URL(url)
  u.pathname = `/${name}`
  return u.toString()
}

/** One month's sales: every date sold, then icon orders up to `lines`; 70% with artwork of mixed states. */
async function seedMonth(client: pg.Client, month: string, lines: number) {
  await client.query('BEGIN')
  await client.query(
    `INSERT INTO calendar_days (date, price_cents, status)
       SELECT d::date, 12000, 'reserved'
       FROM generate_series($1::date, ($1::date + interval '1 month' - interval '1 day'), interval '1 day') d
     ON CONFLICT (date) DO NOTHING`,
    [`${month}-01`],
  )
  await client.query(
    `WITH days AS (
       SELECT id, row_number() OVER (ORDER BY date) AS n FROM calendar_days WHERE to_char(date, 'YYYY-MM') = $1
     )
     INSERT INTO orders (id, business_name, email, amount_cents, status, day_id, payment_provider,
                         payment_session_id, paid_at, created_at)
       SELECT 'bench-art-day-' || n, 'Business ' || n, 'owner' || n || '@example.com', 12000, 'paid', id,
              'local', 'bench-art-s-' || (n / 2), now() - interval '20 days', now() - interval '20 days'
       FROM days`,
    [month],
  )
  const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM orders')
  await client.query(
    `WITH icons AS (
       SELECT id, row_number() OVER (ORDER BY price_cents, id) - 1 AS i, count(*) OVER () AS total FROM map_icons
     )
     INSERT INTO orders (id, business_name, email, amount_cents, status, map_icon_id, mailing_month,
                         payment_provider, payment_session_id, paid_at, created_at)
       SELECT 'bench-art-icon-' || g, 'Business ' || (g + 40), 'owner' || (g + 40) || '@example.com',
              CASE WHEN g % 3 = 0 THEN 30000 ELSE 15000 END, 'paid', icons.id, $1,
              'local', 'bench-art-s-icon-' || (g / 3), now() - interval '19 days', now() - interval '19 days'
       FROM generate_series(1, $2::int) g JOIN icons ON icons.i = g % icons.total`,
    [month, Math.max(0, lines - (rows[0]?.n ?? 0))],
  )
  // Artwork on 7 lines in 10: received, approved or sent back; a PNG with a thumbnail or a PDF.
  await client.query(
    `WITH lines AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM orders WHERE id LIKE 'bench-art-%')
     INSERT INTO order_artwork (order_id, file_key, thumbnail_key, file_name, content_type, size_bytes,
                                inspection, state, owner_note, uploaded_at, reviewed_at, reviewed_by)
       SELECT id, 'artwork/' || $1 || '/bench-' || n || CASE WHEN n % 4 = 0 THEN '.pdf' ELSE '.png' END,
              CASE WHEN n % 4 = 0 THEN NULL ELSE 'artwork/' || $1 || '/bench-' || n || '-preview.png' END,
              CASE WHEN n % 4 = 0 THEN 'flyer-' || n || '.pdf' ELSE 'logo-' || n || '.png' END,
              CASE WHEN n % 4 = 0 THEN 'application/pdf' ELSE 'image/png' END, 250000 + n,
              CASE WHEN n % 4 = 0
                THEN '{"kind":"pdf","mime":"application/pdf","ext":"pdf","pageCount":1,"pageWidthInches":1,"pageHeightInches":1}'::jsonb
                ELSE jsonb_build_object('kind', 'image', 'mime', 'image/png', 'ext', 'png',
                                        'widthPx', CASE WHEN n % 3 = 0 THEN 150 ELSE 600 END,
                                        'heightPx', CASE WHEN n % 3 = 0 THEN 150 ELSE 600 END) END,
              CASE WHEN n % 10 < 3 THEN 'received' WHEN n % 10 < 6 THEN 'approved' ELSE 'changes_requested' END,
              CASE WHEN n % 10 >= 6 THEN 'Please send the logo without the white box.' END,
              now() - interval '10 days',
              CASE WHEN n % 10 >= 3 THEN now() - interval '5 days' END,
              CASE WHEN n % 10 >= 3 THEN 'bench-admin@example.com' END
       FROM lines WHERE n % 10 < 7`,
    [month],
  )
  await client.query('COMMIT')
  await client.query('ANALYZE')
}

export type ArtworkBoardBenchResult = {
  lines: number
  api: { linesAnswered: number; total: number; bytes: number; brBytes: number; p50: number; max: number }
  browser: { firstRowMs: number[]; elements: number; rows: number } | { skipped: string }
  loadAverage: number
}

export async function runArtworkBoardBench(
  options: { lines?: number; browser?: boolean; log?: (line: string) => void } = {},
): Promise<ArtworkBoardBenchResult> {
  const baseUrl =
    process.env.BENCH_DATABASE_URL ||
    process.env.DATABASE_URL ||
    process.env.TEST_DATABASE_URL ||
    'postgres://postgres@127.0.0.1:5432/postgres'
  const lines = options.lines ?? 1000
  const log = options.log ?? (() => {})
  const ahead = new Date()
  ahead.setUTCDate(1)
  ahead.setUTCMonth(ahead.getUTCMonth() + 14)
  const month = ahead.toISOString().slice(0, 7)

  const name = `townflyer_bench_artwork_${process.pid}_${randomBytes(3).toString('hex')}`
  const admin = new pg.Client({ connectionString: baseUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE "${name}"`)
  const databaseUrl = withDatabase(baseUrl, name)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'townflyer-bench-artwork-'))
  const database = openPostgres(databaseUrl)
  const client = new pg.Client({ connectionString: databaseUrl })
  try {
    const { deps, app } = await startBenchApp(database, dataDir, { TRUST_PROXY: 'true' })
    await client.connect()
    await seedMonth(client, month, lines)
    log(`seeded ${lines} lines in ${month}`)

    const cookie = await benchAdminCookie({ app, deps })
    const url = `${ORIGIN}/api/admin/mailings/${month}/artwork`
    const timings: number[] = []
    let body = ''
    for (let i = 0; i < 25; i++) {
      const started = performance.now()
      const response = await app.request(url, { headers: { cookie, 'x-forwarded-for': '203.0.113.10' } })
      body = await response.text()
      if (response.status !== 200)
        throw new Error(`the board answered ${response.status}: ${body.slice(0, 200)}`)
      if (i >= 5) timings.push(performance.now() - started)
    }
    timings.sort((a, b) => a - b)
    const parsed = JSON.parse(body) as { lines: unknown[]; total?: number }
    const api = {
      linesAnswered: parsed.lines.length,
      total: parsed.total ?? parsed.lines.length,
      bytes: Buffer.byteLength(body),
      brBytes: brotliCompressSync(body).byteLength,
      p50: timings[Math.floor(timings.length / 2)] ?? 0,
      max: timings[timings.length - 1] ?? 0,
    }
    log('API timed')

    let browser: ArtworkBoardBenchResult['browser']
    if (options.browser === false) browser = { skipped: '--no-browser' }
    else {
      try {
        browser = await measureBrowser(databaseUrl, month, log)
      } catch (error) {
        browser = {
          skipped: error instanceof Error ? (error.message.split('\n')[0] ?? 'failed') : String(error),
        }
      }
    }
    return { lines, api, browser, loadAverage: os.loadavg()[0] ?? 0 }
  } finally {
    await client.end().catch(() => {})
    await database.close()
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    await admin.end()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

/** The built server on the bench database: navigation to the board until its first row shows, 5 visits. */
async function measureBrowser(databaseUrl: string, month: string, log: (line: string) => void) {
  const { page, close } = await openAdminBrowser({
    label: 'townflyer-bench-artwork-browser',
    databaseUrl,
    authSecret: BENCH_SECRET,
    admin: BENCH_ADMIN,
  })
  try {
    const firstRowMs: number[] = []
    for (let i = 0; i < 5; i++) {
      const started = performance.now()
      await page.goto(`/admin/artwork?month=${month}`, { waitUntil: 'commit' })
      await page.getByRole('rowheader').first().waitFor({ state: 'visible', timeout: 60_000 })
      firstRowMs.push(performance.now() - started)
    }
    const { elements, rows } = await page.evaluate(() => ({
      elements: document.querySelectorAll('*').length,
      rows: document.querySelectorAll('tbody tr').length,
    }))
    log(`Chromium: 5 visits of /admin/artwork`)
    return { firstRowMs, elements, rows }
  } finally {
    await close()
  }
}

export function describeArtworkBoardBench(r: ArtworkBoardBenchResult): string[] {
  const ms = (v: number) => `${v.toFixed(1)} ms`
  const lines = [
    `Artwork board of a mailing with ${r.lines.toLocaleString('en-US')} lines (PostgreSQL; load average ${r.loadAverage.toFixed(1)} on ${os.cpus().length} CPUs):`,
    `  GET /api/admin/mailings/:month/artwork in-process: ${r.api.linesAnswered} lines of ${r.api.total.toLocaleString('en-US')}, ${r.api.bytes.toLocaleString('en-US')} bytes (${r.api.brBytes.toLocaleString('en-US')} br), p50 ${ms(r.api.p50)}, max ${ms(r.api.max)}`,
  ]
  if ('skipped' in r.browser) lines.push(`  Chromium: skipped (${r.browser.skipped})`)
  else {
    const [cold, ...warm] = r.browser.firstRowMs
    const median = [...warm].sort((a, b) => a - b)[Math.floor(warm.length / 2)] ?? 0
    lines.push(
      `  Chromium (built server, 1280 px): first row ${ms(cold ?? 0)} cold, median ${ms(median)} warm; ${r.browser.rows} rows, ${r.browser.elements.toLocaleString('en-US')} elements in the DOM`,
    )
  }
  return lines
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const at = process.argv.indexOf('--lines')
  const result = await runArtworkBoardBench({
    lines: at > 0 ? Number(process.argv[at + 1]) : undefined,
    browser: !process.argv.includes('--no-browser'),
    log: (line) => console.error(`  … ${line}`),
  })
  for (const line of describeArtworkBoardBench(result)) console.log(line)
}
