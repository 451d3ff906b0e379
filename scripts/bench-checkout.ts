/**
 * Checkout on PostgreSQL: latency of cart checkout creation, and the concurrency probe.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx scripts/bench-checkout.ts
 *
 * Uses DATABASE_URL or TEST_DATABASE_URL (a server where it may create a database); creates its own
 * database and drops it at the end. Prints figures; asserts nothing (benchmarks are scripts, see
 * docs/architecture.md),
 * but exits 1 when the probe finds a broken invariant or an answer other than 200/409.
 *
 * 1. Latency: 300 sequential carts of 2 days + an icon through the app in-process (app.request, no
 *    network), holds released every 10 checkouts; then 100 the same way over HTTP to a server process.
 * 2. Probe: two server processes (`npm start`'s bundle) on the database,
 *    20 rounds of 200 simultaneous overlapping carts on 8 days and one icon of 3, spread over both;
 *    after each round every invariant is read back from the database (the checks of concurrency.test.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { asc, eq } from 'drizzle-orm'
import pg from 'pg'
import { createApp } from '#server/app.ts'
import { prepareApp } from '#server/bootstrap.ts'
import { type Db, openPostgres } from '#server/db/client.ts'
import { calendarDays, mapIcons, orders } from '#server/db/schema.ts'
import { loadConfig } from '#server/env.ts'
import { sweepExpiredHolds } from '#server/features/checkout/hold-sweeper.ts'
import { createLogger } from '#server/lib/logger.ts'
import {
  cartBody,
  countViolations,
  insertProbeIcon,
  overlappingCarts,
  type ProbeRequest,
} from '#server/test/concurrency-probe.ts'
import { spawnServer } from './lib/server-process.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const CHECKOUT_PATH = '/api/functions/create-cart-checkout-session'

export type Latency = { n: number; p50: number; p95: number; p99: number; max: number }
export type CheckoutBenchResult = {
  /** Sequential cart checkouts (2 days + icon) through the app in-process, ms. */
  inProcess: Latency
  /** The same over HTTP to one server process (client and server on this machine), ms. */
  overHttp: Latency
  probe: {
    processes: number
    rounds: number
    requestsPerRound: number
    seconds: number
    held: number
    refused: number
    /** Answers other than 200 and 409 (must be 0). */
    other: number
    /** Broken invariants summed over the rounds (must be 0). */
    violations: number
    /** Descriptions of the first few violations. */
    problems: string[]
  }
}

export type CheckoutBenchOptions = {
  databaseUrl?: string
  sequential?: number
  httpSequential?: number
  processes?: number
  rounds?: number
  requestsPerRound?: number
  log?: (line: string) => void
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
}

function latencyOf(timings: number[]): Latency {
  const sorted = [...timings].sort((a, b) => a - b)
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? 0,
  }
}

function withDatabase(url: string, name: string) {
  const u = new URL(url)
  u.pathname = `/${name}`
  return u.toString()
}

const releaseAllHolds = (db: Db) => sweepExpiredHolds(db, new Date(Date.now() + 24 * 3600_000), 10_000)

