import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { calendarDays, mapIcons, orderHistory, orders } from '#server/db/schema.ts'
import { iconById } from '#server/test/checkout-test-helpers.ts'
import { ADMIN, createTestApp, MEMBER, type TestApp } from '#server/test/test-app.ts'
import type { CheckoutDetailDto, CheckoutRowDto, CheckoutsPageDto } from '#shared/admin-checkouts.ts'

let t: TestApp
let admin: string
let member: string
let sequence = 10_000

async function insertDay(date: string, status = 'available', businessName: string | null = null) {
  const [row] = await t.db
    .insert(calendarDays)
    .values({ date, status, businessName, priceCents: 12000 })
    .returning({ id: calendarDays.id })
  return row?.id as string
}

/** A new icon of `total` units and no orders: all available (availability is derived from claims). */
async function insertIcon(total = 5) {
  const [row] = await t.db
    .insert(mapIcons)
    .values({
      name: 'Test Icon',
      size: 'large',
      priceCents: 30000,
      totalQuantity: total,
    })
    .returning({ id: mapIcons.id })
  return row?.id as string
}

async function insertOrder(values: Partial<typeof orders.$inferInsert> & { status: string }) {
  const id = values.id ?? `ORD-${sequence++}`
  await t.db
    .insert(orders)
    .values({ businessName: 'Acme Bakery', email: 'owner@acme.test', amountCents: 12000, ...values, id })
  return id
}

const dayOf = async (id: string) => (await t.db.select().from(calendarDays).where(eq(calendarDays.id, id)))[0]
/** The icon's available units in the next mailing open for sale, where these orders are. */
const iconQuantity = async (id: string) => (await iconById(t, id))?.availableQuantity
const statusOf = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]?.status

/** The admin's Orders screen: checkouts of this business name, and their lines. */
const checkoutsOf = async (businessName: string, query = ''): Promise<CheckoutRowDto[]> => {
  const params = new URLSearchParams({ businessName, pageSize: '100' })
  const response = await t.request(`/api/admin/checkouts?${params}${query}`, { cookie: admin })
  expect(response.status).toBe(200)
  return ((await response.json()) as CheckoutsPageDto).checkouts
}
const linesOf = async (businessName: string, query = '') =>
  (await checkoutsOf(businessName, query)).flatMap((c) => c.lines)

const patch = (id: string, json: unknown, cookie = admin) =>
  t.request(`/api/admin/orders/${id}`, { method: 'PATCH', json, cookie })
const post = (path: string, json: unknown, cookie = admin) =>
  t.request(`/api/admin/orders/${path}`, { method: 'POST', json, cookie })

beforeAll(async () => {
  t = await createTestApp()
  await t.createAdmin()
  await t.createMember()
  admin = await t.signIn(ADMIN)
  member = await t.signIn(MEMBER)
})
afterAll(() => t.close())
afterEach(() => vi.restoreAllMocks())

