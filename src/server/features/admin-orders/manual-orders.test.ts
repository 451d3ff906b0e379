import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calendarDays, mailings, mapIcons, orders, outbox } from '#server/db/schema.ts'
import { callFunction, iconById, insertDayInReopenedMailing } from '#server/test/checkout-test-helpers.ts'
import { ADMIN, createTestApp, MEMBER, type TestApp } from '#server/test/test-app.ts'
import {
  AMOUNT_INVALID_MESSAGE,
  FREE_FEATURE_NEEDS_ZERO_MESSAGE,
  type SellableDaysResponse,
  ZERO_AMOUNT_NEEDS_FREE_FEATURE_MESSAGE,
} from '#shared/admin-orders.ts'
import { createManualDayOrder, createManualMapIconOrder } from './manual-orders.service.ts'

let t: TestApp
let admin: string
let member: string

async function insertDay(date: string, status = 'available', businessName: string | null = null) {
  const [row] = await t.db
    .insert(calendarDays)
    .values({ date, status, businessName, priceCents: 13550 })
    .returning({ id: calendarDays.id })
  return row?.id as string
}
/** A new icon of `total` units and no orders: all of them available (availability is derived from claims). */
async function insertIcon(total: number) {
  const [row] = await t.db
    .insert(mapIcons)
    .values({
      name: 'Manual Icon',
      size: 'small',
      priceCents: 15000,
      totalQuantity: total,
    })
    .returning({ id: mapIcons.id })
  return row?.id as string
}
const dayOf = async (id: string) => (await t.db.select().from(calendarDays).where(eq(calendarDays.id, id)))[0]
const ordersOfDay = (dayId: string) => t.db.select().from(orders).where(eq(orders.dayId, dayId))
const ordersOfIcon = (iconId: string) => t.db.select().from(orders).where(eq(orders.mapIconId, iconId))
/** The icon's available units in the next mailing open for sale, where these orders go. */
const iconQuantity = async (id: string) => (await iconById(t, id))?.availableQuantity

const post = (path: string, json: unknown, cookie = admin) =>
  t.request(`/api/admin/${path}`, { method: 'POST', json, cookie })
const get = (path: string, cookie = admin) => t.request(`/api/admin/${path}`, { cookie })

beforeAll(async () => {
  t = await createTestApp()
  await t.createAdmin()
  await t.createMember()
  admin = await t.signIn(ADMIN)
  member = await t.signIn(MEMBER)
})
afterAll(() => t.close())

