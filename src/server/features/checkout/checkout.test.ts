import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { calendarDays, catalogueVersion, mapIcons, orders, outbox } from '#server/db/schema.ts'
import { createLogger } from '#server/lib/logger.ts'
import {
  allOrders,
  callFunction,
  dayById,
  iconById,
  insertDayInReopenedMailing,
  ordersOfSession,
  resetIconStock,
  seededDays,
  seededIcon,
  sessionIdOf,
  setIconStock,
  snapshot,
  testBrowser,
} from '#server/test/checkout-test-helpers.ts'
import { createTestApp, type TestApp } from '#server/test/test-app.ts'
import { todayInTimeZone } from '#shared/dates.ts'
import { formatDayDate } from '#shared/format.ts'
import { startCheckout } from './checkout.service.ts'
import { checkoutContext } from './checkout-context.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

// Each test starts from the seeded catalogue with no orders.
beforeEach(async () => {
  await t.db.delete(outbox)
  await t.db.delete(orders)
  await t.db.update(calendarDays).set({ status: 'available', businessName: null })
  await resetIconStock(t)
})

const buyer = { businessName: "Joe's Diner", email: 'joe@diner.example' }

describe('create-checkout-session', () => {
  it('holds the day for the business and answers the local test checkout url', async () => {
    const [day] = await seededDays(t, 1)
    const before = Date.now()
    const { status, body } = await callFunction(t, 'create-checkout-session', { dayId: day?.id, ...buyer })
    expect(status).toBe(200)
    expect(body.sessionUrl).toMatch(/^\/pay\/cs_local_[A-Za-z0-9]+$/)
    const sessionId = sessionIdOf(body.sessionUrl)

    expect(await dayById(t, day?.id as string)).toMatchObject({
      status: 'reserved_pending',
      businessName: "Joe's Diner",
    })
    const [order] = await ordersOfSession(t, sessionId)
    expect(order).toMatchObject({
      businessName: "Joe's Diner",
      email: 'joe@diner.example',
      amountCents: day?.priceCents,
      status: 'pending',
      dayId: day?.id,
      paymentProvider: 'local',
      paymentSessionId: sessionId,
    })
    expect(order?.id).toMatch(/^ORD-[1-9]\d{4}$/)
    // 30 minutes (+1 headroom for the provider, +1 grace) from now.
    const holdMs = (order?.expiresAt?.getTime() ?? 0) - before
    expect(holdMs).toBeGreaterThan(31 * 60_000)
    expect(holdMs).toBeLessThan(33 * 60_000)
  })

  it('refuses a day already held or sold with 409 and changes nothing', async () => {
    const [day] = await seededDays(t, 1)
    expect((await callFunction(t, 'create-checkout-session', { dayId: day?.id, ...buyer })).status).toBe(200)
    const before = await snapshot(t)
    const second = await callFunction(t, 'create-checkout-session', {
      dayId: day?.id,
      businessName: 'Other',
      email: 'o@x.example',
    })
    expect(second).toEqual({
      status: 409,
      body: {
        error: {
          code: 'conflict',
          message: 'This day is not available for booking',
          // Names the day, so the page can say which one and the cart can mark it.
          fields: {
            [`days.${day?.id}`]: [`${formatDayDate(day?.date ?? '')} is no longer available for booking.`],
          },
        },
      },
    })
    expect(await snapshot(t)).toEqual(before)
  })

  it('answers 404 Day not found. for unknown and malformed ids', async () => {
    const before = await snapshot(t)
    for (const dayId of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const response = await callFunction(t, 'create-checkout-session', { dayId, ...buyer })
      expect(response, dayId).toEqual({
        status: 404,
        body: { error: { code: 'not_found', message: 'Day not found.' } },
      })
    }
    expect(await snapshot(t)).toEqual(before)
  })

  it('checks the business name, then the e-mail, with their texts', async () => {
    const [day] = await seededDays(t, 1)
    const before = await snapshot(t)
    const cases: [unknown, string, string][] = [
      [
        { dayId: day?.id, businessName: '   ', email: 'bad' },
        'Please enter your business name.',
        'businessName',
      ],
      [{ dayId: day?.id, email: 'joe@x.example' }, 'Please enter your business name.', 'businessName'],
      [{ dayId: day?.id, businessName: 'Joe', email: '  ' }, 'Please enter a valid email address.', 'email'],
      [
        { dayId: day?.id, businessName: 'Joe', email: 'joe.example' },
        'Please enter a valid email address.',
        'email',
      ],
      [{ businessName: 'Joe', email: 'joe@x.example' }, 'Day not found.', 'dayId'],
    ]
    for (const [input, message, field] of cases) {
      const { status, body } = await callFunction(t, 'create-checkout-session', input)
      expect(status, message).toBe(422)
      expect(body.error.code).toBe('validation_failed')
      expect(body.error.message).toBe(message)
      expect(body.error.fields[field]).toContain(message)
    }
    expect(await snapshot(t)).toEqual(before)
  })

  it('refuses malformed JSON and other content types without a change', async () => {
    const bad = await t.request('/api/functions/create-checkout-session', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{nope',
    })
    expect(bad.status).toBe(400)
    const text = await t.request('/api/functions/create-checkout-session', { method: 'POST', body: 'x' })
    expect(text.status).toBe(415)
    expect(await allOrders(t)).toEqual([])
  })

  it('refuses a checkout posted by another site', async () => {
    const [day] = await seededDays(t, 1)
    const response = await t.request('/api/functions/create-checkout-session', {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
      json: { dayId: day?.id, ...buyer },
    })
    expect(response.status).toBe(403)
    expect(await allOrders(t)).toEqual([])
  })
})

