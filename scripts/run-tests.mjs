// `npm test`: every stage in turn (stopping at the first that fails), then how long each took, so a run's
// wall time per stage is in its own output (docs/benchmarks.md keeps the figures).
// `npm run test:quick` (--quick): the inner loop, without the browsers, PostgreSQL, the supply-chain gate,
// the budgets and the tests that start processes, and with a small API fuzz (vitest.config.ts, mode quick).
import { spawnSync } from 'node:child_process'

const QUICK = process.argv.includes('--quick')

const FULL_STAGES = [
  'typecheck',
  'lint',
  'test:supply-chain',
  'test:unit',
  'test:e2e',
  // After test:e2e, whose build it reuses: npm ci --omit=dev of that build must serve server-rendered pages.
  'check:production-install',
  'test:budgets',
]
// typecheck:quick keeps tsc's incremental state between runs (under node_modules/.cache): 2 s instead of 8
// once warm. test:unit:quick is Vitest's unit, client and PGlite integration projects in mode quick.
const QUICK_STAGES = ['typecheck:quick', 'lint', 'test:unit:quick']

// TEST_STAGES=typecheck,lint runs only those (in this order).
const STAGES = process.env.TEST_STAGES?.split(',').filter(Boolean) ?? (QUICK ? QUICK_STAGES : FULL_STAGES)
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
const times = []
let failed
const started = performance.now()
for (const stage of STAGES) {
  const t0 = performance.now()
  const { status, signal } = spawnSync(npm, ['run', '--silent', stage], { stdio: 'inherit' })
  times.push([stage, (performance.now() - t0) / 1000])
  if (status !== 0) {
    failed = `${stage} ${signal ? `was killed (${signal})` : `exited ${status}`}`
    break
  }
}
const total = (performance.now() - started) / 1000
const format = (s) => `${Math.floor(s / 60)} min ${String(Math.round(s % 60)).padStart(2, '0')} s`
console.log(`\n${QUICK ? 'npm run test:quick' : 'npm test'}, wall time per stage:`)
for (const [stage, s] of times) console.log(`  ${stage.padEnd(24)} ${format(s).padStart(12)}`)
console.log(`  ${'total'.padEnd(24)} ${format(total).padStart(12)}`)
if (failed) {
  console.log(`\nFAILED: ${failed}`)
  process.exit(1)
}
