// @engines postgres
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseBeforeMigration, type MigrationTestEngine } from '../test/migration-test-engine.ts'
import { testEngine } from '../test/test-database.ts'

/**
 * Migration 0013 (purchases and advertisers) on a database that lived before them: every checkout key
 * becomes a purchase with the same id, every address one advertiser, and notes, admin refunds, refund jobs,
 * artwork links, e-mails and inquiries keep their rows and now point at them by foreign key. The migrations
 * up to 0012 are applied from a copy of the folder, legacy rows written, then the real folder applied, on
 * the engine the run tests.
 */

describe(`migration 0013 on ${testEngine}: purchases and advertisers from existing data`, () => {
  let db: MigrationTestEngine

  beforeAll(async () => {
    db = await databaseBeforeMigration('0013')
  }, 120_000)
  afterAll(() => db?.close())

  it('moves checkouts, buyers, notes, refunds, links, e-mails and inquiries without losing or changing any', async () => {
    // Bob bought twice under two spellings of one address; a manual order is its own checkout; a note names
    // a checkout none of whose lines is left (a hand-edited database).
    await db.exec(`
      INSERT INTO mailings (month, status, sales_close_at, artwork_due_at, in_homes_date) VALUES
        ('2027-01', 'open', '2026-12-15T00:00:00Z', '2026-12-20T00:00:00Z', '2027-01-02'),
        ('2027-02', 'open', '2027-01-15T00:00:00Z', '2027-01-20T00:00:00Z', '2027-02-02');
      INSERT INTO orders (id, business_name, email, amount_cents, status, payment_session_id, payment_provider,
          item_date, source, created_at) VALUES
        ('ORD-20001', 'Bob Hardware', 'Bob@Example.com ', 12000, 'paid', 'cs_bob_1', 'stripe', '2027-01-05', 'checkout', '2026-11-01T12:00:00Z'),
        ('ORD-20002', 'Bob Hardware', 'Bob@Example.com ', 12000, 'refunded', 'cs_bob_1', 'stripe', '2027-01-06', 'checkout', '2026-11-01T12:00:00Z'),
        ('ORD-20003', 'Bob''s Hardware', 'bob@example.com', 9000, 'paid', 'cs_bob_2', 'stripe', '2027-02-03', 'checkout', '2026-11-20T09:00:00Z'),
        ('ORD-20004', 'Cafe Uno', 'uno@example.com', 15000, 'pending', NULL, NULL, '2027-02-10', 'manual', '2026-11-10T08:00:00Z'),
        ('ORD-20005', 'Late Shop', 'late@example.com', 8000, 'expired', 'cs_late', 'local', '2027-02-11', 'checkout', '2026-11-05T08:00:00Z');
      INSERT INTO order_notes (checkout_key, body, by) VALUES
        ('cs_bob_1', 'Called about the second day', 'owner@example.com'),
        ('cs_gone', 'A note whose lines are gone', 'owner@example.com');
      INSERT INTO order_refunds (checkout_key, order_ids, amount_cents, reason, provider, payment_ref,
          idempotency_key, status, requested_by) VALUES
        ('cs_bob_1', '["ORD-20002"]', 12000, 'Closed that week', 'stripe', 'pi_bob_1', 'admin-refund:1', 'succeeded', 'owner@example.com'),
        ('cs_bob_2', '["ORD-20003"]', 9000, 'Asked twice', 'stripe', 'pi_bob_2', 'admin-refund:2', 'requested', 'owner@example.com');
      INSERT INTO refund_jobs (idempotency_key, provider, payment_ref, session_id, reason, status, attempts,
          last_error, done_at) VALUES
        ('late-refund:cs_late', 'local', 'local_pay_late', 'cs_late', 'sales closed before payment', 'pending', 3,
          'provider down', NULL),
        ('late-refund:cs_vanished', 'stripe', 'pi_vanished', 'cs_vanished', 'the day was sold', 'done', 1, NULL,
          '2026-11-02T10:00:00Z');
      INSERT INTO artwork_links (token, checkout_key) VALUES ('tok-bob-1', 'cs_bob_1'), ('tok-uno', 'ORD-20004');
      INSERT INTO outbox (dedupe_key, kind, to_address, subject, text_body, checkout_key) VALUES
        ('confirm:cs_bob_1', 'order_confirmation', 'Bob@Example.com ', 'Your order', 'Thanks', 'cs_bob_1'),
        ('confirm:cs_gone', 'order_confirmation', 'gone@example.com', 'Your order', 'Thanks', 'cs_gone'),
        ('confirm:cs_never', 'order_confirmation', 'never@example.com', 'Your order', 'Thanks', 'cs_never');
      INSERT INTO email_inquiries (email, metadata) VALUES
        ('BOB@example.com', '{"type": "waitlist", "businessName": "Bob Hardware"}'),
        ('new@example.com', '{"type": "waitlist", "businessName": "New Bakery"}'),
        ('asker@example.com', '{"name": "Asker"}');
    `)
    await db.migrateAll()

    const purchases = await db.rows<Record<string, unknown>>(`
      SELECT p.id, p.reference, a.email AS advertiser, p.business_name, p.email, p.source, p.state,
        p.total_cents::int AS total, p.paid_cents::int AS paid, p.live_lines
      FROM purchases p JOIN advertisers a ON a.id = p.advertiser_id ORDER BY p.created_at, p.id`)
    expect(purchases).toEqual([
      {
        id: 'cs_bob_1',
        reference: 'P-100001',
        advertiser: 'bob@example.com',
        business_name: 'Bob Hardware',
        email: 'Bob@Example.com ',
        source: 'checkout',
        state: 'partly_refunded',
        total: 24000,
        paid: 12000,
        live_lines: 2,
      },
      {
        id: 'cs_late',
        reference: 'P-100002',
        advertiser: 'late@example.com',
        business_name: 'Late Shop',
        email: 'late@example.com',
        source: 'checkout',
        state: 'expired',
        total: 8000,
        paid: 0,
        live_lines: 1,
      },
      {
        id: 'ORD-20004',
        reference: 'P-100003',
        advertiser: 'uno@example.com',
        business_name: 'Cafe Uno',
        email: 'uno@example.com',
        source: 'manual',
        state: 'pending',
        total: 15000,
        paid: 0,
        live_lines: 1,
      },
      {
        id: 'cs_bob_2',
        reference: 'P-100004',
        advertiser: 'bob@example.com',
        business_name: "Bob's Hardware",
        email: 'bob@example.com',
        source: 'checkout',
        state: 'paid',
        total: 9000,
        paid: 9000,
        live_lines: 1,
      },
      // The note's checkout: kept, without lines, bought by the address last e-mailed about it.
      expect.objectContaining({
        id: 'cs_gone',
        advertiser: 'gone@example.com',
        state: 'deleted',
        live_lines: 0,
      }),
    ])

    // One advertiser per address, whatever its case and spaces; its figures from its purchases.
    const advertisers = await db.rows<Record<string, unknown>>(`
      SELECT a.email, a.business_name, a.business_names, a.purchase_count, a.mailings_booked, a.first_mailing,
        a.last_mailing, a.lifetime_paid_cents::int AS paid,
        (SELECT array_agg(e.email ORDER BY e.email) FROM advertiser_emails e WHERE e.advertiser_id = a.id) AS emails
      FROM advertisers a ORDER BY a.email`)
    expect(advertisers).toEqual([
      expect.objectContaining({
        email: 'asker@example.com',
        business_name: null,
        purchase_count: 0,
        paid: 0,
      }),
      {
        email: 'bob@example.com',
        business_name: 'Bob Hardware',
        business_names: ['Bob Hardware', "Bob's Hardware"],
        purchase_count: 2,
        mailings_booked: 2,
        first_mailing: '2027-01',
        last_mailing: '2027-02',
        paid: 21000,
        emails: ['bob@example.com'],
      },
      expect.objectContaining({ email: 'gone@example.com', business_name: 'Unknown buyer' }),
      expect.objectContaining({ email: 'late@example.com', purchase_count: 1, mailings_booked: 0, paid: 0 }),
      expect.objectContaining({ email: 'new@example.com', business_name: 'New Bakery', purchase_count: 0 }),
      // A pending manual order is booked: the owner holds the day for the buyer.
      expect.objectContaining({
        email: 'uno@example.com',
        mailings_booked: 1,
        last_mailing: '2027-02',
        paid: 0,
      }),
    ])

    // Every row that named a checkout names its purchase; the e-mail about a checkout that never existed
    // stays in the log, about none.
    expect(await db.rows('SELECT purchase_id, body FROM order_notes ORDER BY body')).toEqual([
      { purchase_id: 'cs_gone', body: 'A note whose lines are gone' },
      { purchase_id: 'cs_bob_1', body: 'Called about the second day' },
    ])
    // Both kinds of refund are one model: an administrator's (the unanswered one is owed, retried by the
    // worker with its own key) and a late payment's (its session's lines and what they were charged; one
    // whose lines are gone keeps its record, about no purchase). Keys, references and states keep their
    // meaning; the e-mails a late payment already sent are not sent again.
    expect(
      await db.rows(
        `SELECT kind, purchase_id, order_ids, amount_cents, reason, provider, payment_ref, idempotency_key, status,
           attempts, last_error, email_buyer, requested_by, completed_at IS NOT NULL AS completed
         FROM refunds ORDER BY idempotency_key`,
      ),
    ).toEqual([
      {
        kind: 'admin',
        purchase_id: 'cs_bob_1',
        order_ids: ['ORD-20002'],
        amount_cents: 12000,
        reason: 'Closed that week',
        provider: 'stripe',
        payment_ref: 'pi_bob_1',
        idempotency_key: 'admin-refund:1',
        status: 'succeeded',
        attempts: 1,
        last_error: null,
        email_buyer: true,
        requested_by: 'owner@example.com',
        completed: false,
      },
      {
        kind: 'admin',
        purchase_id: 'cs_bob_2',
        order_ids: ['ORD-20003'],
        amount_cents: 9000,
        reason: 'Asked twice',
        provider: 'stripe',
        payment_ref: 'pi_bob_2',
        idempotency_key: 'admin-refund:2',
        status: 'requested',
        attempts: 1,
        last_error: null,
        email_buyer: true,
        requested_by: 'owner@example.com',
        completed: false,
      },
      {
        kind: 'late_payment',
        purchase_id: 'cs_late',
        order_ids: ['ORD-20005'],
        amount_cents: 8000,
        reason: 'sales closed before payment',
        provider: 'local',
        payment_ref: 'local_pay_late',
        idempotency_key: 'late-refund:cs_late',
        status: 'requested',
        attempts: 3,
        last_error: 'provider down',
        email_buyer: false,
        requested_by: 'system',
        completed: false,
      },
      {
        kind: 'late_payment',
        purchase_id: null,
        order_ids: [],
        amount_cents: 0,
        reason: 'the day was sold',
        provider: 'stripe',
        payment_ref: 'pi_vanished',
        idempotency_key: 'late-refund:cs_vanished',
        status: 'succeeded',
        attempts: 1,
        last_error: null,
        email_buyer: false,
        requested_by: 'system',
        completed: true,
      },
    ])
    expect(
      await db.rows(`SELECT to_regclass('order_refunds') AS a, to_regclass('refund_jobs') AS b`),
    ).toEqual([{ a: null, b: null }])
    expect(await db.rows('SELECT token, purchase_id FROM artwork_links ORDER BY token')).toEqual([
      { token: 'tok-bob-1', purchase_id: 'cs_bob_1' },
      { token: 'tok-uno', purchase_id: 'ORD-20004' },
    ])
    expect(await db.rows('SELECT dedupe_key, purchase_id FROM outbox ORDER BY dedupe_key')).toEqual([
      { dedupe_key: 'confirm:cs_bob_1', purchase_id: 'cs_bob_1' },
      { dedupe_key: 'confirm:cs_gone', purchase_id: 'cs_gone' },
      { dedupe_key: 'confirm:cs_never', purchase_id: null },
    ])
    expect(
      await db.rows(`SELECT i.email, a.email AS advertiser FROM email_inquiries i
        JOIN advertisers a ON a.id = i.advertiser_id ORDER BY lower(i.email)`),
    ).toEqual([
      { email: 'asker@example.com', advertiser: 'asker@example.com' },
      { email: 'BOB@example.com', advertiser: 'bob@example.com' },
      { email: 'new@example.com', advertiser: 'new@example.com' },
    ])
    // The lines themselves are untouched.
    expect(await db.rows('SELECT id, purchase_id, status, amount_cents FROM orders ORDER BY id')).toEqual([
      { id: 'ORD-20001', purchase_id: 'cs_bob_1', status: 'paid', amount_cents: 12000 },
      { id: 'ORD-20002', purchase_id: 'cs_bob_1', status: 'refunded', amount_cents: 12000 },
      { id: 'ORD-20003', purchase_id: 'cs_bob_2', status: 'paid', amount_cents: 9000 },
      { id: 'ORD-20004', purchase_id: 'ORD-20004', status: 'pending', amount_cents: 15000 },
      { id: 'ORD-20005', purchase_id: 'cs_late', status: 'expired', amount_cents: 8000 },
    ])

    // After the migration, the keys hold: a note on a purchase that does not exist is refused, and a line
    // naming a new checkout makes its purchase, under the advertiser of its address.
    await expect(
      db.exec(
        `INSERT INTO order_notes (purchase_id, body, by) VALUES ('cs_nowhere', 'x', 'owner@example.com')`,
      ),
    ).rejects.toThrow(/foreign key/)
    await db.exec(`INSERT INTO orders (id, business_name, email, amount_cents, status, payment_session_id)
      VALUES ('ORD-20006', 'Bob Hardware', ' BOB@example.COM', 5000, 'paid', 'cs_bob_3')`)
    expect(
      await db.rows(`SELECT p.id, a.email, a.purchase_count, a.lifetime_paid_cents::int AS paid FROM purchases p
        JOIN advertisers a ON a.id = p.advertiser_id WHERE p.id = 'cs_bob_3'`),
    ).toEqual([{ id: 'cs_bob_3', email: 'bob@example.com', purchase_count: 3, paid: 26000 }])
  }, 120_000)
})
