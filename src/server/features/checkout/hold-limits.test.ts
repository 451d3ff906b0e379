import { and, eq, gt, isNotNull } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { calendarDays, orders, outbox } from '#server/db/schema.ts'
import {
  callFunction,
  ordersOfSession,
  resetIconStock,
  seededDays,
  seededIcon,
  sessionIdOf,
  testBrowser,
} from '#server/test/checkout-test-helpers.ts'
import { createTestApp, type TestApp } from '#server/test/test-app.ts'
import { expectedCartDiscount } from '#shared/checkout.ts'

/**
 * The hold limits: the checkouts in progress (unpaid, their hold still running) that one client address
 * and one e-mail address may have at once, and the calendar days they hold (CHECKOUT_MAX_OPEN_PER_CLIENT,
 * CHECKOUT_MAX_HELD_DAYS_PER_CLIENT). Without them, five anonymous requests held every free day of a
 * mailing for 30 minutes, again and again. This app runs the defaults: 2 checkouts, 12 days.
 */
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())
beforeEach(() => reset(t))

async function reset(app: TestApp) {
  await app.db.delete(outbox)
  await app.db.delete(orders)
  await app.db.update(calendarDays).set({ status: 'available', businessName: null })
  await resetIconStock(app)
}

const ATTACKER = '198.51.100.66'
const OPEN_LIMIT =
  /^Too many checkouts are in progress from your connection or for this e-mail address \(at most 2 at one time\)\. Please complete or cancel one of them, or try again in (\d+) minutes, when its hold ends\.$/

function cart(app: TestApp, dayIds: string[], from: { ip: string; email: string }) {
  return callFunction(
    app,
    'create-cart-checkout-session',
    {
      businessName: 'Some Shop',
      email: from.email,
      calendarDayIds: dayIds,
      mapIconId: null,
      discount: expectedCartDiscount(dayIds.length),
    },
    { ip: from.ip },
  )
}

const ids = (days: { id: string }[]) => days.map((d) => d.id)

async function liveHeldDays(app: TestApp) {
  const rows = await app.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'pending'), gt(orders.expiresAt, new Date()), isNotNull(orders.dayId)))
  return rows.length
}

