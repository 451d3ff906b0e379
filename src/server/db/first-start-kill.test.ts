// @engines pglite
import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { testEngine } from '../test/test-database.ts'
import { appRoot, openPglite } from './client.ts'

/** Polls `check` until it is true; fails after `timeoutMs` (no fixed sleeps). */
async function waitFor<T>(check: () => T | undefined, what: string, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = check()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/** Linux's process table: the pid's parent and state, or undefined when there is no such process. */
function processStat(pid: number): { ppid: number; state: string } | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    // "pid (comm) state ppid …"; comm may contain spaces and parentheses, so split after the last ')'.
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return { ppid: Number(ppid), state: state ?? '' }
  } catch {
    return undefined
  }
}

/** The child of `pid` that runs initdb (not tsx's esbuild service, say), found by its command line. */
function initdbChildOf(pid: number): number | undefined {
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .find((candidate) => {
      if (processStat(candidate)?.ppid !== pid) return false
      try {
        return fs.readFileSync(`/proc/${candidate}/cmdline`, 'utf8').includes('PGlite.create')
      } catch {
        return false
      }
    })
}

/** Gone, or a zombie nobody reaped yet (a container's init may not): either way it runs no more code. */
const isGone = (pid: number) => {
  const stat = processStat(pid)
  return !stat || stat.state === 'Z'
}

/**
 * A start killed while it creates its first database: the initdb child must not outlive it (it would
 * write the folder without holding its lock), and the next start must find a usable folder, never a
 * half-written one. Process-level, so it runs once (in the PGlite project) and on Linux (/proc).
 */
describe.skipIf(testEngine !== 'pglite' || process.platform !== 'linux')(
  'a first start killed while initdb runs',
  () => {
    const started: ChildProcess[] = []
    const orphans: number[] = []
    let dataDir: string | undefined
    afterEach(() => {
      for (const child of started) child.kill('SIGKILL')
      for (const pid of orphans) if (!isGone(pid)) process.kill(pid, 'SIGKILL') // only after a failure
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
    })

    it('takes its initdb child with it, and the next start opens the folder', async () => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'townflyer-first-start-'))
      const clientModule = path.join(appRoot, 'src', 'server', 'db', 'client.ts')
      const server = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          '--input-type=module',
          '-e',
          `const { openPglite } = await import(${JSON.stringify(clientModule)}); await openPglite(process.argv[1])`,
          dataDir,
        ],
        { cwd: appRoot, stdio: 'ignore' },
      )
      started.push(server)
      const serverPid = server.pid as number
      const initdb = await waitFor(() => initdbChildOf(serverPid), 'the initdb child to start', 20_000)

      orphans.push(initdb)
      server.kill('SIGKILL')
      await waitFor(() => (isGone(initdb) ? true : undefined), 'the initdb child to exit', 5_000)

      // Nothing was completed outside the lock: no database folder appeared after the kill.
      expect(fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(false)

      const database = await openPglite(dataDir)
      try {
        await database.migrate()
        await database.ping()
      } finally {
        await database.close()
      }
      expect(fs.readdirSync(dataDir).filter((entry) => entry.startsWith('pglite.init-'))).toEqual([])
    }, 120_000)
  },
)
