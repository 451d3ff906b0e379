// @engines postgres
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseBeforeMigration, type MigrationTestEngine } from '../test/migration-test-engine.ts'
import { testEngine } from '../test/test-database.ts'

/**
 * Migration 0023 (payment_sessions) on a database that lived before it: the session a pay link has open on
 * held lines (a session that is not the lines' purchase) is recorded as the purchase's open first attempt, so a
 * payment for it, or its expiry, is known as a pay link's; a checkout's session (its purchase) gets no row.
 */
describe(`migration 0023 on ${testEngine}: open pay link sessions are recorded`, () => {
  let db: MigrationTestEngine

  beforeAll(async () => {
    db = await databaseBeforeMigration('0023')
  }, 120_000)
  afterAll(() => db?.close())

  it("records a pay link's open session with its lines, and no checkout's", async () => {
    await db.exec(`
      INSERT INTO orders (id, business_name, email, amount_cents, status, source)
        VALUES ('ORD-invoiced', 'Invoice Shop', 'invoice@shop.test', 14000, 'pending', 'manual');
      UPDATE orders SET payment_session_id = 'cs_test_pay_link', payment_provider = 'stripe'
        WHERE id = 'ORD-invoiced';
      INSERT INTO orders (id, business_name, email, amount_cents, status, payment_session_id, payment_provider,
          expires_at)
        VALUES ('ORD-cart', 'Cart Shop', 'cart@shop.test', 12000, 'pending', 'cs_test_cart', 'stripe',
          now() + interval '30 minutes');
    `)
    await db.migrateAll()

    const rows = await db.rows<Record<string, unknown>>(
      `SELECT purchase_id, attempt, provider, session_id, order_ids, amount_cents, state FROM payment_sessions`,
    )
    expect(rows).toEqual([
      {
        purchase_id: 'ORD-invoiced',
        attempt: 1,
        provider: 'stripe',
        session_id: 'cs_test_pay_link',
        order_ids: ['ORD-invoiced'],
        amount_cents: 14000,
        state: 'open',
      },
    ])
  })
})