describe('POST /api/admin/manual-orders', () => {
  it('creates a paid ORD- order for an available day and reserves the day with the name', async () => {
    const dayId = await insertDay('2036-01-01')
    const response = await post('manual-orders', {
      businessName: '  Corner Café ',
      email: 'cafe@example.com',
      dayId,
    })
    expect(response.status).toBe(201)
    const body = await response.json()
    expect(body).toMatchObject({
      businessName: 'Corner Café',
      email: 'cafe@example.com',
      type: 'calendar_day',
      date: '2036-01-01',
      amount: 135.5,
      status: 'paid',
      source: 'manual',
      paidOnline: false,
      history: [{ by: ADMIN.email, from: null, to: 'paid' }],
    })
    expect(body.id).toMatch(/^ORD-[1-9]\d{4}$/)
    expect(await dayOf(dayId)).toMatchObject({ status: 'reserved', businessName: 'Corner Café' })
  })

  it("answers 'Please fill in all fields.' (422) when any field is missing or blank", async () => {
    const dayId = await insertDay('2036-01-02')
    for (const json of [
      { email: 'a@b.co', dayId },
      { businessName: '   ', email: 'a@b.co', dayId },
      { businessName: 'A', email: '', dayId },
      { businessName: 'A', email: 'a@b.co', dayId: '' },
      { businessName: 'A', email: 'a@b.co', dayId: null },
    ]) {
      const response = await post('manual-orders', json)
      expect(response.status, JSON.stringify(json)).toBe(422)
      expect((await response.json()).error.message).toBe('Please fill in all fields.')
    }
    const invalid = await post('manual-orders', { businessName: 'A', email: 'not-an-email', dayId })
    expect(invalid.status).toBe(422)
    expect((await invalid.json()).error.fields.email).toEqual(['Please enter a valid email address.'])
    expect(await ordersOfDay(dayId)).toEqual([])
    expect((await dayOf(dayId))?.status).toBe('available')
  })

  it("refuses a day that is not available (409 'This day is not available for booking') and unknown days (404)", async () => {
    for (const status of ['reserved', 'reserved_pending', 'blocked']) {
      const dayId = await insertDay(
        `2036-02-0${['reserved', 'reserved_pending', 'blocked'].indexOf(status) + 1}`,
        status,
        status === 'blocked' ? null : 'Owner',
      )
      const response = await post('manual-orders', { businessName: 'A', email: 'a@b.co', dayId })
      expect(response.status, status).toBe(409)
      expect((await response.json()).error.message).toBe('This day is not available for booking')
      expect(await ordersOfDay(dayId)).toEqual([])
    }
    for (const dayId of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const response = await post('manual-orders', { businessName: 'A', email: 'a@b.co', dayId })
      expect(response.status).toBe(404)
      expect((await response.json()).error.message).toBe('Day not found.')
    }
  })

  it('never sells a past day (yesterday in the town), but sells today; a $0 day is a free feature', async () => {
    const { todayInTimeZone } = await import('#shared/dates.ts')
    const today = todayInTimeZone(t.deps.config.timeZone)
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10)
    // Both days' mailings closed for sales before their months began: the administrator
    // reopens them with a sales close ahead, so only the date decides here.
    const salesCloseAt = new Date(Date.now() + 86_400_000)
    const past = await insertDayInReopenedMailing(t, yesterday, salesCloseAt)
    const free = await insertDayInReopenedMailing(t, today, salesCloseAt, 0)
    try {
      const refused = await post('manual-orders', { businessName: 'Late', email: 'l@a.te', dayId: past.id })
      expect(refused.status).toBe(409)
      expect((await refused.json()).error.message).toBe('This day is not available for booking')
      expect(await dayOf(past.id)).toMatchObject({ status: 'available', businessName: null })
      const ok = await post('manual-orders', { businessName: 'Food Bank', email: 'f@b.org', dayId: free.id })
      expect(ok.status).toBe(201)
      expect(await ok.json()).toMatchObject({ amount: 0, date: today, status: 'paid' })
    } finally {
      await free.remove()
      await past.remove()
    }
  })

  it('leaves nothing behind when the order cannot be written (an available day that still has a live order)', async () => {
    const dayId = await insertDay('2036-03-01')
    await t.db.insert(orders).values({
      id: 'ORD-81111',
      businessName: 'Ghost',
      email: 'g@x.yz',
      amountCents: 1,
      status: 'paid',
      dayId,
    })
    const response = await post('manual-orders', { businessName: 'A', email: 'a@b.co', dayId })
    expect(response.status).toBe(409)
    expect(await dayOf(dayId)).toMatchObject({ status: 'available', businessName: null })
    expect((await ordersOfDay(dayId)).map((o) => o.id)).toEqual(['ORD-81111'])
  })

  it('draws a new id on a collision', async () => {
    await t.db
      .insert(orders)
      .values({ id: 'ORD-55555', businessName: 'Taken', email: 't@x.y', amountCents: 1, status: 'refunded' })
    const dayId = await insertDay('2036-03-02')
    const draws = ['ORD-55555', 'ORD-55555', 'ORD-55556']
    const id = await createManualDayOrder(
      t.db,
      { businessName: 'A', email: 'a@b.co', dayId, by: ADMIN.email },
      { drawId: () => draws.shift() as string },
    )
    expect(id).toBe('ORD-55556')
  })

  it('answers 401 and 403 without creating anything', async () => {
    const dayId = await insertDay('2036-03-03')
    const json = { businessName: 'A', email: 'a@b.co', dayId }
    expect((await t.request('/api/admin/manual-orders', { method: 'POST', json })).status).toBe(401)
    expect((await post('manual-orders', json, member)).status).toBe(403)
    expect(await ordersOfDay(dayId)).toEqual([])
  })
})

