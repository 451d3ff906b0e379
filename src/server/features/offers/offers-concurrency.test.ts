// @engines postgres
import fs from 'node:fs'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPostgres } from '#server/db/client.ts'
import { rowsOf } from '#server/db/rows.ts'
import { calendarDays, offerLines, offers, orders, outbox } from '#server/db/schema.ts'
import { NO_HOLD_LIMITS } from '#server/test/checkout-test-helpers.ts'
import { iconNamed, insertDays, paidDayIn, paidIconIn, setStock } from '#server/test/offer-test-helpers.ts'
import { ADMIN, createTestApp, type TestApp } from '#server/test/test-app.ts'
import { createPostgresTestDatabase, openTestDatabase, testEngine } from '#server/test/test-database.ts'
import { makeDueOffers } from './offer-round.service.ts'
import { offerRoundContext } from './offers-task.ts'

/**
 * Offers are made exactly once, whoever runs the round and however many at once: two app instances (on
 * PostgreSQL each has its own pool, as behind a load balancer; PGlite serves one process, so there the two
 * apps share it) setting up days and running the offers task together; and the round racing strangers'
 * checkouts of the very days and icons it offers never holds a day twice nor an icon beyond its stock.
 */
let a: TestApp
let b: TestApp
let cleanUp: () => Promise<void>
let cookie: string

beforeAll(async () => {
  if (testEngine === 'postgres') {
    const created = await createPostgresTestDatabase()
    ;[a, b] = await Promise.all([
      createTestApp({ database: openPostgres(created.url), env: NO_HOLD_LIMITS }),
      createTestApp({ database: openPostgres(created.url), env: NO_HOLD_LIMITS }),
    ])
    cleanUp = async () => {
      await a.close()
      await b.close()
      await created.drop()
    }
  } else {
    const database = await openTestDatabase()
    a = await createTestApp({ database, env: NO_HOLD_LIMITS })
    b = await createTestApp({ database, env: NO_HOLD_LIMITS })
    cleanUp = async () => {
      await a.close()
      fs.rmSync(b.dataDir, { recursive: true, force: true })
    }
  }
  await a.createAdmin()
  cookie = await a.signIn(ADMIN)
})
afterAll(() => cleanUp?.())

const buyer = (name: string) => ({
  businessName: name,
  email: `${name.toLowerCase().replaceAll(' ', '.')}@race.example`,
})

const initialize = (t: TestApp, startDate: string, endDate: string) =>
  t.request('/api/admin/calendar-days/initialize', {
    method: 'POST',
    cookie,
    json: { startDate, endDate, price: 120 },
  })

