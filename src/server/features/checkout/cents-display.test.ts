import { and, asc, eq, gte } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calendarDays } from '#server/db/schema.ts'
import { callFunction, ordersOfSession, outboxRows, sessionIdOf } from '#server/test/checkout-test-helpers.ts'
import { createTestApp, type TestApp } from '#server/test/test-app.ts'

/**
 * A price with cents is shown with its cents wherever the buyer sees it (the pay page and the e-mails
 * here; the client's displays have their own tests), whole dollars without decimals, and the figure
 * shown is exactly the amount charged.
 */
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('a $135.75 day and a $120 day bought together (2-day discount: $10 off each)', () => {
  it('are shown as $125.75 and $110, total $235.75, the amount charged', async () => {
    const today = new Date().toISOString().slice(0, 10)
    const days = await t.db
      .select()
      .from(calendarDays)
      .where(and(eq(calendarDays.status, 'available'), gte(calendarDays.date, today)))
      .orderBy(asc(calendarDays.date))
      .limit(2)
    const [first, second] = days
    if (!first || !second) throw new Error('expected two available days')
    await t.db.update(calendarDays).set({ priceCents: 13575 }).where(eq(calendarDays.id, first.id))
    await t.db.update(calendarDays).set({ priceCents: 12000 }).where(eq(calendarDays.id, second.id))

    const checkout = await callFunction(t, 'create-cart-checkout-session', {
      businessName: 'Cents Cafe',
      email: 'cents@cafe.example',
      calendarDayIds: [first.id, second.id],
      mapIconId: null,
      discount: 10,
    })
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200)
    const sessionId = sessionIdOf(checkout.body.sessionUrl)
    const charged = (await ordersOfSession(t, sessionId)).map((o) => o.amountCents).sort()
    expect(charged).toEqual([11000, 12575])

    const page = await (await t.request(`/pay/${sessionId}`)).text()
    expect(page).toContain('>$125.75<')
    expect(page).toContain('>$110<')
    expect(page).toContain('$235.75')
    expect(page).not.toMatch(/\$126\b|\$236\b/)

    expect((await t.request(`/pay/${sessionId}/complete`, { method: 'POST' })).status).toBe(303)
    const mails = await outboxRows(t)
    for (const mail of mails) {
      expect(mail.textBody).toContain('$125.75')
      expect(mail.textBody).toContain('$235.75')
      expect(mail.textBody).not.toMatch(/\$126\b|\$236\b/)
    }
    expect(mails.length).toBeGreaterThan(0)
    const lookup = await callFunction(t, 'get-orders-by-session', { sessionId })
    expect(lookup.body.totalAmount).toBe(235.75)
  })
})
