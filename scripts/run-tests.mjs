// `npm test`: every stage (stopping at the first group that fails), then how long each took, so a run's
// wall time per stage is in its own output (docs/benchmarks.md keeps the figures).
// `npm run test:quick` (--quick): the inner loop, without the browsers, PostgreSQL, the supply-chain gate,
// the budgets and the tests that start processes, and with a small API fuzz (vitest.config.ts, mode quick).
//
// Stages in one group run at the same time, their output held and printed whole as each ends: the short
// checks together (each is mostly one process on one core), and the production install beside the budgets
// (the install waits on the disk and the registry; Lighthouse's gates are accessibility, best practices,
// SEO and layout shift, none of them a timing). The test stages use both cores alone.
import { spawn } from 'node:child_process'

const QUICK = process.argv.includes('--quick')

const FULL_GROUPS = [
  ['typecheck', 'lint', 'test:supply-chain'],
  ['test:unit'],
  ['test:e2e'],
  // After test:e2e, whose build both reuse: npm ci --omit=dev of that build must serve server-rendered pages.
  ['check:production-install', 'test:budgets'],
]
// typecheck:quick keeps tsc's incremental state between runs (under node_modules/.cache): 2 s instead of 8
// once warm. test:unit:quick is Vitest's unit, client and PGlite integration projects in mode quick.
const QUICK_GROUPS = [['typecheck:quick', 'lint'], ['test:unit:quick']]

// TEST_STAGES=typecheck,lint runs only those, one after the other.
const GROUPS = process.env.TEST_STAGES
  ? process.env.TEST_STAGES.split(',')
      .filter(Boolean)
      .map((stage) => [stage])
  : QUICK
    ? QUICK_GROUPS
    : FULL_GROUPS
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'

/** Runs one stage; alone, its output streams; beside others, it is held and printed when it ends. */
function runStage(stage, alone) {
  const t0 = performance.now()
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', stage], {
      stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    })
    const chunks = []
    child.stdout?.on('data', (chunk) => chunks.push(chunk))
    child.stderr?.on('data', (chunk) => chunks.push(chunk))
    child.on('close', (status, signal) => {
      if (!alone) {
        process.stdout.write(`\n── ${stage} ──\n`)
        process.stdout.write(Buffer.concat(chunks))
      }
      resolve({ stage, seconds: (performance.now() - t0) / 1000, status, signal })
    })
  })
}

const times = []
let failed
const started = performance.now()
for (const group of GROUPS) {
  const t0 = performance.now()
  const results = await Promise.all(group.map((stage) => runStage(stage, group.length === 1)))
  for (const r of results) times.push([group.length === 1 ? r.stage : `${r.stage} ∥`, r.seconds])
  if (group.length > 1) times.push(['  (together)', (performance.now() - t0) / 1000])
  const bad = results.filter((r) => r.status !== 0)
  if (bad.length > 0) {
    failed = bad
      .map((r) => `${r.stage} ${r.signal ? `was killed (${r.signal})` : `exited ${r.status}`}`)
      .join('; ')
    break
  }
}
const total = (performance.now() - started) / 1000
const format = (s) => `${Math.floor(s / 60)} min ${String(Math.round(s % 60)).padStart(2, '0')} s`
console.log(
  `\n${QUICK ? 'npm run test:quick' : 'npm test'}, wall time per stage (∥: beside the others of its group):`,
)
for (const [stage, s] of times) console.log(`  ${stage.padEnd(28)} ${format(s).padStart(12)}`)
console.log(`  ${'total'.padEnd(28)} ${format(total).padStart(12)}`)
if (failed) {
  console.log(`\nFAILED: ${failed}`)
  process.exit(1)
}
