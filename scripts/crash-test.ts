// npm run crash-test -- [--engine pglite|postgres|both] [--rounds 10] [--customers 8]
//                       [--pg-url postgres://postgres@127.0.0.1:5432/postgres] [--seed 1]
//
// Crash safety: a real server process (the bundle `npm start` runs, dist/server/main.js) takes concurrent cart
// checkouts, payments on the local test checkout and cancels through its HTTP API, and is SIGKILLed at
// random points (after a random number of acknowledged checkouts, and sometimes while it starts). After
// every kill the database is checked: no day with two owners, no icon oversold, every acknowledged payment has its paid orders (and their
// e-mails in the outbox), every acknowledged checkout its orders, every acknowledged cancel its released
// holds, history consistent with the orders. The server is then restarted on the same folder / database
// (a PGlite folder keeps the dead process's .lock, which start must take over) and the time from spawn
// to the first 200 of /api/health is measured. Prints a summary per engine; exit code 1 on any violation.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { type Database, openPglite, openPostgres, pgliteExtensions, wrapPglite } from '#server/db/client.ts'
import { rowsOf } from '#server/db/rows.ts'
import { calendarDays, mapIcons } from '#server/db/schema.ts'
import { seedFirstRun } from '#server/db/seed.ts'
import { loadConfig } from '#server/env.ts'
import { cartBody, countViolations } from '#server/test/concurrency-probe.ts'
import { serverEntry } from './lib/built-server.ts'

type Engine = 'pglite' | 'postgres'
const root = path.resolve(import.meta.dirname, '..')

// ---------------------------------------------------------------- options

function parseOptions(argv: string[]) {
  const options = {
    engines: ['pglite', 'postgres'] as Engine[],
    rounds: 10,
    customers: 8,
    pgUrl: 'postgres://postgres@127.0.0.1:5432/postgres',
    seed: Date.now() % 100_000,
  }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    const value = argv[++i]
    if (value === undefined) throw new Error(`${arg} needs a value`)
    if (arg === '--engine') {
      if (value === 'both') options.engines = ['pglite', 'postgres']
      else if (value === 'pglite' || value === 'postgres') options.engines = [value]
      else throw new Error('--engine is pglite, postgres or both')
    } else if (arg === '--rounds') options.rounds = Number(value)
    else if (arg === '--customers') options.customers = Number(value)
    else if (arg === '--pg-url') options.pgUrl = value
    else if (arg === '--seed') options.seed = Number(value)
    else throw new Error(`unknown option ${arg}`)
  }
  if (!(options.rounds >= 1) || !(options.customers >= 1)) throw new Error('--rounds and --customers ≥ 1')
  return options
}

const options = parseOptions(process.argv.slice(2))

// Seeded, so a failing run can be repeated with --seed.
let randomState = options.seed >>> 0 || 1
function random(): number {
  randomState = (randomState * 1_103_515_245 + 12_345) >>> 0
  return randomState / 2 ** 32
}
const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1))
const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)] as T

// ---------------------------------------------------------------- server process

type Server = {
  child: ChildProcess
  pid: number
  spawnedAt: number
  port: Promise<number>
  log: string[]
}

function spawnServer(env: NodeJS.ProcessEnv): Server {
  const spawnedAt = performance.now()
  const child = spawn(process.execPath, serverEntry, {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const log: string[] = []
  const keep = (chunk: Buffer) => {
    log.push(chunk.toString())
    if (log.length > 40) log.shift()
  }
  const port = new Promise<number>((resolve, reject) => {
    let buffer: string | undefined = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      keep(chunk)
      if (buffer === undefined) return
      buffer += chunk.toString()
      const match = buffer.match(/"port":(\d+)[^\n]*is listening/)
      if (match) {
        buffer = undefined
        resolve(Number(match[1]))
      }
    })
    child.stderr?.on('data', keep)
    child.once('exit', (code, signal) => reject(new Error(`server exited (${code ?? signal})`)))
  })
  port.catch(() => {})
  return { child, pid: child.pid as number, spawnedAt, port, log }
}

