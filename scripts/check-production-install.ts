/**
 * Proves that a production install runs the server (docs/operations.md, "A production install"): the last
 * build (`npm run build` first, or pass --build) is copied with package.json, package-lock.json and the
 * migrations into a temporary folder, `npm ci --omit=dev` installs the runtime packages there, and then
 *
 * 1. every package the lockfile marks dev or devOptional is deleted from that node_modules. npm keeps the
 *    devOptional ones on --omit=dev (better-auth names drizzle-kit, vitest, react, … as optional peers, and
 *    the root has them as devDependencies), so without this step a server that needed one would still pass;
 * 2. every package that dist/server imports (also the lazy chunks: Stripe, S3, SMTP) must load there;
 * 3. `node dist/server/main.js` starts on a new PGlite folder (PORT=0) and must answer GET / and /calendar
 *    with the built app, /api/health, /api/calendar-days with JSON, and sign in the ADMIN_EMAIL it created.
 *
 *   node --import tsx scripts/check-production-install.ts [--build] [--keep]
 *
 * Exit code 1 on any failure. About 30 s with npm's cache warm; `npm ci` needs the registry otherwise.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const started = Date.now()
const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)} s`
const adminEmail = 'production-check@example.com'
const adminPassword = 'production check password'

type LockEntry = { dev?: boolean; devOptional?: boolean }

function run(command: string, args: string[], cwd: string): void {
  const result = spawnSync(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' })
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed (${result.status}):\n${result.stderr.slice(-3000)}`)
  }
}

function folderMb(dir: string): number {
  let bytes = 0
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) bytes += fs.statSync(path.join(entry.parentPath, entry.name)).size
  }
  return bytes / 1024 / 1024
}

/** The bare package names the built server imports (`from "x"`, `import("x/sub")`), without node: ones. */
function serverPackageImports(serverDir: string): string[] {
  const names = new Set<string>()
  for (const entry of fs.readdirSync(serverDir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.js')) continue
    const code = fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8')
    // esbuild writes static imports as statements of their own and lazy ones as import("x").
    const statements = /^(?:import|export)\b[^;"]*?(?:\bfrom\s*)?"([^"]+)";$/gm
    const lazy = /\bimport\("((?:@[\w.-]+\/)?[\w.-]+(?:\/[\w./-]+)?)"\)/g
    for (const match of [...code.matchAll(statements), ...code.matchAll(lazy)]) {
      const specifier = match[1] as string
      if (!specifier.startsWith('node:') && !specifier.startsWith('.')) names.add(specifier)
    }
  }
  return [...names].sort()
}

function waitForListening(server: ChildProcess, log: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "listening" within 30 s:\n${log.join('')}`)), 30_000)
    server.stdout?.on('data', (chunk: Buffer) => {
      log.push(chunk.toString())
      const port = /"port":(\d+)[^\n]*Townflyer is listening/.exec(log.join(''))?.[1]
      if (port) {
        clearTimeout(timer)
        resolve(Number(port))
      }
    })
    server.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()))
    server.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`the server exited (${code}) before listening:\n${log.join('')}`))
    })
  })
}

/** YYYY-MM two months ahead: seeded for sale on a new database (the current month's mailing may be closed). */
function monthAhead(months: number): string {
  const now = new Date()
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, 1))
  return date.toISOString().slice(0, 7)
}

async function main(): Promise<void> {
  if (process.argv.includes('--build')) run('npm', ['run', 'build'], root)
  for (const file of ['dist/server/main.js', 'dist/client/index.html']) {
    if (!fs.existsSync(path.join(root, file))) throw new Error(`${file} is missing: run npm run build first`)
  }

  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'townflyer-production-'))
  let server: ChildProcess | undefined
  try {
    for (const file of ['package.json', 'package-lock.json', 'dist', 'src/server/db/migrations']) {
      fs.cpSync(path.join(root, file), path.join(folder, file), { recursive: true })
    }
    run('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], folder)
    const installedMb = folderMb(path.join(folder, 'node_modules'))

    const lock = JSON.parse(fs.readFileSync(path.join(folder, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, LockEntry>
    }
    const removed: string[] = []
    for (const [key, entry] of Object.entries(lock.packages)) {
      if (key && (entry.dev || entry.devOptional) && fs.existsSync(path.join(folder, key))) {
        fs.rmSync(path.join(folder, key), { recursive: true, force: true })
        removed.push(key.replace(/^node_modules\//, ''))
      }
    }
    const runtimeMb = folderMb(path.join(folder, 'node_modules'))
    const named = ['drizzle-kit', 'vite', 'vitest', 'tsx', 'esbuild', 'react'].filter((name) =>
      removed.includes(name),
    )
    console.log(
      `npm ci --omit=dev: ${installedMb.toFixed(0)} MB of node_modules; ${runtimeMb.toFixed(0)} MB after deleting ` +
        `the ${removed.length} dev/devOptional packages npm kept (${named.join(', ')}, …) (${seconds()})`,
    )

    const imports = serverPackageImports(path.join(folder, 'dist', 'server'))
    const loader = `for (const name of ${JSON.stringify(imports)}) await import(name)`
    run(process.execPath, ['--input-type=module', '-e', loader], folder)
    console.log(`dist/server imports ${imports.length} package entry points; all load there (${seconds()})`)

    const log: string[] = []
    server = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
      cwd: folder,
      env: {
        PATH: process.env.PATH,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: path.join(folder, 'data'),
        ADMIN_EMAIL: adminEmail,
        ADMIN_PASSWORD: adminPassword,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const port = await waitForListening(server, log)
    const base = `http://127.0.0.1:${port}`
    const failures: string[] = []
    const expect = async (label: string, response: Promise<Response>, check: (body: string) => boolean) => {
      const answer = await response
      const body = await answer.text()
      const ok = answer.status === 200 && check(body)
      console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${label}: ${answer.status}, ${body.length} bytes`)
      if (!ok) failures.push(`${label}: ${answer.status} ${body.slice(0, 300)}`)
    }
    const html = (body: string) => body.includes('<div id="root"') && /assets\/index-[\w-]+\.js/.test(body)
    await expect('GET /', fetch(`${base}/`), html)
    await expect('GET /calendar', fetch(`${base}/calendar`), html)
    await expect('GET /api/health', fetch(`${base}/api/health`), (body) => body.includes('"up"'))
    const month = monthAhead(2)
    await expect(
      `GET /api/calendar-days?month=${month}`,
      fetch(`${base}/api/calendar-days?month=${month}`),
      (body) => Array.isArray((JSON.parse(body) as { days?: unknown }).days),
    )
    await expect(
      'POST /api/auth/sign-in/email (better-auth)',
      fetch(`${base}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base },
        body: JSON.stringify({ email: adminEmail, password: adminPassword }),
      }),
      (body) => body.includes(adminEmail),
    )
    if (failures.length > 0)
      throw new Error(`the production install answered wrong:\n  ${failures.join('\n  ')}`)
    console.log(
      `Production install check passed in ${seconds()}${process.argv.includes('--keep') ? `: ${folder}` : ''}`,
    )
  } finally {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server?.on('exit', resolve))
      server.kill('SIGTERM')
      await exited
    }
    if (!process.argv.includes('--keep')) fs.rmSync(folder, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