describe('offers under concurrency', () => {
  it('two instances setting up days and running the task at once: one offer and one e-mail each', async () => {
    const shops = Array.from({ length: 5 }, (_, i) => buyer(`Twin Shop ${i + 1}`))
    const icon = await iconNamed(a, 'Map Icon')
    for (const [i, shop] of shops.entries()) {
      await paidDayIn(a, `2028-01-${String(10 + i).padStart(2, '0')}`, shop)
      await paidIconIn(a, icon.id, '2028-01', shop)
    }

    const answers = await Promise.all([
      initialize(a, '2028-02-01', '2028-02-29'),
      initialize(b, '2028-02-01', '2028-02-29'),
      ...[a, b, a, b].map((t) => makeDueOffers(offerRoundContext(t.deps))),
    ])
    for (const answer of answers.slice(0, 2)) expect((answer as Response).status).toBe(200)

    const made = await a.db.select().from(offers).where(eq(offers.mailingMonth, '2028-02'))
    expect(made.map((o) => o.email).sort()).toEqual(shops.map((s) => s.email).sort())
    const mails = await a.db
      .select({ to: outbox.toAddress })
      .from(outbox)
      .where(
        and(
          eq(outbox.kind, 'offer'),
          inArray(
            outbox.toAddress,
            shops.map((s) => s.email),
          ),
        ),
      )
    expect(mails.map((m) => m.to).sort()).toEqual(shops.map((s) => s.email).sort())
    const lines = await a.db
      .select({ dayId: orders.dayId, mapIconId: orders.mapIconId })
      .from(orders)
      .innerJoin(offerLines, eq(offerLines.orderId, orders.id))
      .where(
        inArray(
          offerLines.offerId,
          made.map((o) => o.id),
        ),
      )
    // Each shop its day and its icon (20 in stock), nothing twice.
    expect(lines.filter((l) => l.dayId)).toHaveLength(5)
    expect(new Set(lines.map((l) => l.dayId).filter(Boolean)).size).toBe(5)
    expect(lines.filter((l) => l.mapIconId)).toHaveLength(5)
  })

  it('the round racing strangers for the same days and icons: no day twice, no icon past its stock', async () => {
    const shops = Array.from({ length: 6 }, (_, i) => buyer(`Raced Shop ${i + 1}`))
    const icon = await iconNamed(a, 'Large Map Icon')
    for (const [i, shop] of shops.entries()) {
      // Every one of them bought a day of the same week (Sunday, April 9, 2028 to Saturday the 15th).
      await paidDayIn(a, `2028-03-${String(9 + i).padStart(2, '0')}`, shop)
      await paidIconIn(a, icon.id, '2028-03', shop)
    }
    const april = await insertDays(a, '2028-04', 1, 30)
    await setStock(a, icon.id, '2028-04', 3)
    const dayOf = (d: number) => april.find((x) => x.date === `2028-04-${String(d).padStart(2, '0')}`)?.id
    const strangerDays = [9, 10, 11, 12, 13, 14, 15].map((d) => dayOf(d) as string)

    const results = await Promise.all([
      makeDueOffers(offerRoundContext(a.deps)),
      makeDueOffers(offerRoundContext(b.deps)),
      ...strangerDays.map((dayId, i) =>
        (i % 2 ? a : b).request('/api/functions/create-checkout-session', {
          method: 'POST',
          ip: `198.51.100.${i + 1}`,
          json: { businessName: `Racing Stranger ${i}`, email: `racer${i}@elsewhere.example`, dayId },
        }),
      ),
      ...[0, 1].map((i) =>
        (i ? a : b).request('/api/functions/create-map-icon-checkout', {
          method: 'POST',
          ip: `198.51.100.${20 + i}`,
          json: {
            businessName: `Icon Racer ${i}`,
            email: `icon-racer${i}@elsewhere.example`,
            iconId: icon.id,
            month: '2028-04',
          },
        }),
      ),
    ])
    for (const response of results.slice(2)) expect([200, 409]).toContain((response as Response).status)

    // One live order per day (the unique index would have refused a second), and every day of the week is
    // held by someone: the strangers who won it, or an offer.
    const live = rowsOf<{ day_id: string; n: number }>(
      await a.db.execute(sql`select day_id, count(*)::int as n from orders
        where day_id in ${sql.raw(`('${strangerDays.join("','")}')`)} and status in ('pending', 'paid')
        group by day_id`),
    )
    for (const row of live) expect(Number(row.n)).toBe(1)
    const made = await a.db.select().from(offers).where(eq(offers.mailingMonth, '2028-04'))
    expect(new Set(made.map((o) => o.email)).size).toBe(made.length)
    const offered = await a.db
      .select({ dayId: orders.dayId })
      .from(orders)
      .innerJoin(offerLines, eq(offerLines.orderId, orders.id))
      .where(
        inArray(
          offerLines.offerId,
          made.map((o) => o.id),
        ),
      )
    for (const line of offered.filter((l) => l.dayId)) {
      const [day] = await a.db
        .select()
        .from(calendarDays)
        .where(eq(calendarDays.id, line.dayId as string))
      expect(day?.date.startsWith('2028-04')).toBe(true)
      expect(day?.status).toBe('reserved_pending')
    }
    // The icon: offers and strangers together never past the stock of 3.
    const claims = await a.db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.mapIconId, icon.id),
          eq(orders.mailingMonth, '2028-04'),
          inArray(orders.status, ['pending', 'paid']),
        ),
      )
    expect(claims.length).toBeLessThanOrEqual(3)
    expect(claims.length).toBe(3)
  })
})
