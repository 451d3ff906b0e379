import fs from 'node:fs'
import path from 'node:path'
import { defineConfig } from 'vitest/config'
import { LongestFirstSequencer } from './scripts/lib/longest-first-sequencer.ts'

type Engine = 'pglite' | 'postgres'
const ENGINES: Engine[] = ['pglite', 'postgres']
const INTEGRATION_ROOT = 'src/server'

/**
 * The engine an integration file runs on when it declares none: a file that names no engine is about the
 * code, which is the same on both, so one engine proves it. PostgreSQL when TEST_DATABASE_URL is set: it
 * ran the same files in half the time of PGlite, whose queries run in the test's own process, on the
 * worker's core (auth, page cache, admin orders and calendar days, 2-core machine, 2026-12-07: 21 s wall and
 * 24 s CPU, Vitest's and the server's, on PostgreSQL; 46 s wall and 40 s CPU on PGlite). PGlite without it.
 */
const defaultEngine = (hasPostgres: boolean): Engine => (hasPostgres ? 'postgres' : 'pglite')

/**
 * The engines each integration file (src/server/**\/*.test.ts, not *.unit.test.ts) declares by a comment line
 * near its top: `// @engines postgres` (concurrency, locking, several instances, migrations, connection
 * faults), `// @engines pglite` (PGlite's own folder, lock and first start), `// @engines pglite postgres`
 * (a file whose point is that both engines behave alike). Read at config time, so a new file only needs
 * its line.
 */
