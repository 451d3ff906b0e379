/**
 * Cold start on an existing embedded (PGlite) data folder, and idle memory.
 *
 * Starts the server once on a fresh temporary DATA_DIR (first start: creates the database, migrates,
 * seeds), stops it, then restarts it N times on that folder and measures, for each restart: the time from
 * spawn to the first 200 of GET /api/health and of GET / , and the resident memory (VmRSS) after a few
 * seconds idle. Prints median/min/max; asserts nothing (benchmarks are scripts: docs/architecture.md).
 *
 *   node --import tsx scripts/bench-startup.ts [--restarts 5] [--idle-ms 3000] [--source] [--cwd DIR]
 *
 * The server is started as `npm start` runs it (SERVER_COMMAND, the bundle built by
 * scripts/build-server.mjs, rebuilt here first); --source runs src/server/main.ts through tsx instead, and
 * --cwd runs it in another checkout (e.g. `git archive` of an older commit, to compare).
 * `/` needs the built client (dist/client, from `npm run build`); without it that figure is left out.
 * Wall times suffer on a busy machine; the server's CPU time until the first 200 much less so.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** What `npm start` / `npm run serve` run once built (package.json), from the repository root. */
export const SERVER_COMMAND = ['--enable-source-maps', 'dist/server/main.js']
/** The sources through tsx, as before docs/decisions/006 (and as the e2e setup and tests start it). */
export const SOURCE_SERVER_COMMAND = ['--import', 'tsx', 'src/server/main.ts']

export type Spread = { median: number; min: number; max: number }
export type StartupBenchResult = {
  restarts: number
  /** The first start on an empty folder (create, migrate, seed): ms to the first 200 of /api/health, RSS MB. */
  firstStart: { healthMs: number; idleRssMb: number | null }
  /** Spawn to first 200 of GET /api/health on the existing folder, ms. */
  healthMs: Spread
  /** Spawn to first 200 of GET / (the built app's HTML), ms; null without dist/client. */
  pageMs: Spread | null
  /** CPU time (user + system) the server used until that first 200 of /api/health, ms. */
  healthCpuMs: Spread | null
  /** VmRSS after idling, MB. */
  idleRssMb: Spread | null
}

type Started = { child: ChildProcess; port: number; output: () => string }

function spread(values: number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  const median =
    sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2
  return { median, min: sorted[0] ?? 0, max: sorted[sorted.length - 1] ?? 0 }
}

function startServer(command: string[], cwd: string, dataDir: string, started: number): Promise<Started> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    NODE_ENV: 'production',
  }
  // The embedded database only: a DATABASE_URL from the caller's shell must not be used.
  // As `npm install && npm start` runs: the auth secret is generated and kept in the database.
  for (const name of ['DATABASE_URL', 'BETTER_AUTH_SECRET', 'STRIPE_SECRET_KEY', 'SMTP_URL', 'S3_BUCKET'])
    delete env[name]
  const child = spawn(process.execPath, command, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let buffer = ''
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`server did not start within 120 s:\n${buffer}`))
    }, 120_000)
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString()
      const match = buffer.match(/"port":(\d+)[^\n]*is listening/)
      if (match) {
        clearTimeout(timer)
        resolve({ child, port: Number(match[1]), output: () => buffer })
      }
    })
    child.stderr?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString()
    })
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(
        new Error(
          `server exited with ${code} after ${Math.round(performance.now() - started)} ms:\n${buffer}`,
        ),
      )
    })
  })
}

/** Asks until the answer is 200 (a server that has logged "listening" answers at once). */
async function firstOk(url: string, deadline = 30_000): Promise<void> {
  const until = performance.now() + deadline
  for (;;) {
    try {
      const response = await fetch(url)
      await response.arrayBuffer()
      if (response.status === 200) return
      if (performance.now() > until) throw new Error(`${url} answered ${response.status}`)
    } catch (error) {
      if (performance.now() > until) throw error
    }
    await new Promise((r) => setTimeout(r, 10))
  }
}

/** CPU time (user + system) the process has used so far, ms: far less disturbed by a busy machine than wall time. */
function cpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    // utime and stime are fields 14 and 15 of /proc/<pid>/stat, in clock ticks (USER_HZ, 100 on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return null
  }
}

function rssMb(pid: number | undefined): number | null {
  if (pid === undefined) return null
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
    const kb = status.match(/^VmRSS:\s+(\d+)\s+kB/m)?.[1]
    return kb ? Number(kb) / 1024 : null
  } catch {
    return null // not Linux
  }
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return
  child.removeAllListeners('exit')
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
  await exited
  clearTimeout(timer)
}

