// @engines postgres
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseBeforeMigration, type MigrationTestEngine } from '../test/migration-test-engine.ts'
import { testEngine } from '../test/test-database.ts'

/**
 * Migration 0019 (returning advertisers' offers) on a database that lived before it: a mailing whose days
 * exist already counts as having made its offers (deploying e-mails no one about a mailing on sale), one
 * without days does not, and a mailing made afterwards takes its priority window from the defaults. The
 * migrations up to 0018 are applied from a copy of the folder, rows written, then the real folder applied,
 * on the engine the run tests.
 */

describe(`migration 0019 on ${testEngine}: existing mailings have made their offers`, () => {
  let db: MigrationTestEngine

  beforeAll(async () => {
    db = await databaseBeforeMigration('0019')
  }, 120_000)
  afterAll(() => db?.close())

  it('marks mailings with days as done, leaves one without days, and new mailings take the default window', async () => {
    // January has days (on sale now); February only a mailing (an icon order made it), no day yet.
    await db.exec(`
      INSERT INTO calendar_days (date, status, price_cents) VALUES ('2027-01-05', 'available', 12000);
      SELECT ensure_mailing('2027-02');
    `)
    await db.migrateAll()
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
