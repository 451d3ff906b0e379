// Starting a Townflyer server process for tools and tests: PORT=0 picks a free port, which the server's
// "listening" log line reports. Shared by the e2e/Lighthouse server (built-server.ts), the checkout bench
// and the two-process concurrency test.
import { type ChildProcess, spawn } from 'node:child_process'
import path from 'node:path'

export const projectRoot = path.resolve(import.meta.dirname, '../..')

/** What `npm start` runs: the server bundle (docs/decisions/006). */
export const serverEntry = ['--enable-source-maps', 'dist/server/main.js']

/**
 * Resolves with the port from the server's "listening" line; rejects if it exits or is silent for
 * `timeoutMs` (two minutes: a fresh server took 54 s to start on the 2-core machine under a load of 20). After that line the pipes keep being drained, so the server never blocks on a full stdout.
 */
export function waitForListening(server: ChildProcess, timeoutMs = 120_000): Promise<number> {
  return new Promise((resolve, reject) => {
    let buffer = ''
    const onExit = (code: number | null) => {
      clearTimeout(timer)
      reject(new Error(`server exited with ${code}:\n${buffer}`))
    }
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${buffer}`)), timeoutMs)
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString()
      const match = buffer.match(/"port":(\d+)[^\n]*is listening/)
      if (!match) return
      clearTimeout(timer)
      server.off('exit', onExit)
      server.stdout?.off('data', onData)
      server.stdout?.resume()
      resolve(Number(match[1]))
    }
    server.stdout?.on('data', onData)
    server.stderr?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString()
    })
    server.on('exit', onExit)
  })
}

/** Spawns a server with `env` over this process's environment and waits for its port. */
export async function spawnServer(options: {
  env: NodeJS.ProcessEnv
  /** Node arguments; the bundle by default. */
  command?: string[]
  timeoutMs?: number
}): Promise<{ port: number; child: ChildProcess }> {
  const child = spawn(process.execPath, options.command ?? serverEntry, {
    cwd: projectRoot,
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'info', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  try {
    return { port: await waitForListening(child, options.timeoutMs), child }
  } catch (error) {
    if (child.exitCode === null) child.kill('SIGKILL')
    throw error
  }
}