describe('create-map-icon-checkout', () => {
  it('holds one of the icons and counts it against availability', async () => {
    const icon = await seededIcon(t, 'Large Map Icon')
    const { status, body } = await callFunction(t, 'create-map-icon-checkout', { iconId: icon.id, ...buyer })
    expect(status).toBe(200)
    const [order] = await ordersOfSession(t, sessionIdOf(body.sessionUrl))
    expect(order).toMatchObject({ mapIconId: icon.id, amountCents: icon.priceCents, status: 'pending' })
    expect((await iconById(t, icon.id))?.availableQuantity).toBe(icon.totalQuantity - 1)
  })

  it('refuses a sold-out icon with 409 (paid orders plus live holds fill it)', async () => {
    const [icon] = await t.db
      .insert(mapIcons)
      .values({ name: 'Tiny', size: 'small', priceCents: 5000, totalQuantity: 2 })
      .returning()
    const iconId = icon?.id as string
    // Two different buyers, each in their own browser and connection.
    for (const [name, ip] of [
      ['A', '198.51.100.1'],
      ['B', '198.51.100.2'],
    ] as const)
      expect(
        (
          await callFunction(
            t,
            'create-map-icon-checkout',
            { iconId, businessName: name, email: `${name.toLowerCase()}@b.co` },
            { ip },
          )
        ).status,
      ).toBe(200)
    const before = await snapshot(t)
    const third = await callFunction(t, 'create-map-icon-checkout', { iconId, ...buyer })
    expect(third).toEqual({
      status: 409,
      body: { error: { code: 'conflict', message: 'This icon is not available for booking' } },
    })
    expect(await snapshot(t)).toEqual(before)

    // The public figure is derived from the same claims (none left), and a cart with the icon is refused
    // as well: the claims themselves are counted.
    expect((await iconById(t, iconId))?.availableQuantity).toBe(0)
    const stale = await snapshot(t)
    const fourth = await callFunction(t, 'create-cart-checkout-session', {
      ...buyer,
      calendarDayIds: [(await seededDays(t, 1))[0]?.id],
      mapIconId: iconId,
      discount: 0,
    })
    expect(fourth.status).toBe(409)
    expect(await snapshot(t)).toEqual(stale)
    await t.db.delete(orders).where(eq(orders.mapIconId, iconId))
    await t.db.delete(mapIcons).where(eq(mapIcons.id, iconId))
  })

  it('answers 404 Map icon not found.', async () => {
    for (const iconId of ['00000000-0000-4000-8000-000000000000', 'large']) {
      const response = await callFunction(t, 'create-map-icon-checkout', { iconId, ...buyer })
      expect(response).toEqual({
        status: 404,
        body: { error: { code: 'not_found', message: 'Map icon not found.' } },
      })
    }
  })

  it('answers 404 Map icon not found. for a cart with days, and holds none of them', async () => {
    const [day] = await seededDays(t, 1)
    const before = await snapshot(t)
    const response = await callFunction(t, 'create-cart-checkout-session', {
      calendarDayIds: [day?.id],
      mapIconId: '00000000-0000-4000-8000-000000000000',
      discount: 0,
      ...buyer,
    })
    expect(response).toEqual({
      status: 404,
      body: { error: { code: 'not_found', message: 'Map icon not found.' } },
    })
    expect(await snapshot(t)).toEqual(before)
  })
})

