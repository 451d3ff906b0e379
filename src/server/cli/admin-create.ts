import { parseArgs } from 'node:util'
import { z } from 'zod'
import { passwordSchema } from '#shared/auth.ts'
import { type Database, openDatabase, PgliteFolderError } from '../db/client.ts'
import { DataDirLockedError } from '../db/data-dir-lock.ts'
import { EnvError, loadConfig } from '../env.ts'
import { ensureAdmin } from '../features/auth/auth.service.ts'

const USAGE = "Usage: npm run admin:create -- --email you@example.com --password 'at least 12 characters'"

const argsSchema = z.object({
  email: z.email('Give a valid e-mail address with --email.'),
  password: passwordSchema,
})

/** Creates an administrator, or resets the password of an existing account and grants it the role. */
export async function runAdminCreate(
  argv: string[],
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  let values: { email?: string; password?: string }
  try {
    values = parseArgs({
      args: argv,
      options: { email: { type: 'string' }, password: { type: 'string' } },
    }).values
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`)
    return 2
  }
  const parsed = argsSchema.safeParse(values)
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '')
      console.error(issue.code === 'invalid_type' ? `Missing --${field}.` : issue.message)
    }
    console.error(USAGE)
    return 2
  }

  let database: Database | undefined
  try {
    const config = loadConfig(env)
    database = await openDatabase(config)
    await database.migrate()
    const { created } = await ensureAdmin(database.db, parsed.data)
    const where = database.engine === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : config.dataDir
    console.log(
      created
        ? `Administrator ${parsed.data.email} created in ${where}. Sign in at /auth.`
        : `Password reset for ${parsed.data.email} in ${where}; the account is an administrator and its old sessions are signed out.`,
    )
    return 0
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(
        `The data folder ${error.dataDir} is in use by a running Townflyer server (pid ${error.pid}).\n` +
          'Either stop the server and run this command again, or restart the server with ' +
          'ADMIN_EMAIL and ADMIN_PASSWORD set, which creates the same administrator at start.',
      )
      return 1
    }
    if (error instanceof EnvError || error instanceof PgliteFolderError) {
      console.error(error.message)
      return 1
    }
    throw error
  } finally {
    await database?.close()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runAdminCreate(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error('admin:create failed:', error)
      process.exit(1)
    },
  )
}
