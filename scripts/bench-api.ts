/**
 * API throughput of the public reads (calendar month, map icons, published blog list): autocannon against
 * the built server (`node scripts/build-server.mjs --if-stale`, then `node dist/server/main.js` with PORT=0,
 * as `npm run serve` does) and, in the same run, against a
 * bare node:http server answering the same JSON bytes (scripts/bench-bare-server.ts). Servers and the
 * autocannon client each run in their own process, so on a 2-core machine they use both cores.
 *
 * Per engine (PGlite in a fresh temp DATA_DIR; PostgreSQL in a fresh database on BENCH_DATABASE_URL,
 * DATABASE_URL or TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres, dropped afterwards)
 * and per endpoint:
 *   bare      node:http, full 200 body            bare 304  node:http, If-None-Match → 304
 *   cached    READ_CACHE=on, no If-None-Match: 200 with the body from the in-process cache
 *   304       READ_CACHE=on, If-None-Match = the current ETag: 304 without a body
 *   uncached  READ_CACHE=off: every request queries the database (full 200 body)
 * Each Townflyer row gives its ratio to a bare run of the same kind (200 or 304) measured just before it,
 * so both saw the same machine (other load on it moves both).
 * Prints figures, asserts nothing (benchmarks are scripts: docs/architecture.md). BENCH_SECONDS (default
 * 10) and BENCH_CONNECTIONS (50).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { and, asc, eq, gte, lte } from 'drizzle-orm'
import pg from 'pg'
import { type Database, openPglite, openPostgres } from '#server/db/client.ts'
import { blogPosts, calendarDays } from '#server/db/schema.ts'
import { seedFirstRun } from '#server/db/seed.ts'
import { loadConfig } from '#server/env.ts'
import { daysInMonth, toIsoDate } from '#shared/dates.ts'

const root = path.resolve(import.meta.dirname, '..')
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const WARMUP_SECONDS = 2

export type Engine = 'pglite' | 'postgres'
export type Mode = 'bare' | 'cached' | 'bare 304' | '304' | 'uncached'
export type ApiBenchRow = {
  engine: Engine
  endpoint: string
  mode: Mode
  requestsPerSecond: number
  p50: number
  p99: number
  /** Requests answered with another status than expected (200, or 304 in the 304 mode), plus errors. */
  unexpected: number
  /** CPU time of the server process per request (Linux; PostgreSQL's own processes not included). */
  cpuMicrosPerRequest?: number
  /** Ratio to the bare server's req/s in the same mode (200 or 304), measured just before. */
  ratio?: number
  /** Bare server's CPU per request ÷ this one's: the throughput ratio when both are CPU-bound on a core. */
  cpuRatio?: number
}

// ---------------------------------------------------------------- processes

/** Stopped servers and dropped databases also on Ctrl-C: each run registers its own cleanup here. */
const onInterrupt = new Set<() => Promise<void>>()
let isInterrupted = false
function interrupted(signal: NodeJS.Signals) {
  if (isInterrupted) return
  isInterrupted = true
  console.error(`\n${signal}: stopping the bench servers and removing the bench databases…`)
  Promise.allSettled([...onInterrupt].map((cleanup) => cleanup())).finally(() => process.exit(130))
}

function spawnAndWaitFor(
  args: string[],
  env: NodeJS.ProcessEnv,
  pattern: RegExp,
): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  return new Promise((resolve, reject) => {
    let buffer = ''
    const timer = setTimeout(() => reject(new Error(`${args.join(' ')} did not start:\n${buffer}`)), 90_000)
    const onExit = (code: number | null) =>
      reject(new Error(`${args.join(' ')} exited with ${code}:\n${buffer}`))
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString()
      const match = buffer.match(pattern)
      if (match) {
        clearTimeout(timer)
        child.off('exit', onExit)
        // Keep draining the pipes (the server logs every request) so it never blocks on a full pipe.
        child.stdout?.removeAllListeners('data')
        child.stdout?.resume()
        child.stderr?.removeAllListeners('data')
        child.stderr?.resume()
        resolve({ child, port: Number(match[1]) })
      }
    })
    child.stderr?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString()
    })
    child.on('exit', onExit)
  })
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))])
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGKILL')
    await exited
  }
}

type Target = { engine: Engine; dataDir: string; databaseUrl: string }