describe('create-cart-checkout-session', () => {
  it('holds every day and the icon at the server-side prices with the per-day discount', async () => {
    const days = await seededDays(t, 4)
    const icon = await seededIcon(t)
    const { status, body } = await callFunction(t, 'create-cart-checkout-session', {
      calendarDayIds: days.map((d) => d.id),
      mapIconId: icon.id,
      discount: 20,
      ...buyer,
    })
    expect(status).toBe(200)
    const placed = await ordersOfSession(t, sessionIdOf(body.sessionUrl))
    expect(placed).toHaveLength(5)
    for (const day of days) {
      expect(placed.find((o) => o.dayId === day.id)?.amountCents).toBe(day.priceCents - 2000)
      expect((await dayById(t, day.id))?.status).toBe('reserved_pending')
    }
    expect(placed.find((o) => o.mapIconId === icon.id)?.amountCents).toBe(icon.priceCents)
    expect(new Set(placed.map((o) => o.id)).size).toBe(5)
  })

  it('is all or nothing: one unavailable day leaves every other day available', async () => {
    const days = await seededDays(t, 3)
    await t.db
      .update(calendarDays)
      .set({ status: 'reserved', businessName: 'Owner' })
      .where(eq(calendarDays.id, days[2]?.id as string))
    const before = await snapshot(t)
    const response = await callFunction(t, 'create-cart-checkout-session', {
      calendarDayIds: days.map((d) => d.id),
      mapIconId: null,
      discount: 10,
      ...buyer,
    })
    expect(response.status).toBe(409)
    expect(response.body.error.message).toBe('This day is not available for booking')
    // Only the day that is not for sale is named.
    expect(response.body.error.fields).toEqual({
      [`days.${days[2]?.id}`]: [`${formatDayDate(days[2]?.date ?? '')} is no longer available for booking.`],
    })
    expect(await snapshot(t)).toEqual(before)
  })

  it('rolls back the days when the icon is sold out', async () => {
    const days = await seededDays(t, 2)
    const icon = await seededIcon(t)
    // Sold out in the mailing the icon is sold in (the next one open for sale); beforeEach restores it.
    await setIconStock(t, icon.id, { quantity: 0 })
    const before = await snapshot(t)
    const response = await callFunction(t, 'create-cart-checkout-session', {
      calendarDayIds: days.map((d) => d.id),
      mapIconId: icon.id,
      discount: 10,
      ...buyer,
    })
    expect(response.status).toBe(409)
    expect(response.body.error.message).toBe('This icon is not available for booking')
    expect(await snapshot(t)).toEqual(before)
  })

  it('validates in order with the toast texts, and rejects a wrong discount', async () => {
    const days = await seededDays(t, 7)
    const ids = days.map((d) => d.id)
    const before = await snapshot(t)
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { businessName: '', email: '', calendarDayIds: [], mapIconId: null, discount: 0 },
        'Please enter your business name.',
        'businessName',
      ],
      [
        { businessName: 'Joe', email: 'no-at', calendarDayIds: [], mapIconId: null, discount: 0 },
        'Please enter a valid email address.',
        'email',
      ],
      [
        { ...buyer, calendarDayIds: [], mapIconId: null, discount: 0 },
        'Your cart is empty. Please add calendar days or a map icon to continue.',
        'calendarDayIds',
      ],
      [
        { ...buyer, calendarDayIds: ids, mapIconId: null, discount: 20 },
        'You can only select up to 6 calendar days. Please remove some items from your cart to add more.',
        'calendarDayIds',
      ],
      [
        { ...buyer, calendarDayIds: [ids[0], ids[0]], mapIconId: null, discount: 10 },
        'Each calendar day can be in the cart only once.',
        'calendarDayIds',
      ],
    ]
    for (const [input, message, field] of cases) {
      const { status, body } = await callFunction(t, 'create-cart-checkout-session', input)
      expect(status, message).toBe(422)
      expect(body.error).toMatchObject({ code: 'validation_failed', message })
      expect(body.error.fields[field]).toContain(message)
    }
    for (const discount of [0, 20, 9.99, '10', undefined]) {
      const { status, body } = await callFunction(t, 'create-cart-checkout-session', {
        ...buyer,
        calendarDayIds: ids.slice(0, 2),
        mapIconId: null,
        discount,
      })
      expect(status, String(discount)).toBe(422)
      expect(body.error.message).toBe(
        'The discount does not match your cart (2 calendar days get $10 off each). Please refresh the page and try again.',
      )
      expect(body.error.fields.discount).toHaveLength(1)
    }
    expect(await snapshot(t)).toEqual(before)
  })

  it('draws another order id when the random one is taken', async () => {
    const [day, other] = await seededDays(t, 2)
    await t.db.insert(orders).values({
      id: 'ORD-11111',
      businessName: 'Old',
      email: 'o@x.example',
      amountCents: 1,
      status: 'refunded',
    })
    const draws = ['ORD-11111', 'ORD-11111', 'ORD-22222', 'ORD-33333']
    const ctx = {
      ...checkoutContext(t.deps, createLogger('silent')),
      newOrderId: () => draws.shift() ?? 'ORD-99999',
    }
    await startCheckout(ctx, {
      ...buyer,
      dayIds: [day?.id as string, other?.id as string],
      iconId: null,
      perDayDiscount: 10,
    })
    expect((await allOrders(t)).map((o) => o.id)).toEqual(['ORD-11111', 'ORD-22222', 'ORD-33333'])
  })

  it("still counts the icon's hold when its order id had to be drawn again", async () => {
    const [day] = await seededDays(t, 1)
    const icon = await seededIcon(t)
    await t.db.insert(orders).values({
      id: 'ORD-11111',
      businessName: 'Old',
      email: 'o@x.example',
      amountCents: 1,
      status: 'refunded',
    })
    // The day's order draws ORD-22222, the icon's ORD-11111 (taken), then ORD-33333.
    const draws = ['ORD-22222', 'ORD-11111', 'ORD-33333']
    const ctx = {
      ...checkoutContext(t.deps, createLogger('silent')),
      newOrderId: () => draws.shift() ?? 'ORD-99999',
    }
    await startCheckout(ctx, { ...buyer, dayIds: [day?.id as string], iconId: icon.id, perDayDiscount: 0 })
    const held = (await allOrders(t)).filter((o) => o.status === 'pending')
    expect(held.map((o) => [o.id, o.mapIconId !== null])).toEqual([
      ['ORD-22222', false],
      ['ORD-33333', true],
    ])
    expect((await iconById(t, icon.id))?.availableQuantity).toBe(icon.totalQuantity - 1)
  })
})

