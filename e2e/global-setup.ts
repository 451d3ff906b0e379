import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { E2E_ADMIN } from './fixtures.ts'

const root = path.resolve(import.meta.dirname, '..')

/** Waits for the server's "listening" log line and returns the port it chose (PORT=0 picks a free one). */
function waitForPort(server: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let buffer = ''
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${buffer}`)), 60_000)
    server.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString()
      const match = buffer.match(/"port":(\d+)[^\n]*is listening/)
      if (match) {
        clearTimeout(timer)
        resolve(Number(match[1]))
      }
    })
    server.stderr?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString()
    })
    server.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${buffer}`)))
  })
}

type RunningServer = { url: string; stop: () => Promise<void> }

/** A built app on its own fresh data folder, with an administrator made by the CLI. */
async function startServer(): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'townflyer-e2e-'))
  const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'info', PORT: '0', DATABASE_URL: '' }
  const tsx = ['--import', 'tsx']
  // The administrator is made the way a real operator does it: with the CLI, on the stopped folder.
  execFileSync(
    process.execPath,
    [...tsx, 'src/server/cli/admin-create.ts', '--email', E2E_ADMIN.email, '--password', E2E_ADMIN.password],
    { cwd: root, env, stdio: 'pipe' },
  )
  const server = spawn(process.execPath, [...tsx, 'src/server/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const port = await waitForPort(server)
  return {
    url: `http://localhost:${port}`,
    stop: async () => {
      const exited = new Promise((resolve) => server.once('exit', resolve))
      server.kill('SIGTERM')
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))])
      if (server.exitCode === null) server.kill('SIGKILL')
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * Two servers: the admin journeys change what every visitor sees (months, media, the font), so they get
 * their own site and the storefront specs keep the seeded one (playwright.config.ts picks by project).
 */
export default async function globalSetup() {
  if (!fs.existsSync(path.join(root, 'dist/client/index.html'))) {
    throw new Error('Build the client first: npm run build (npm run test:e2e does it).')
  }
  const [storefront, admin] = await Promise.all([startServer(), startServer()])
  process.env.E2E_BASE_URL = storefront.url
  process.env.E2E_ADMIN_BASE_URL = admin.url
  return async () => {
    await Promise.all([storefront.stop(), admin.stop()])
  }
}
