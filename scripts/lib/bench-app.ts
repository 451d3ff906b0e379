// The app a bench times: in this process, on the database it was handed, configured as production runs it
// (silent logs), with an administrator signed in for the admin routes. Shared by the bench scripts.
import { createApp } from '#server/app.ts'
import { prepareApp } from '#server/bootstrap.ts'
import type { Database } from '#server/db/client.ts'
import { loadConfig } from '#server/env.ts'
import { ensureAdmin } from '#server/features/auth/auth.service.ts'
import { createLogger } from '#server/lib/logger.ts'

export const BENCH_ORIGIN = 'http://localhost:3000'
export const BENCH_ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-password-123' }
export const BENCH_SECRET = 'bench-secret-that-is-at-least-32-characters'

/** Migrations and the first-start seed, as a server start does, then the app on `dataDir`. */
export async function startBenchApp(database: Database, dataDir: string, env: Record<string, string> = {}) {
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    BETTER_AUTH_SECRET: BENCH_SECRET,
    ...env,
  })
  const deps = await prepareApp(database, config, createLogger('silent'))
  return { config, deps, app: createApp(deps) }
}

type BenchApp = Awaited<ReturnType<typeof startBenchApp>>

/** Makes the bench's administrator if missing and signs in: the Cookie header for the admin routes. */
export async function benchAdminCookie({ app, deps }: Pick<BenchApp, 'app' | 'deps'>): Promise<string> {
  await ensureAdmin(deps.database.db, BENCH_ADMIN)
  const signIn = await app.request(`${BENCH_ORIGIN}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: BENCH_ORIGIN, 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.10' },
    body: JSON.stringify(BENCH_ADMIN),
  })
  if (signIn.status !== 200) throw new Error(`admin sign-in answered ${signIn.status}`)
  return signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
}