describe('status effects', () => {
  it('paid → day reserved with the name; pending → reserved_pending; refunded → available, name cleared', async () => {
    const dayId = await insertDay('2034-01-01')
    const id = await insertOrder({ status: 'refunded', dayId, businessName: 'Corner Café' })

    const paid = await patch(id, { status: 'paid' })
    expect(paid.status).toBe(200)
    expect(await paid.json()).toMatchObject({ id, status: 'paid', type: 'calendar_day', date: '2034-01-01' })
    expect(await dayOf(dayId)).toMatchObject({ status: 'reserved', businessName: 'Corner Café' })

    await patch(id, { status: 'pending' })
    expect(await dayOf(dayId)).toMatchObject({ status: 'reserved_pending', businessName: 'Corner Café' })

    const refunded = await patch(id, { status: 'refunded' })
    expect((await refunded.json()).status).toBe('refunded')
    expect(await dayOf(dayId)).toMatchObject({ status: 'available', businessName: null })
  })

  it('records every change in the history, oldest first, by the admin', async () => {
    const dayId = await insertDay('2034-01-02')
    const id = await insertOrder({ status: 'pending', dayId })
    await patch(id, { status: 'paid' })
    const body = await (await patch(id, { status: 'pending' })).json()
    expect(
      body.history.map((h: { by: string; from: string | null; to: string }) => [h.by, h.from, h.to]),
    ).toEqual([
      ['system', null, 'pending'],
      [ADMIN.email, 'pending', 'paid'],
      [ADMIN.email, 'paid', 'pending'],
    ])
    expect(new Date(body.history[0].at).getTime()).toBeLessThanOrEqual(new Date(body.history[2].at).getTime())
    // Setting the same status again changes nothing and adds no row.
    expect((await (await patch(id, { status: 'pending' })).json()).history).toHaveLength(3)
  })

  it('deleting a pending or paid order releases its day and keeps its record and history; a refunded one leaves the day', async () => {
    for (const status of ['pending', 'paid']) {
      const dayId = await insertDay(
        status === 'paid' ? '2034-01-03' : '2034-01-04',
        status === 'paid' ? 'reserved' : 'reserved_pending',
        'Gone Inc',
      )
      const businessName = `Gone ${status}`
      const id = await insertOrder({ status, dayId, businessName })
      const response = await t.request(`/api/admin/orders/${id}`, { method: 'DELETE', cookie: admin })
      expect(response.status).toBe(204)
      expect(await statusOf(id)).toBe('deleted')
      expect(await dayOf(dayId)).toMatchObject({ status: 'available', businessName: null })
      // Gone from the list, but queryable with who deleted it and when, and its whole history.
      expect((await linesOf(businessName)).map((o) => o.id)).not.toContain(id)
      expect((await linesOf(businessName, '&status=deleted')).map((o) => [o.id, o.status, o.date])).toEqual([
        [id, 'deleted', status === 'paid' ? '2034-01-03' : '2034-01-04'],
      ])
      const detail = await t.request(`/api/admin/checkouts/${id}`, { cookie: admin })
      const [deleted] = ((await detail.json()) as CheckoutDetailDto).lines
      expect(deleted).toMatchObject({ id, status: 'deleted', deletedBy: ADMIN.email })
      expect(Date.parse(deleted?.deletedAt ?? '')).toBeGreaterThan(Date.now() - 60_000)
      const history = await t.db.select().from(orderHistory).where(eq(orderHistory.orderId, id))
      expect(history.map((h) => [h.fromStatus, h.toStatus, h.by])).toEqual([
        [null, status, 'system'],
        [status, 'deleted', ADMIN.email],
      ])
      // A deleted order can no longer be changed or deleted again.
      expect((await patch(id, { status: 'paid' })).status).toBe(404)
      expect((await t.request(`/api/admin/orders/${id}`, { method: 'DELETE', cookie: admin })).status).toBe(
        404,
      )
    }
    const dayId = await insertDay('2034-01-05', 'reserved', 'New Owner')
    await insertOrder({ status: 'paid', dayId, businessName: 'New Owner' })
    const old = await insertOrder({ status: 'refunded', dayId })
    expect((await t.request(`/api/admin/orders/${old}`, { method: 'DELETE', cookie: admin })).status).toBe(
      204,
    )
    expect(await dayOf(dayId)).toMatchObject({ status: 'reserved', businessName: 'New Owner' })
  })

  it('icon availability is derived from claims: refunding or deleting frees a unit, reviving a sold-out icon is refused', async () => {
    const iconId = await insertIcon(2)
    const a = await insertOrder({ status: 'paid', mapIconId: iconId, amountCents: 30000 })
    const b = await insertOrder({ status: 'refunded', mapIconId: iconId, amountCents: 30000 })
    const c = await insertOrder({ status: 'refunded', mapIconId: iconId, amountCents: 30000 })
    const paid = await (await patch(b, { status: 'paid' })).json()
    expect(paid).toMatchObject({ type: 'map_icon', iconName: 'Test Icon', iconSize: 'large', amount: 300 })
    expect(await iconQuantity(iconId)).toBe(0)
    // refunded → paid and → pending on a sold-out icon: 409, nothing changes.
    for (const status of ['paid', 'pending']) {
      const refused = await patch(c, { status })
      expect(refused.status).toBe(409)
      expect((await refused.json()).error.message).toMatch(/^This icon is not available for booking/)
      expect(await statusOf(c)).toBe('refunded')
    }
    // A paid order is refunded with the Refund action, never the status select.
    expect((await patch(a, { status: 'refunded' })).status).toBe(409)
    expect(await iconQuantity(iconId)).toBe(0)
    const refund = await t.request('/api/admin/refunds', {
      method: 'POST',
      json: { orderIds: [a], reason: 'Cancelled' },
      cookie: admin,
    })
    expect(refund.status).toBe(201)
    expect(await statusOf(a)).toBe('refunded')
    expect(await iconQuantity(iconId)).toBe(1)
    expect((await patch(c, { status: 'pending' })).status).toBe(200)
    expect(await iconQuantity(iconId)).toBe(0)
    await t.request(`/api/admin/orders/${b}`, { method: 'DELETE', cookie: admin })
    expect(await iconQuantity(iconId)).toBe(1)
    // paid → paid, pending → paid keep the count (a live order's unit is already counted).
    await patch(c, { status: 'paid' })
    await patch(c, { status: 'paid' })
    expect(await iconQuantity(iconId)).toBe(1)
  })

  it('an order set back to pending by an admin has no expiry, so no sweep releases it', async () => {
    const dayId = await insertDay('2034-01-07', 'reserved', 'Held Co')
    const id = await insertOrder({
      status: 'paid',
      dayId,
      businessName: 'Held Co',
      expiresAt: new Date(Date.now() - 3_600_000),
    })
    expect((await patch(id, { status: 'pending' })).status).toBe(200)
    const [row] = await t.db.select().from(orders).where(eq(orders.id, id))
    expect(row).toMatchObject({ status: 'pending', expiresAt: null })
    expect(await dayOf(dayId)).toMatchObject({ status: 'reserved_pending', businessName: 'Held Co' })
  })

  it('a lapsed checkout hold made paid by an admin must find its icon unit free (409 otherwise)', async () => {
    const iconId = await insertIcon(1)
    const lapsed = await insertOrder({
      status: 'pending',
      mapIconId: iconId,
      expiresAt: new Date(Date.now() - 60_000),
    })
    await insertOrder({ status: 'paid', mapIconId: iconId })
    expect((await patch(lapsed, { status: 'paid' })).status).toBe(409)
    expect(await statusOf(lapsed)).toBe('pending')
  })

  it('keeps what each order bought when the calendar and icons change later (orders list and CSV)', async () => {
    const dayId = await insertDay('2034-03-09', 'reserved', 'Kept Co')
    const iconId = await insertIcon(3)
    const dayOrder = await insertOrder({
      status: 'refunded',
      dayId,
      businessName: 'Kept Co',
      amountCents: 11000,
    })
    const iconOrder = await insertOrder({
      status: 'paid',
      mapIconId: iconId,
      businessName: 'Kept Co',
      amountCents: 30000,
    })
    // The catalogue changes afterwards: the day is re-priced and moved, the icon renamed.
    await t.db
      .update(calendarDays)
      .set({ priceCents: 99900, date: '2034-03-10' })
      .where(eq(calendarDays.id, dayId))
    await t.db
      .update(mapIcons)
      .set({ name: 'Renamed', size: 'small', priceCents: 1 })
      .where(eq(mapIcons.id, iconId))
    const byId = new Map((await linesOf('Kept Co')).map((o) => [o.id, o]))
    expect(byId.get(dayOrder)).toMatchObject({ date: '2034-03-09', unitPrice: 120, amount: 110 })
    expect(byId.get(iconOrder)).toMatchObject({ iconName: 'Test Icon', iconSize: 'large', unitPrice: 300 })
    const csv = await (
      await t.request('/api/admin/checkouts/export.csv?businessName=Kept%20Co', { cookie: admin })
    ).text()
    expect(csv).toContain(
      `${dayOrder},${dayOrder},Kept Co,owner@acme.test,Calendar Day,2034-03-09,2034-03,110.00`,
    )
    // The icon's mailing is the next one open for sale, whichever month that is today.
    expect(csv).toMatch(
      new RegExp(
        `\r\n${iconOrder},${iconOrder},Kept Co,owner@acme.test,Map Icon,Test Icon,\\d{4}-\\d{2},300.00,`,
      ),
    )
  })

  it('refuses to make an order live for a day another live order holds (409), changing nothing', async () => {
    const dayId = await insertDay('2034-01-06', 'reserved', 'Owner')
    await insertOrder({ status: 'paid', dayId, businessName: 'Owner' })
    const old = await insertOrder({ status: 'refunded', dayId, businessName: 'Previous' })
    const response = await patch(old, { status: 'paid' })
    expect(response.status).toBe(409)
    expect(await statusOf(old)).toBe('refunded')
    expect(await dayOf(dayId)).toMatchObject({ status: 'reserved', businessName: 'Owner' })
  })
})

