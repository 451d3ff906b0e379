/**
 * The short-link redirect under load: scans of /go/{code} against the built server
 * (`node scripts/build-server.mjs --if-stale`, then `node dist/server/main.js`, as `npm run serve` does) on a
 * fresh temp DATA_DIR (PGlite) seeded with LINES paid lines (a third each to their page, a website, a phone;
 * one code in 20 unknown). The server runs in its own process, pinned to one core with `taskset -c 0` when
 * taskset is there (the figure is "on one core"); autocannon runs in another process (this script, with
 * `--client`, on core 1 then), each request with another code, user agent and client address (TRUST_PROXY, X-Forwarded-For),
 * so the cache, the counter and its flushes (every 2 s, in the server process) all do their real work.
 *
 * Two runs after a warm-up: a fixed rate of BENCH_RATE scans/s (default 2,000, autocannon's overallRate, its
 * latencies corrected for coordinated omission) over BENCH_RATE_CONNECTIONS (default 10) connections, and unthrottled at BENCH_CONNECTIONS (default 50)
 * connections for the maximum throughput. Prints p50/p99 and req/s, the scans the server wrote, and asserts
 * nothing (benchmarks are scripts). BENCH_SECONDS (default 10). `npm run bench:short-links`.
 *
 * BENCH_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres) runs the same on PostgreSQL, in a fresh
 * database made beside the one named and dropped afterwards: PGlite runs inside the server's own thread, so
 * its writes (the counter's flushes) pause the redirects; PostgreSQL's run in its own processes.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { type Database, openPglite, openPostgres } from '#server/db/client.ts'
import { linkScanDays, mapIcons, orders } from '#server/db/schema.ts'
import { seedFirstRun } from '#server/db/seed.ts'
import { loadConfig } from '#server/env.ts'

const root = path.resolve(import.meta.dirname, '..')
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
// autocannon paces a fixed rate per connection, in bursts: against a bare node:http server answering 302 (no
// work at all) on this kind of machine, 2,000/s over 50 connections read p99 83 ms, over 10 connections 3 ms.
// So the fixed-rate run uses few connections, and its tail is the server's, not the pacing's.
const RATE_CONNECTIONS = Number(process.env.BENCH_RATE_CONNECTIONS ?? 10)
const RATE = Number(process.env.BENCH_RATE ?? 2000)
const LINES = 1000
const POSTGRES_URL = process.env.BENCH_DATABASE_URL || undefined

/** Where the bench's data lives: a temp PGlite folder, or a fresh PostgreSQL database. */
type Store = {
  dataDir: string
  databaseUrl?: string
  open: () => Promise<Database>
  drop: () => Promise<void>
}

