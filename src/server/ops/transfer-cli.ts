import fs from 'node:fs'
import path from 'node:path'
import { type Database, openPglite, openPostgres, PgliteFolderError } from '../db/client.ts'
import { DataDirLockedError } from '../db/data-dir-lock.ts'
import { EnvError, loadConfig } from '../env.ts'
import { TransferError } from './db-transfer.ts'

/**
 * What scripts/db-export.ts and scripts/db-import.ts share: reading their options and opening the
 * database they name. Without --database-url / --data-dir they use the server's own configuration
 * (DATABASE_URL, else DATA_DIR), so they move the database the server would open.
 */
export type TransferArgs = {
  file: string | undefined
  databaseUrl: string | undefined
  dataDir: string | undefined
  replace: boolean
}

export function parseTransferArgs(argv: string[], fileFlag: '--out' | '--in'): TransferArgs {
  const args: TransferArgs = { file: undefined, databaseUrl: undefined, dataDir: undefined, replace: false }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string
    const value = () => {
      const v = argv[++i]
      if (!v) throw new TransferError(`${arg} needs a value.`)
      return v
    }
    if (arg === fileFlag) args.file = value()
    else if (arg === '--database-url') args.databaseUrl = value()
    else if (arg === '--data-dir') args.dataDir = value()
    else if (arg === '--replace' && fileFlag === '--in') args.replace = true
    else if (!arg.startsWith('--') && !args.file) args.file = arg
    else throw new TransferError(`Unknown option ${arg}.`)
  }
  if (!args.file) throw new TransferError(`Name the file: ${fileFlag} <file>.`)
  if (args.databaseUrl && args.dataDir)
    throw new TransferError('Give --database-url or --data-dir, not both.')
  return args
}

export type OpenedTarget = { database: Database; label: string }

/**
 * A PGlite folder is opened with its lock (openPglite), so a folder a running server holds is refused
 * with DataDirLockedError, and no server can start on it while we work.
 */
export async function openTransferDatabase(
  args: TransferArgs,
  options: { mustExist: boolean },
): Promise<OpenedTarget> {
  let databaseUrl = args.databaseUrl
  let dataDir = args.dataDir
  if (!databaseUrl && !dataDir) {
    const config = loadConfig()
    databaseUrl = config.databaseUrl
    dataDir = config.dataDir
  }
  if (databaseUrl) {
    if (!/^postgres(ql)?:\/\//.test(databaseUrl))
      throw new TransferError('--database-url must start with postgres:// or postgresql://')
    return { database: openPostgres(databaseUrl, { max: 2 }), label: redact(databaseUrl) }
  }
  const folder = path.resolve(dataDir as string)
  if (options.mustExist && !fs.existsSync(path.join(folder, 'pglite', 'PG_VERSION')))
    throw new TransferError(`${folder} holds no Townflyer database (no pglite/ folder in it).`)
  return { database: await openPglite(folder), label: `PGlite folder ${folder}` }
}

function redact(url: string): string {
  const u = new URL(url)
  if (u.password) u.password = '***'
  return u.toString()
}

/** Known problems end the command with their message and exit code 1; anything else is a crash. */
export async function runTransferCommand(run: () => Promise<void>): Promise<void> {
  try {
    await run()
  } catch (error) {
    if (
      error instanceof TransferError ||
      error instanceof DataDirLockedError ||
      error instanceof PgliteFolderError ||
      error instanceof EnvError
    ) {
      console.error(`\n${error.message}\n`)
      process.exit(1)
    }
    throw error
  }
}