describe('the status select never refunds (refunds go through the Refund action)', () => {
  it("PATCH 'refunded' on a paid order answers 409 'Use Refund to refund a paid order.', calling no provider and changing nothing", async () => {
    const refund = vi.spyOn(t.deps.payments, 'refund')
    const dayId = await insertDay('2034-02-01', 'reserved', 'Online Co')
    const id = await insertOrder({
      status: 'paid',
      dayId,
      paymentProvider: 'local',
      paymentIntentId: 'pi_one',
    })
    const response = await patch(id, { status: 'refunded' })
    expect(response.status).toBe(409)
    expect(await response.json()).toEqual({
      error: {
        code: 'conflict',
        message: 'Use Refund to refund a paid order.',
        fields: { ids: [`${id} is paid.`] },
      },
    })
    expect(refund).not.toHaveBeenCalled()
    expect(await statusOf(id)).toBe('paid')
    expect(await dayOf(dayId)).toMatchObject({ status: 'reserved', businessName: 'Online Co' })
    expect(await t.db.select().from(orderHistory).where(eq(orderHistory.orderId, id))).toHaveLength(1)
    // pending <-> paid keep working.
    expect((await patch(id, { status: 'pending' })).status).toBe(200)
    expect((await patch(id, { status: 'paid' })).status).toBe(200)
    expect(refund).not.toHaveBeenCalled()
  })

  it("bulk 'refunded' with a paid order among the selection (manual or online) is refused as a whole", async () => {
    const refund = vi.spyOn(t.deps.payments, 'refund')
    const manual = await insertOrder({
      status: 'paid',
      source: 'manual',
      dayId: await insertDay('2034-02-05', 'reserved', 'M'),
    })
    const pending = await insertOrder({
      status: 'pending',
      paymentIntentId: 'pi_pending',
      dayId: await insertDay('2034-02-06', 'reserved_pending', 'P'),
    })
    const both = await post('bulk-status', { ids: [manual, pending], status: 'refunded' })
    expect(both.status).toBe(409)
    expect((await both.json()).error.message).toBe('Use Refund to refund a paid order.')
    expect(await statusOf(manual)).toBe('paid')
    expect(await statusOf(pending)).toBe('pending')
    // A pending order was never paid: setting it refunded releases its hold and moves no money.
    expect((await patch(pending, { status: 'refunded' })).status).toBe(200)
    expect(refund).not.toHaveBeenCalled()
  })
})