describe('create-special-purchase-checkout', () => {
  it('creates one pending order of units × $1 with its metadata', async () => {
    const { status, body } = await callFunction(t, 'create-special-purchase-checkout', {
      ...buyer,
      units: 3,
      description: '  ',
      amount: 3,
    })
    expect(status).toBe(200)
    const [order] = await ordersOfSession(t, sessionIdOf(body.sessionUrl))
    expect(order).toMatchObject({
      amountCents: 300,
      status: 'pending',
      dayId: null,
      mapIconId: null,
      metadata: { order_type: 'special_purchase', units: 3, description: 'Special Purchase' },
    })
  })

  it('validates units, business name, e-mail, then the amount', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ units: 0, businessName: '', email: '', amount: 0 }, 'Please select at least 1 unit', 'units'],
      [{ units: 1.5, ...buyer, amount: 1.5 }, 'Please select at least 1 unit', 'units'],
      [
        { units: 2, businessName: ' ', email: 'x', amount: 2 },
        'Please provide your business name',
        'businessName',
      ],
      [
        { units: 2, businessName: 'Joe', email: 'x', amount: 2 },
        'Please provide a valid email address',
        'email',
      ],
      [
        { units: 2, ...buyer, amount: 1 },
        'The amount does not match the quantity (2 × $1 = $2). Please refresh the page and try again.',
        'amount',
      ],
      [
        { units: 2, ...buyer },
        'The amount does not match the quantity (2 × $1 = $2). Please refresh the page and try again.',
        'amount',
      ],
    ]
    for (const [input, message, field] of cases) {
      const { status, body } = await callFunction(t, 'create-special-purchase-checkout', input)
      expect(status, message).toBe(422)
      expect(body.error.message).toBe(message)
      expect(body.error.fields[field]).toContain(message)
    }
    expect(await allOrders(t)).toEqual([])
  })
})

