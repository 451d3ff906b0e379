// @engines postgres
import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calendarDays, orders } from '#server/db/schema.ts'
import { callFunction, NO_HOLD_LIMITS } from '#server/test/checkout-test-helpers.ts'
import { ADMIN, createTestApp, type TestApp } from '#server/test/test-app.ts'
import { testEngine } from '#server/test/test-database.ts'

/** Within the admin month navigator, which range initialisation keeps to. */
const Y = new Date().getUTCFullYear() + 2

/**
 * A checkout racing Initialize Date Range or Bulk Delete over the same day must never end with
 * a live order on an available or deleted day. PGlite runs one connection at a time and hides races, so
 * this runs on PostgreSQL only (the pool gives the two requests their own connections).
 */
const ROUNDS = 20

describe.skipIf(testEngine !== 'postgres')('checkout racing calendar admin actions (PostgreSQL)', () => {
  let t: TestApp
  let admin: string
  beforeAll(async () => {
    // Every round's checkout comes from the test app's one address: no hold limits.
    t = await createTestApp({ env: NO_HOLD_LIMITS })
    await t.createAdmin()
    admin = await t.signIn(ADMIN)
  })
  afterAll(() => t.close())

  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

  it(`${ROUNDS} rounds: the day and its order always agree`, async () => {
    const outcomes = { checkoutFirst: 0, adminFirst: 0 }
    for (let round = 0; round < ROUNDS; round++) {
      const date = `${Y}-03-${String(round + 1).padStart(2, '0')}`
      const [day] = await t.db
        .insert(calendarDays)
        .values({ date, status: 'available', priceCents: 12000 })
        .returning({ id: calendarDays.id })
      const dayId = day?.id as string
      const deletes = round % 2 === 1
      // The admin request is slower to reach the database (its session is looked up first): the checkout
      // starts a few milliseconds late in some rounds, so each side wins some of them.
      const [checkout, action] = await Promise.all([
        pause(Math.floor(round / 2) % 2 === 0 ? 0 : 4 + (round % 5) * 3).then(() =>
          callFunction(t, 'create-checkout-session', {
            dayId,
            businessName: `Racer ${round}`,
            email: `racer${round}@example.com`,
          }),
        ),
        Promise.resolve().then(() =>
          t.request(`/api/admin/calendar-days/${deletes ? 'bulk-delete' : 'initialize'}`, {
            method: 'POST',
            cookie: admin,
            json: deletes ? { ids: [dayId] } : { startDate: date, endDate: date, price: 90 },
          }),
        ),
      ])
      expect(action.status, `round ${round}`).toBe(200)
      expect([200, 404, 409], `round ${round}`).toContain(checkout.status)
      // The admin's answer tells which came first: a day it skipped was already held by the checkout.
      const { skipped } = (await action.json()) as { skipped: { id: string }[] }
      const checkoutFirst = skipped.some((d) => d.id === dayId)
      if (checkoutFirst) expect(checkout.status, `round ${round}`).toBe(200)
      if (deletes && !checkoutFirst) expect(checkout.status, `round ${round}`).toBe(404)
      outcomes[checkoutFirst ? 'checkoutFirst' : 'adminFirst']++

      const live = await t.db
        .select({ dayId: orders.dayId, businessName: orders.businessName })
        .from(orders)
        .where(and(eq(orders.itemDate, date), inArray(orders.status, ['pending', 'paid'])))
      const [after] = await t.db.select().from(calendarDays).where(eq(calendarDays.date, date))
      if (checkout.status === 200) {
        expect(live, `round ${round}`).toEqual([{ dayId, businessName: `Racer ${round}` }])
        expect(after, `round ${round}`).toMatchObject({
          id: dayId,
          status: 'reserved_pending',
          businessName: `Racer ${round}`,
        })
      } else {
        expect(live, `round ${round}`).toEqual([])
      }
      if (after?.status === 'available') expect(live, `round ${round}`).toEqual([])
    }
    // The checkout won some rounds: the admin action met a day held moments before.
    expect(outcomes.checkoutFirst, JSON.stringify(outcomes)).toBeGreaterThan(0)
  }, 60_000)
})
