// @engines pglite
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { eq, sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callFunction, seededDays, seededIcon, sessionIdOf } from '#server/test/checkout-test-helpers.ts'
import { openPglite, openPostgres } from '../db/client.ts'
import { lockDataDir } from '../db/data-dir-lock.ts'
import {
  blogPosts,
  emailInquiries,
  mediaItems,
  orderHistory,
  orders,
  paymentEvents,
  verification,
} from '../db/schema.ts'
import { withDatabase } from '../test/global-setup.ts'
import { ADMIN, createTestApp } from '../test/test-app.ts'
import { createPgliteTestFolder, testEngine } from '../test/test-database.ts'
import { type ExportHeader, exportDatabase, importDatabase, TransferError } from './db-transfer.ts'

/**
 * npm run db:export / db:import: a PGlite folder with rows in every table goes to a file and back into
 * another database, row for row. The PostgreSQL leg runs when TEST_DATABASE_URL is set. The engines
 * under test are named explicitly here, so this runs in the PGlite project only (not twice).
 */
const root = path.resolve(import.meta.dirname, '../../..')
const run = promisify(execFile)
const pgUrl = process.env.TEST_DATABASE_URL

function cli(script: 'db-export' | 'db-import', args: string[]) {
  return run(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent' },
  })
}

/** The rows of an export file (without the header's timestamp), for comparing two exports. */
function readExport(file: string): { header: ExportHeader; rows: string[] } {
  const [first, ...rows] = fs.readFileSync(file, 'utf8').trim().split('\n')
  return { header: JSON.parse(first as string) as ExportHeader, rows }
}

