// Starts the built app (dist/client + dist/server/main.js) on a free port and a fresh data folder, the
// way an operator runs it. Shared by the e2e global setup and the Lighthouse budget script.
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { spawnServer } from './server-process.ts'

export { serverEntry } from './server-process.ts'

const root = path.resolve(import.meta.dirname, '../..')
const tsx = ['--import', 'tsx']

export type RunningServer = { url: string; pid: number | undefined; stop: () => Promise<void> }

export type StartServerOptions = {
  /** Made with the admin CLI on the stopped folder before the server starts. */
  admin?: { email: string; password: string }
  /** Prefix of the temporary data folder. */
  label?: string
  env?: NodeJS.ProcessEnv
}

export function assertClientBuilt(): void {
  for (const file of ['dist/client/index.html', 'dist/server/main.js']) {
    if (!fs.existsSync(path.join(root, file))) {
      throw new Error(`${file} is missing. Build first: npm run build (npm run test:e2e does it).`)
    }
  }
}

/** A built app on its own fresh data folder; stop() ends that process (by its PID) and removes the folder. */
export async function startBuiltServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${options.label ?? 'townflyer'}-`))
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    PORT: '0',
    DATABASE_URL: '',
    ...options.env,
  }
  if (options.admin) {
    // The administrator is made the way a real operator does it: with the CLI, on the stopped folder.
    // Asynchronously, so two servers started together make theirs at the same time.
    await promisify(execFile)(
      process.execPath,
      [
        ...tsx,
        'src/server/cli/admin-create.ts',
        '--email',
        options.admin.email,
        '--password',
        options.admin.password,
      ],
      { cwd: root, env },
    )
  }
  let started: Awaited<ReturnType<typeof spawnServer>>
  try {
    started = await spawnServer({ env })
  } catch (error) {
    fs.rmSync(dataDir, { recursive: true, force: true })
    throw error
  }
  const { port, child: server } = started
  return {
    url: `http://localhost:${port}`,
    pid: server.pid,
    stop: async () => {
      const exited = new Promise((resolve) => server.once('exit', resolve))
      server.kill('SIGTERM')
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))])
      if (server.exitCode === null) server.kill('SIGKILL')
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