/** Resolves when /api/health first answers 200; the times are from spawn. */
async function waitReady(server: Server): Promise<{ port: number; listeningMs: number; readyMs: number }> {
  const port = await Promise.race([
    server.port,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('no listening line in 60 s')), 60_000),
    ),
  ])
  const listeningMs = performance.now() - server.spawnedAt
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`)
      await response.arrayBuffer()
      if (response.status === 200) return { port, listeningMs, readyMs: performance.now() - server.spawnedAt }
    } catch {
      // not yet
    }
    if (server.child.exitCode !== null || server.child.signalCode !== null) throw new Error('server exited')
    await sleep(10)
  }
}

async function kill(server: Server, signal: NodeJS.Signals = 'SIGKILL') {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return
  const exited = new Promise((resolve) => server.child.once('exit', resolve))
  server.child.kill(signal)
  await exited
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

// ---------------------------------------------------------------- customers

type Ledger = {
  checkouts: Map<string, { days: string[]; icon: boolean }>
  payments: Set<string>
  cancels: Set<string>
  conflicts: number
  unacknowledged: number
  unexpected: Map<string, number>
}

type Catalogue = { hotDays: string[]; coldDays: string[]; iconId: string }

function note(ledger: Ledger, what: string) {
  ledger.unexpected.set(what, (ledger.unexpected.get(what) ?? 0) + 1)
}

/** One buyer after another, like the storefront: cart checkout → Pay (most), Cancel, or walk away. */
async function customer(
  base: string,
  n: number,
  catalogue: Catalogue,
  ledger: Ledger,
  stop: { now: boolean },
) {
  for (let k = 0; !stop.now; k++) {
    const hot = random() < 0.35
    const pool = hot ? catalogue.hotDays : catalogue.coldDays
    const days = [...new Set(Array.from({ length: between(1, hot ? 2 : 3) }, () => pick(pool)))]
    const withIcon = random() < 0.2
    let sessionId: string
    try {
      const response = await fetch(`${base}/api/functions/create-cart-checkout-session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(
          cartBody({ calendarDayIds: days, mapIconId: withIcon ? catalogue.iconId : null }, n * 100_000 + k),
        ),
      })
      const text = await response.text()
      if (response.status === 409) {
        ledger.conflicts++
        continue
      }
      if (response.status !== 200) {
        note(ledger, `checkout ${response.status}`)
        continue
      }
      const url = (JSON.parse(text) as { sessionUrl: string }).sessionUrl
      sessionId = url.replace(/^\/pay\//, '')
      ledger.checkouts.set(sessionId, { days, icon: withIcon })
    } catch {
      ledger.unacknowledged++
      return
    }
    const choice = random()
    if (choice >= 0.85) continue // walked away: the hold stays until it lapses
    const action = choice < 0.75 ? 'complete' : 'cancel'
    try {
      const response = await fetch(`${base}/pay/${sessionId}/${action}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: '',
        redirect: 'manual',
      })
      await response.arrayBuffer()
      const location = response.headers.get('location') ?? ''
      if (response.status === 303 && action === 'complete' && location.startsWith('/thank-you'))
        ledger.payments.add(sessionId)
      else if (response.status === 303 && action === 'cancel') ledger.cancels.add(sessionId)
      else note(ledger, `${action} ${response.status}`)
    } catch {
      ledger.unacknowledged++
      return
    }
  }
}

// ---------------------------------------------------------------- invariants

/** Every broken invariant, as one line each (empty when all hold). */
async function checkInvariants(database: Database, ledger: Ledger): Promise<string[]> {
  const db = database.db
  const problems: string[] = []
  const probe = await countViolations(db)
  if (probe.daysWithTwoOwners) problems.push(`${probe.daysWithTwoOwners} day(s) with two live orders`)
  if (probe.dayStatusMismatches)
    problems.push(`${probe.dayStatusMismatches} day(s) whose status does not match their order`)
  if (probe.oversoldIcons) problems.push(`${probe.oversoldIcons} map icon(s) oversold`)

  if (probe.iconAvailabilityDrift)
    problems.push(`${probe.iconAvailabilityDrift} map icon stock(s) whose derived availability is wrong`)

  const orderRows = rowsOf<{ session: string; status: string; n: number }>(
    await db.execute(sql`select payment_session_id as session, status, count(*)::int as n from orders
      where payment_session_id like 'cs_local_%' group by 1, 2`),
  )
  const bySession = new Map<string, Map<string, number>>()
  for (const r of orderRows) {
    const m = bySession.get(r.session) ?? new Map<string, number>()
    m.set(r.status, r.n)
    bySession.set(r.session, m)
  }
  const count = (session: string, status?: string) => {
    const m = bySession.get(session)
    if (!m) return 0
    return status ? (m.get(status) ?? 0) : [...m.values()].reduce((a, b) => a + b, 0)
  }
  let missingCheckouts = 0
  for (const [session, cart] of ledger.checkouts)
    if (count(session) !== cart.days.length + (cart.icon ? 1 : 0)) missingCheckouts++
  if (missingCheckouts) problems.push(`${missingCheckouts} acknowledged checkout(s) without their orders`)
  let unpaid = 0
  for (const session of ledger.payments)
    if (count(session) === 0 || count(session, 'paid') !== count(session)) unpaid++
  if (unpaid) problems.push(`${unpaid} acknowledged payment(s) without their paid orders`)
  let unreleased = 0
  for (const session of ledger.cancels) if (count(session, 'expired') !== count(session)) unreleased++
  if (unreleased) problems.push(`${unreleased} acknowledged cancel(s) whose holds were not released`)

  const mails = new Set(
    rowsOf<{ key: string }>(await db.execute(sql`select dedupe_key as key from outbox`)).map((r) => r.key),
  )
  let mailless = 0
  for (const session of ledger.payments)
    if (!mails.has(`order-confirmation:${session}`) || !mails.has(`admin-new-order:${session}`)) mailless++
  if (mailless) problems.push(`${mailless} acknowledged payment(s) without their outbox e-mails`)

  const [history] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from orders o where o.status is distinct from
      (select h.to_status from order_history h where h.order_id = o.id order by h.id desc limit 1)`),
  )
  if (history?.n) problems.push(`${history.n} order(s) whose history does not end in their status`)
  return problems
}

