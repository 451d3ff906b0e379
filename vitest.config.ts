import { defineConfig } from 'vitest/config'
import { LongestFirstSequencer } from './scripts/lib/longest-first-sequencer.ts'

// Integration tests run once per database engine: PGlite always, PostgreSQL when TEST_DATABASE_URL is set.
const engines = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']

/**
 * Left out of the quick loop (`vitest --mode quick`, npm run test:quick): the files that start other
 * processes or servers (a CLI through tsx, a killed first start, a held lock, a backup and restore, a
 * database copy, the S3 stand-in, untrusted-file jobs and their pool). They are most of the integration
 * project's time and are about the machine, not the code an inner loop changes; npm test runs them.
 */
const STARTS_PROCESSES = [
  'src/server/cli/admin-create.test.ts',
  'src/server/db/first-start-kill.test.ts',
  'src/server/db/pglite-stale-lock.test.ts',
  'src/server/ops/backup.test.ts',
  'src/server/ops/db-transfer.test.ts',
  'src/server/lib/storage/s3-storage.test.ts',
  'src/server/features/artwork/artwork-hostile-files.test.ts',
  'src/server/lib/child-jobs/child-job-pool.unit.test.ts',
]
/** Requests per route of the quick loop's API fuzz (npm test sends 1,000); FUZZ_RUNS overrides it. */
const QUICK_FUZZ_RUNS = '20'

export default defineConfig(({ mode }) => {
  const quick = mode === 'quick'
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
            include: ['src/server/**/*.test.ts'],
            exclude: ['src/server/**/*.unit.test.ts', ...leftOut],
            environment: 'node',
            env: {
              TEST_ENGINE: engine,
              ...(quick ? { FUZZ_RUNS: process.env.FUZZ_RUNS || QUICK_FUZZ_RUNS } : {}),
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
