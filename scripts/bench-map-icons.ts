/**
 * The public icon list (GET /api/map-icons) on BOTH engines, in-process:
 *
 *   node --import tsx scripts/bench-map-icons.ts
 *
 * PGlite in memory, and PostgreSQL in a database of its own on BENCH_DATABASE_URL, DATABASE_URL or
 * TEST_DATABASE_URL (else postgres://postgres@127.0.0.1:5432/postgres), dropped at the end. Each gets the
 * first-run seed plus 20 more icons and 6,000 icon orders over the open mailings (paid, live holds, lapsed
 * holds, refunded), then times: the list's load (listMapIcons, what a cache miss costs), the route answered
 * from the read cache (a hit), and POST /api/functions/refresh-map-icon-availability. 30 warm-ups, then
 * 300 runs each; prints p50/p95 in ms. Asserts nothing.
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { type Database, openPostgres, wrapPglite } from '#server/db/client.ts'
import { seedFirstRun } from '#server/db/seed.ts'
import { listMapIcons } from '#server/features/map-icons/map-icons.service.ts'
import { BENCH_ORIGIN, startBenchApp } from './lib/bench-app.ts'

const ORIGIN = BENCH_ORIGIN
const WARMUPS = 30
const RUNS = 300

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number

async function time(run: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < WARMUPS; i++) await run()
  const timings: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now()
    await run()
    timings.push(performance.now() - t0)
  }
  timings.sort((a, b) => a - b)
  return { p50: quantile(timings, 0.5), p95: quantile(timings, 0.95) }
}

async function measure(engine: string, database: Database) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'townflyer-bench-icons-'))
  try {
    const { config, deps, app } = await startBenchApp(database, dataDir)
    const db = deps.database.db
    await seedFirstRun(db, config.seed)
    await db.execute(sql`
      insert into map_icons (name, size, price_cents, total_quantity)
      select 'Bench icon ' || g, case when g % 2 = 0 then 'small' else 'large' end, 10000 + g * 100, 400
      from generate_series(1, 20) g`)
    // 6,000 icon orders over the open mailings: paid, live holds, lapsed holds, refunded.
    await db.execute(sql`
      insert into orders (id, business_name, email, amount_cents, status, map_icon_id, mailing_month, expires_at)
      select 'MAP-B' || g, 'Bench ' || g, 'b' || g || '@example.com', 10000,
        (array['paid', 'pending', 'pending', 'refunded'])[1 + g % 4],
        i.id, m.month,
        case when g % 4 = 1 then now() + interval '1 hour' when g % 4 = 2 then now() - interval '1 hour' end
      from generate_series(1, 6000) g
      join lateral (select id from map_icons order by id offset g % 22 limit 1) i on true
      join lateral (select month from mailings where status = 'open' order by month offset g % 3 limit 1) m on true`)
    const load = await time(() => listMapIcons(db))
    const hit = await time(async () => {
      const response = await app.request(`${ORIGIN}/api/map-icons`)
      await response.arrayBuffer()
    })
    const refresh = await time(async () => {
      const response = await app.request(`${ORIGIN}/api/functions/refresh-map-icon-availability`, {
        method: 'POST',
        headers: { origin: ORIGIN },
      })
      await response.arrayBuffer()
    })
    const f = (l: { p50: number; p95: number }) => `p50 ${l.p50.toFixed(2)} ms, p95 ${l.p95.toFixed(2)} ms`
    console.log(`${engine}: listMapIcons (cache miss) ${f(load)}`)
    console.log(`${engine}: GET /api/map-icons (cache hit) ${f(hit)}`)
    console.log(`${engine}: POST refresh-map-icon-availability ${f(refresh)}`)
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

const client = await PGlite.create()
const pglite = wrapPglite(client)
await pglite.migrate()
await measure('pglite', pglite)
await pglite.close()

const baseUrl =
  process.env.BENCH_DATABASE_URL ||
  process.env.DATABASE_URL ||
  process.env.TEST_DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/postgres'
const name = `townflyer_bench_icons_${process.pid}_${randomBytes(3).toString('hex')}`
const admin = new pg.Client({ connectionString: baseUrl })
await admin.connect()
await admin.query(`CREATE DATABASE "${name}"`)
try {
  const u = new URL(baseUrl)
  u.pathname = `/${name}`
  const postgres = openPostgres(u.toString(), { max: 4 })
  await postgres.migrate()
  await measure('postgres', postgres)
  await postgres.close()
} finally {
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
  await admin.end()
}