describe('get-orders-by-session', () => {
  it("answers only that session's orders with the thank-you fields", async () => {
    const [day, otherDay] = await seededDays(t, 2)
    const icon = await seededIcon(t)
    const mine = await callFunction(t, 'create-cart-checkout-session', {
      ...buyer,
      calendarDayIds: [day?.id],
      mapIconId: icon.id,
      discount: 0,
    })
    await callFunction(t, 'create-checkout-session', {
      dayId: otherDay?.id,
      businessName: 'Other',
      email: 'o@x.example',
    })
    const sessionId = sessionIdOf(mine.body.sessionUrl)
    const { status, body } = await callFunction(t, 'get-orders-by-session', { sessionId })
    expect(status).toBe(200)
    expect(body.totalAmount).toBe(((day?.priceCents ?? 0) + icon.priceCents) / 100)
    expect(body.error).toBeUndefined()
    expect(body.orders).toHaveLength(2)
    // Opened again after a line was refunded: that line says so and is not in the total.
    const dayLine = body.orders.find((o: { type: string }) => o.type === 'calendar_day')
    await t.db.update(orders).set({ status: 'refunded' }).where(eq(orders.id, dayLine.id))
    const later = await callFunction(t, 'get-orders-by-session', { sessionId })
    expect(later.body.totalAmount).toBe(icon.priceCents / 100)
    expect(later.body.orders).toContainEqual(expect.objectContaining({ id: dayLine.id, status: 'refunded' }))
    await t.db.update(orders).set({ status: 'pending' }).where(eq(orders.id, dayLine.id))
    expect(body.orders).toContainEqual({
      id: expect.stringMatching(/^ORD-\d{5}$/),
      type: 'calendar_day',
      date: day?.date,
      iconName: null,
      description: null,
      units: null,
      amount: (day?.priceCents ?? 0) / 100,
      status: 'pending',
    })
    expect(body.orders).toContainEqual(
      expect.objectContaining({ type: 'map_icon', iconName: 'Map Icon', date: null }),
    )
    expect(JSON.stringify(body)).not.toContain('diner.example')
    expect(JSON.stringify(body)).not.toContain('Other')
  })

  it('describes each item from what the order bought, whatever later happens to the day or the icon', async () => {
    const [day] = await seededDays(t, 1)
    const [icon] = await t.db
      .insert(mapIcons)
      .values({
        name: 'Corner Icon',
        size: 'small',
        priceCents: 7000,
        totalQuantity: 3,
      })
      .returning()
    const placed = await callFunction(t, 'create-cart-checkout-session', {
      ...buyer,
      calendarDayIds: [day?.id],
      mapIconId: icon?.id,
      discount: 0,
    })
    const sessionId = sessionIdOf(placed.body.sessionUrl)
    const before = (await callFunction(t, 'get-orders-by-session', { sessionId })).body
    // Later catalogue changes: the day moves to another date, the icon is renamed and then deleted.
    await t.db
      .update(calendarDays)
      .set({ date: '2033-02-02' })
      .where(eq(calendarDays.id, day?.id as string))
    await t.db
      .update(mapIcons)
      .set({ name: 'Renamed' })
      .where(eq(mapIcons.id, icon?.id as string))
    const after = (await callFunction(t, 'get-orders-by-session', { sessionId })).body
    expect(after).toEqual(before)
    expect(
      after.orders.map((o: { date: string | null; iconName: string | null }) => [o.date, o.iconName]),
    ).toEqual([
      [day?.date, null],
      [null, 'Corner Icon'],
    ])
    await t.request(`/pay/${sessionId}/complete`, { method: 'POST' })
    const [confirmation] = await t.db.select().from(outbox).where(eq(outbox.kind, 'order_confirmation'))
    expect(confirmation?.textBody).toContain('Map icon: Corner Icon')
    expect(confirmation?.textBody).not.toContain('Renamed')
    expect(confirmation?.textBody).not.toContain('2033')
    await t.db.delete(orders)
    await t.db
      .update(calendarDays)
      .set({ date: day?.date as string })
      .where(eq(calendarDays.id, day?.id as string))
    await t.db.delete(mapIcons).where(eq(mapIcons.id, icon?.id as string))
  })

  it('answers an error for an unknown session and 422 without one', async () => {
    expect(await callFunction(t, 'get-orders-by-session', { sessionId: 'cs_local_nothing' })).toEqual({
      status: 200,
      body: { orders: [], totalAmount: 0, error: 'No orders were found for this checkout session.' },
    })
    const missing = await callFunction(t, 'get-orders-by-session', {})
    expect(missing.status).toBe(422)
    expect(missing.body.error.message).toBe('Missing session ID')
  })
})

