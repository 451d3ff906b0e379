// `npm start` builds only when it must (a fresh clone, or a source newer than the last complete build), so a
// restart on an existing build serves at once instead of spending 12–28 s rebuilding what it already has.
// `npm run build` ends with `--stamp`: the stamp is written only after every step succeeded, so an
// interrupted build is never taken for a complete one. Plain JavaScript so it runs without tsx.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const stamp = path.join(root, 'dist', '.build-stamp')

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

export function isBuildStale() {
  if (!fs.existsSync(stamp)) return true
  const built = fs.statSync(stamp).mtimeMs
  return INPUTS.some((input) => newestMtime(path.join(root, input)) > built)
}

if (process.argv.includes('--stamp')) {
  fs.mkdirSync(path.dirname(stamp), { recursive: true })
  fs.writeFileSync(stamp, `${new Date().toISOString()}\n`)
} else if (isBuildStale()) {
  console.log('Building the site (the build is missing or older than the sources)…')
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
  process.exit(result.status ?? 1)
} else {
  console.log('The build is up to date; starting it.')
}
