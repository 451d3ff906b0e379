/**
 * The admin Orders list (purchases) with 50,000 orders on BOTH engines, list only:
 *
 *   node --import tsx scripts/bench-orders-list.ts            (npm run bench:orders-list)
 *
 * PGlite in memory, and PostgreSQL in a database of its own on BENCH_DATABASE_URL, DATABASE_URL or
 * TEST_DATABASE_URL (else postgres://postgres@127.0.0.1:5432/postgres), dropped at the end. Each is seeded as
 * scripts/bench-checkouts.ts seeds it (scripts/bench-mailings.ts's ten years of sales, grouped into carts and
 * manual orders), then GET /api/admin/checkouts is timed in-process (admin cookie, full middleware): 20
 * warm-ups, then 240 requests cycling through the same sorts, pages and filters, including the
 * "contains" searches on business name and e-mail; then the same again with a change before each request
 * (the filter's total is counted again, as on the first view after a purchase or line changed). Prints
 * p50/p95 per engine and p95 per variant for both; asserts nothing. (The CSV export and Chromium figures are scripts/bench-checkouts.ts's, on PostgreSQL.)
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { type Database, openPostgres, pgliteExtensions, wrapPglite } from '#server/db/client.ts'
import { groupIntoCheckouts, type Latency, latencyOf, VARIANTS } from './bench-checkouts.ts'
import { seed } from './bench-mailings.ts'
import { BENCH_ORIGIN, benchAdminCookie, startBenchApp } from './lib/bench-app.ts'

const ORIGIN = BENCH_ORIGIN
const WARMUPS = 20
const RUNS = 240

type EngineResult = {
  engine: string
  purchases: number
  list: Latency
  byVariant: { name: string; p95: number }[]
  afterChange: Latency
  afterChangeByVariant: { name: string; p95: number }[]
}

/** The SQL a seed sends, as pg.Client answers it: PGlite's query has the same shape. */
type SqlClient = Pick<pg.Client, 'query'>

async function measure(engine: string, database: Database, sql: SqlClient): Promise<EngineResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'townflyer-bench-orders-'))
  try {
    const { deps, app } = await startBenchApp(database, dataDir, { TRUST_PROXY: 'true' })
    const started = performance.now()
    await seed(sql as pg.Client, 120, 50_000)
    await groupIntoCheckouts(sql as pg.Client)
    const { rows } = await sql.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM purchases WHERE live_lines > 0',
    )
    console.error(`${engine}: seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`)
    const cookie = await benchAdminCookie({ app, deps })
    // Two series: as an owner browses while nothing changes (each filter's total is counted once, then
    // kept), and the first view after a change (the total counted again: every request follows a write).
    const series = async (afterChange: boolean) => {
      const perVariant = new Map<string, number[]>()
      const timings: number[] = []
      for (let i = 0; i < WARMUPS + RUNS; i++) {
        const variant = VARIANTS[i % VARIANTS.length] as (typeof VARIANTS)[number]
        if (afterChange)
          await sql.query('UPDATE purchase_list_version SET token = gen_random_uuid()::text WHERE id = 1')
        const t0 = performance.now()
        const response = await app.request(`${ORIGIN}/api/admin/checkouts?${variant.query}`, {
          headers: { cookie, 'x-forwarded-for': '203.0.113.10' },
        })
        await response.text()
        const ms = performance.now() - t0
        if (response.status !== 200) throw new Error(`${variant.query} answered ${response.status}`)
        if (i < WARMUPS) continue
        timings.push(ms)
        perVariant.set(variant.name, [...(perVariant.get(variant.name) ?? []), ms])
      }
      return {
        list: latencyOf(timings),
        byVariant: VARIANTS.map((v) => ({ name: v.name, p95: latencyOf(perVariant.get(v.name) ?? []).p95 })),
      }
    }
    const browsing = await series(false)
    const afterChange = await series(true)
    return {
      engine,
      purchases: rows[0]?.n ?? 0,
      list: browsing.list,
      byVariant: browsing.byVariant,
      afterChange: afterChange.list,
      afterChangeByVariant: afterChange.byVariant,
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

async function onPglite(): Promise<EngineResult> {
  const client = await PGlite.create({ extensions: pgliteExtensions })
  const database = wrapPglite(client)
  try {
    await database.migrate()
    return await measure('PGlite', database, client as unknown as SqlClient)
  } finally {
    await database.close()
  }
}

async function onPostgres(): Promise<EngineResult> {
  const baseUrl =
    process.env.BENCH_DATABASE_URL ||
    process.env.DATABASE_URL ||
    process.env.TEST_DATABASE_URL ||
    'postgres://postgres@127.0.0.1:5432/postgres'
  const name = `townflyer_bench_orders_${process.pid}_${randomBytes(3).toString('hex')}`
  const admin = new pg.Client({ connectionString: baseUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE "${name}"`)
  const url = new URL(baseUrl)
  url.pathname = `/${name}`
  const database = openPostgres(url.toString())
  const client = new pg.Client({ connectionString: url.toString() })
  try {
    await database.migrate()
    await client.connect()
    return await measure('PostgreSQL', database, client)
  } finally {
    await client.end().catch(() => {})
    await database.close()
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    await admin.end()
  }
}

const ms = (v: number) => `${v.toFixed(1)} ms`
for (const result of [await onPglite(), await onPostgres()]) {
  console.log(
    `${result.engine}: GET /api/admin/checkouts, ${result.purchases.toLocaleString('en-US')} purchases with live lines, ${result.list.n} requests: p50 ${ms(result.list.p50)}, p95 ${ms(result.list.p95)}, max ${ms(result.list.max)} (target p95 <= 50 ms)`,
  )
  console.log(`  p95 by variant: ${result.byVariant.map((v) => `${v.name} ${ms(v.p95)}`).join('; ')}`)
  console.log(
    `  first view after a change (total counted again), ${result.afterChange.n} requests: p50 ${ms(result.afterChange.p50)}, p95 ${ms(result.afterChange.p95)}, max ${ms(result.afterChange.max)}`,
  )
  console.log(
    `  p95 by variant after a change: ${result.afterChangeByVariant.map((v) => `${v.name} ${ms(v.p95)}`).join('; ')}`,
  )
}
console.log(`load average ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} CPUs`)