describe('days that are not for sale', () => {
  const yesterday = () => {
    const today = todayInTimeZone(t.deps.config.timeZone)
    return new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10)
  }
  async function insertDay(date: string, priceCents: number) {
    const [row] = await t.db
      .insert(calendarDays)
      .values({ date, status: 'available', priceCents })
      .returning({ id: calendarDays.id })
    return row?.id as string
  }
  const refused = (dayId: string, date: string) => ({
    status: 409,
    body: {
      error: {
        code: 'conflict',
        message: 'This day is not available for booking',
        fields: { [`days.${dayId}`]: [`${formatDayDate(date)} is no longer available for booking.`] },
      },
    },
  })

  it("refuses a day before the town's today in every checkout path, and sells today itself", async () => {
    // Today's and yesterday's mailings closed for sales before their months began: the
    // administrator reopens them with a sales close ahead, so only the date decides here.
    const today = todayInTimeZone(t.deps.config.timeZone)
    const salesCloseAt = new Date(Date.now() + 86_400_000)
    const todays = await insertDayInReopenedMailing(t, today, salesCloseAt)
    const past = await insertDayInReopenedMailing(t, yesterday(), salesCloseAt)
    try {
      const before = await snapshot(t)
      expect(await callFunction(t, 'create-checkout-session', { dayId: past.id, ...buyer })).toEqual(
        refused(past.id, yesterday()),
      )
      expect(
        await callFunction(t, 'create-cart-checkout-session', {
          ...buyer,
          calendarDayIds: [todays.id, past.id],
          mapIconId: null,
          discount: 10,
        }),
      ).toEqual(refused(past.id, yesterday()))
      expect(await snapshot(t)).toEqual(before)
      expect((await callFunction(t, 'create-checkout-session', { dayId: todays.id, ...buyer })).status).toBe(
        200,
      )
    } finally {
      await past.remove()
      await todays.remove()
    }
  })

  it('refuses a $0 day: a free feature is assigned by the administrator with a manual order', async () => {
    const freeId = await insertDay('2032-05-05', 0)
    const before = await snapshot(t)
    expect(await callFunction(t, 'create-checkout-session', { dayId: freeId, ...buyer })).toEqual(
      refused(freeId, '2032-05-05'),
    )
    expect(
      await callFunction(t, 'create-cart-checkout-session', {
        ...buyer,
        calendarDayIds: [freeId],
        mapIconId: null,
        discount: 0,
      }),
    ).toEqual(refused(freeId, '2032-05-05'))
    expect(await snapshot(t)).toEqual(before)
    await t.db.delete(calendarDays).where(eq(calendarDays.id, freeId))
  })
})