// ---------------------------------------------------------------- one engine

type EngineReport = {
  engine: Engine
  rounds: number
  loadKills: number
  startupKills: number
  staleLocksTakenOver: number
  ledger: Ledger
  violations: string[]
  firstStartMs: number
  restartListeningMs: number[]
  restartReadyMs: number[]
  checkoutsPerSecond: number
}

/** Migrates and seeds the database as a first start would, plus room to sell: 2 years of days, one icon. */
async function prepareDatabase(database: Database, env: NodeJS.ProcessEnv): Promise<Catalogue> {
  await database.migrate()
  await seedFirstRun(database.db, loadConfig(env).seed)
  const dates: string[] = []
  for (let d = Date.UTC(2031, 0, 1); d < Date.UTC(2033, 0, 1); d += 86_400_000)
    dates.push(new Date(d).toISOString().slice(0, 10))
  const days = await database.db
    .insert(calendarDays)
    .values(dates.map((date) => ({ date, status: 'available', priceCents: 12_000 })))
    .returning({ id: calendarDays.id })
  const [icon] = await database.db
    .insert(mapIcons)
    .values({ name: 'Crash Icon', size: 'small', priceCents: 5000, totalQuantity: 25 })
    .returning({ id: mapIcons.id })
  const ids = days.map((d) => d.id)
  return { hotDays: ids.slice(0, 40), coldDays: ids.slice(40), iconId: icon?.id as string }
}

/** A PGlite folder cannot be opened while its server lives or its lock is stale: check a copy of it. */
async function withCheckDatabase<T>(
  engine: Engine,
  dataDir: string,
  pgDatabase: Database | undefined,
  run: (db: Database) => Promise<T>,
): Promise<T> {
  if (engine === 'postgres') return run(pgDatabase as Database)
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'townflyer-crash-check-'))
  try {
    fs.cpSync(path.join(dataDir, 'pglite'), path.join(copy, 'pglite'), { recursive: true })
    const database = wrapPglite(
      await PGlite.create(path.join(copy, 'pglite'), { extensions: pgliteExtensions }),
    )
    try {
      return await run(database)
    } finally {
      await database.close()
    }
  } finally {
    fs.rmSync(copy, { recursive: true, force: true })
  }
}