describe.skipIf(testEngine !== 'pglite')('db:export and db:import', () => {
  let work: string
  let source: string
  let exported: string

  /** A PGlite folder that has been used: admin signed in, checkouts held and paid, content, media, … */
  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'townflyer-transfer-'))
    source = path.join(work, 'source')
    fs.mkdirSync(source)
    await createPgliteTestFolder(source)
    const t = await createTestApp({ database: await openPglite(source) })
    try {
      await t.createAdmin()
      await t.signIn(ADMIN)
      const [day1, day2, day3] = await seededDays(t, 3)
      const icon = await seededIcon(t)
      const paid = await callFunction(t, 'create-cart-checkout-session', {
        calendarDayIds: [day1?.id, day2?.id],
        mapIconId: icon.id,
        businessName: 'Harbor Books',
        email: 'owner@example.com',
        discount: 10,
      })
      expect(paid.status).toBe(200)
      const pay = await t.request(`/pay/${sessionIdOf(paid.body.sessionUrl)}/complete`, { method: 'POST' })
      expect(pay.status).toBe(303)
      const held = await callFunction(t, 'create-checkout-session', {
        dayId: day3?.id,
        businessName: 'Held Cafe',
        email: 'cafe@example.com',
      })
      expect(held.status).toBe(200)
      await t.db
        .insert(blogPosts)
        .values({ title: 'Hello', content: 'First post', author: 'Ann', isPublished: true })
      await t.db
        .insert(emailInquiries)
        .values({ email: 'q@example.com', metadata: { message: 'Hi', nested: [1, 2] } })
      await t.db.insert(mediaItems).values({
        id: 'calendar_example/1-a.png',
        type: 'calendar_example',
        title: 'A',
        contentType: 'image/png',
        sizeBytes: 3,
      })
      await t.db
        .insert(paymentEvents)
        .values({ id: 'evt_1', provider: 'stripe', type: 'checkout.session.completed' })
      await t.db
        .insert(verification)
        .values({ id: 'v1', identifier: 'x', value: 'y', expiresAt: new Date('2030-01-01T00:00:00.123Z') })
    } finally {
      await t.close()
    }
    exported = path.join(work, 'source.ndjson')
    const database = await openPglite(source)
    try {
      await exportDatabase(database.db, database.engine, exported)
    } finally {
      await database.close()
    }
  })

  afterAll(() => {
    if (work) fs.rmSync(work, { recursive: true, force: true })
  })

  it('the export holds every table that has rows, in foreign-key order', () => {
    const { header, rows } = readExport(exported)
    for (const table of ['user', 'account', 'session', 'user_roles', 'orders', 'order_history', 'outbox'])
      expect(header.tables[table], table).toBeGreaterThan(0)
    expect(header.tables.orders).toBe(4)
    expect(rows).toHaveLength(Object.values(header.tables).reduce((x, y) => x + y, 0))
    const order = rows.map((r) => (JSON.parse(r) as { table: string }).table)
    expect(order.lastIndexOf('user')).toBeLessThan(order.indexOf('session'))
    expect(order.lastIndexOf('orders')).toBeLessThan(order.indexOf('order_history'))
  })

  it('imports into another PGlite folder row for row; history is not doubled and ids continue', async () => {
    const target = path.join(work, 'target')
    fs.mkdirSync(target)
    await createPgliteTestFolder(target)
    const database = await openPglite(target)
    try {
      await database.migrate()
      const { header, tables } = await importDatabase(database.db, exported)
      expect(tables).toMatchObject(Object.fromEntries(Object.entries(header.tables).filter(([, n]) => n > 0)))
      const again = path.join(work, 'again.ndjson')
      await exportDatabase(database.db, database.engine, again)
      expect(readExport(again).rows).toEqual(readExport(exported).rows)

      // A second import into the now filled database is refused and changes nothing.
      await expect(importDatabase(database.db, exported)).rejects.toThrow(TransferError)
      await expect(importDatabase(database.db, exported)).rejects.toThrow(/not empty/)

      // The serial sequence continues after the imported history ids.
      const before = await database.db.select().from(orderHistory)
      const [pending] = await database.db.select().from(orders).where(eq(orders.status, 'pending'))
      await database.db
        .update(orders)
        .set({ status: 'expired' })
        .where(eq(orders.id, pending?.id as string))
      const after = await database.db.select().from(orderHistory)
      expect(after).toHaveLength(before.length + 1)
      expect(Math.max(...after.map((h) => h.id))).toBeGreaterThan(Math.max(...before.map((h) => h.id)))

      // --replace empties the database first: back to exactly the export.
      await importDatabase(database.db, exported, { replace: true })
      await exportDatabase(database.db, database.engine, again)
      expect(readExport(again).rows).toEqual(readExport(exported).rows)

      // The purchases' summaries are derived: an export whose summaries are stale restores correct ones.
      const { header: full, rows: fullRows } = readExport(exported)
      expect(full.tables.purchases).toBeGreaterThan(0)
      const older = path.join(work, 'stale-summaries.ndjson')
      fs.writeFileSync(
        older,
        [
          JSON.stringify(full),
          ...fullRows.map((row) => {
            const parsed = JSON.parse(row) as { table: string; row: Record<string, unknown> }
            if (parsed.table !== 'purchases') return row
            return JSON.stringify({
              ...parsed,
              row: { ...parsed.row, total_cents: 0, live_lines: 0, statuses: [] },
            })
          }),
        ].join('\n'),
      )
      await importDatabase(database.db, older, { replace: true })
      await exportDatabase(database.db, database.engine, again)
      expect(readExport(again).rows).toEqual(readExport(exported).rows)
    } finally {
      await database.close()
    }
  })

  it('refuses a PGlite folder that a running server holds', async () => {
    const lock = lockDataDir(source) // this test process stands in for the server
    try {
      const failed = await cli('db-export', [
        '--data-dir',
        source,
        '--out',
        path.join(work, 'x.ndjson'),
      ]).then(
        () => undefined,
        (error: { code: number; stderr: string }) => error,
      )
      expect(failed?.code).toBe(1)
      expect(failed?.stderr).toContain(`is in use by another Townflyer process (pid ${process.pid})`)
      expect(fs.existsSync(path.join(work, 'x.ndjson'))).toBe(false)
    } finally {
      lock.release()
    }
  })

  it.skipIf(!pgUrl)(
    'moves PGlite → PostgreSQL → PGlite with the commands, row for row',
    async () => {
      const name = `townflyer_transfer_${process.pid}_${Date.now()}`
      const admin = new pg.Client({ connectionString: pgUrl })
      await admin.connect()
      await admin.query(`CREATE DATABASE "${name}"`)
      const url = withDatabase(pgUrl as string, name)
      try {
        // Into a new, empty PostgreSQL database: the import migrates it first.
        const imported = await cli('db-import', ['--in', exported, '--database-url', url])
        expect(imported.stdout).toContain('Imported')
        const database = openPostgres(url, { max: 1 })
        try {
          const { header } = readExport(exported)
          for (const [table, count] of Object.entries(header.tables)) {
            const result = await database.db.execute(
              sql`select count(*)::int as n from ${sql.identifier(table)}`,
            )
            expect(Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n), table).toBe(count)
          }
          const paid = await database.db.select().from(orders).where(eq(orders.status, 'paid'))
          expect(paid.map((o) => o.businessName).sort()).toEqual([
            'Harbor Books',
            'Harbor Books',
            'Harbor Books',
          ])
          const [inquiry] = await database.db.select().from(emailInquiries)
          expect(inquiry?.metadata).toEqual({ message: 'Hi', nested: [1, 2] })
          const [token] = await database.db.select().from(verification)
          expect(token?.expiresAt.toISOString()).toBe('2030-01-01T00:00:00.123Z')
        } finally {
          await database.close()
        }

        // And back, through the commands, into a new PGlite folder: the same rows as the original.
        const fromPg = path.join(work, 'from-pg.ndjson')
        await cli('db-export', ['--database-url', url, '--out', fromPg])
        const back = path.join(work, 'back')
        await cli('db-import', ['--in', fromPg, '--data-dir', back])
        const backDb = await openPglite(back)
        const again = path.join(work, 'back.ndjson')
        try {
          await exportDatabase(backDb.db, backDb.engine, again)
        } finally {
          await backDb.close()
        }
        expect(readExport(again).rows).toEqual(readExport(exported).rows)
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).finally(() => admin.end())
      }
    },
    120_000,
  )
})
