import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calendarDays, orders } from '#server/db/schema.ts'
import { callFunction, dayById } from '#server/test/checkout-test-helpers.ts'
import { ADMIN, createTestApp, type TestApp } from '#server/test/test-app.ts'

/** Within the admin month navigator, which range initialisation keeps to. */
const Y = new Date().getUTCFullYear() + 2

/**
 * Sold and held days are untouchable by calendar admin actions: each way an admin action could reach one,
 * on both engines. The concurrency half is in held-days.concurrency.test.ts.
 */
let t: TestApp
let admin: string
let orderNumber = 10_000

beforeAll(async () => {
  t = await createTestApp()
  await t.createAdmin()
  admin = await t.signIn(ADMIN)
})
afterAll(() => t.close())

async function insertDay(date: string, status = 'available', businessName: string | null = null) {
  const [row] = await t.db
    .insert(calendarDays)
    .values({ date, status, businessName, priceCents: 12000 })
    .returning({ id: calendarDays.id })
  return row?.id as string
}

/** A day with an order of that status; a live order's day shows it as the order flow would. */
async function dayWithOrder(date: string, status: string, businessName: string) {
  const dayStatus = status === 'paid' ? 'reserved' : status === 'pending' ? 'reserved_pending' : 'available'
  const dayId = await insertDay(date, dayStatus, dayStatus === 'available' ? null : businessName)
  const id = `ORD-${++orderNumber}`
  await t.db
    .insert(orders)
    .values({ id, dayId, status, businessName, email: 'owner@example.com', amountCents: 12000 })
  return { dayId, orderId: id }
}

const orderOf = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]
const post = (path: string, json: unknown) =>
  t.request(`/api/admin/calendar-days/${path}`, { method: 'POST', json, cookie: admin })
const send = (method: string, id: string, json?: unknown) =>
  t.request(`/api/admin/calendar-days/${id}`, { method, json, cookie: admin })

describe('initialize range over sold and held days', () => {
  it('leaves paid and pending days as they are, lists them, and the day is not offered again', async () => {
    const paid = await dayWithOrder(`${Y}-12-01`, 'paid', 'Bob Hardware')
    const pending = await dayWithOrder(`${Y}-12-02`, 'pending', 'Holding Co')
    const refunded = await dayWithOrder(`${Y}-12-03`, 'refunded', 'Gone Ltd')
    const response = await post('initialize', { startDate: `${Y}-12-01`, endDate: `${Y}-12-04`, price: 80 })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      created: 1,
      updated: 1,
      skipped: [
        { id: paid.dayId, date: `${Y}-12-01`, businessName: 'Bob Hardware', orderStatus: 'paid' },
        { id: pending.dayId, date: `${Y}-12-02`, businessName: 'Holding Co', orderStatus: 'pending' },
      ],
    })
    expect(await dayById(t, paid.dayId)).toMatchObject({
      status: 'reserved',
      businessName: 'Bob Hardware',
      priceCents: 12000,
    })
    expect(await dayById(t, pending.dayId)).toMatchObject({ status: 'reserved_pending', priceCents: 12000 })
    expect(await dayById(t, refunded.dayId)).toMatchObject({ status: 'available', priceCents: 8000 })

    const month = await (await t.request(`/api/calendar-days?month=${Y}-12`)).json()
    expect(month.days.find((d: { id: string }) => d.id === paid.dayId)).toMatchObject({
      status: 'reserved',
      businessName: 'Bob Hardware',
    })
    const second = await callFunction(t, 'create-checkout-session', {
      dayId: paid.dayId,
      businessName: 'Second Buyer',
      email: 'second@example.com',
    })
    expect(second.status).toBe(409)
  })
})

