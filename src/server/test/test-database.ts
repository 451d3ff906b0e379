import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { inject } from 'vitest'
import { type Database, openPostgres, pgliteExtensions, wrapPglite } from '../db/client.ts'
import { withDatabase } from './global-setup.ts'

export const testEngine = (process.env.TEST_ENGINE ?? 'pglite') as 'pglite' | 'postgres'

/** A fresh, migrated database for one test file (or one test): a copy of the run's template. */
/** A new PostgreSQL database copied from the run's template; drop() removes it. */
export async function createPostgresTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const baseUrl = process.env.TEST_DATABASE_URL as string
  // Named after the vitest main process (our parent), so its teardown finds leftovers.
  const name = `townflyer_t_${process.ppid}_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: baseUrl })
  await admin.connect()
  try {
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${inject('postgresTemplate')}"`)
  } finally {
    await admin.end()
  }
  return {
    url: withDatabase(baseUrl, name),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: baseUrl })
      await dropper.connect()
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).finally(() => dropper.end())
    },
  }
}

/** A PGlite data folder holding a copy of the run's migrated template, as a server would find it. */
export async function createPgliteTestFolder(dataDir: string): Promise<void> {
  const client = await PGlite.create(path.join(dataDir, 'pglite'), {
    loadDataDir: new Blob([fs.readFileSync(inject('pgliteTemplate'))]),
    extensions: pgliteExtensions,
  })
  await client.close()
}

/** A fresh, migrated database for one test file (or one test): a copy of the run's template. */
export async function openTestDatabase(): Promise<Database> {
  return (await openTestDatabaseWithUrl()).database
}

/**
 * openTestDatabase, and on PostgreSQL the database's URL, for a test that opens a second connection of its
 * own (to hold a row while the app waits for it). `url` is undefined on PGlite, which has one connection.
 */
export async function openTestDatabaseWithUrl(): Promise<{ database: Database; url: string | undefined }> {
  if (testEngine === 'postgres') {
    const { url, drop } = await createPostgresTestDatabase()
    // Tests that fire hundreds of requests at once queue for the pool's 10 connections; on a busy machine
    // the last of them wait longer than the production 5 s before a 503. Tests of that 503 (the fault
    // tests) open their own pool.
    const database = openPostgres(url, { connectionTimeoutMillis: 120_000 })
    return {
      url,
      database: {
        ...database,
        close: async () => {
          await database.close()
          await drop()
        },
      },
    }
  }
  const dump = new Blob([fs.readFileSync(inject('pgliteTemplate'))])
  const client = await PGlite.create({ loadDataDir: dump, extensions: pgliteExtensions })
  return { database: wrapPglite(client), url: undefined }
}