describe('PATCH /api/admin/orders/:id errors', () => {
  it('401, 403, 404 and 422, changing nothing', async () => {
    const id = await insertOrder({
      status: 'pending',
      dayId: await insertDay('2034-03-01', 'reserved_pending', 'X'),
    })
    expect(
      (await t.request(`/api/admin/orders/${id}`, { method: 'PATCH', json: { status: 'paid' } })).status,
    ).toBe(401)
    expect((await patch(id, { status: 'paid' }, member)).status).toBe(403)
    for (const unknown of ['ORD-00000', 'bad%20id']) {
      const response = await patch(unknown, { status: 'paid' })
      expect(response.status).toBe(404)
      expect((await response.json()).error.message).toBe('Order not found.')
    }
    for (const json of [{ status: 'expired' }, { status: 'shipped' }, {}, { status: null }]) {
      expect((await patch(id, json)).status, JSON.stringify(json)).toBe(422)
    }
    expect(await statusOf(id)).toBe('pending')
  })
})

describe('bulk status and bulk delete', () => {
  it('changes several orders in one transaction and answers them', async () => {
    const a = await insertOrder({
      status: 'pending',
      dayId: await insertDay('2034-04-01', 'reserved_pending', 'A'),
    })
    const b = await insertOrder({
      status: 'refunded',
      dayId: await insertDay('2034-04-02'),
      businessName: 'B Co',
    })
    const response = await post('bulk-status', { ids: [a, b, a], status: 'paid' })
    expect(response.status).toBe(200)
    const { orders: answered } = await response.json()
    expect(answered.map((o: { id: string; status: string }) => [o.id, o.status]).sort()).toEqual([
      [a, 'paid'],
      [b, 'paid'],
    ])
  })

  it('needs at least one id and known ids: 422 / 404 and nothing changes', async () => {
    const a = await insertOrder({
      status: 'pending',
      dayId: await insertDay('2034-04-03', 'reserved_pending', 'A'),
    })
    for (const json of [
      { ids: [], status: 'paid' },
      { status: 'paid' },
      { ids: [a], status: 'gone' },
      { ids: 'x', status: 'paid' },
    ]) {
      const response = await post('bulk-status', json)
      expect(response.status, JSON.stringify(json)).toBe(422)
    }
    expect((await (await post('bulk-status', { ids: [], status: 'paid' })).json()).error.fields.ids).toEqual([
      'Select at least one order.',
    ])
    const missing = await post('bulk-status', { ids: [a, 'ORD-99999'], status: 'paid' })
    expect(missing.status).toBe(404)
    expect(await statusOf(a)).toBe('pending')
    expect((await post('bulk-delete', { ids: [] })).status).toBe(422)
    expect((await post('bulk-delete', { ids: [a, 'ORD-99999'] })).status).toBe(404)
    expect(await statusOf(a)).toBe('pending')
    expect((await post('bulk-status', { ids: [a], status: 'paid' }, member)).status).toBe(403)
    expect(
      (await t.request('/api/admin/orders/bulk-delete', { method: 'POST', json: { ids: [a] } })).status,
    ).toBe(401)
  })

  it('deletes several orders, releasing their days', async () => {
    const dayA = await insertDay('2034-04-04', 'reserved', 'A')
    const dayB = await insertDay('2034-04-05', 'reserved_pending', 'B')
    const a = await insertOrder({ status: 'paid', dayId: dayA })
    const b = await insertOrder({ status: 'pending', dayId: dayB })
    const response = await post('bulk-delete', { ids: [a, b] })
    expect(await response.json()).toEqual({ deleted: 2 })
    expect(await dayOf(dayA)).toMatchObject({ status: 'available', businessName: null })
    expect(await dayOf(dayB)).toMatchObject({ status: 'available', businessName: null })
  })

  it('DELETE /api/admin/orders/:id: 401, 403, 404', async () => {
    const id = await insertOrder({ status: 'refunded' })
    expect((await t.request(`/api/admin/orders/${id}`, { method: 'DELETE' })).status).toBe(401)
    expect((await t.request(`/api/admin/orders/${id}`, { method: 'DELETE', cookie: member })).status).toBe(
      403,
    )
    expect((await t.request('/api/admin/orders/ORD-00001', { method: 'DELETE', cookie: admin })).status).toBe(
      404,
    )
    expect(await statusOf(id)).toBe('refunded')
  })
})