async function runNode(args: string[]) {
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit' })
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited ${code}`)),
    )
  })
}

/** A server process as `npm start` runs it, on the bench database; resolves with its port. */
function startServer(databaseUrl: string, dataDir: string): Promise<{ port: number; child: ChildProcess }> {
  return spawnServer({
    env: {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      BETTER_AUTH_SECRET: 'bench-secret-that-is-at-least-32-characters',
      STRIPE_SECRET_KEY: '',
      // Every checkout comes from this one machine: the hold limits per address would refuse all but two.
      CHECKOUT_MAX_OPEN_PER_CLIENT: '0',
      CHECKOUT_MAX_HELD_DAYS_PER_CLIENT: '0',
    },
    timeoutMs: 120_000,
  })
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
  await exited
  clearTimeout(timer)
}

/** The checks of concurrency.test.ts for one round; answers a description of each broken one. */
async function checkRound(
  db: Db,
  round: number,
  carts: ProbeRequest[],
  results: { cart: ProbeRequest; status: number }[],
  iconTotal: number,
): Promise<string[]> {
  const problems: string[] = []
  const winners = results.filter((r) => r.status === 200).map((r) => r.cart)
  const wonDays = winners.flatMap((w) => w.calendarDayIds)
  if (new Set(wonDays).size !== wonDays.length) problems.push(`round ${round}: a day won twice`)
  const iconWinners = winners.filter((w) => w.mapIconId).length
  if (iconWinners > iconTotal)
    problems.push(`round ${round}: icon sold ${iconWinners} times (of ${iconTotal})`)
  const found = await countViolations(db)
  for (const [name, count] of Object.entries(found))
    if (count > 0) problems.push(`round ${round}: ${name} ${count}`)
  const held = await db
    .select({ id: calendarDays.id })
    .from(calendarDays)
    .where(eq(calendarDays.status, 'reserved_pending'))
  if (
    held
      .map((d) => d.id)
      .sort()
      .join() !== [...wonDays].sort().join()
  )
    problems.push(`round ${round}: held days differ from the won days`)
  if (round % 2 === 1) {
    // Single-day rounds: every requested day has exactly one winner.
    const requested = new Set(carts.flatMap((c) => c.calendarDayIds))
    if (winners.length !== requested.size)
      problems.push(`round ${round}: ${winners.length} winners of ${requested.size} days`)
  }
  const live = await db.select({ id: orders.id }).from(orders).where(eq(orders.status, 'pending'))
  if (live.length !== wonDays.length + iconWinners)
    problems.push(
      `round ${round}: ${live.length} pending orders for ${wonDays.length + iconWinners} items won`,
    )
  return problems
}

export async function runCheckoutBench(options: CheckoutBenchOptions = {}): Promise<CheckoutBenchResult> {
  const baseUrl = options.databaseUrl ?? process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL
  if (!baseUrl)
    throw new Error(
      'Set DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server (e.g. postgres://postgres@127.0.0.1:5432/postgres).',
    )
  const sequential = options.sequential ?? 300
  const httpSequential = options.httpSequential ?? 100
  const processes = options.processes ?? 2
  const rounds = options.rounds ?? 20
  const requestsPerRound = options.requestsPerRound ?? 200
  const log = options.log ?? (() => {})

  const name = `townflyer_bench_${process.pid}_${randomBytes(3).toString('hex')}`
  const admin = new pg.Client({ connectionString: baseUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE "${name}"`)
  const databaseUrl = withDatabase(baseUrl, name)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'townflyer-bench-'))
  const database = openPostgres(databaseUrl)
  const servers: { port: number; child: ChildProcess }[] = []
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

    const days = await db
      .select({ id: calendarDays.id })
      .from(calendarDays)
      .where(eq(calendarDays.status, 'available'))
      .orderBy(asc(calendarDays.date))
    const [icon] = await db.select().from(mapIcons).orderBy(asc(mapIcons.priceCents)).limit(1)
    const iconId = icon?.id as string
    const cartOf = (i: number) => ({
      calendarDayIds: [days[(2 * i) % days.length]?.id, days[(2 * i + 1) % days.length]?.id] as string[],
      mapIconId: iconId,
    })

    // 1. Sequential latency in-process: carts of 2 days + the icon, released every 10 checkouts.
    const inProcess: number[] = []
    for (let i = 0; i < sequential; i++) {
      const started = performance.now()
      const response = await app.request(`http://localhost${CHECKOUT_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(cartBody(cartOf(i), i)),
      })
      await response.arrayBuffer()
      inProcess.push(performance.now() - started)
      if (response.status !== 200) throw new Error(`checkout ${i} answered ${response.status}`)
      if (i % 10 === 9) await releaseAllHolds(db)
    }
    await releaseAllHolds(db)
    log(`in-process latency measured (${sequential} checkouts)`)

    // The server processes: the bundle `npm start` runs, rebuilt first if a source changed.
    await runNode(['scripts/build-server.mjs', '--if-stale'])
    for (let i = 0; i < processes; i++) servers.push(await startServer(databaseUrl, dataDir))
    const post = async (port: number | undefined, body: unknown) => {
      const response = await fetch(`http://127.0.0.1:${port}${CHECKOUT_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      await response.arrayBuffer()
      return response.status
    }

    // 1b. The same sequential carts over HTTP to the first server.
    const overHttp: number[] = []
    for (let i = 0; i < httpSequential; i++) {
      const started = performance.now()
      const status = await post(servers[0]?.port, cartBody(cartOf(i), i))
      overHttp.push(performance.now() - started)
      if (status !== 200) throw new Error(`checkout ${i} over HTTP answered ${status}`)
      if (i % 10 === 9) await releaseAllHolds(db)
    }
    await releaseAllHolds(db)
    log(`HTTP latency measured (${httpSequential} checkouts)`)

    // 2. The concurrency probe: 8 days and an icon of 3, simultaneous overlapping carts over all servers.
    const ICON_TOTAL = 3
    const probeIconId = await insertProbeIcon(db, ICON_TOTAL)
    const probeDays = days.slice(0, 8).map((d) => d.id)
    let held = 0
    let refused = 0
    let other = 0
    const problems: string[] = []
    const probeStarted = performance.now()
    for (let round = 0; round < rounds; round++) {
      const carts = overlappingCarts(requestsPerRound, probeDays, probeIconId, round + 1)
      const results = await Promise.all(
        carts.map(async (cart, n) => ({
          cart,
          status: await post(servers[n % servers.length]?.port, cartBody(cart, n)),
        })),
      )
      held += results.filter((r) => r.status === 200).length
      refused += results.filter((r) => r.status === 409).length
      other += results.filter((r) => r.status !== 200 && r.status !== 409).length
      problems.push(...(await checkRound(db, round, carts, results, ICON_TOTAL)))
      await releaseAllHolds(db)
    }
    const seconds = (performance.now() - probeStarted) / 1000
    return {
      inProcess: latencyOf(inProcess),
      overHttp: latencyOf(overHttp),
      probe: {
        processes,
        rounds,
        requestsPerRound,
        seconds,
        held,
        refused,
        other,
        violations: problems.length,
        problems: problems.slice(0, 10),
      },
    }
  } finally {
    await Promise.all(servers.map((s) => stopServer(s.child)))
    await database.close()
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    await admin.end()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (!(process.env.DATABASE_URL || process.env.TEST_DATABASE_URL)) {
    console.error(
      'Set DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server (e.g. postgres://postgres@127.0.0.1:5432/postgres).',
    )
    process.exit(1)
  }
  const result = await runCheckoutBench({ log: (line) => console.log(`  … ${line}`) })
  const ms = (v: number) => `${v.toFixed(1)} ms`
  const line = (l: Latency) => `p50 ${ms(l.p50)}   p95 ${ms(l.p95)}   p99 ${ms(l.p99)}   max ${ms(l.max)}`
  console.log(`cart checkout creation on PostgreSQL (2 days + icon, sequential)`)
  console.log(`  in-process (${result.inProcess.n})   ${line(result.inProcess)}`)
  console.log(`  over HTTP  (${result.overHttp.n})   ${line(result.overHttp)}`)
  const p = result.probe
  console.log(
    `concurrency probe: ${p.processes} server processes, ${p.rounds} rounds × ${p.requestsPerRound} simultaneous overlapping carts (8 days, 1 icon of 3) in ${p.seconds.toFixed(1)} s`,
  )
  console.log(
    `  held ${p.held}, refused 409 ${p.refused}, other ${p.other}, invariant violations ${p.violations}`,
  )
  for (const problem of p.problems) console.log(`  ! ${problem}`)
  if (p.violations > 0 || p.other > 0) process.exitCode = 1
}
