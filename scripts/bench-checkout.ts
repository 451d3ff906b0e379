/**
 * npm run bench: latency of cart checkout creation on PostgreSQL, and the concurrency probe.
 * Uses DATABASE_URL or TEST_DATABASE_URL (a server where it may create a database); creates its own
 * database, drops it at the end. Prints figures; asserts nothing (STYLE.md: benchmarks are scripts).
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { asc, eq } from 'drizzle-orm'
import pg from 'pg'
import { createApp } from '../src/server/app.ts'
import { prepareApp } from '../src/server/bootstrap.ts'
import { openPostgres } from '../src/server/db/client.ts'
import { calendarDays, mapIcons } from '../src/server/db/schema.ts'
import { loadConfig } from '../src/server/env.ts'
import {
  cartBody,
  countViolations,
  overlappingCarts,
} from '../src/server/features/checkout/concurrency-probe.ts'
import { sweepExpiredHolds } from '../src/server/features/checkout/hold-sweeper.ts'
import { createLogger } from '../src/server/lib/logger.ts'

const SEQUENTIAL = 300
const PROBE_ROUNDS = 10
const PROBE_REQUESTS = 200

const baseUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL
if (!baseUrl) {
  console.error(
    'Set DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server (e.g. postgres://postgres@127.0.0.1:5432/postgres).',
  )
  process.exit(1)
}

function withDatabase(url: string, name: string) {
  const u = new URL(url)
  u.pathname = `/${name}`
  return u.toString()
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
}

const name = `townflyer_bench_${process.pid}_${randomBytes(3).toString('hex')}`
const admin = new pg.Client({ connectionString: baseUrl })
await admin.connect()
await admin.query(`CREATE DATABASE "${name}"`)
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'townflyer-bench-'))
const database = openPostgres(withDatabase(baseUrl, name))
try {
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    BETTER_AUTH_SECRET: 'bench-secret-that-is-at-least-32-characters',
  })
  const deps = await prepareApp(database, config, createLogger('silent'))
  const app = createApp(deps)
  const db = database.db
  const post = (body: unknown) =>
    app.request('http://localhost/api/functions/create-cart-checkout-session', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })

  const days = await db
    .select({ id: calendarDays.id })
    .from(calendarDays)
    .where(eq(calendarDays.status, 'available'))
    .orderBy(asc(calendarDays.date))
  const [icon] = await db.select().from(mapIcons).orderBy(asc(mapIcons.priceCents)).limit(1)
  const iconId = icon?.id as string

  // 1. Sequential latency: carts of 2 days + the icon, released every 10 checkouts.
  const timings: number[] = []
  for (let i = 0; i < SEQUENTIAL; i++) {
    const dayIds = [days[(2 * i) % days.length]?.id, days[(2 * i + 1) % days.length]?.id] as string[]
    const started = performance.now()
    const response = await post(cartBody({ calendarDayIds: dayIds, mapIconId: iconId }, i))
    await response.arrayBuffer()
    timings.push(performance.now() - started)
    if (response.status !== 200) throw new Error(`checkout ${i} answered ${response.status}`)
    if (i % 10 === 9) await sweepExpiredHolds(db, new Date(Date.now() + 24 * 3600_000), 10_000)
  }
  await sweepExpiredHolds(db, new Date(Date.now() + 24 * 3600_000), 10_000)
  const sorted = [...timings].sort((a, b) => a - b)

  // 2. Concurrency probe: simultaneous overlapping carts on 8 days and one icon.
  const probeDays = days.slice(0, 8).map((d) => d.id)
  let winners = 0
  let conflicts = 0
  let other = 0
  let violations = 0
  const probeStarted = performance.now()
  for (let round = 0; round < PROBE_ROUNDS; round++) {
    const carts = overlappingCarts(PROBE_REQUESTS, probeDays, iconId, round + 1)
    const statuses = await Promise.all(
      carts.map(async (cart, n) => {
        const response = await post(cartBody(cart, n))
        await response.arrayBuffer()
        return response.status
      }),
    )
    winners += statuses.filter((s) => s === 200).length
    conflicts += statuses.filter((s) => s === 409).length
    other += statuses.filter((s) => s !== 200 && s !== 409).length
    const found = await countViolations(db)
    violations += found.daysWithTwoOwners + found.dayStatusMismatches + found.oversoldIcons
    await sweepExpiredHolds(db, new Date(Date.now() + 24 * 3600_000), 10_000)
  }
  const probeSeconds = (performance.now() - probeStarted) / 1000

  const ms = (v: number) => `${v.toFixed(1)} ms`
  console.log(
    `cart checkout creation on PostgreSQL (${SEQUENTIAL} sequential, 2 days + icon, in-process app)`,
  )
  console.log(
    `  p50 ${ms(percentile(sorted, 50))}   p95 ${ms(percentile(sorted, 95))}   p99 ${ms(percentile(sorted, 99))}   max ${ms(sorted[sorted.length - 1] ?? 0)}`,
  )
  console.log(
    `concurrency probe: ${PROBE_ROUNDS} rounds × ${PROBE_REQUESTS} simultaneous overlapping carts (8 days, 1 icon) in ${probeSeconds.toFixed(1)} s`,
  )
  console.log(
    `  held ${winners}, refused 409 ${conflicts}, other ${other}, invariant violations ${violations}`,
  )
  if (violations > 0 || other > 0) process.exitCode = 1
} finally {
  await database.close()
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
  await admin.end()
  fs.rmSync(dataDir, { recursive: true, force: true })
}