describe('the same buyer in the same browser checking out again (Back from the payment page, then Proceed)', () => {
  const cartBody = (dayIds: string[], mapIconId: string | null, email = buyer.email) => ({
    businessName: buyer.businessName,
    email,
    calendarDayIds: dayIds,
    mapIconId,
    discount: dayIds.length >= 2 ? 10 : 0,
  })
  const cart = (dayIds: string[], mapIconId: string | null, email = buyer.email) =>
    callFunction(t, 'create-cart-checkout-session', cartBody(dayIds, mapIconId, email))

  it("releases this browser's own earlier open session first; another browser is still refused", async () => {
    const [a, b, c] = await seededDays(t, 3)
    const icon = await seededIcon(t)
    const joe = testBrowser(t)
    const first = await joe.call(
      'create-cart-checkout-session',
      cartBody([a?.id as string, b?.id as string], icon.id),
    )
    expect(first.status).toBe(200)
    expect(joe.cookie()).toMatch(/^townflyer_checkout=[\w-]{43}$/)
    const firstSession = sessionIdOf(first.body.sessionUrl)

    // Someone else cannot take those days while the hold lives.
    expect((await cart([a?.id as string], null, 'someone@else.example')).status).toBe(409)

    // The same browser proceeds again (the e-mail in another case), with one day more: it succeeds.
    const again = await joe.call(
      'create-cart-checkout-session',
      cartBody([a?.id as string, b?.id as string, c?.id as string], icon.id, 'JOE@Diner.Example'),
    )
    expect(again.status).toBe(200)
    const secondSession = sessionIdOf(again.body.sessionUrl)
    expect((await ordersOfSession(t, firstSession)).map((o) => o.status)).toEqual([
      'expired',
      'expired',
      'expired',
    ])
    expect((await ordersOfSession(t, secondSession)).map((o) => o.status)).toEqual([
      'pending',
      'pending',
      'pending',
      'pending',
    ])
    expect((await iconById(t, icon.id))?.availableQuantity).toBe(icon.totalQuantity - 1)
    for (const day of [a, b, c])
      expect((await dayById(t, day?.id as string))?.status).toBe('reserved_pending')

    // A different e-mail, from another browser or from this one (another buyer at the same computer), is
    // still refused, and changes nothing.
    const before = await snapshot(t)
    expect((await cart([b?.id as string], null, 'rival@else.example')).status).toBe(409)
    expect(
      (
        await joe.call(
          'create-cart-checkout-session',
          cartBody([b?.id as string], null, 'rival@else.example'),
        )
      ).status,
    ).toBe(409)
    expect(await snapshot(t)).toEqual(before)
  })

  it("the buyer's e-mail alone releases nothing: another browser cannot cancel a checkout in progress and take its day", async () => {
    const [a, b] = await seededDays(t, 2)
    const joe = testBrowser(t, '198.51.100.7')
    const first = await joe.call('create-cart-checkout-session', cartBody([a?.id as string], null))
    expect(first.status).toBe(200)
    const firstSession = sessionIdOf(first.body.sessionUrl)

    // Someone who knows Joe's e-mail: from another connection, then from Joe's own connection (a shared
    // network), without Joe's checkout cookie; then with a made-up cookie.
    const before = await snapshot(t)
    for (const attempt of [
      () => cart([a?.id as string, b?.id as string], null, buyer.email),
      () => callFunction(t, 'create-checkout-session', { dayId: a?.id, ...buyer }, { ip: joe.ip }),
      () => testBrowser(t, joe.ip).call('create-cart-checkout-session', cartBody([a?.id as string], null)),
    ]) {
      const taken = await attempt()
      expect(taken.status).toBe(409)
      expect(taken.body.error.message).toBe('This day is not available for booking')
    }
    const forged = await t.request('/api/functions/create-checkout-session', {
      method: 'POST',
      json: { dayId: a?.id, ...buyer },
      cookie: `townflyer_checkout=${'A'.repeat(43)}`,
    })
    expect(forged.status).toBe(409)
    expect(await snapshot(t)).toEqual(before)
    expect((await ordersOfSession(t, firstSession)).map((o) => o.status)).toEqual(['pending'])
    expect(await dayById(t, a?.id as string)).toMatchObject({
      status: 'reserved_pending',
      businessName: buyer.businessName,
    })

    // Joe pays: the day is his.
    await t.request(`/pay/${firstSession}/complete`, { method: 'POST' })
    expect((await ordersOfSession(t, firstSession)).map((o) => o.status)).toEqual(['paid'])
  })

  it('leaves a paid earlier session, and sessions on other days, alone', async () => {
    const [a, b] = await seededDays(t, 2)
    const joe = testBrowser(t)
    const paid = await joe.call('create-cart-checkout-session', cartBody([a?.id as string], null))
    await t.request(`/pay/${sessionIdOf(paid.body.sessionUrl)}/complete`, { method: 'POST' })
    const other = await joe.call('create-cart-checkout-session', cartBody([b?.id as string], null))
    expect((await joe.call('create-cart-checkout-session', cartBody([a?.id as string], null))).status).toBe(
      409,
    )
    expect((await ordersOfSession(t, sessionIdOf(paid.body.sessionUrl)))[0]?.status).toBe('paid')
    expect((await ordersOfSession(t, sessionIdOf(other.body.sessionUrl)))[0]?.status).toBe('pending')
  })
})

