// @engines postgres
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseBeforeMigration, type MigrationTestEngine } from '../test/migration-test-engine.ts'
import { testEngine } from '../test/test-database.ts'

/**
 * Migration 0020 (short links) on a database that lived before it: every existing line gets a code of its
 * own (7 characters of the read-aloud alphabet, unique) without any line changing otherwise or its history
 * growing, and afterwards a new line gets one and no update can change a line's code. The migrations up to
 * 0019 are applied from a copy of the folder, rows written, then the real folder applied, on the engine the
 * run tests.
 */

const CODE = /^[23456789abcdefghjkmnpqrstvwxyz]{7}$/

describe(`migration 0020 on ${testEngine}: existing lines get their short links`, () => {
  let db: MigrationTestEngine

  beforeAll(async () => {
    db = await databaseBeforeMigration('0020')
  }, 120_000)
  afterAll(() => db?.close())

  it('gives every existing line a unique code, keeps the rest of the line, and keeps codes for good', async () => {
    await db.exec(`
      INSERT INTO orders (id, business_name, email, amount_cents, status)
      SELECT 'legacy-' || g, 'Business ' || g, 'owner' || g || '@shop.test', 1000 + g, 'paid'
      FROM generate_series(1, 400) AS g;
    `)
    const before = await db.rows<{ lines: string; history: string; total: string; updated: string }>(
      `SELECT (SELECT count(*) FROM orders) AS lines, (SELECT count(*) FROM order_history) AS history,
              (SELECT sum(amount_cents) FROM orders) AS total, (SELECT max(updated_at)::text FROM orders) AS updated`,
    )
    await db.migrateAll()

    const codes = await db.rows<{
      id: string
      short_code: string
      link_destination: string
      link_target: string | null
    }>(`SELECT id, short_code, link_destination, link_target FROM orders`)
    expect(codes).toHaveLength(400)
    expect(new Set(codes.map((row) => row.short_code)).size).toBe(400)
    for (const row of codes) {
      expect(row.short_code).toMatch(CODE)
      expect(row.link_destination).toBe('page')
      expect(row.link_target).toBeNull()
    }
    const after = await db.rows<{ lines: string; history: string; total: string; updated: string }>(
      `SELECT (SELECT count(*) FROM orders) AS lines, (SELECT count(*) FROM order_history) AS history,
              (SELECT sum(amount_cents) FROM orders) AS total, (SELECT max(updated_at)::text FROM orders) AS updated`,
    )
    expect(after).toEqual(before)

    // A new line gets a code of its own; no update changes a line's code.
    await db.exec(
      `INSERT INTO orders (id, business_name, email, amount_cents, status) VALUES ('new-line', 'New', 'new@shop.test', 500, 'pending')`,
    )
    const [fresh] = await db.rows<{ short_code: string }>(
      `SELECT short_code FROM orders WHERE id = 'new-line'`,
    )
    expect(fresh?.short_code).toMatch(CODE)
    expect(codes.map((row) => row.short_code)).not.toContain(fresh?.short_code)
    const kept = codes[0] as { id: string; short_code: string }
    await db.exec(`UPDATE orders SET short_code = 'zzzzzzz', status = 'refunded' WHERE id = '${kept.id}'`)
    const [unchanged] = await db.rows<{ short_code: string; status: string }>(
      `SELECT short_code, status FROM orders WHERE id = '${kept.id}'`,
    )
    expect(unchanged).toEqual({ short_code: kept.short_code, status: 'refunded' })
  })
})
