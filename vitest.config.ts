import { defineConfig } from 'vitest/config'

// Integration tests run once per database engine: PGlite always, PostgreSQL when TEST_DATABASE_URL is set.
const engines = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the CPUs: one worker on the 2-core machines this runs on,
    // so every file waited for the one before. The integration files spend much of their time waiting for
    // PostgreSQL (its own processes) or on timers, so three workers keep both cores busy.
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/shared/**/*.test.ts', 'src/server/**/*.unit.test.ts', 'scripts/**/*.unit.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'client',
          include: ['src/client/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
        },
      },
      ...engines.map((engine) => ({
        test: {
          name: `integration-${engine}`,
          include: ['src/server/**/*.test.ts'],
          exclude: ['src/server/**/*.unit.test.ts'],
          environment: 'node',
          env: { TEST_ENGINE: engine },
          globalSetup: ['src/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      })),
    ],
  },
})
