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
 * Pages, on the same servers: the time to first byte of /, /calendar and /blog (sequential requests on one
 * kept-alive connection, Accept-Encoding br as a browser sends it, timed to the response headers) beside a
 * static file of the same server (/robots.txt, the anchor), measured in turns so that both see the same
 * machine; and requests/s of / and of the anchor at BENCH_CONNECTIONS with autocannon. `kept` is the default
 * server (pages from the render cache), `rendered` the READ_CACHE=off one (every request renders).
 * `--pages` runs only the pages' part, `--engine pglite|postgres` one engine.
 * Prints figures, asserts nothing (benchmarks are scripts: docs/architecture.md). BENCH_SECONDS (default
 * 10) and BENCH_CONNECTIONS (50).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
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

export type PageMode = 'static anchor' | 'kept' | 'rendered'
export type PageBenchRow = {
  engine: Engine
  url: string
  mode: PageMode
  ttfbP50: number
  ttfbP99: number
  /** Time to first byte (p50) ÷ the static anchor's, measured in the same turns. */
  ratio?: number
  /** At CONNECTIONS connections (only / and the anchor), with the server's CPU time per request. */
  requestsPerSecond?: number
  cpuMicrosPerRequest?: number
  unexpected: number
}

const PAGE_URLS = ['/', '/calendar', '/blog']
const STATIC_ANCHOR = '/robots.txt'
/** Sequential requests per URL: TURNS turns of TURN_REQUESTS each, the URLs taking turns. */
const TURNS = 10
const TURN_REQUESTS = 30
const BROWSER_ENCODING = { 'accept-encoding': 'br, gzip' }

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

/** Milliseconds to the response headers of `n` sequential GETs on `agent`'s one connection; counts non-200s. */
async function firstByteTimes(url: string, n: number, agent: http.Agent) {
  const times: number[] = []
  let unexpected = 0
  for (let i = 0; i < n; i++) {
    const started = performance.now()
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.get(url, { agent, headers: BROWSER_ENCODING }, (response) => {
        times.push(performance.now() - started)
        response.resume()
        response.on('end', () => resolve(response.statusCode ?? 0))
        response.on('error', reject)
      })
      request.on('error', reject)
    })
    if (status !== 200) unexpected++
  }
  return { times, unexpected }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0

/**
 * The pages' time to first byte beside the static anchor's, on one server: the URLs take turns (TURNS
 * turns of TURN_REQUESTS requests each, one warm-up turn first), so a change of load hits them alike. Then
 * requests/s of / and of the anchor at CONNECTIONS connections.
 */
async function measurePages(
  engine: Engine,
  mode: 'kept' | 'rendered',
  port: number,
  pid: number | undefined,
  log: (line: string) => void,
): Promise<PageBenchRow[]> {
  const urls = [STATIC_ANCHOR, ...PAGE_URLS]
  const agents = new Map(urls.map((u) => [u, new http.Agent({ keepAlive: true, maxSockets: 1 })]))
  const times = new Map<string, number[]>(urls.map((u) => [u, []]))
  const unexpected = new Map<string, number>(urls.map((u) => [u, 0]))
  const full = (u: string) => `http://127.0.0.1:${port}${u}`
  try {
    for (const u of urls) await firstByteTimes(full(u), TURN_REQUESTS, agents.get(u) as http.Agent)
    for (let turn = 0; turn < TURNS; turn++) {
      for (const u of urls) {
        const measured = await firstByteTimes(full(u), TURN_REQUESTS, agents.get(u) as http.Agent)
        times.get(u)?.push(...measured.times)
        unexpected.set(u, (unexpected.get(u) ?? 0) + measured.unexpected)
      }
    }
  } finally {
    for (const agent of agents.values()) agent.destroy()
  }
  const sortedTimes = (u: string) => [...(times.get(u) ?? [])].sort((a, b) => a - b)
  const anchorP50 = percentile(sortedTimes(STATIC_ANCHOR), 50)
  const rows: PageBenchRow[] = urls.map((u) => {
    const sorted = sortedTimes(u)
    return {
      engine,
      url: u,
      mode: u === STATIC_ANCHOR ? 'static anchor' : mode,
      ttfbP50: percentile(sorted, 50),
      ttfbP99: percentile(sorted, 99),
      ratio: u === STATIC_ANCHOR ? undefined : percentile(sorted, 50) / anchorP50,
      unexpected: unexpected.get(u) ?? 0,
    }
  })
  for (const u of [STATIC_ANCHOR, '/']) {
    const m = await measure(full(u), 200, BROWSER_ENCODING, pid)
    const row = rows.find((r) => r.url === u)
    if (row) {
      row.requestsPerSecond = m.requestsPerSecond
      row.cpuMicrosPerRequest = m.cpuMicrosPerRequest
      row.unexpected += m.unexpected
    }
  }
  for (const r of rows)
    log(
      `  ${engine} ${r.url} ${r.mode}: first byte p50 ${r.ttfbP50.toFixed(2)} ms, p99 ${r.ttfbP99.toFixed(2)} ms${r.ratio ? ` (×${r.ratio.toFixed(1)} the anchor)` : ''}${r.requestsPerSecond ? `, ${Math.round(r.requestsPerSecond)} req/s, ${Math.round(r.cpuMicrosPerRequest ?? 0)} µs CPU/req` : ''}`,
    )
  return rows
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
  pagesOnly: boolean,
): Promise<{ rows: ApiBenchRow[]; pages: PageBenchRow[] }> {
  const { target, month, cleanup } = await prepareTarget(engine, baseUrl, new Date())
  const endpoints = [
    { name: 'calendar month', path: `/api/calendar-days?month=${month}` },
    { name: 'map icons', path: '/api/map-icons' },
    { name: 'blog list', path: '/api/blog-posts' },
  ]
  const rows: ApiBenchRow[] = []
  const pages: PageBenchRow[] = []
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
    pages.push(...(await measurePages(engine, 'kept', cached.port, cached.child.pid, log)))
    if (pagesOnly) {
      await stop(cached.child)
      const rendering = await startTownflyer(target, false)
      children.push(rendering.child)
      pages.push(...(await measurePages(engine, 'rendered', rendering.port, rendering.child.pid, log)))
      return { rows, pages }
    }
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
    pages.push(...(await measurePages(engine, 'rendered', uncached.port, uncached.child.pid, log)))
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
  return {
    rows: endpoints.flatMap((e) =>
      rows.filter((r) => r.endpoint === e.name).sort((a, b) => order.indexOf(a.mode) - order.indexOf(b.mode)),
    ),
    pages,
  }
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

export async function runApiBench(
  log: (line: string) => void = () => {},
  options: { pagesOnly?: boolean; engines?: Engine[] } = {},
): Promise<{
  rows: ApiBenchRow[]
  pages: PageBenchRow[]
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
  const engines = options.engines ?? ['pglite', 'postgres']
  const rows: ApiBenchRow[] = []
  const pages: PageBenchRow[] = []
  for (const engine of engines) {
    if (engine === 'postgres' && !(await postgresReachable(baseUrl))) {
      notes.push(`PostgreSQL not reachable at ${new URL(baseUrl).host}: PostgreSQL rows skipped.`)
      continue
    }
    const result = await benchEngine(engine, baseUrl, log, options.pagesOnly ?? false)
    rows.push(...result.rows)
    pages.push(...result.pages)
  }
  return { rows, pages, notes }
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
export const PAGE_RIGHT_ALIGNED = new Set([3, 4, 5, 6, 7, 8])

export function renderTable(header: string[], body: string[][], rightAligned = RIGHT_ALIGNED): string {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => (b[i] ?? '').length)))
  const pad = (c: string, i: number) =>
    rightAligned.has(i) ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0)
  const rule = widths.map((w, i) => (rightAligned.has(i) ? `${'-'.repeat(w + 1)}:` : `:${'-'.repeat(w + 1)}`))
  return [
    `| ${header.map(pad).join(' | ')} |`,
    `|${rule.join('|')}|`,
    ...body.map((cells) => `| ${cells.map(pad).join(' | ')} |`),
  ].join('\n')
}