function isDead(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return false
  } catch {
    return true
  }
}

async function runEngine(engine: Engine): Promise<EngineReport> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'townflyer-crash-'))
  const dataDir = path.join(work, 'data')
  let pgName: string | undefined
  let databaseUrl = ''
  if (engine === 'postgres') {
    pgName = `townflyer_crash_${process.pid}_${randomBytes(3).toString('hex')}`
    const admin = new pg.Client({ connectionString: options.pgUrl })
    await admin.connect()
    await admin.query(`CREATE DATABASE "${pgName}"`).finally(() => admin.end())
    const u = new URL(options.pgUrl)
    u.pathname = `/${pgName}`
    databaseUrl = u.toString()
  }
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'info',
    BETTER_AUTH_SECRET: 'crash-test-secret-that-is-at-least-32-chars',
    SMTP_URL: '',
    STRIPE_SECRET_KEY: '',
    S3_BUCKET: '',
    // Every customer comes from this one machine: the hold limits per address would refuse all but two.
    CHECKOUT_MAX_OPEN_PER_CLIENT: '0',
    CHECKOUT_MAX_HELD_DAYS_PER_CLIENT: '0',
  }
  const pgDatabase = engine === 'postgres' ? openPostgres(databaseUrl, { max: 2 }) : undefined
  const report: EngineReport = {
    engine,
    rounds: options.rounds,
    loadKills: 0,
    startupKills: 0,
    staleLocksTakenOver: 0,
    ledger: {
      checkouts: new Map(),
      payments: new Set(),
      cancels: new Set(),
      conflicts: 0,
      unacknowledged: 0,
      unexpected: new Map(),
    },
    violations: [],
    firstStartMs: 0,
    restartListeningMs: [],
    restartReadyMs: [],
    checkoutsPerSecond: 0,
  }
  const { ledger } = report
  let server: Server | undefined
  let loadMs = 0
  const finish = () => {
    report.checkoutsPerSecond = loadMs > 0 ? ledger.checkouts.size / (loadMs / 1000) : 0
  }
  try {
    const setup = engine === 'postgres' ? (pgDatabase as Database) : await openPglite(dataDir)
    const catalogue = await prepareDatabase(setup, env)
    if (engine === 'pglite') await setup.close()

    const check = async (when: string) => {
      const problems = await withCheckDatabase(engine, dataDir, pgDatabase, (db) =>
        checkInvariants(db, ledger),
      )
      for (const p of problems) report.violations.push(`${when}: ${p}`)
      return problems
    }

    server = spawnServer(env)
    report.firstStartMs = (await waitReady(server)).readyMs

    for (let round = 1; round <= options.rounds; round++) {
      const { port } = await waitReady(server)
      const base = `http://127.0.0.1:${port}`
      const stop = { now: false }
      const before = ledger.checkouts.size
      const started = performance.now()
      const buyers = Array.from({ length: options.customers }, (_, n) =>
        customer(base, round * 1000 + n, catalogue, ledger, stop),
      )
      // A random point of the round's work (not of the clock, so a slow machine still gets work done):
      // after a random number of acknowledged checkouts, plus up to half a second.
      const target = before + between(3, 40)
      const giveUp = performance.now() + 20_000
      while (ledger.checkouts.size < target && performance.now() < giveUp) await sleep(5)
      await sleep(between(0, 500))
      const victim = server
      await kill(victim)
      stop.now = true
      await Promise.all(buyers)
      loadMs += performance.now() - started
      report.loadKills++

      // Sometimes the next start is killed too, at a random moment of its start (or just after).
      let startupKills = 0
      for (;;) {
        const problems = await check(`round ${round}`)
        if (engine === 'pglite') {
          const lock = readLockPid(dataDir)
          if (lock !== undefined && isDead(lock)) report.staleLocksTakenOver++
        }
        const next = spawnServer(env)
        if (startupKills < 2 && random() < 0.3) {
          await sleep(between(100, 2500))
          await kill(next)
          report.startupKills++
          startupKills++
          continue
        }
        server = next
        let ready: Awaited<ReturnType<typeof waitReady>>
        try {
          ready = await waitReady(next)
        } catch (error) {
          report.violations.push(
            `round ${round}: the server did not restart (${(error as Error).message}):\n${next.log.join('').slice(-3000)}`,
          )
          return report
        }
        report.restartListeningMs.push(ready.listeningMs)
        report.restartReadyMs.push(ready.readyMs)
        console.log(
          `[${engine}] round ${round}: ${ledger.checkouts.size - before} checkouts, killed; ` +
            `${startupKills} start(s) killed; restart → 200 in ${Math.round(ready.readyMs)} ms; ` +
            `${problems.length === 0 ? 'invariants hold' : `VIOLATIONS: ${problems.join('; ')}`}`,
        )
        break
      }
    }
    await kill(server, 'SIGTERM')
    server = undefined
    await check('after a clean stop')
  } finally {
    if (server) await kill(server)
    await pgDatabase?.close()
    if (pgName) {
      const admin = new pg.Client({ connectionString: options.pgUrl })
      await admin.connect()
      await admin.query(`DROP DATABASE IF EXISTS "${pgName}" WITH (FORCE)`).finally(() => admin.end())
    }
    fs.rmSync(work, { recursive: true, force: true })
    finish()
  }
  return report
}

