import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Database } from './db/client.ts'
import { seedFirstRun } from './db/seed.ts'
import type { ServerConfig } from './env.ts'
import { ensureAdmin, resolveAuthSecret } from './features/auth/auth.service.ts'
import { createAuth } from './features/auth/auth.ts'
import type { AppDeps } from './http/app-env.ts'
import type { Logger } from './lib/logger.ts'
import { createLocalStorage } from './lib/storage/local-storage.ts'
import type { Storage } from './lib/storage/storage.ts'

export const defaultClientDir = fileURLToPath(new URL('../../dist/client', import.meta.url))

/**
 * Everything between "a database is open" and "the app can answer": migrations, first-run seed,
 * the auth secret, the administrator from ADMIN_EMAIL / ADMIN_PASSWORD, and media storage.
 */
export async function prepareApp(
  database: Database,
  config: ServerConfig,
  logger: Logger,
  options: { clientDir?: string; migrate?: boolean; storage?: Storage } = {},
): Promise<AppDeps> {
  if (options.migrate !== false) await database.migrate()
  if (await seedFirstRun(database.db, config.seed))
    logger.info('first start: seeded map icons, calendar days and settings')
  const secret = await resolveAuthSecret(database.db, config.authSecret)
  const auth = createAuth({
    db: database.db,
    secret,
    baseUrl: config.publicUrl ?? `http://localhost:${config.port}`,
    publicUrl: config.publicUrl,
    logger,
  })
  if (config.admin) {
    const { created } = await ensureAdmin(database.db, config.admin)
    logger.info(
      { email: config.admin.email },
      created ? 'administrator created from ADMIN_EMAIL' : 'administrator from ADMIN_EMAIL ensured',
    )
  }
  const storage = options.storage ?? createLocalStorage(path.join(config.dataDir, 'media'))
  return { database, auth, config, logger, storage, clientDir: options.clientDir }
}