function integrationFiles(): { file: string; engines: Engine[] | undefined }[] {
  const files = fs
    .readdirSync(INTEGRATION_ROOT, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts') && !f.endsWith('.unit.test.ts'))
    .map((f) => path.posix.join(INTEGRATION_ROOT, f.split(path.sep).join('/')))
    .sort()
  return files.map((file) => {
    const head = fs.readFileSync(file, 'utf8').split('\n', 30).join('\n')
    const line = /^\/\/ @engines\b(.*)$/m.exec(head)
    if (!line) return { file, engines: undefined }
    const named = (line[1] ?? '').trim().split(/\s+/).filter(Boolean)
    const unknown = named.filter((e) => !ENGINES.includes(e as Engine))
    if (named.length === 0 || unknown.length > 0)
      throw new Error(
        `${file}: "// @engines" names ${named.join(' ') || 'nothing'}; use pglite and/or postgres`,
      )
    return { file, engines: named as Engine[] }
  })
}

/**
 * Each engine's files. Without TEST_DATABASE_URL the files about PostgreSQL run on PGlite: their
 * concurrency and locking tests pass there too (PGlite serialises what PostgreSQL locks), and the parts
 * that need a second server skip themselves (describe.skipIf(testEngine !== 'postgres')).
 */
function filesByEngine(hasPostgres: boolean, quick: boolean): Record<Engine, string[]> {
  const byEngine: Record<Engine, string[]> = { pglite: [], postgres: [] }
  let fellBack = 0
  const main = defaultEngine(hasPostgres)
  for (const { file, engines } of integrationFiles()) {
    // The quick loop runs each file once: on the main engine when the file is about it, else on its own.
    const declared = quick && engines ? [engines.includes(main) ? main : (engines[0] as Engine)] : engines
    const wanted = new Set(declared ?? [main])
    if (!hasPostgres && wanted.has('postgres')) {
      wanted.delete('postgres')
      wanted.add('pglite')
      if (engines?.length === 1) fellBack++
    }
    for (const engine of wanted) byEngine[engine].push(file)
  }
  if (fellBack > 0 && !quick)
    console.log(
      `${fellBack} integration files about PostgreSQL run on PGlite (set TEST_DATABASE_URL to run them on PostgreSQL)`,
    )
  return byEngine
}

/**
 * Left out of the quick loop (`vitest --mode quick`, npm run test:quick): the files that start other
 * processes or servers (a CLI through tsx, a killed first start, a held lock, servers killed mid-checkout
 * and mid-refund, a backup and restore, a database copy, the S3 stand-in, untrusted-file jobs and their
 * pool). They are most of the integration
 * project's time and are about the machine, not the code an inner loop changes; npm test runs them.
 */
const STARTS_PROCESSES = [
  'src/server/cli/admin-create.test.ts',
  'src/server/db/first-start-kill.test.ts',
  'src/server/db/pglite-stale-lock.test.ts',
  'src/server/db/data-dir-lock.unit.test.ts',
  'src/server/features/checkout/concurrency.test.ts',
  'src/server/features/orders/refunds-exactly-once.test.ts',
  'src/server/ops/backup.test.ts',
  'src/server/ops/db-transfer.test.ts',
  'src/server/lib/storage/s3-storage.test.ts',
  'src/server/features/artwork/artwork-hostile-files.test.ts',
  'src/server/lib/child-jobs/child-job-pool.unit.test.ts',
]
/**
 * Requests per route of the API fuzz: the quick loop's, and the deep sweep's (npm run test:deep, both
 * engines); npm test sends 100 on the main engine and 5 on the other (api-fuzz.ts). FUZZ_RUNS overrides it.
 */
const QUICK_FUZZ_RUNS = '20'
const DEEP_FUZZ_RUNS = '1000'
/** Rounds of 200 simultaneous checkouts in the deep sweep (npm test runs the file's own default, 6). */
const DEEP_CONCURRENCY_ROUNDS = '20'

export default defineConfig(({ mode }) => {
  const quick = mode === 'quick'
  const fuzzRuns = process.env.FUZZ_RUNS || (quick ? QUICK_FUZZ_RUNS : mode === 'deep' ? DEEP_FUZZ_RUNS : '')
  // The quick loop runs every integration file once, on PostgreSQL when TEST_DATABASE_URL is set (the files
  // about PGlite on PGlite), else on PGlite.
  const hasPostgres = !!process.env.TEST_DATABASE_URL
  const byEngine = filesByEngine(hasPostgres, quick)
  const engines = ENGINES.filter((engine) => engine === 'pglite' || hasPostgres)
  // Each worker runs its test files in one module graph (isolate: false): importing the server or React
  // again for every file was a fifth of npm test's Vitest time (CPU 1,250 s to 1,011 s, wall 11 min 53 s to
  // 9 min 55 s on the 2-core machine) and a third of the quick loop's. Files then share module state and
  // the client's DOM document: a test file must leave no global state behind it.
  const leftOut = quick ? STARTS_PROCESSES : []
  return {
    test: {
      // Vitest's default is one worker fewer than the CPUs: one worker on the 2-core machines this runs on,
      // so every file waited for the one before. The integration files spend much of their time waiting for
      // PostgreSQL (its own processes) or on timers, so three workers keep both cores busy.
      maxWorkers: 3,
      // The longest files start first, so the run does not end waiting on one of them.
      sequence: { sequencer: LongestFirstSequencer },
      projects: [
        {
          test: {
            name: 'unit',
            include: ['src/shared/**/*.test.ts', 'src/server/**/*.unit.test.ts', 'scripts/**/*.unit.test.ts'],
            ...(quick ? { exclude: STARTS_PROCESSES } : {}),
            environment: 'node',
            isolate: false,
          },
        },
        {
          test: {
            name: 'client',
            include: ['src/client/**/*.test.{ts,tsx}'],
            environment: 'happy-dom',
            setupFiles: ['src/client/test/setup.ts'],
            testTimeout: 30_000,
            isolate: false,
          },
        },
        ...engines.map((engine) => ({
          test: {
            name: `integration-${engine}`,
            include: byEngine[engine],
            exclude: leftOut,
            environment: 'node',
            env: {
              TEST_ENGINE: engine,
              ...(fuzzRuns ? { FUZZ_RUNS: fuzzRuns } : {}),
              ...(mode === 'deep' ? { CONCURRENCY_ROUNDS: DEEP_CONCURRENCY_ROUNDS } : {}),
            },
            globalSetup: ['src/server/test/global-setup.ts'],
            testTimeout: 30_000,
            hookTimeout: 60_000,
            isolate: false,
          },
        })),
      ],
    },
  }
})