describe('POST /api/admin/manual-map-icon-orders', () => {
  it('creates a paid MAP- order and takes one unit from what is available', async () => {
    const iconId = await insertIcon(2)
    const response = await post('manual-map-icon-orders', {
      businessName: 'Icon Co',
      email: 'i@c.io',
      iconId,
    })
    expect(response.status).toBe(201)
    const body = await response.json()
    expect(body.id).toMatch(/^MAP-[1-9]\d{4}$/)
    expect(body).toMatchObject({
      type: 'map_icon',
      iconName: 'Manual Icon',
      iconSize: 'small',
      amount: 150,
      status: 'paid',
      source: 'manual',
    })
    expect(await iconQuantity(iconId)).toBe(1)
  })

  it("refuses a sold-out icon with 'This icon is not available for booking' and never oversells", async () => {
    const iconId = await insertIcon(1)
    const results = await Promise.all(
      [1, 2, 3].map(() => post('manual-map-icon-orders', { businessName: 'Race', email: 'r@a.ce', iconId })),
    )
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409])
    const refused = results.find((r) => r.status === 409) as Response
    expect((await refused.json()).error.message).toBe('This icon is not available for booking')
    expect(await iconQuantity(iconId)).toBe(0)
    expect(await ordersOfIcon(iconId)).toHaveLength(1)
  })

  it('counts live checkout holds and ignores dead orders: availability is derived, not a counter', async () => {
    const iconId = await insertIcon(2)
    const base = { businessName: 'Other', email: 'o@t.he', amountCents: 15000, mapIconId: iconId }
    const future = new Date(Date.now() + 3_600_000)
    await t.db.insert(orders).values([
      { ...base, id: 'ORD-70001', status: 'pending', expiresAt: future },
      { ...base, id: 'ORD-70002', status: 'refunded' },
      { ...base, id: 'ORD-70003', status: 'expired' },
      { ...base, id: 'ORD-70004', status: 'pending', expiresAt: new Date(Date.now() - 60_000) },
    ])
    const first = await post('manual-map-icon-orders', { businessName: 'Icon Co', email: 'i@c.io', iconId })
    expect(first.status).toBe(201)
    expect(await iconQuantity(iconId)).toBe(0)
    const second = await post('manual-map-icon-orders', { businessName: 'Icon Co', email: 'i@c.io', iconId })
    expect(second.status).toBe(409)
  })

  it('404 for unknown icons, 422 for missing fields, 401 and 403', async () => {
    const iconId = await insertIcon(3)
    const unknown = await post('manual-map-icon-orders', {
      businessName: 'A',
      email: 'a@b.co',
      iconId: '00000000-0000-4000-8000-000000000000',
    })
    expect(unknown.status).toBe(404)
    expect((await unknown.json()).error.message).toBe('Map icon not found.')
    const missing = await post('manual-map-icon-orders', { businessName: 'A', email: 'a@b.co' })
    expect(missing.status).toBe(422)
    expect((await missing.json()).error.message).toBe('Please fill in all fields.')
    const json = { businessName: 'A', email: 'a@b.co', iconId }
    expect((await t.request('/api/admin/manual-map-icon-orders', { method: 'POST', json })).status).toBe(401)
    expect((await post('manual-map-icon-orders', json, member)).status).toBe(403)
    expect(await iconQuantity(iconId)).toBe(3)
    await expect(
      createManualMapIconOrder(t.db, { ...json, by: 'x' }, { drawId: () => 'MAP-12345' }),
    ).resolves.toBe('MAP-12345')
  })
})