describe('the hold limits per client address and per e-mail', () => {
  it('one address gets 2 checkouts in progress, then a clear 429; another address is not affected', async () => {
    const days = await seededDays(t, 31)
    // Five requests of six days each, each under another e-mail, would hold 30 days.
    const answers = []
    for (let i = 0; i < 5; i++)
      answers.push(
        await cart(t, ids(days.slice(i * 6, i * 6 + 6)), { ip: ATTACKER, email: `shop${i}@example.com` }),
      )
    expect(answers.map((a) => a.status)).toEqual([200, 200, 429, 429, 429])
    const refused = answers[2]?.body
    expect(refused.error.code).toBe('rate_limited')
    expect(refused.error.message).toMatch(OPEN_LIMIT)
    // The wait named is until the earliest hold ends (30 minutes, and the session's headroom and grace).
    const minutes = Number(OPEN_LIMIT.exec(refused.error.message)?.[1])
    expect(minutes).toBeGreaterThanOrEqual(30)
    expect(minutes).toBeLessThanOrEqual(33)
    expect(await liveHeldDays(t)).toBe(12)
    // A refused checkout holds nothing: those days are still for sale to anyone else.
    const other = await cart(t, ids(days.slice(12, 18)), { ip: '198.51.100.67', email: 'real@example.com' })
    expect(other.status).toBe(200)
    expect(await liveHeldDays(t)).toBe(18)
  })

  it('one e-mail (in any case) gets 2 checkouts in progress, whatever address it comes from', async () => {
    const days = await seededDays(t, 3)
    expect(
      (await cart(t, ids(days.slice(0, 1)), { ip: '198.51.100.1', email: 'Joe@Shop.example' })).status,
    ).toBe(200)
    expect(
      (await cart(t, ids(days.slice(1, 2)), { ip: '198.51.100.2', email: 'joe@shop.example' })).status,
    ).toBe(200)
    const third = await cart(t, ids(days.slice(2, 3)), { ip: '198.51.100.3', email: 'JOE@SHOP.EXAMPLE' })
    expect(third.status).toBe(429)
    expect(third.body.error.message).toMatch(OPEN_LIMIT)
    // An icon checkout and a special purchase are checkouts too.
    const icon = await seededIcon(t)
    const iconCheckout = await callFunction(
      t,
      'create-map-icon-checkout',
      { iconId: icon.id, businessName: 'Joe', email: 'joe@shop.example' },
      { ip: '198.51.100.4' },
    )
    expect(iconCheckout.status).toBe(429)
    const special = await callFunction(
      t,
      'create-special-purchase-checkout',
      { units: 2, amount: 2, businessName: 'Joe', email: 'joe@shop.example' },
      { ip: '198.51.100.5' },
    )
    expect(special.status).toBe(429)
  })

  it('paid orders never count; a cancelled or lapsed hold stops counting', async () => {
    const days = await seededDays(t, 5)
    const from = { ip: ATTACKER, email: 'buyer@example.com' }
    const first = await cart(t, ids(days.slice(0, 1)), from)
    const second = await cart(t, ids(days.slice(1, 2)), from)
    expect((await cart(t, ids(days.slice(2, 3)), from)).status).toBe(429)

    await t.request(`/pay/${sessionIdOf(first.body.sessionUrl)}/complete`, { method: 'POST' })
    const third = await cart(t, ids(days.slice(2, 3)), from)
    expect(third.status).toBe(200)
    expect((await cart(t, ids(days.slice(3, 4)), from)).status).toBe(429)

    await t.request(`/pay/${sessionIdOf(second.body.sessionUrl)}/cancel`, { method: 'POST' })
    expect((await cart(t, ids(days.slice(3, 4)), from)).status).toBe(200)
    expect((await cart(t, ids(days.slice(4, 5)), from)).status).toBe(429)

    // Its time passes, and no sweeper runs: a lapsed hold is no claim, so it counts for nothing.
    await t.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.paymentSessionId, sessionIdOf(third.body.sessionUrl)))
    expect((await cart(t, ids(days.slice(4, 5)), from)).status).toBe(200)
  })

  it("a browser going back and proceeding again replaces its own checkout: the one it releases doesn't count", async () => {
    const [a, b] = await seededDays(t, 2)
    const joe = testBrowser(t, ATTACKER)
    const body = (dayIds: string[]) => ({
      businessName: 'Joe',
      email: 'joe@example.com',
      calendarDayIds: dayIds,
      mapIconId: null,
      discount: expectedCartDiscount(dayIds.length),
    })
    const first = await joe.call('create-cart-checkout-session', body([a?.id as string]))
    expect((await joe.call('create-cart-checkout-session', body([b?.id as string]))).status).toBe(200)
    const again = await joe.call('create-cart-checkout-session', body([a?.id as string]))
    expect(again.status).toBe(200)
    expect((await ordersOfSession(t, sessionIdOf(first.body.sessionUrl))).map((o) => o.status)).toEqual([
      'expired',
    ])
  })

  it('checkouts racing from one address: exactly as many as the limit get through', async () => {
    const days = await seededDays(t, 12)
    const answers = await Promise.all(
      days.map((day, i) => cart(t, [day.id], { ip: ATTACKER, email: `racer${i}@example.com` })),
    )
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2)
    expect(answers.filter((a) => a.status === 429)).toHaveLength(10)
    expect(await liveHeldDays(t)).toBe(2)
  })
})

describe('the held-days limit (checkouts in progress raised to 10 in this app)', () => {
  let wide: TestApp
  beforeAll(async () => {
    wide = await createTestApp({ env: { CHECKOUT_MAX_OPEN_PER_CLIENT: '10' } })
  })
  afterAll(() => wide.close())
  beforeEach(() => reset(wide))

  it('one address holds at most 12 days; a checkout without days still passes', async () => {
    const days = await seededDays(wide, 13)
    const from = { ip: ATTACKER, email: 'many@example.com' }
    expect((await cart(wide, ids(days.slice(0, 6)), from)).status).toBe(200)
    expect((await cart(wide, ids(days.slice(6, 12)), from)).status).toBe(200)
    const refused = await cart(wide, ids(days.slice(12, 13)), from)
    expect(refused.status).toBe(429)
    expect(refused.body.error.message).toMatch(
      /^The checkouts in progress from your connection or for this e-mail address already hold 12 calendar days, and at most 12 can be held at one time\. Please complete or cancel one of them, or try again in \d+ minutes, when its hold ends\.$/,
    )
    const icon = await seededIcon(wide)
    const iconOnly = await callFunction(
      wide,
      'create-map-icon-checkout',
      { iconId: icon.id, businessName: 'Many', email: 'many@example.com' },
      { ip: ATTACKER },
    )
    expect(iconOnly.status).toBe(200)
    expect(await liveHeldDays(wide)).toBe(12)
  })
})