describe('deleting sold and held days', () => {
  it('DELETE of a paid or pending day answers 409 naming the business and changes nothing', async () => {
    const paid = await dayWithOrder(`${Y}-11-03`, 'paid', 'Bob Hardware')
    const pending = await dayWithOrder(`${Y}-11-04`, 'pending', 'Holding Co')
    const refused = await send('DELETE', paid.dayId)
    expect(refused.status).toBe(409)
    expect((await refused.json()).error).toEqual({
      code: 'conflict',
      message: `Friday, November 3, ${Y} is sold to Bob Hardware, so it cannot be deleted. Refund or delete its order first.`,
    })
    const held = await send('DELETE', pending.dayId)
    expect(held.status).toBe(409)
    expect((await held.json()).error.message).toContain('is held for Holding Co')
    expect(await dayById(t, paid.dayId)).toMatchObject({ status: 'reserved', businessName: 'Bob Hardware' })
    expect(await orderOf(paid.orderId)).toMatchObject({ status: 'paid', dayId: paid.dayId })
    expect(await orderOf(pending.orderId)).toMatchObject({ status: 'pending', dayId: pending.dayId })
  })

  it('a day with only dead orders is deleted; its orders keep their date', async () => {
    const expired = await dayWithOrder(`${Y}-11-05`, 'expired', 'Late Co')
    const refunded = `ORD-${++orderNumber}`
    const deleted = `ORD-${++orderNumber}`
    for (const [id, status] of [
      [refunded, 'refunded'],
      [deleted, 'deleted'],
    ] as const)
      await t.db.insert(orders).values({
        id,
        dayId: expired.dayId,
        status,
        businessName: 'Old Co',
        email: 'old@example.com',
        amountCents: 12000,
      })
    expect((await send('DELETE', expired.dayId)).status).toBe(204)
    expect(await dayById(t, expired.dayId)).toBeUndefined()
    for (const id of [expired.orderId, refunded, deleted])
      expect(await orderOf(id)).toMatchObject({ dayId: null, itemDate: `${Y}-11-05`, unitPriceCents: 12000 })
  })

  it('bulk delete skips and lists sold and held days and deletes the rest', async () => {
    const paid = await dayWithOrder(`${Y}-11-10`, 'paid', 'Bob Hardware')
    const pending = await dayWithOrder(`${Y}-11-11`, 'pending', 'Holding Co')
    const dead = await dayWithOrder(`${Y}-11-12`, 'expired', 'Late Co')
    const free = await insertDay(`${Y}-11-13`)
    const response = await post('bulk-delete', { ids: [free, dead.dayId, pending.dayId, paid.dayId] })
    expect(response.status).toBe(200)
    const body = await response.json()
    expect(body.deleted).toBe(2)
    expect(body.skipped.map((d: { date: string; businessName: string }) => [d.date, d.businessName])).toEqual(
      [
        [`${Y}-11-10`, 'Bob Hardware'],
        [`${Y}-11-11`, 'Holding Co'],
      ],
    )
    const left = await t.db
      .select({ id: calendarDays.id })
      .from(calendarDays)
      .where(inArray(calendarDays.id, [free, dead.dayId, pending.dayId, paid.dayId]))
    expect(left.map((d) => d.id).sort()).toEqual([paid.dayId, pending.dayId].sort())
    expect(await orderOf(paid.orderId)).toMatchObject({ status: 'paid', dayId: paid.dayId })
    expect(await orderOf(dead.orderId)).toMatchObject({ dayId: null, itemDate: `${Y}-11-12` })
  })

  it('after bulk delete and initialize, a paid date is never sold to a second buyer', async () => {
    const paid = await dayWithOrder(`${Y}-11-20`, 'paid', 'First Buyer')
    await post('bulk-delete', { ids: [paid.dayId] })
    await post('initialize', { startDate: `${Y}-11-19`, endDate: `${Y}-11-21`, price: 120 })
    const [day] = await t.db
      .select()
      .from(calendarDays)
      .where(eq(calendarDays.date, `${Y}-11-20`))
    expect(day).toMatchObject({ id: paid.dayId, status: 'reserved', businessName: 'First Buyer' })
    const second = await callFunction(t, 'create-checkout-session', {
      dayId: day?.id,
      businessName: 'Second Buyer',
      email: 'second@example.com',
    })
    expect(second.status).toBe(409)
    const live = await t.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.itemDate, `${Y}-11-20`), inArray(orders.status, ['pending', 'paid'])))
    expect(live).toEqual([{ id: paid.orderId }])
  })
})

describe('editing sold and held days', () => {
  it('bulk price skips sold and held days and lists them', async () => {
    const paid = await dayWithOrder(`${Y}-10-01`, 'paid', 'Bob Hardware')
    const free = await insertDay(`${Y}-10-02`)
    const response = await post('bulk-price', { ids: [paid.dayId, free], price: 99 })
    expect(await response.json()).toEqual({
      updated: 1,
      skipped: [{ id: paid.dayId, date: `${Y}-10-01`, businessName: 'Bob Hardware', orderStatus: 'paid' }],
    })
    expect((await dayById(t, paid.dayId))?.priceCents).toBe(12000)
    expect((await dayById(t, free))?.priceCents).toBe(9900)
  })

  it('PATCH of status, name or price of a held day answers 409; a free day is still edited', async () => {
    const paid = await dayWithOrder(`${Y}-10-05`, 'paid', 'Bob Hardware')
    const pending = await dayWithOrder(`${Y}-10-06`, 'pending', 'Holding Co')
    for (const [dayId, json] of [
      [paid.dayId, { status: 'available' }],
      [paid.dayId, { businessName: 'Someone Else' }],
      [paid.dayId, { price: 50 }],
      [pending.dayId, { status: 'reserved', businessName: 'Someone Else' }],
    ] as const) {
      const response = await send('PATCH', dayId, json)
      expect(response.status, JSON.stringify(json)).toBe(409)
      expect((await response.json()).error.message).toMatch(/so it cannot be changed/)
    }
    expect(await dayById(t, paid.dayId)).toMatchObject({
      status: 'reserved',
      businessName: 'Bob Hardware',
      priceCents: 12000,
    })
    expect(await dayById(t, pending.dayId)).toMatchObject({
      status: 'reserved_pending',
      businessName: 'Holding Co',
    })
    const free = await insertDay(`${Y}-10-07`)
    const edited = await send('PATCH', free, { status: 'reserved', businessName: 'Walk-in', price: 70 })
    expect(edited.status).toBe(200)
    expect(await edited.json()).toMatchObject({ status: 'reserved', businessName: 'Walk-in', price: 70 })
    expect((await send('PATCH', '00000000-0000-4000-8000-000000000000', { price: 5 })).status).toBe(404)
  })
})
