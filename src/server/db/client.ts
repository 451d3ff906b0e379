import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { sql } from 'drizzle-orm'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import pg from 'pg'
import { lockDataDir } from './data-dir-lock.ts'
import { processesUsing, waitUntilUnused } from './folder-users.ts'
import * as schema from './schema.ts'

type Schema = typeof schema
/** Both engines' Drizzle databases share this interface; services depend on it only. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>
type Engine = 'pglite' | 'postgres'

export type Database = {
  db: Db
  engine: Engine
  /** Runs the committed migrations; safe when several instances start at once on PostgreSQL. */
  migrate: () => Promise<void>
  ping: () => Promise<void>
  close: () => Promise<void>
}

/**
 * The repository root (the nearest folder with package.json above this module): found the same way from
 * the sources (src/server/db) and from the built server (dist/server, docs/decisions/006).
 */
export const appRoot = findAppRoot(path.dirname(fileURLToPath(import.meta.url)))

function findAppRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir
    if (path.dirname(dir) === dir) return from
  }
}

export const migrationsFolder = path.join(appRoot, 'src', 'server', 'db', 'migrations')

/**
 * The newest committed migration's timestamp (meta/_journal.json's `when`), which drizzle's migrator
 * records as created_at when it applies that migration.
 */
function latestMigrationMillis(): number {
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: { when: number }[]
  }
  return Math.max(0, ...journal.entries.map((entry) => entry.when))
}

/**
 * One cheap read instead of the migrator's DDL, file hashing and transaction on every start: true when the
 * database already records the newest migration (drizzle applies those newer than its last created_at).
 */
async function migrationsUpToDate(query: (text: string) => Promise<{ rows: unknown[] }>): Promise<boolean> {
  try {
    const { rows } = await query(
      'select coalesce(max(created_at), 0)::text as last from drizzle.__drizzle_migrations',
    )
    const last = Number((rows[0] as { last?: string } | undefined)?.last ?? 0)
    return last >= latestMigrationMillis()
  } catch {
    return false // no migrations table yet: a new database
  }
}

// Any constant works; it only has to be the same in every instance.
const MIGRATION_LOCK_KEY = 7_301_942

/** How long a request waits for a PostgreSQL connection before it fails (the database is down). */
const POOL_CONNECT_TIMEOUT_MS = 5000

