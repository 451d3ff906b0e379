// `npm start` builds only when it must (a fresh clone, or a source newer than the last complete build), so a
// restart on an existing build serves at once instead of spending 12–28 s rebuilding what it already has.
// `npm run build` ends with `--stamp`: the stamp is written only after every step succeeded, so an
// interrupted build is never taken for a complete one. Plain JavaScript so it runs without tsx.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const stampOf = (dir) => path.join(dir, 'dist', '.build-stamp')
const stamp = stampOf(root)

/** What the build reads: the sources (tests excluded), the page shell, public files and the build setup. */
const INPUTS = [
  'src',
  'index.html',
  'public',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
  'scripts/precompress.ts',
  'scripts/build-server.mjs',
]

const isTest = (name) => /\.test\.tsx?$/.test(name)

function newestMtime(file) {
  if (!fs.existsSync(file)) return 0
  const stat = fs.statSync(file)
  if (!stat.isDirectory()) return isTest(file) ? 0 : stat.mtimeMs
  let newest = 0
  for (const entry of fs.readdirSync(file)) newest = Math.max(newest, newestMtime(path.join(file, entry)))
  return newest
}

/** True when `dir` has no complete build, or a build input changed after it. */
export function isBuildStale(dir = root) {
  if (!fs.existsSync(stampOf(dir))) return true
  const built = fs.statSync(stampOf(dir)).mtimeMs
  return INPUTS.some((input) => newestMtime(path.join(dir, input)) > built)
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)
if (!isMain) {
  // Imported (by its test): nothing to do.
} else if (process.argv.includes('--stamp')) {
  fs.mkdirSync(path.dirname(stamp), { recursive: true })
  fs.writeFileSync(stamp, `${new Date().toISOString()}\n`)
} else if (isBuildStale()) {
  // A second `npm start` on a data folder in use must stop before it rebuilds the files the running server
  // serves. Checked only here: without a build the server itself refuses a folder in use, and skipping
  // this check (tsx, ~0.7 s) is most of what makes a restart on a current build fast.
  const check = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/check-data-dir.ts'], {
    cwd: root,
    stdio: 'inherit',
  })
  if (check.status !== 0) process.exit(check.status ?? 1)
  console.log('Building the site (the build is missing or older than the sources)…')
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
  process.exit(result.status ?? 1)
} else {
  console.log('The build is up to date; starting it.')
}
