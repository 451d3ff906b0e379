import fs from 'node:fs'
import path from 'node:path'
import { type Database, openPglite, openPostgres, PgliteFolderError } from '../db/client.ts'
import { DataDirLockedError } from '../db/data-dir-lock.ts'
import { EnvError, loadConfig } from '../env.ts'
import { createLocalStorage } from '../lib/storage/local-storage.ts'
import type { Storage } from '../lib/storage/storage.ts'
import { TransferError } from './db-transfer.ts'

/**
 * What scripts/db-export.ts, db-import.ts, backup.ts and restore.ts share: reading their options and opening the
 * database they name. Without --database-url / --data-dir they use the server's own configuration
 * (DATABASE_URL, else DATA_DIR), so they move the database the server would open.
 */
type TransferArgs = {
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

type OpenedTarget = { database: Database; label: string }

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

/**
 * Where the server keeps its stored files: the S3 bucket when S3_* are set, else `<data folder>/media`,
 * the data folder being --data-dir or DATA_DIR.
 */
export async function openTransferStorage(args: TransferArgs): Promise<{ storage: Storage; label: string }> {
  const config = loadConfig()
  const s3 = config.storage.s3
  if (s3) {
    const { createS3Storage } = await import('../lib/storage/s3-storage.ts')
    return { storage: createS3Storage(s3), label: `S3 bucket ${s3.bucket}` }
  }
  const folder = path.join(path.resolve(args.dataDir ?? config.dataDir), 'media')
  return { storage: createLocalStorage(folder), label: `folder ${folder}` }
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