export const PAGE_TABLE_HEADER = [
  'engine',
  'page',
  'mode',
  'first byte p50 ms',
  'p99 ms',
  'vs anchor',
  'req/s',
  'CPU µs/req',
  'unexpected',
  'target',
]

const PAGE_TARGETS = "targets: a kept page's first byte ≤ ×3 the static anchor's; / ≥ 1,000 req/s"

function pageTargetOf(r: PageBenchRow): string {
  if (r.mode !== 'kept') return ''
  const ttfb = (r.ratio ?? Number.POSITIVE_INFINITY) <= 3 ? 'ok ≤×3' : 'MISS >×3'
  if (r.url !== '/') return ttfb
  return `${ttfb}, ${(r.requestsPerSecond ?? 0) >= 1000 ? 'ok ≥1,000/s' : 'MISS <1,000/s'}`
}

export function pageRowCells(r: PageBenchRow): string[] {
  return [
    r.engine,
    r.url,
    r.mode,
    r.ttfbP50.toFixed(2),
    r.ttfbP99.toFixed(2),
    r.ratio === undefined ? '' : `×${r.ratio.toFixed(1)}`,
    r.requestsPerSecond === undefined ? '' : Math.round(r.requestsPerSecond).toLocaleString('en-US'),
    r.cpuMicrosPerRequest === undefined ? '' : String(Math.round(r.cpuMicrosPerRequest)),
    String(r.unexpected),
    pageTargetOf(r),
  ]
}

export const PAGE_FOOTNOTE = `Pages: first byte over ${TURNS} turns of ${TURN_REQUESTS} sequential requests per URL (Accept-Encoding br, gzip), the URLs taking turns; req/s at ${CONNECTIONS} connections, ${SECONDS} s after a ${WARMUP_SECONDS} s warm-up; ${PAGE_TARGETS}.`

export const API_FOOTNOTE = `${CONNECTIONS} connections, ${SECONDS} s per row (after a ${WARMUP_SECONDS} s warm-up); ${TARGETS}.`

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2)
  const engine = args[args.indexOf('--engine') + 1]
  const { rows, pages, notes } = await runApiBench((line) => console.error(line), {
    pagesOnly: args.includes('--pages'),
    engines: args.includes('--engine') ? [engine as Engine] : undefined,
  })
  if (rows.length > 0) {
    console.log(renderTable(TABLE_HEADER, rows.map(apiRowCells)))
    console.log(`\n${API_FOOTNOTE}`)
  }
  console.log(`\n${renderTable(PAGE_TABLE_HEADER, pages.map(pageRowCells), PAGE_RIGHT_ALIGNED)}`)
  console.log(`\n${PAGE_FOOTNOTE}`)
  for (const note of notes) console.log(note)
}