/** The built server, as `npm start` / `npm run serve` run it (docs/decisions/006). */
function startTownflyer(target: Target, readCache: boolean) {
  return spawnAndWaitFor(
    ['--enable-source-maps', 'dist/server/main.js'],
    {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DATA_DIR: target.dataDir,
      DATABASE_URL: target.databaseUrl,
      READ_CACHE: readCache ? 'on' : 'off',
      BETTER_AUTH_SECRET: 'bench-secret-that-is-at-least-32-characters',
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
    },
    /"port":(\d+)[^\n]*is listening/,
  )
}

// ---------------------------------------------------------------- autocannon (its own process)

type AutocannonResult = {
  requests: { average: number }
  latency: { p50: number; p99: number }
  errors: number
  timeouts: number
  statusCodeStats?: Record<string, { count: number }>
}

function autocannon(
  url: string,
  seconds: number,
  headers: Record<string, string>,
): Promise<AutocannonResult> {
  const args = [
    path.join(root, 'node_modules/autocannon/autocannon.js'),
    '-c',
    String(CONNECTIONS),
    '-d',
    String(seconds),
    '-j',
    '-n',
    ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}=${v}`]),
    url,
  ]
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    let err = ''
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString()
    })
    child.stderr.on('data', (c: Buffer) => {
      err += c.toString()
    })
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}: ${err}`))
      try {
        resolve(JSON.parse(out) as AutocannonResult)
      } catch {
        reject(new Error(`autocannon printed no JSON: ${out}${err}`))
      }
    })
  })
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); undefined elsewhere. */
function cpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS
  } catch {
    return undefined
  }
}
const CLOCK_TICKS = 100

async function measure(
  url: string,
  expected: number,
  headers: Record<string, string>,
  pid: number | undefined,
) {
  await autocannon(url, WARMUP_SECONDS, headers)
  const cpuBefore = cpuSeconds(pid)
  const result = await autocannon(url, SECONDS, headers)
  const cpuAfter = cpuSeconds(pid)
  const stats = result.statusCodeStats ?? {}
  const total = Object.values(stats).reduce((sum, s) => sum + s.count, 0)
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuMicrosPerRequest:
      cpuBefore === undefined || cpuAfter === undefined || total === 0
        ? undefined
        : ((cpuAfter - cpuBefore) * 1e6) / total,
    unexpected: total - (stats[String(expected)]?.count ?? 0) + result.errors + result.timeouts,
  }
}

// ---------------------------------------------------------------- data

const BLOG_PARAGRAPH =
  'The new flyer goes out on the first of the month to every home in town. Local businesses can still grab a day on the calendar or an icon on the map; here is what is new this month and who is on it. '

/** A realistic catalogue: the first-run seed (3 months of days, 2 icons), a third of this month sold, 6 posts. */
async function seed(database: Database, now: Date) {
  await database.migrate()
  const config = loadConfig({ BETTER_AUTH_SECRET: 'bench-secret-that-is-at-least-32-characters' })
  await seedFirstRun(database.db, config.seed, now)
  const year = now.getUTCFullYear()
  const month = now.getUTCMonth() + 1
  const days = await database.db
    .select({ id: calendarDays.id })
    .from(calendarDays)
    .where(
      and(
        gte(calendarDays.date, toIsoDate(year, month, 1)),
        lte(calendarDays.date, toIsoDate(year, month, daysInMonth(year, month))),
      ),
    )
    .orderBy(asc(calendarDays.date))
  for (const [n, day] of days.entries()) {
    if (n % 3 !== 0) continue
    await database.db
      .update(calendarDays)
      .set({ status: 'reserved', businessName: `Main Street Business ${n + 1}` })
      .where(eq(calendarDays.id, day.id))
  }
  await database.db.insert(blogPosts).values(
    Array.from({ length: 6 }, (_, n) => ({
      title: `Flyer news #${n + 1}`,
      content: BLOG_PARAGRAPH.repeat(4),
      author: 'The Map Team',
      isPublished: n !== 5,
      publicationDate: toIsoDate(year, month, Math.min(n + 1, 28)),
    })),
  )
  return `${year}-${String(month).padStart(2, '0')}`
}

function withDatabase(url: string, name: string) {
  const u = new URL(url)
  u.pathname = `/${name}`
  return u.toString()
}