async function makeStore(): Promise<Store> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'townflyer-bench-short-links-'))
  const removeDir = async () => fs.rmSync(dataDir, { recursive: true, force: true })
  if (!POSTGRES_URL) return { dataDir, open: () => openPglite(dataDir), drop: removeDir }
  const name = `townflyer_bench_short_links_${process.pid}`
  const admin = openPostgres(POSTGRES_URL, { max: 1 })
  await admin.db.execute(sql.raw(`DROP DATABASE IF EXISTS "${name}"`))
  await admin.db.execute(sql.raw(`CREATE DATABASE "${name}"`))
  await admin.close()
  const url = new URL(POSTGRES_URL)
  url.pathname = `/${name}`
  const databaseUrl = url.toString()
  return {
    dataDir,
    databaseUrl,
    open: async () => openPostgres(databaseUrl, { max: 2 }),
    drop: async () => {
      await removeDir()
      const dropper = openPostgres(POSTGRES_URL, { max: 1 })
      await dropper.db.execute(sql.raw(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`))
      await dropper.close()
    },
  }
}
const WARMUP_SECONDS = 3

const USER_AGENTS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
]

type ClientResult = {
  requests: { average: number; total: number }
  latency: { p50: number; p99: number; max: number }
  errors: number
  timeouts: number
  non2xx: number
  statusCodeStats?: Record<string, { count: number }>
}

// ---------------------------------------------------------------- the autocannon process

async function runClient(args: {
  url: string
  codes: string[]
  seconds: number
  rate?: number
  connections: number
}) {
  // No types ship with autocannon: its one call used here, typed.
  const autocannonModule: string = 'autocannon'
  const autocannon = (await import(autocannonModule)).default as (options: unknown) => Promise<unknown>
  let n = 0
  const result = await autocannon({
    url: args.url,
    connections: args.connections,
    duration: args.seconds,
    overallRate: args.rate,
    requests: [
      {
        setupRequest: (request: { path?: string; headers?: Record<string, string> }) => {
          n++
          request.path = `/go/${args.codes[n % args.codes.length]}`
          request.headers = {
            ...request.headers,
            'user-agent': USER_AGENTS[n % USER_AGENTS.length] as string,
            'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
          }
          return request
        },
      },
    ],
  })
  process.stdout.write(JSON.stringify(result))
}

function client(
  url: string,
  codes: string[],
  seconds: number,
  rate: number | undefined,
  pinned: boolean,
): Promise<ClientResult> {
  const connections = rate === undefined ? CONNECTIONS : RATE_CONNECTIONS
  const input = JSON.stringify({ url, codes, seconds, rate, connections })
  const args = ['--import', 'tsx', import.meta.filename, '--client']
  // On the other core than the server's, when pinned.
  const child = pinned
    ? spawn('taskset', ['-c', '1', process.execPath, ...args], {
        cwd: root,
        stdio: ['pipe', 'pipe', 'inherit'],
      })
    : spawn(process.execPath, args, { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] })
  child.stdin.end(input)
  let out = ''
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString()
  })
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}`))
      resolve(JSON.parse(out) as ClientResult)
    })
  })
}

// ---------------------------------------------------------------- the server process

async function seed(store: Store): Promise<string[]> {
  const database = await store.open()
  try {
    await database.migrate()
    const config = loadConfig({ BETTER_AUTH_SECRET: 'bench-secret-that-is-at-least-32-characters' })
    await seedFirstRun(database.db, config.seed, new Date())
    const [icon] = await database.db.select({ id: mapIcons.id }).from(mapIcons).limit(1)
    const month = new Date().toISOString().slice(0, 7)
    await database.db.execute(sql`select ensure_mailing(${month})`)
    const lines = await database.db
      .insert(orders)
      .values(
        Array.from({ length: LINES }, (_, i) => ({
          id: `MAP-bench${i}`,
          businessName: `Main Street Business ${i}`,
          email: `business${i}@example.com`,
          amountCents: 15000,
          status: 'paid',
          paidAt: new Date(),
          mapIconId: icon?.id,
          mailingMonth: month,
          source: 'manual',
          ...(i % 3 === 1
            ? { linkDestination: 'website', linkTarget: `https://business${i}.example.com/` }
            : i % 3 === 2
              ? { linkDestination: 'phone', linkTarget: `555555${String(i).padStart(4, '0')}` }
              : {}),
        })),
      )
      .returning({ code: orders.shortCode })
    const codes = lines.map((line) => line.code)
    // One scan in 20 is of a code no line has.
    return codes.flatMap((code, i) => (i % 19 === 0 ? [code, '2222222'] : [code]))
  } finally {
    await database.close()
  }
}

function hasTaskset() {
  try {
    execFileSync('taskset', ['-c', '0', 'true'])
    return true
  } catch {
    return false
  }
}

