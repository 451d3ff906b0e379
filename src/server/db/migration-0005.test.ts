// @engines pglite
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testEngine } from '../test/test-database.ts'
import { migrationsFolder, pgliteExtensions } from './client.ts'

/**
 * Migration 0005 (mailings) on a database that has lived before mailings: every day and order is attached
 * to its month's mailing and nothing is lost. The migrations up to 0004 are applied from a copy of the
 * folder, legacy rows written, then the real folder applied. The SQL is the same on both engines; PGlite
 * runs it (once, in the PGlite project).
 */
describe.skipIf(testEngine !== 'pglite')('migration 0005: existing data joins its mailings', () => {
  let client: PGlite
  let oldFolder: string

  beforeAll(async () => {
    oldFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'townflyer-migrations-'))
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'))
    journal.entries = journal.entries.filter((e: { tag: string }) => e.tag < '0005')
    fs.mkdirSync(path.join(oldFolder, 'meta'))
    fs.writeFileSync(path.join(oldFolder, 'meta', '_journal.json'), JSON.stringify(journal))
    for (const entry of journal.entries as { tag: string }[])
      fs.copyFileSync(
        path.join(migrationsFolder, `${entry.tag}.sql`),
        path.join(oldFolder, `${entry.tag}.sql`),
      )
    client = await PGlite.create({ extensions: pgliteExtensions })
    await migrate(drizzle(client), { migrationsFolder: oldFolder })
  })
  afterAll(async () => {
    await client?.close()
    fs.rmSync(oldFolder, { recursive: true, force: true })
  })

  it('attaches every day, day order and icon order to a mailing, with icon stock derived from the claims', async () => {
    await client.exec(`
      INSERT INTO map_icons (id, name, size, price_cents, available_quantity, total_quantity) VALUES
        ('00000000-0000-4000-8000-000000000001', 'Map Icon', 'small', 15000, 18, 20);
      INSERT INTO calendar_days (id, date, status, business_name, price_cents) VALUES
        ('00000000-0000-4000-8000-0000000000d1', '2026-12-05', 'reserved', 'Bob Hardware', 12000),
        ('00000000-0000-4000-8000-0000000000d2', '2027-02-10', 'available', NULL, 12000);
      INSERT INTO orders (id, business_name, email, amount_cents, status, day_id, created_at) VALUES
        ('ORD-10001', 'Bob Hardware', 'bob@example.com', 12000, 'paid', '00000000-0000-4000-8000-0000000000d1', '2026-11-01T12:00:00Z');
      INSERT INTO orders (id, business_name, email, amount_cents, status, map_icon_id, created_at) VALUES
        ('MAP-10001', 'Early Cafe', 'early@example.com', 15000, 'paid', '00000000-0000-4000-8000-000000000001', '2026-11-10T15:00:00Z'),
        ('MAP-10002', 'Late Cafe', 'late@example.com', 15000, 'paid', '00000000-0000-4000-8000-000000000001', '2026-11-20T15:00:00Z');
    `)
    await migrate(drizzle(client), { migrationsFolder })

    const months = await client.query<{ month: string; status: string }>(
      'SELECT month, status FROM mailings ORDER BY month',
    )
    expect(months.rows.map((r) => r.month)).toEqual(['2026-12', '2027-01', '2027-02'])
    const attached = await client.query<{ id: string; mailing_month: string; item_date: string | null }>(
      'SELECT id, mailing_month, item_date::text FROM orders ORDER BY id',
    )
    // The day order is in its date's month; an icon order in the first mailing still selling when bought
    // (December's sales closed on 17 November).
    expect(attached.rows).toEqual([
      { id: 'MAP-10001', mailing_month: '2026-12', item_date: null },
      { id: 'MAP-10002', mailing_month: '2027-01', item_date: null },
      { id: 'ORD-10001', mailing_month: '2026-12', item_date: '2026-12-05' },
    ])
    // What is available is derived when read (migration 0017 dropped the stored figure): each mailing's
    // stock less the icon orders now attached to it.
    const stock = await client.query<{ month: string; quantity: number; available: number }>(
      `SELECT s.month, s.quantity, greatest(s.quantity - (SELECT count(*)::int FROM orders o
          WHERE o.map_icon_id = s.icon_id AND o.mailing_month = s.month
            AND (o.status = 'paid' OR (o.status = 'pending' AND (o.expires_at IS NULL OR o.expires_at > now())))), 0) AS available
        FROM mailing_icon_stock s ORDER BY s.month`,
    )
    expect(stock.rows).toEqual([
      { month: '2026-12', quantity: 20, available: 19 },
      { month: '2027-01', quantity: 20, available: 19 },
      { month: '2027-02', quantity: 20, available: 20 },
    ])
    const days = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM calendar_days')
    expect(days.rows[0]?.n).toBe(2)
  })
})