async function prepareTarget(engine: Engine, baseUrl: string, now: Date) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'townflyer-bench-api-'))
  if (engine === 'pglite') {
    const database = await openPglite(dataDir)
    const month = await seed(database, now).finally(() => database.close())
    return {
      target: { engine, dataDir, databaseUrl: '' },
      month,
      cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    }
  }
  const name = `townflyer_bench_api_${process.pid}_${randomBytes(3).toString('hex')}`
  const admin = new pg.Client({ connectionString: baseUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE "${name}"`)
  const url = withDatabase(baseUrl, name)
  const database = openPostgres(url, { max: 2 })
  const month = await seed(database, now).finally(() => database.close())
  return {
    target: { engine, dataDir, databaseUrl: url },
    month,
    cleanup: async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).finally(() => admin.end())
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

// ---------------------------------------------------------------- the run

async function benchEngine(
  engine: Engine,
  baseUrl: string,
  log: (line: string) => void,
): Promise<ApiBenchRow[]> {
  const { target, month, cleanup } = await prepareTarget(engine, baseUrl, new Date())
  const endpoints = [
    { name: 'calendar month', path: `/api/calendar-days?month=${month}` },
    { name: 'map icons', path: '/api/map-icons' },
    { name: 'blog list', path: '/api/blog-posts' },
  ]
  const rows: ApiBenchRow[] = []
  const children: ChildProcess[] = []
  const cleanupAll = async () => {
    for (const child of children) await stop(child)
    await cleanup()
  }
  onInterrupt.add(cleanupAll)
  type Measured = Awaited<ReturnType<typeof measure>>
  const row = (endpoint: string, mode: Mode, m: Measured, bare?: Measured) => {
    const cpuRatio =
      bare?.cpuMicrosPerRequest && m.cpuMicrosPerRequest
        ? bare.cpuMicrosPerRequest / m.cpuMicrosPerRequest
        : undefined
    rows.push({
      engine,
      endpoint,
      mode,
      ...m,
      ratio: bare === undefined ? undefined : m.requestsPerSecond / bare.requestsPerSecond,
      cpuRatio,
    })
    log(
      `  ${engine} ${endpoint} ${mode}: ${Math.round(m.requestsPerSecond)} req/s, p99 ${m.p99} ms, ${Math.round(m.cpuMicrosPerRequest ?? 0)} µs CPU/req`,
    )
  }
  try {
    // The cached server first: capture each body and its ETag for the bare server.
    const cached = await startTownflyer(target, true)
    children.push(cached.child)
    const bodies: Record<string, { body: string; etag: string }> = {}
    for (const e of endpoints) {
      const response = await fetch(`http://127.0.0.1:${cached.port}${e.path}`)
      if (response.status !== 200) throw new Error(`${e.path} answered ${response.status}`)
      bodies[e.path] = { body: await response.text(), etag: response.headers.get('etag') ?? '' }
    }
    const bodiesFile = path.join(target.dataDir, 'bare-bodies.json')
    fs.writeFileSync(bodiesFile, JSON.stringify(bodies))
    const bare = await spawnAndWaitFor(
      ['--import', 'tsx', 'scripts/bench-bare-server.ts', bodiesFile],
      process.env,
      /listening (\d+)/,
    )
    children.push(bare.child)
    const url = (port: number, e: { path: string }) => `http://127.0.0.1:${port}${e.path}`
    const ifNoneMatch = (e: { path: string }) => ({ 'if-none-match': bodies[e.path]?.etag ?? '' })

    // Each Townflyer figure is measured right after its bare yardstick, so both see the same machine.
    for (const e of endpoints) {
      const b200 = await measure(url(bare.port, e), 200, {}, bare.child.pid)
      row(e.name, 'bare', b200)
      row(e.name, 'cached', await measure(url(cached.port, e), 200, {}, cached.child.pid), b200)
      const b304 = await measure(url(bare.port, e), 304, ifNoneMatch(e), bare.child.pid)
      row(e.name, 'bare 304', b304)
      row(e.name, '304', await measure(url(cached.port, e), 304, ifNoneMatch(e), cached.child.pid), b304)
    }
    await stop(cached.child)

    const uncached = await startTownflyer(target, false)
    children.push(uncached.child)
    for (const e of endpoints) {
      const response = await fetch(url(uncached.port, e))
      if ((await response.text()) !== bodies[e.path]?.body)
        throw new Error(`${e.path}: uncached body differs`)
      const b200 = await measure(url(bare.port, e), 200, {}, bare.child.pid)
      row(e.name, 'uncached', await measure(url(uncached.port, e), 200, {}, uncached.child.pid), b200)
    }
    await stop(uncached.child)
    await stop(bare.child)
  } finally {
    onInterrupt.delete(cleanupAll)
    await cleanupAll()
  }
  // One block per endpoint in the table.
  const order: Mode[] = ['bare', 'cached', 'bare 304', '304', 'uncached']
  return endpoints.flatMap((e) =>
    rows.filter((r) => r.endpoint === e.name).sort((a, b) => order.indexOf(a.mode) - order.indexOf(b.mode)),
  )
}

