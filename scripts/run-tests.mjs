// `npm test`: every stage (stopping at the first group that fails), then how long each took, so a run's
// wall time per stage is in its own output (docs/benchmarks.md keeps the figures).
// `npm run test:quick` (--quick): the inner loop, without the browsers, PostgreSQL, the supply-chain gate,
// the budgets and the tests that start processes, and with a small API fuzz (vitest.config.ts, mode quick).
//
// Stages in one group run at the same time. The first streams its output; the others' is held and printed
// whole as each ends. The build goes beside the short checks (each of them mostly one process on one core).
// Beside the Vitest tests go the production install (it waits on the disk and the registry) and the budgets
// (bundle bytes, and Lighthouse's gates on the mobile runs: accessibility, best practices and SEO, none of
// them a timing; the performance score and layout shift it prints are a report and read worse on a busy
// machine): both end well before the Vitest stage. The browser tests use both cores alone: with the
// production install beside them instead, the browser stage took 40 s longer and the whole run no less
// (10 min 48 s against 10 min 35 s, 2-core machine, quiet).
import { spawn } from 'node:child_process'

const QUICK = process.argv.includes('--quick')

const FULL_GROUPS = [
  ['typecheck', 'lint', 'test:supply-chain', 'build'],
  // The production install and the budgets use that build.
  ['test:unit', 'check:production-install', 'test:budgets'],
  ['test:browser'],
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

/** Runs one stage; `streams`: its output shows as it comes, else it is held and printed when it ends. */
function runStage(stage, streams) {
  const t0 = performance.now()
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', stage], {
      stdio: streams ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    })
    const chunks = []
    child.stdout?.on('data', (chunk) => chunks.push(chunk))
    child.stderr?.on('data', (chunk) => chunks.push(chunk))
    child.on('close', (status, signal) => {
      if (!streams) {
        process.stdout.write(`\n── ${stage} ──\n`)
        process.stdout.write(Buffer.concat(chunks))
      }
      resolve({ stage, seconds: (performance.now() - t0) / 1000, status, signal, output: chunks })
    })
  })
}

const times = []
let failed
/** The failed stages whose output was held (not streamed), to repeat their end after the summary. */
let failedResults = []
const FAILED_TAIL_LINES = 60
const started = performance.now()
for (const group of GROUPS) {
  const t0 = performance.now()
  const results = await Promise.all(group.map((stage, i) => runStage(stage, i === 0)))
  for (const r of results) times.push([group.length === 1 ? r.stage : `${r.stage} ∥`, r.seconds])
  if (group.length > 1) times.push(['  (together)', (performance.now() - t0) / 1000])
  const bad = results.filter((r) => r.status !== 0)
  if (bad.length > 0) {
    failedResults = bad
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
  // A held stage's output was printed when it ended, in the middle of the streamed one's: its end is
  // printed again here, so the last lines of a run (often all a CI log shows) say why it failed.
  for (const r of failedResults) {
    // A streamed stage held nothing: its output is already just above.
    if (r.output.length === 0) continue
    const lines = Buffer.concat(r.output).toString().trimEnd().split('\n')
    console.log(`\n── ${r.stage}, its last ${Math.min(FAILED_TAIL_LINES, lines.length)} lines ──`)
    console.log(lines.slice(-FAILED_TAIL_LINES).join('\n'))
  }
  console.log(`\nFAILED: ${failed}`)
  process.exit(1)
}