describe('refresh-map-icon-availability', () => {
  it('answers every icon as of now, derived from paid orders and live holds, and writes nothing', async () => {
    const icon = await seededIcon(t)
    await callFunction(t, 'create-map-icon-checkout', { iconId: icon.id, ...buyer })
    await t.db.insert(orders).values({
      id: 'ORD-55555',
      businessName: 'P',
      email: 'p@x.example',
      amountCents: 1,
      status: 'paid',
      mapIconId: icon.id,
    })
    await t.db.insert(orders).values({
      id: 'ORD-55556',
      businessName: 'E',
      email: 'e@x.example',
      amountCents: 1,
      status: 'expired',
      mapIconId: icon.id,
    })
    // A hold that lapsed a minute ago and has not been swept: no claim.
    await t.db.insert(orders).values({
      id: 'ORD-55557',
      businessName: 'L',
      email: 'l@x.example',
      amountCents: 1,
      status: 'pending',
      expiresAt: new Date(Date.now() - 60_000),
      mapIconId: icon.id,
    })
    const before = await snapshot(t)
    const [version] = await t.db.select().from(catalogueVersion)
    const response = await t.request('/api/functions/refresh-map-icon-availability', { method: 'POST' })
    expect(response.status).toBe(200)
    const { icons } = await response.json()
    expect(icons.find((i: { id: string }) => i.id === icon.id)).toMatchObject({
      availableQuantity: icon.totalQuantity - 2,
      totalQuantity: icon.totalQuantity,
      price: icon.priceCents / 100,
    })
    expect(await snapshot(t)).toEqual(before)
    expect(await t.db.select().from(catalogueVersion)).toEqual([version])
  })
})