function startServer(store: Store, pinned: boolean): Promise<{ child: ChildProcess; port: number }> {
  const args = ['--enable-source-maps', 'dist/server/main.js']
  const child = pinned
    ? spawn('taskset', ['-c', '0', process.execPath, ...args], { cwd: root, env: serverEnv(store) })
    : spawn(process.execPath, args, { cwd: root, env: serverEnv(store) })
  return new Promise((resolve, reject) => {
    let buffer = ''
    const onExit = (code: number | null) => reject(new Error(`the server exited with ${code}:\n${buffer}`))
    child.on('exit', onExit)
    child.stderr?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString()
    })
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString()
      const match = buffer.match(/"port":(\d+)[^\n]*is listening/)
      if (!match) return
      child.off('exit', onExit)
      child.stdout?.removeAllListeners('data')
      child.stdout?.resume()
      child.stderr?.removeAllListeners('data')
      child.stderr?.resume()
      resolve({ child, port: Number(match[1]) })
    })
  })
}

function serverEnv(store: Store): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    TRUST_PROXY: 'true',
    DATA_DIR: store.dataDir,
    DATABASE_URL: store.databaseUrl ?? '',
    BETTER_AUTH_SECRET: 'bench-secret-that-is-at-least-32-characters',
    ADMIN_EMAIL: '',
    ADMIN_PASSWORD: '',
  }
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); undefined elsewhere. */
function cpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return undefined
  }
}

/** One run, with the server's CPU time per request (what one core can do, whatever else runs). */
async function measure(name: string, server: ChildProcess, run: () => Promise<ClientResult>) {
  const before = cpuSeconds(server.pid)
  const result = await run()
  const after = cpuSeconds(server.pid)
  const redirects = result.statusCodeStats?.['302']?.count ?? 0
  const total = Object.values(result.statusCodeStats ?? {}).reduce((sum, s) => sum + s.count, 0)
  const cpu =
    before === undefined || after === undefined || total === 0
      ? '   ?'
      : (((after - before) * 1e6) / total).toFixed(0).padStart(4)
  console.log(
    `${name.padEnd(26)} ${result.requests.average.toFixed(0).padStart(7)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(4)} ms   max ${String(result.latency.max).padStart(5)} ms   server CPU ${cpu} µs/req   not 302: ${total - redirects + result.errors + result.timeouts}`,
  )
}

async function main() {
  execFileSync(process.execPath, ['scripts/build-server.mjs', '--if-stale'], { cwd: root, stdio: 'inherit' })
  const store = await makeStore()
  let server: ChildProcess | undefined
  try {
    const codes = await seed(store)
    const pinned = hasTaskset() && os.cpus().length > 1
    const started = await startServer(store, pinned)
    server = started.child
    const url = `http://127.0.0.1:${started.port}`
    console.log(
      `short-link redirect, ${store.databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${LINES} lines, server ${pinned ? 'pinned to one core (taskset -c 0)' : 'not pinned (no taskset)'}, ${os.cpus().length} cores, ${SECONDS} s per run`,
    )
    await client(url, codes, WARMUP_SECONDS, undefined, pinned)
    console.log(
      `load average before: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    )
    await measure(`fixed rate ${RATE}/s, ${RATE_CONNECTIONS} conns`, server, () =>
      client(url, codes, SECONDS, RATE, pinned),
    )
    await measure(`unthrottled, ${CONNECTIONS} conns`, server, () =>
      client(url, codes, SECONDS, undefined, pinned),
    )
    await stop(server) // its last flush writes what is left
    server = undefined
    const database = await store.open()
    const [written] = await database.db
      .select({
        scans: sql<number>`coalesce(sum(${linkScanDays.scans}), 0)::int`,
        people: sql<number>`coalesce(sum(${linkScanDays.people}), 0)::int`,
      })
      .from(linkScanDays)
    await database.close()
    console.log(
      `scans written: ${written?.scans} (people ${written?.people}); bots and unknown codes not counted`,
    )
  } finally {
    if (server) await stop(server)
    await store.drop()
  }
}

if (process.argv.includes('--client')) {
  let input = ''
  process.stdin.on('data', (chunk: Buffer) => {
    input += chunk.toString()
  })
  process.stdin.on('end', () => {
    runClient(JSON.parse(input)).catch((error) => {
      console.error(error)
      process.exit(1)
    })
  })
} else {
  main().catch((error) => {
    console.error(error)
    process.exit(1)
  })
}
