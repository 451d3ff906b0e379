// Supply-chain gate run by `npm test`: the lockfile is consistent with package.json and with what is
// installed, every locked package carries a sha512 integrity hash and comes from the public registry, and
// `npm audit --omit=dev` reports no known vulnerability in what ships.
//
// The audit needs the registry's advisory endpoint. When that endpoint cannot be reached (these build machines
// answer 405), the script says so and the audit part is skipped, unless AUDIT_REQUIRED=1 makes that a failure.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

type LockEntry = {
  version?: string
  resolved?: string
  integrity?: string
  link?: boolean
  /** Shipped inside its parent package's tarball (bundleDependencies): the parent's hash covers it. */
  inBundle?: boolean
  dev?: boolean
  optional?: boolean
  dependencies?: Record<string, string>
  devDependencies?: Record<string, string>
}
type Lockfile = { lockfileVersion: number; packages: Record<string, LockEntry> }
type Manifest = { dependencies?: Record<string, string>; devDependencies?: Record<string, string> }

const root = path.resolve(import.meta.dirname, '..')
const readJson = <T>(file: string): T => JSON.parse(fs.readFileSync(file, 'utf8')) as T

export function lockfileProblems(projectRoot: string): string[] {
  const problems: string[] = []
  const manifest = readJson<Manifest>(path.join(projectRoot, 'package.json'))
  const lock = readJson<Lockfile>(path.join(projectRoot, 'package-lock.json'))
  if (lock.lockfileVersion !== 3) problems.push(`lockfileVersion is ${lock.lockfileVersion}, expected 3`)

  const rootEntry = lock.packages[''] ?? {}
  for (const field of ['dependencies', 'devDependencies'] as const) {
    const wanted = manifest[field] ?? {}
    const locked = rootEntry[field] ?? {}
    for (const [name, range] of Object.entries(wanted)) {
      if (locked[name] !== range)
        problems.push(
          `${field}.${name}: package.json says ${range}, lockfile says ${locked[name] ?? 'nothing'}`,
        )
    }
    for (const name of Object.keys(locked)) {
      if (!(name in wanted)) problems.push(`${field}.${name} is locked but not in package.json`)
    }
  }

  for (const [key, entry] of Object.entries(lock.packages)) {
    if (key === '' || entry.link) continue
    if (!entry.version) problems.push(`${key}: no version`)
    // A bundled package is not fetched on its own: it arrives in its parent's tarball, checked by the
    // parent's sha512, so npm records no hash of its own for it.
    if (!entry.inBundle && !entry.integrity?.startsWith('sha512-'))
      problems.push(`${key}: no sha512 integrity hash`)
    if (entry.inBundle && !isBundledByLockedParent(lock, key))
      problems.push(`${key}: marked bundled, but no locked parent with a sha512 hash ships it`)
    if (entry.resolved && !entry.resolved.startsWith('https://registry.npmjs.org/'))
      problems.push(`${key}: resolved from ${entry.resolved}, not the public registry`)
    // What is installed must be what is locked (platform-specific optional binaries may be absent).
    const installed = path.join(projectRoot, key, 'package.json')
    if (fs.existsSync(installed)) {
      const { version } = readJson<{ version: string }>(installed)
      if (version !== entry.version) problems.push(`${key}: installed ${version}, locked ${entry.version}`)
    } else if (!entry.optional) {
      problems.push(`${key}: locked but not installed (run npm install)`)
    }
  }
  return problems
}

/** 'node_modules/a/node_modules/b' is bundled by 'node_modules/a', which must itself be locked with a hash. */
function isBundledByLockedParent(lock: Lockfile, key: string): boolean {
  const cut = key.lastIndexOf('/node_modules/')
  if (cut <= 0) return false
  const parent = lock.packages[key.slice(0, cut)]
  return Boolean(parent?.integrity?.startsWith('sha512-'))
}

type AuditResult = { ok: true; summary: string } | { ok: false; summary: string } | { unreachable: string }

export function audit(projectRoot: string): AuditResult {
  const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { cwd: projectRoot, encoding: 'utf8' })
  let report: {
    metadata?: { vulnerabilities?: Record<string, number> }
    message?: string
    error?: { summary?: string }
  }
  try {
    report = JSON.parse(run.stdout)
  } catch {
    return { unreachable: (run.stderr || run.stdout).trim().split('\n').slice(-1)[0] ?? 'no answer' }
  }
  const counts = report.metadata?.vulnerabilities
  if (!counts) return { unreachable: report.message || report.error?.summary || 'no report' }
  const found = Object.entries(counts).filter(([level, n]) => level !== 'total' && n > 0)
  return found.length === 0
    ? { ok: true, summary: 'npm audit --omit=dev: 0 vulnerabilities' }
    : { ok: false, summary: `npm audit --omit=dev: ${found.map(([l, n]) => `${n} ${l}`).join(', ')}` }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let failed = false
  const problems = lockfileProblems(root)
  if (problems.length > 0) {
    failed = true
    console.error(`Lockfile check failed (${problems.length}):\n  ${problems.join('\n  ')}`)
  } else {
    const count = Object.keys(readJson<Lockfile>(path.join(root, 'package-lock.json')).packages).length - 1
    console.log(
      `lockfile: ${count} packages locked with sha512 hashes, matching package.json and node_modules`,
    )
  }

  const result = audit(root)
  if ('unreachable' in result) {
    const message = `npm audit --omit=dev: the advisory service could not be reached (${result.unreachable})`
    if (process.env.AUDIT_REQUIRED === '1') {
      failed = true
      console.error(`${message}; AUDIT_REQUIRED=1 makes that a failure`)
    } else {
      console.warn(`${message}; audit skipped on this machine`)
    }
  } else if (result.ok) {
    console.log(result.summary)
  } else {
    failed = true
    console.error(`${result.summary} — run \`npm audit --omit=dev\` for details`)
  }
  process.exit(failed ? 1 : 0)
}