function readLockPid(dataDir: string): number | undefined {
  try {
    return (JSON.parse(fs.readFileSync(path.join(dataDir, '.lock'), 'utf8')) as { pid?: number }).pid
  } catch {
    return undefined
  }
}

// ---------------------------------------------------------------- summary

function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b)
  const median = sorted.length ? (sorted[Math.floor((sorted.length - 1) / 2)] as number) : Number.NaN
  return { median: Math.round(median), max: Math.round(sorted.at(-1) ?? Number.NaN) }
}

function printReport(r: EngineReport) {
  const ready = stats(r.restartReadyMs)
  const listening = stats(r.restartListeningMs)
  const unexpected = [...r.ledger.unexpected].map(([k, v]) => `${k} ×${v}`).join(', ') || 'none'
  console.log(`
== ${r.engine} ==
rounds                     ${r.rounds}
kills (SIGKILL)            ${r.loadKills + r.startupKills} (${r.loadKills} under load, ${r.startupKills} while starting)${
    r.engine === 'pglite' ? `\nstale .lock taken over     ${r.staleLocksTakenOver}` : ''
  }
checkouts acknowledged     ${r.ledger.checkouts.size} (${r.checkoutsPerSecond.toFixed(1)}/s under load; ${r.ledger.conflicts} answered 409)
payments acknowledged      ${r.ledger.payments.size}
cancels acknowledged       ${r.ledger.cancels.size}
requests cut by a kill     ${r.ledger.unacknowledged}
unexpected answers         ${unexpected}
first start → 200          ${Math.round(r.firstStartMs)} ms
restart → listening        median ${listening.median} ms, max ${listening.max} ms
restart → first 200        median ${ready.median} ms, max ${ready.max} ms (target ≤ 2000 ms)
violations                 ${r.violations.length === 0 ? 0 : `${r.violations.length}\n  ${r.violations.join('\n  ')}`}`)
}

// The server under test is the bundle `npm start` runs; rebuild it when a server source changed.
execFileSync(process.execPath, ['scripts/build-server.mjs', '--if-stale'], { cwd: root, stdio: 'inherit' })
console.log(
  `crash test: engines ${options.engines.join(', ')}; ${options.rounds} rounds; ${options.customers} customers; seed ${options.seed}`,
)
let failed = false
for (const engine of options.engines) {
  try {
    const report = await runEngine(engine)
    printReport(report)
    if (report.violations.length > 0) failed = true
  } catch (error) {
    console.error(`\n== ${engine} == aborted:`, error)
    failed = true
  }
}
process.exit(failed ? 1 : 0)
