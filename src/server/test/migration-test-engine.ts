import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { migrationsFolder, pgliteExtensions } from '../db/client.ts'
import { withDatabase } from './global-setup.ts'
import { testEngine } from './test-database.ts'

/**
 * A database that lived before a migration, for the tests of migrations that move existing data: the
 * migrations before `tag` are applied from a copy of the folder, the test writes its rows, then applies the
 * real folder. On the engine the run tests (a fresh PostgreSQL database, dropped at close, or an in-memory
 * PGlite).
 */
export type MigrationTestEngine = {
  exec: (sql: string) => Promise<void>
  rows: <T>(sql: string) => Promise<T[]>
  /** Applies the whole migrations folder (what a start does). */
  migrateAll: () => Promise<void>
  close: () => Promise<void>
}

async function openEngine(label: string) {
  if (testEngine === 'postgres') {
    const baseUrl = process.env.TEST_DATABASE_URL as string
    const name = `townflyer_${label}_${process.ppid}_${randomBytes(6).toString('hex')}`
    const admin = new pg.Client({ connectionString: baseUrl })
    await admin.connect()
    await admin.query(`CREATE DATABASE "${name}"`).finally(() => admin.end())
    const pool = new pg.Pool({ connectionString: withDatabase(baseUrl, name), max: 2 })
    return {
      exec: async (sql: string) => {
        await pool.query(sql)
      },
      rows: async <T>(sql: string) => (await pool.query(sql)).rows as T[],
      migrate: (folder: string) => migrateNodePg(drizzleNodePg(pool), { migrationsFolder: folder }),
      close: async () => {
        await pool.end()
        const dropper = new pg.Client({ connectionString: baseUrl })
        await dropper.connect()
        await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).finally(() => dropper.end())
      },
    }
  }
  const client = await PGlite.create({ extensions: pgliteExtensions })
  return {
    exec: async (sql: string) => {
      await client.exec(sql)
    },
    rows: async <T>(sql: string) => (await client.query<T>(sql)).rows,
    migrate: (folder: string) => migratePglite(drizzlePglite(client), { migrationsFolder: folder }),
    close: () => client.close(),
  }
}

/** A database migrated up to, not including, the migration whose tag starts with `tag` ('0019'). */
export async function databaseBeforeMigration(tag: string): Promise<MigrationTestEngine> {
  const oldFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'townflyer-migrations-'))
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'))
  journal.entries = journal.entries.filter((e: { tag: string }) => e.tag < tag)
  fs.mkdirSync(path.join(oldFolder, 'meta'))
  fs.writeFileSync(path.join(oldFolder, 'meta', '_journal.json'), JSON.stringify(journal))
  for (const entry of journal.entries as { tag: string }[])
    fs.copyFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(oldFolder, `${entry.tag}.sql`))
  const engine = await openEngine(`m${tag}`)
  try {
    await engine.migrate(oldFolder)
  } catch (error) {
    await engine.close()
    throw error
  } finally {
    fs.rmSync(oldFolder, { recursive: true, force: true })
  }
  return {
    exec: engine.exec,
    rows: engine.rows,
    migrateAll: () => engine.migrate(migrationsFolder),
    close: engine.close,
  }
}
