import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { lockDataDir } from './data-dir-lock.ts'
import * as schema from './schema.ts'

export type Schema = typeof schema
/** Both engines' Drizzle databases share this interface; services depend on it only. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>
export type Engine = 'pglite' | 'postgres'

export type Database = {
  db: Db
  engine: Engine
  /** Runs the committed migrations; safe when several instances start at once on PostgreSQL. */
  migrate: () => Promise<void>
  ping: () => Promise<void>
  close: () => Promise<void>
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

// Any constant works; it only has to be the same in every instance.
const MIGRATION_LOCK_KEY = 7_301_942

export function openPostgres(databaseUrl: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: options.max ?? 10 })
  // An idle client that loses its server must not crash the process; the next query reconnects.
  pool.on('error', () => {})
  const db = drizzleNodePg(pool, { schema }) as unknown as Db
  return {
    db,
    engine: 'postgres',
    migrate: async () => {
      const client = await pool.connect()
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
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

/** Opens the embedded database in `<dataDir>/pglite`, holding the folder's lock until close. */
export async function openPglite(dataDir: string): Promise<Database> {
  const lock = lockDataDir(dataDir)
  try {
    const client = await PGlite.create(path.join(dataDir, 'pglite'))
    return wrapPglite(client, lock.release)
  } catch (error) {
    lock.release()
    throw error
  }
}

export async function openDatabase(config: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.dataDir)
}