describe("a manual order's amount, free feature, status and confirmation", () => {
  const buyer = { businessName: 'Harbor Food Bank', email: 'food@bank.org' }
  const outboxOf = (orderId: string) => t.db.select().from(outbox).where(eq(outbox.purchaseId, orderId))
  const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]

  it('a pending order holds its day like a paid one: the day is held, checkout refuses it, it lists as pending', async () => {
    const dayId = await insertDay('2036-04-01')
    const response = await post('manual-orders', { ...buyer, dayId, status: 'pending' })
    expect(response.status).toBe(201)
    const body = await response.json()
    expect(body).toMatchObject({ status: 'pending', amount: 135.5, source: 'manual' })
    expect(await orderRow(body.id)).toMatchObject({ status: 'pending', expiresAt: null, paidAt: null })
    expect(await dayOf(dayId)).toMatchObject({ status: 'reserved_pending', businessName: buyer.businessName })

    const checkout = await callFunction(t, 'create-checkout-session', {
      dayId,
      businessName: 'Someone Else',
      email: 's@e.co',
    })
    expect(checkout.status).toBe(409)
    const again = await post('manual-orders', { ...buyer, dayId })
    expect(again.status).toBe(409)
    expect(await ordersOfDay(dayId)).toHaveLength(1)

    const listed = await t.request('/api/admin/checkouts?status=pending', { cookie: admin })
    expect(JSON.stringify(await listed.json())).toContain(body.id)
    const sellable = await (await get('manual-orders/sellable-days?q=2036-04')).json()
    expect(JSON.stringify(sellable)).not.toContain(dayId)
  })

  it('marking a pending order paid by hand issues its receipt and e-mails the buyer its link', async () => {
    const dayId = await insertDay('2036-04-20')
    const body = await (await post('manual-orders', { ...buyer, dayId, status: 'pending' })).json()
    expect((await outboxOf(body.id)).filter((m) => m.kind === 'receipt')).toEqual([])
    const marked = await t.request(`/api/admin/orders/${body.id}`, {
      method: 'PATCH',
      cookie: admin,
      json: { status: 'paid' },
    })
    expect(marked.status).toBe(200)
    const [mail, ...more] = (await outboxOf(body.id)).filter((m) => m.kind === 'receipt')
    expect(more).toEqual([])
    expect(mail?.toAddress).toBe(buyer.email)
    const link = /Your receipt: (\S+)/.exec(mail?.textBody ?? '')?.[1] ?? ''
    const receipt = await t.request(new URL(link).pathname)
    expect(receipt.status).toBe(200)
    expect(receipt.headers.get('content-type')).toBe('application/pdf')
  })

  it('a pending icon order is a claim: it takes the last unit', async () => {
    const iconId = await insertIcon(1)
    const pending = await post('manual-map-icon-orders', { ...buyer, iconId, status: 'pending' })
    expect(pending.status).toBe(201)
    expect(await pending.json()).toMatchObject({ status: 'pending', amount: 150 })
    expect(await iconQuantity(iconId)).toBe(0)
    const next = await post('manual-map-icon-orders', { ...buyer, iconId })
    expect(next.status).toBe(409)
    expect(await ordersOfIcon(iconId)).toHaveLength(1)
  })

  it('records a free non-profit feature at $0 with its mark, keeping the catalogue price as the unit price', async () => {
    const dayId = await insertDay('2036-04-02')
    const response = await post('manual-orders', { ...buyer, dayId, amountCents: 0, freeFeature: true })
    expect(response.status).toBe(201)
    const body = await response.json()
    expect(body).toMatchObject({ amount: 0, status: 'paid', source: 'manual' })
    expect(await orderRow(body.id)).toMatchObject({
      amountCents: 0,
      unitPriceCents: 13550,
      metadata: { freeFeature: true },
      source: 'manual',
    })
    // The free feature alone is enough: its amount is $0.
    const iconId = await insertIcon(2)
    const icon = await post('manual-map-icon-orders', { ...buyer, iconId, freeFeature: true })
    expect(icon.status).toBe(201)
    const iconOrder = await orderRow((await icon.json()).id)
    expect(iconOrder).toMatchObject({
      amountCents: 0,
      unitPriceCents: 15000,
      metadata: { freeFeature: true },
    })
    expect(await iconQuantity(iconId)).toBe(1)
  })

  it('charges the amount given (the unit price stays the catalogue price) and the price when none is given', async () => {
    const dayId = await insertDay('2036-04-03')
    const response = await post('manual-orders', { ...buyer, dayId, amountCents: 9950 })
    expect(response.status).toBe(201)
    const id = (await response.json()).id
    expect(await orderRow(id)).toMatchObject({ amountCents: 9950, unitPriceCents: 13550, metadata: null })
    const iconId = await insertIcon(2)
    const icon = await post('manual-map-icon-orders', { ...buyer, iconId, amountCents: 12000 })
    expect(await orderRow((await icon.json()).id)).toMatchObject({
      amountCents: 12000,
      unitPriceCents: 15000,
    })
  })

  it('refuses a free feature with an amount, $0 without the free feature and bad types (422), creating nothing', async () => {
    const dayId = await insertDay('2036-04-04')
    const iconId = await insertIcon(2)
    const cases: [Record<string, unknown>, string | null][] = [
      [{ amountCents: 500, freeFeature: true }, FREE_FEATURE_NEEDS_ZERO_MESSAGE],
      [{ amountCents: 0 }, ZERO_AMOUNT_NEEDS_FREE_FEATURE_MESSAGE],
      [{ amountCents: 0, freeFeature: false }, ZERO_AMOUNT_NEEDS_FREE_FEATURE_MESSAGE],
      [{ amountCents: '100' }, AMOUNT_INVALID_MESSAGE],
      [{ amountCents: 10.5 }, AMOUNT_INVALID_MESSAGE],
      [{ amountCents: -1 }, AMOUNT_INVALID_MESSAGE],
      [{ amountCents: 1e12 }, null],
      [{ amountCents: null }, AMOUNT_INVALID_MESSAGE],
      [{ freeFeature: 'yes' }, null],
      [{ status: 'refunded' }, null],
      [{ status: 'expired' }, null],
      [{ sendConfirmation: 'true' }, null],
    ]
    for (const [terms, message] of cases) {
      for (const [path, item] of [
        ['manual-orders', { dayId }],
        ['manual-map-icon-orders', { iconId }],
      ] as const) {
        const response = await post(path, { ...buyer, ...item, ...terms })
        expect(response.status, `${path} ${JSON.stringify(terms)}`).toBe(422)
        const { error } = await response.json()
        if (message) expect(error.message).toBe(message)
        expect(Object.keys(error.fields ?? {})).toHaveLength(1)
      }
    }
    expect(await ordersOfDay(dayId)).toEqual([])
    expect(await ordersOfIcon(iconId)).toEqual([])
    // A missing field still answers 'Please fill in all fields.', whatever the terms say.
    const missing = await post('manual-orders', { email: 'a@b.co', dayId, amountCents: 0 })
    expect((await missing.json()).error.message).toBe('Please fill in all fields.')
  })

  it('queues a confirmation e-mail only when asked, in the wording of paid, pending and free orders, with the artwork link', async () => {
    const origin = t.deps.config.publicOrigin
    const quiet = await post('manual-orders', { ...buyer, dayId: await insertDay('2036-04-05') })
    expect(await outboxOf((await quiet.json()).id)).toEqual([])

    const paid = await post('manual-orders', {
      ...buyer,
      dayId: await insertDay('2036-04-06'),
      sendConfirmation: true,
    })
    const paidId = (await paid.json()).id
    const [paidMail] = await outboxOf(paidId)
    expect(paidMail).toMatchObject({
      toAddress: buyer.email,
      kind: 'order_confirmation',
      purchaseId: paidId,
    })
    expect(paidMail?.subject).toContain('is confirmed')
    expect(paidMail?.textBody).toContain('Calendar day: Sunday, April 6, 2036')
    expect(paidMail?.textBody).toContain('confirmed and paid: $135.50')
    expect(paidMail?.textBody).toMatch(
      new RegExp(`Upload your logo or ad for each item here: ${origin}/artwork/\\S+`),
    )
    expect(paidMail?.textBody).toContain('Artwork for the April 2036 mailing is due')

    const pending = await post('manual-orders', {
      ...buyer,
      dayId: await insertDay('2036-04-07'),
      status: 'pending',
      amountCents: 10000,
      sendConfirmation: true,
    })
    const [pendingMail] = await outboxOf((await pending.json()).id)
    expect(pendingMail?.subject).toContain('awaiting payment')
    expect(pendingMail?.textBody).toContain('awaiting payment: $100.')
    expect(pendingMail?.textBody).toMatch(
      /We'll send you an invoice; please pay by .+, when sales for the April 2036 mailing close\./,
    )
    expect(pendingMail?.textBody).toContain(`${origin}/artwork/`)

    const iconId = await insertIcon(2)
    const free = await post('manual-map-icon-orders', {
      ...buyer,
      iconId,
      freeFeature: true,
      amountCents: 0,
      sendConfirmation: true,
    })
    const freeId = (await free.json()).id
    const [freeMail] = await outboxOf(freeId)
    expect(freeMail?.subject).toContain('free')
    expect(freeMail?.textBody).toContain('Your free non-profit feature in the')
    expect(freeMail?.textBody).toContain('There is nothing to pay.')
    expect(freeMail?.textBody).toContain('Map icon: Manual Icon')
    expect(freeMail?.textBody).toContain(`${origin}/artwork/`)
  })
})