export function openPostgres(
  databaseUrl: string,
  options: { max?: number; connectionTimeoutMillis?: number } = {},
): Database {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: options.max ?? 10,
    // While the database is unreachable a request waits at most this long for a connection, then fails
    // (a 503) instead of hanging; pg.Pool keeps opening new connections, so service resumes by itself.
    connectionTimeoutMillis: options.connectionTimeoutMillis ?? POOL_CONNECT_TIMEOUT_MS,
  })
  // An idle client that loses its server must not crash the process; the next query reconnects.
  pool.on('error', () => {})
  // pg-pool listens for 'error' only while a client is idle. A checked-out client (a transaction, the
  // migrator) that loses its server emits 'error' with no listener, which kills the process. The query in
  // flight is rejected anyway (and answered 503), and pg-pool drops the broken client when it is
  // released, so the event itself needs no handling beyond being listened to.
  pool.on('connect', (client) => {
    client.on('error', () => {})
  })
  const db = drizzleNodePg(pool, { schema }) as unknown as Db
  return {
    db,
    engine: 'postgres',
    migrate: async () => {
      if (await migrationsUpToDate((text) => pool.query(text))) return
      const client = await pool.connect()
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
        const { migrate: migrateNodePg } = await import('drizzle-orm/node-postgres/migrator')
        await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder })
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {})
        client.release()
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`)
    },
    close: () => pool.end(),
  }
}

export function wrapPglite(client: PGlite, onClose?: () => void): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db
  return {
    db,
    engine: 'pglite',
    migrate: async () => {
      if (await migrationsUpToDate((text) => client.query(text))) return
      const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator')
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder })
    },
    ping: async () => {
      await db.execute(sql`select 1`)
    },
    close: async () => {
      try {
        if (!client.closed) await client.close()
      } finally {
        onClose?.()
      }
    },
  }
}

/**
 * The extensions the migrations create (pg_trgm: the admin Orders list's trigram indexes). PGlite bundles
 * their files but installs them only when asked: every PGlite that opens or migrates a Townflyer database
 * passes these, or a write to an indexed table fails for want of the extension's library. (A PGlite that
 * only runs initdb on a new folder creates no extension and needs none.)
 */
export const pgliteExtensions = { pg_trgm }

/**
 * PostgreSQL's shared buffers live in PGlite's WebAssembly memory, and the default 128 MB is all touched
 * at start. A town's database is a few MB: 16 MB still caches all of it, at about 110 MB less resident
 * memory. Durability is untouched (PGlite's own defaults otherwise).
 */
const pgliteStartParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB']

/** Where a new database folder is built before it is renamed into place (a sibling, same file system). */
const INIT_FOLDER_PREFIX = 'pglite.init-'

/**
 * The embedded database folder cannot be opened, and the message says what to do. Known to the command
 * line tools and the server's start, which print it without a stack trace.
 */
export class PgliteFolderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'PgliteFolderError'
  }
}

/** How long a start waits for the initdb child of a start killed just before it (it ends within a second). */
const ORPHAN_INITDB_WAIT_MS = 10_000

/**
 * PostgreSQL's lock file, which PGlite writes into its folder while it is open. PGlite always writes the
 * same pid in it (-42), so the file cannot tell whether a process still uses the folder: PGlite takes over
 * a complete one, but refuses an empty or half-written one (a start killed while writing it) with
 * "PGlite failed to initialize properly", for good.
 */
const PGLITE_LOCK_FILE = 'postmaster.pid'

/**
 * Removes a lock file no process holds. The data folder's lock, held by the caller, keeps every Townflyer
 * process out; any other process with a file open in the folder (Linux tells) is using it, and then the
 * file stays and the start is refused with what to do.
 */
function clearStalePgliteLock(folder: string): void {
  const lockFile = path.join(folder, PGLITE_LOCK_FILE)
  if (!fs.existsSync(lockFile)) return
  const users = processesUsing(folder)
  if (users.length > 0)
    throw new PgliteFolderError(
      `The database folder ${folder} is open in another process (pid ${users.join(', ')}) that does not ` +
        'hold the data folder lock, such as a PGlite tool. Stop that process, then start again. ' +
        `Do not delete ${lockFile} while it runs: two processes writing one database folder corrupt it.`,
    )
  fs.rmSync(lockFile, { force: true })
}

/**
 * The initdb child of a start killed a moment ago may still be writing its temporary folder: it ends when
 * it notices its parent is gone, which waits for initdb's current step. Its folder is removed only once no
 * process uses it.
 */
async function removeLeftoverInitFolder(folder: string): Promise<void> {
  const users = await waitUntilUnused(folder, ORPHAN_INITDB_WAIT_MS)
  if (users.length > 0)
    throw new PgliteFolderError(
      `A process (pid ${users.join(', ')}) is still creating a database in ${folder}, left by a start that ` +
        'was stopped. Wait for it to end or stop it, then start again.',
    )
  fs.rmSync(folder, { recursive: true, force: true })
}

/**
 * The child that runs initdb. It exits as soon as its parent is gone (its stdin pipe ends when the parent
 * dies, SIGKILL included), so it never goes on writing outside the data folder's lock.
 */
const INITDB_CHILD_SCRIPT = [
  "process.stdin.on('end', () => process.exit(1)).on('error', () => process.exit(1)).resume()",
  "const { PGlite } = await import('@electric-sql/pglite')",
  'await (await PGlite.create(process.argv[1])).close()',
  'process.exit(0)',
].join('\n')

/**
 * A new folder is created by initdb, a second WebAssembly instance whose memory (several hundred MB) a
 * process never gives back: it runs in a short-lived child process, so a first start idles as lean as
 * any later one. Should the child fail, this process runs initdb itself.
 *
 * Either way initdb writes into a temporary sibling folder that is renamed to `folder` only once it is
 * complete, so a start killed half-way never leaves a half-written database to be opened later; such
 * leftovers are removed here, under the data folder's lock, at the next start.
 */
async function createPgliteFolder(folder: string): Promise<void> {
  const parent = path.dirname(folder)
  for (const entry of fs.readdirSync(parent)) {
    if (entry.startsWith(INIT_FOLDER_PREFIX)) await removeLeftoverInitFolder(path.join(parent, entry))
  }
  if (fs.existsSync(path.join(folder, 'PG_VERSION'))) return
  const temporary = path.join(parent, `${INIT_FOLDER_PREFIX}${process.pid}-${Date.now().toString(36)}`)
  const initialised = await new Promise<boolean>((resolve) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', INITDB_CHILD_SCRIPT, temporary], {
      cwd: appRoot,
      stdio: ['pipe', 'ignore', 'ignore'],
    })
    child.stdin.on('error', () => {}) // the child may be gone before the pipe is
    child.on('error', () => resolve(false))
    child.on('exit', (code) => resolve(code === 0))
  })
  if (!initialised || !fs.existsSync(path.join(temporary, 'PG_VERSION'))) {
    fs.rmSync(temporary, { recursive: true, force: true })
    await (await PGlite.create(temporary)).close()
  }
  // An empty `folder` would make the rename fail; anything else without PG_VERSION is not ours to delete.
  if (fs.existsSync(folder) && fs.readdirSync(folder).length === 0) fs.rmdirSync(folder)
  if (fs.existsSync(folder)) {
    fs.rmSync(temporary, { recursive: true, force: true })
    throw new Error(`${folder} exists but holds no database (no PG_VERSION): move it away and start again.`)
  }
  fs.renameSync(temporary, folder)
}

/** Opens the embedded database in `<dataDir>/pglite`, holding the folder's lock until close. */
export async function openPglite(dataDir: string): Promise<Database> {
  const lock = lockDataDir(dataDir)
  try {
    const folder = path.join(dataDir, 'pglite')
    await createPgliteFolder(folder)
    clearStalePgliteLock(folder)
    const client = await PGlite.create(folder, {
      startParams: pgliteStartParams,
      extensions: pgliteExtensions,
    }).catch((error) => {
      throw new PgliteFolderError(
        `The database in ${folder} cannot be opened (${error instanceof Error ? error.message : error}). ` +
          'Check that no other program uses the folder and that it is a whole copy (a folder copied from a ' +
          'running server can be torn); if it still fails, restore it from a backup (npm run restore).',
        { cause: error },
      )
    })
    return wrapPglite(client, lock.release)
  } catch (error) {
    lock.release()
    throw error
  }
}

export async function openDatabase(config: {
  databaseUrl?: string
  dataDir: string
  poolTimeoutMs?: number
}): Promise<Database> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, { connectionTimeoutMillis: config.poolTimeoutMs })
    : openPglite(config.dataDir)
}
