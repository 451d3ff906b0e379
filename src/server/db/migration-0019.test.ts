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
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { withDatabase } from '../test/global-setup.ts'
import { testEngine } from '../test/test-database.ts'
import { migrationsFolder, pgliteExtensions } from './client.ts'

/**
 * Migration 0019 (returning advertisers' offers) on a database that lived before it: a mailing whose days
 * exist already counts as having made its offers (deploying e-mails no one about a mailing on sale), one
 * without days does not, and a mailing made afterwards takes its priority window from the defaults. The
 * migrations up to 0018 are applied from a copy of the folder, rows written, then the real folder applied,
 * on the engine the run tests.
 */

type Engine = {
  exec: (sql: string) => Promise<void>
  rows: <T>(sql: string) => Promise<T[]>
  migrate: (folder: string) => Promise<void>
  close: () => Promise<void>
}

async function openEngine(): Promise<Engine> {
  if (testEngine === 'postgres') {
    const baseUrl = process.env.TEST_DATABASE_URL as string
    const name = `townflyer_m19_${process.ppid}_${randomBytes(6).toString('hex')}`
    const admin = new pg.Client({ connectionString: baseUrl })
    await admin.connect()
    await admin.query(`CREATE DATABASE "${name}"`).finally(() => admin.end())
    const pool = new pg.Pool({ connectionString: withDatabase(baseUrl, name), max: 2 })
    return {
      exec: async (sql) => {
        await pool.query(sql)
      },
      rows: async (sql) => (await pool.query(sql)).rows,
      migrate: (folder) => migrateNodePg(drizzleNodePg(pool), { migrationsFolder: folder }),
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
    exec: async (sql) => {
      await client.exec(sql)
    },
    rows: async <T>(sql: string) => (await client.query<T>(sql)).rows,
    migrate: (folder) => migratePglite(drizzlePglite(client), { migrationsFolder: folder }),
    close: () => client.close(),
  }
}

describe(`migration 0019 on ${testEngine}: existing mailings have made their offers`, () => {
  let db: Engine
  let oldFolder: string

  beforeAll(async () => {
    oldFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'townflyer-migrations-'))
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'))
    journal.entries = journal.entries.filter((e: { tag: string }) => e.tag < '0019')
    fs.mkdirSync(path.join(oldFolder, 'meta'))
    fs.writeFileSync(path.join(oldFolder, 'meta', '_journal.json'), JSON.stringify(journal))
    for (const entry of journal.entries as { tag: string }[])
      fs.copyFileSync(
        path.join(migrationsFolder, `${entry.tag}.sql`),
        path.join(oldFolder, `${entry.tag}.sql`),
      )
    db = await openEngine()
    await db.migrate(oldFolder)
  }, 120_000)
  afterAll(async () => {
    await db?.close()
    fs.rmSync(oldFolder, { recursive: true, force: true })
  })

  it('marks mailings with days as done, leaves one without days, and new mailings take the default window', async () => {
    // January has days (on sale now); February only a mailing (an icon order made it), no day yet.
    await db.exec(`
      INSERT INTO calendar_days (date, status, price_cents) VALUES ('2027-01-05', 'available', 12000);
      SELECT ensure_mailing('2027-02');
    `)
    await db.migrate(migrationsFolder)
    const rows = await db.rows<{ month: string; done: boolean; window: number }>(
      `SELECT month, offers_made_at IS NOT NULL AS done, priority_window_days AS window FROM mailings ORDER BY month`,
    )
    expect(rows).toEqual([
      { month: '2027-01', done: true, window: 7 },
      { month: '2027-02', done: false, window: 7 },
    ])
    await db.exec(`
      INSERT INTO site_settings (key, value) VALUES ('mailing_defaults', '{"salesCloseDaysBefore": 14, "artworkDueDaysAfterClose": 3, "inHomesDay": 1, "priorityWindowDays": 3}');
      INSERT INTO calendar_days (date, status, price_cents) VALUES ('2027-03-05', 'available', 12000);
    `)
    const [march] = await db.rows<{ done: boolean; window: number }>(
      `SELECT offers_made_at IS NOT NULL AS done, priority_window_days AS window FROM mailings WHERE month = '2027-03'`,
    )
    expect(march).toEqual({ done: false, window: 3 })
  })
})