describe('GET /api/admin/manual-orders/sellable-days', () => {
  type Answer = SellableDaysResponse
  const datesOf = (answer: Answer) => answer.mailings.flatMap((m) => m.days.map((d) => d.date))
  const search = async (q: string): Promise<Answer> => {
    const response = await get(`manual-orders/sellable-days?q=${encodeURIComponent(q)}`)
    expect(response.status, q).toBe(200)
    return response.json()
  }
  const only2037 = (answer: Answer) => datesOf(answer).filter((d) => d.startsWith('2037-'))

  beforeAll(async () => {
    // January and February 2037 for sale; March's mailing closed, April's sales close passed.
    for (const date of ['2037-01-05', '2037-01-06', '2037-01-15', '2037-02-01', '2037-02-05'])
      await insertDay(date)
    await insertDay('2037-01-07', 'reserved', 'Sold Co')
    await insertDay('2037-01-08', 'blocked')
    const [free] = await t.db
      .insert(calendarDays)
      .values({ date: '2037-01-09', status: 'available', priceCents: 0 })
      .returning()
    expect(free).toBeDefined()
    await insertDay('2037-03-02')
    await insertDay('2037-04-02')
    await t.db.update(mailings).set({ status: 'closed' }).where(eq(mailings.month, '2037-03'))
    await t.db
      .update(mailings)
      .set({ salesCloseAt: new Date(Date.now() - 60_000) })
      .where(eq(mailings.month, '2037-04'))
    // Held by a pending order although still marked available: not for sale either.
    const heldId = await insertDay('2037-01-10')
    await t.db.insert(orders).values({
      id: 'ORD-82222',
      businessName: 'Hold',
      email: 'h@o.ld',
      amountCents: 1,
      status: 'pending',
      dayId: heldId,
    })
  })

  it('answers the days that can still be sold, grouped by mailing, in date order', async () => {
    const answer = await search('2037')
    expect(answer.truncated).toBe(false)
    expect(answer.mailings.map((m) => [m.month, m.label, m.days.map((d) => d.date)])).toEqual([
      ['2037-01', 'January 2037', ['2037-01-05', '2037-01-06', '2037-01-15']],
      ['2037-02', 'February 2037', ['2037-02-01', '2037-02-05']],
    ])
    expect(answer.mailings[0]?.days[0]).toEqual({ id: expect.any(String), date: '2037-01-05', price: 135.5 })
    // Without text: every sellable day (these among them), still grouped and in order.
    const all = datesOf(await search(''))
    expect(all).toEqual([...all].sort())
    expect(all).toEqual(expect.arrayContaining(['2037-01-05', '2037-02-05']))
    expect(all).not.toContain('2037-03-02')
  })

  it('leaves out past days (the town’s date) and keeps today', async () => {
    const { todayInTimeZone } = await import('#shared/dates.ts')
    const today = todayInTimeZone(t.deps.config.timeZone)
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10)
    const salesCloseAt = new Date(Date.now() + 86_400_000)
    const past = await insertDayInReopenedMailing(t, yesterday, salesCloseAt)
    const now = await insertDayInReopenedMailing(t, today, salesCloseAt)
    try {
      const dates = datesOf(await search(''))
      expect(dates).toContain(today)
      expect(dates).not.toContain(yesterday)
    } finally {
      await now.remove()
      await past.remove()
    }
  })

  it('narrows by a date, a month, a year or a weekday as typed', async () => {
    const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay()
    expect(only2037(await search('2037-01-05'))).toEqual(['2037-01-05'])
    expect(only2037(await search('2037-01'))).toEqual(['2037-01-05', '2037-01-06', '2037-01-15'])
    expect(only2037(await search('2037-01-0'))).toEqual(['2037-01-05', '2037-01-06'])
    expect(only2037(await search('1/5/2037'))).toEqual(['2037-01-05'])
    expect(only2037(await search('1/5'))).toEqual(['2037-01-05'])
    expect(only2037(await search('Jan 5'))).toEqual(['2037-01-05'])
    expect(only2037(await search('January 2037'))).toEqual(['2037-01-05', '2037-01-06', '2037-01-15'])
    expect(only2037(await search('feb 2037'))).toEqual(['2037-02-01', '2037-02-05'])
    expect(only2037(await search('5th'))).toEqual(['2037-01-05', '2037-02-05'])
    // The picker's own label finds its day.
    expect(datesOf(await search('Monday, January 5, 2037'))).toEqual(['2037-01-05'])
    // Every answer matches what was typed, whichever year it is in.
    for (const date of datesOf(await search('Jan 5'))) expect(date.slice(5)).toBe('01-05')
    for (const date of datesOf(await search('january'))) expect(date.slice(5, 7)).toBe('01')
    const mondays = datesOf(await search('mon 2037'))
    expect(mondays).toEqual(['2037-01-05'])
    for (const date of datesOf(await search('Tuesday'))) expect(weekday(date)).toBe(2)
    // 'ma' is March or May; 's' September, Saturday or Sunday.
    for (const date of datesOf(await search('ma'))) expect(['03', '05']).toContain(date.slice(5, 7))
    expect(only2037(await search('s 2037'))).toEqual(['2037-02-01'])
    expect(datesOf(await search('xyz'))).toEqual([])
    expect(datesOf(await search('2037 13/40'))).toEqual([])
  })

  it('refuses a long query (422) and anyone but an administrator (401, 403)', async () => {
    expect((await get(`manual-orders/sellable-days?q=${'a'.repeat(101)}`)).status).toBe(422)
    expect((await t.request('/api/admin/manual-orders/sellable-days')).status).toBe(401)
    expect((await get('manual-orders/sellable-days', member)).status).toBe(403)
  })
})