export async function runStartupBench(
  options: {
    restarts?: number
    idleMs?: number
    /** Node arguments that start the server; SERVER_COMMAND (built first) by default. */
    command?: string[]
    /** Where to run it: this checkout by default (another one to compare, e.g. an older commit). */
    cwd?: string
    log?: (line: string) => void
  } = {},
): Promise<StartupBenchResult> {
  const restarts = options.restarts ?? 5
  const idleMs = options.idleMs ?? 3000
  const log = options.log ?? (() => {})
  const command = options.command ?? SERVER_COMMAND
  const cwd = options.cwd ?? root
  if (!options.command) await buildServerBundle()
  const hasClient = fs.existsSync(path.join(cwd, 'dist', 'client', 'index.html'))
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'townflyer-startup-'))
  try {
    const t0 = performance.now()
    const first = await startServer(command, cwd, dataDir, t0)
    await firstOk(`http://127.0.0.1:${first.port}/api/health`)
    const firstHealthMs = performance.now() - t0
    await new Promise((r) => setTimeout(r, idleMs))
    const firstRss = rssMb(first.child.pid)
    await stopServer(first.child)
    log(
      `first start (empty folder): health ${firstHealthMs.toFixed(0)} ms, idle RSS ${firstRss?.toFixed(0)} MB`,
    )

    const health: number[] = []
    const page: number[] = []
    const rss: number[] = []
    const cpuAtHealth: number[] = []
    for (let i = 0; i < restarts; i++) {
      const started = performance.now()
      const server = await startServer(command, cwd, dataDir, started)
      try {
        await firstOk(`http://127.0.0.1:${server.port}/api/health`)
        health.push(performance.now() - started)
        const cpu = cpuMs(server.child.pid)
        if (cpu !== null) cpuAtHealth.push(cpu)
        if (hasClient) {
          await firstOk(`http://127.0.0.1:${server.port}/`)
          page.push(performance.now() - started)
        }
        await new Promise((r) => setTimeout(r, idleMs))
        const mb = rssMb(server.child.pid)
        if (mb !== null) rss.push(mb)
        log(
          `restart ${i + 1}: health ${health.at(-1)?.toFixed(0)} ms (cpu ${cpuAtHealth.at(-1) ?? '-'} ms), / ${page.at(-1)?.toFixed(0) ?? '-'} ms, idle RSS ${mb?.toFixed(0) ?? '-'} MB`,
        )
      } finally {
        await stopServer(server.child)
      }
    }
    return {
      restarts,
      firstStart: { healthMs: firstHealthMs, idleRssMb: firstRss },
      healthMs: spread(health),
      pageMs: page.length > 0 ? spread(page) : null,
      healthCpuMs: cpuAtHealth.length > 0 ? spread(cpuAtHealth) : null,
      idleRssMb: rss.length > 0 ? spread(rss) : null,
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

/** The server bundle is an output of `npm start`'s build (scripts/build-server.mjs): built here too. */
async function buildServerBundle() {
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' })
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`server build exited with ${code}`)),
    )
  })
}

function argValue(name: string): number | undefined {
  const i = process.argv.indexOf(name)
  return i >= 0 ? Number(process.argv[i + 1]) : undefined
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const restarts = argValue('--restarts') ?? 5
  const idleMs = argValue('--idle-ms') ?? 3000
  const command = process.argv.includes('--source') ? SOURCE_SERVER_COMMAND : undefined
  const cwdArg = process.argv.indexOf('--cwd')
  const cwd = cwdArg >= 0 ? process.argv[cwdArg + 1] : undefined
  const result = await runStartupBench({
    restarts,
    idleMs,
    command,
    cwd,
    log: (line) => console.log(`  ${line}`),
  })
  const fmt = (s: Spread, unit: string) =>
    `median ${s.median.toFixed(0)} ${unit}   min ${s.min.toFixed(0)}   max ${s.max.toFixed(0)}`
  console.log(
    `cold start on an existing PGlite folder (${restarts} restarts, node ${(command ?? SERVER_COMMAND).join(' ')})`,
  )
  console.log(`  spawn → first 200 /api/health   ${fmt(result.healthMs, 'ms')}`)
  if (result.healthCpuMs) console.log(`    of which server CPU time      ${fmt(result.healthCpuMs, 'ms')}`)
  if (result.pageMs) console.log(`  spawn → first 200 /             ${fmt(result.pageMs, 'ms')}`)
  else console.log('  / not measured: no dist/client (run npm run build)')
  if (result.idleRssMb) console.log(`  idle RSS after ${idleMs} ms        ${fmt(result.idleRssMb, 'MB')}`)
  console.log(
    `  first start on an empty folder: health ${result.firstStart.healthMs.toFixed(0)} ms, idle RSS ${result.firstStart.idleRssMb?.toFixed(0) ?? '-'} MB`,
  )
}