/** `npm run serve`'s step: rebuild dist/server only when a server source is newer than the bundle. */
function buildServer(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/build-server.mjs', '--if-stale'], {
      cwd: root,
      stdio: 'inherit',
    })
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`build-server exited with ${code}`)),
    )
  })
}

async function postgresReachable(url: string) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 })
  try {
    await client.connect()
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => {})
  }
}

export async function runApiBench(log: (line: string) => void = () => {}): Promise<{
  rows: ApiBenchRow[]
  notes: string[]
}> {
  const baseUrl =
    process.env.BENCH_DATABASE_URL ||
    process.env.DATABASE_URL ||
    process.env.TEST_DATABASE_URL ||
    'postgres://postgres@127.0.0.1:5432/postgres'
  const notes: string[] = []
  process.once('SIGINT', interrupted)
  process.once('SIGTERM', interrupted)
  await buildServer()
  const rows = await benchEngine('pglite', baseUrl, log)
  if (await postgresReachable(baseUrl)) rows.push(...(await benchEngine('postgres', baseUrl, log)))
  else notes.push(`PostgreSQL not reachable at ${new URL(baseUrl).host}: PostgreSQL rows skipped.`)
  return { rows, notes }
}

// ---------------------------------------------------------------- table

const TARGETS = 'targets: cached ≥ 60 % of bare; uncached on PostgreSQL ≥ 1,500 req/s with p99 ≤ 25 ms'

function targetOf(r: ApiBenchRow): string {
  if (r.mode === 'cached' || r.mode === '304') return (r.ratio ?? 0) >= 0.6 ? 'ok ≥60%' : 'MISS <60%'
  if (r.mode === 'uncached' && r.engine === 'postgres')
    return r.requestsPerSecond >= 1500 && r.p99 <= 25 ? 'ok' : 'MISS'
  return ''
}

export const TABLE_HEADER = [
  'engine',
  'endpoint',
  'mode',
  'req/s',
  'p50 ms',
  'p99 ms',
  'vs bare',
  'CPU µs/req',
  'vs bare (CPU)',
  'unexpected',
  'target',
]
const RIGHT_ALIGNED = new Set([3, 4, 5, 6, 7, 8, 9])
const percent = (ratio: number | undefined) => (ratio === undefined ? '' : `${Math.round(ratio * 100)} %`)

export function apiRowCells(r: ApiBenchRow): string[] {
  return [
    r.engine,
    r.endpoint,
    r.mode,
    Math.round(r.requestsPerSecond).toLocaleString('en-US'),
    String(r.p50),
    String(r.p99),
    percent(r.ratio),
    r.cpuMicrosPerRequest === undefined ? '' : String(Math.round(r.cpuMicrosPerRequest)),
    percent(r.cpuRatio),
    String(r.unexpected),
    targetOf(r),
  ]
}

/** A Markdown table, so the output can go into docs/benchmarks.md as it is. */
export function renderTable(header: string[], body: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => (b[i] ?? '').length)))
  const pad = (c: string, i: number) =>
    RIGHT_ALIGNED.has(i) ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0)
  const rule = widths.map((w, i) =>
    RIGHT_ALIGNED.has(i) ? `${'-'.repeat(w + 1)}:` : `:${'-'.repeat(w + 1)}`,
  )
  return [
    `| ${header.map(pad).join(' | ')} |`,
    `|${rule.join('|')}|`,
    ...body.map((cells) => `| ${cells.map(pad).join(' | ')} |`),
  ].join('\n')
}

export const API_FOOTNOTE = `${CONNECTIONS} connections, ${SECONDS} s per row (after a ${WARMUP_SECONDS} s warm-up); ${TARGETS}.`

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { rows, notes } = await runApiBench((line) => console.error(line))
  console.log(renderTable(TABLE_HEADER, rows.map(apiRowCells)))
  console.log(`\n${API_FOOTNOTE}`)
  for (const note of notes) console.log(note)
}
