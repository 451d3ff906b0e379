import { and, asc, eq, getTableColumns } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calendarDays, mailingIconStock, mailings, mapIcons, orders } from '#server/db/schema.ts'
import { NO_HOLD_LIMITS } from '#server/test/checkout-test-helpers.ts'
import { printedAcknowledgingAll } from '#server/test/print-readiness-helpers.ts'
import { createTestApp, MEMBER, type TestApp } from '#server/test/test-app.ts'
import { closedMailingMessage } from '#shared/calendar-admin.ts'
import { addMonths, todayInTimeZone } from '#shared/dates.ts'
import { toMonthKey } from '#shared/mailings.ts'
import { iconAvailableSql } from '../orders/order-status.service.ts'
import { closeMailingsPastDeadline } from '../orders/selling-months.service.ts'

const TZ = 'America/New_York'
const DAY_NOT_AVAILABLE = 'This day is not available for booking'

let t: TestApp
let admin: string
beforeAll(async () => {
  t = await createTestApp({ env: NO_HOLD_LIMITS })
  await t.createAdmin()
  await t.createMember()
  admin = await t.signIn({ email: 'admin@example.com', password: 'admin-password-123' })
})
afterAll(() => t.close())

async function adminCall(method: string, path: string, json?: unknown) {
  const response = await t.request(path, { method, cookie: admin, json })
  const text = await response.text()
  return { status: response.status, body: text ? JSON.parse(text) : null }
}

async function initialize(startDate: string, endDate: string, price = 120) {
  const r = await adminCall('POST', '/api/admin/calendar-days/initialize', { startDate, endDate, price })
  expect(r.status, JSON.stringify(r.body)).toBe(200)
  return t.db
    .select()
    .from(calendarDays)
    .where(and(eq(calendarDays.status, 'available')))
    .orderBy(asc(calendarDays.date))
    .then((days) => days.filter((d) => d.date >= startDate && d.date <= endDate))
}

/**
 * Days of a mailing closed for sales, written straight to the table (the admin's Initialize refuses them):
 * the mailing is made by the table's trigger, closed when its sales close has passed.
 */
async function insertAvailableDays(startDate: string, endDate: string) {
  const dates: string[] = []
  for (let d = Date.parse(`${startDate}T00:00:00Z`); d <= Date.parse(`${endDate}T00:00:00Z`); d += 86_400_000)
    dates.push(new Date(d).toISOString().slice(0, 10))
  await t.db
    .insert(calendarDays)
    .values(dates.map((date) => ({ date, status: 'available', businessName: null, priceCents: 12000 })))
    .onConflictDoNothing({ target: calendarDays.date })
  return t.db
    .select()
    .from(calendarDays)
    .where(and(eq(calendarDays.status, 'available')))
    .orderBy(asc(calendarDays.date))
    .then((days) => days.filter((d) => d.date >= startDate && d.date <= endDate))
}

async function mailingRow(month: string) {
  const [row] = await t.db.select().from(mailings).where(eq(mailings.month, month))
  return row
}

async function buyDays(dayIds: string[], email = 'buyer@example.com') {
  const discount = dayIds.length >= 4 ? 20 : dayIds.length >= 2 ? 10 : 0
  const response = await t.request('/api/functions/create-cart-checkout-session', {
    method: 'POST',
    json: { businessName: 'Bob Hardware', email, calendarDayIds: dayIds, mapIconId: null, discount },
  })
  return { status: response.status, body: await response.json() }
}

async function buyIcon(iconId: string, month: string | null, email = 'icon@example.com') {
  const response = await t.request('/api/functions/create-map-icon-checkout', {
    method: 'POST',
    json: { businessName: 'Corner Cafe', email, iconId, month },
  })
  return { status: response.status, body: await response.json() }
}

/** Completes a local TEST MODE checkout (the same payment confirmation as a webhook). */
async function pay(sessionUrl: string) {
  const sessionId = sessionUrl.split('/').pop() as string
  const response = await t.request(`/pay/${sessionId}/complete`, { method: 'POST' })
  expect(response.status).toBeLessThan(400)
  return sessionId
}

async function newIcon(name: string, total: number) {
  const [icon] = await t.db
    .insert(mapIcons)
    .values({ name, size: 'large', priceCents: 5000, totalQuantity: total })
    .returning()
  return icon as typeof mapIcons.$inferSelect
}

/** An icon's stock row in a mailing, with what is available there now as the public reads derive it. */
async function stockOf(iconId: string, month: string) {
  const [row] = await t.db
    .select({ ...getTableColumns(mailingIconStock), availableQuantity: iconAvailableSql(new Date()) })
    .from(mailingIconStock)
    .where(and(eq(mailingIconStock.iconId, iconId), eq(mailingIconStock.month, month)))
  return row
}

describe('a mailing per month', () => {
  it('is created with the default dates when days of its month are first initialised, with its icon stock', async () => {
    await initialize('2028-03-01', '2028-03-03')
    const row = await mailingRow('2028-03')
    expect(row).toMatchObject({ status: 'open', inHomesDate: '2028-03-01' })
    // 14 days before the month (2028 is a leap year) at the town's midnight (EST, UTC−5), artwork 3 days later.
    expect(row?.salesCloseAt.toISOString()).toBe('2028-02-16T05:00:00.000Z')
    expect(row?.artworkDueAt.toISOString()).toBe('2028-02-19T05:00:00.000Z')
    const icons = await t.db.select().from(mapIcons)
    for (const icon of icons) expect((await stockOf(icon.id, '2028-03'))?.quantity).toBe(icon.totalQuantity)
  })

  it('takes new defaults from the settings for months created later', async () => {
    const put = await adminCall('PUT', '/api/admin/mailing-settings', {
      salesCloseDaysBefore: 10,
      artworkDueDaysAfterClose: 5,
      inHomesDay: 3,
    })
    expect(put.status).toBe(200)
    await initialize('2028-07-01', '2028-07-01')
    const row = await mailingRow('2028-07')
    // July: EDT (UTC−4).
    expect(row?.salesCloseAt.toISOString()).toBe('2028-06-21T04:00:00.000Z')
    expect(row?.artworkDueAt.toISOString()).toBe('2028-06-26T04:00:00.000Z')
    expect(row?.inHomesDate).toBe('2028-07-03')
    // The priority window was not sent: it is the default, 7 days.
    expect((await adminCall('GET', '/api/admin/mailing-settings')).body).toEqual({
      salesCloseDaysBefore: 10,
      artworkDueDaysAfterClose: 5,
      inHomesDay: 3,
      priorityWindowDays: 7,
    })
    await adminCall('PUT', '/api/admin/mailing-settings', {
      salesCloseDaysBefore: 14,
      artworkDueDaysAfterClose: 3,
      inHomesDay: 1,
    })
  })

  it('answers 4xx to bad settings and changes nothing', async () => {
    const before = (await adminCall('GET', '/api/admin/mailing-settings')).body
    for (const body of [{}, { salesCloseDaysBefore: -1, artworkDueDaysAfterClose: 3, inHomesDay: 1 }, 'x']) {
      const r = await adminCall('PUT', '/api/admin/mailing-settings', body)
      expect(r.status).toBeGreaterThanOrEqual(400)
      expect(r.status).toBeLessThan(500)
    }
    expect((await adminCall('GET', '/api/admin/mailing-settings')).body).toEqual(before)
  })
})

describe('what is for sale', () => {
  it("refuses a day whose mailing's sales have closed, and the public calendar says Closed", async () => {
    // The current month's sales closed 14 days before it started.
    const today = todayInTimeZone(TZ)
    const month = today.slice(0, 7)
    const last = `${month}-${String(new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate()).padStart(2, '0')}`
    // Initialize refuses the closed mailing, making nothing; days made before its sales closed stay.
    const initialized = await adminCall('POST', '/api/admin/calendar-days/initialize', {
      startDate: today,
      endDate: last,
      price: 120,
    })
    expect(initialized.status).toBe(409)
    expect(initialized.body.error.message).toBe(closedMailingMessage(month))
    expect((await t.db.select().from(calendarDays)).filter((d) => d.date >= today && d.date <= last)).toEqual(
      [],
    )
    const days = await insertAvailableDays(today, last)
    expect((await mailingRow(month))?.status).toBe('closed')
    const refused = await buyDays([days[0]?.id as string])
    expect(refused.status).toBe(409)
    expect(refused.body.error.message).toBe(DAY_NOT_AVAILABLE)
    const manual = await adminCall('POST', '/api/admin/manual-orders', {
      businessName: 'Late Co',
      email: 'late@example.com',
      dayId: days[0]?.id,
    })
    expect(manual.status).toBe(409)
    expect(manual.body.error.message).toBe(DAY_NOT_AVAILABLE)
    const calendar = await (await t.request(`/api/calendar-days?month=${month}`)).json()
    expect(calendar.mailing).toMatchObject({ month, status: 'closed' })
    expect(calendar.days.map((d: { status: string }) => d.status)).toContain('closed')
    expect(calendar.days.some((d: { status: string }) => d.status === 'available')).toBe(false)
    const months = await (await t.request('/api/calendar-days/available-months')).json()
    expect(months.months).not.toContainEqual({
      year: Number(month.slice(0, 4)),
      month: Number(month.slice(5, 7)),
    })
  })

  it('never sells a past day, even in a mailing reopened by the administrator; today still sells', async () => {
    const today = todayInTimeZone(TZ)
    const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10)
    await insertAvailableDays(yesterday, today)
    const tomorrowLocal = `${new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10)}T23:00`
    for (const month of new Set([yesterday.slice(0, 7), today.slice(0, 7)])) {
      const r = await adminCall('POST', `/api/admin/mailings/${month}/status`, {
        action: 'reopen',
        salesCloseLocal: tomorrowLocal,
      })
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      expect(r.body.status).toBe('open')
    }
    const [past] = await t.db.select().from(calendarDays).where(eq(calendarDays.date, yesterday))
    const [current] = await t.db.select().from(calendarDays).where(eq(calendarDays.date, today))
    const refused = await buyDays([past?.id as string], 'past@example.com')
    expect(refused.status).toBe(409)
    expect(refused.body.error.message).toBe(DAY_NOT_AVAILABLE)
    expect((await buyDays([current?.id as string], 'today@example.com')).status).toBe(200)
  })

  it('closes at the sales-close time itself, before the deadline task writes it', async () => {
    const days = await initialize('2028-02-05', '2028-02-06')
    await t.db
      .update(mailings)
      .set({ salesCloseAt: new Date(Date.now() - 1000) })
      .where(eq(mailings.month, '2028-02'))
    // The stored status still says open: public reads offer it until the task runs, checkout does not sell.
    expect((await mailingRow('2028-02'))?.status).toBe('open')
    const refused = await buyDays([days[0]?.id as string])
    expect(refused.status).toBe(409)
    expect(refused.body.error.message).toBe(DAY_NOT_AVAILABLE)
    expect(await closeMailingsPastDeadline(t.db)).toContain('2028-02')
    const months = await (await t.request('/api/calendar-days/available-months')).json()
    expect(months.months).not.toContainEqual({ year: 2028, month: 2 })
    const publicMailings = await (await t.request('/api/mailings')).json()
    expect(publicMailings.open.map((m: { month: string }) => m.month)).not.toContain('2028-02')
  })

  it('close sales now, reopen, printed and mailed: printed and mailed take no more orders of any kind', async () => {
    const days = await initialize('2028-05-01', '2028-05-04')
    const [a, b, c] = days
    const sold = await buyDays([a?.id as string], 'paid@example.com')
    const sessionId = await pay(sold.body.sessionUrl)

    const closed = await adminCall('POST', '/api/admin/mailings/2028-05/status', { action: 'close' })
    expect(closed.status).toBe(200)
    expect(closed.body.status).toBe('closed')
    expect(Date.parse(closed.body.salesCloseAt)).toBeLessThanOrEqual(Date.now())
    expect((await buyDays([b?.id as string])).body.error.message).toBe(DAY_NOT_AVAILABLE)
    // A second close is refused and changes nothing.
    expect((await adminCall('POST', '/api/admin/mailings/2028-05/status', { action: 'close' })).status).toBe(
      409,
    )

    // Reopen needs a sales close in the future.
    const noDate = await adminCall('POST', '/api/admin/mailings/2028-05/status', { action: 'reopen' })
    expect(noDate.status).toBe(422)
    const reopened = await adminCall('POST', '/api/admin/mailings/2028-05/status', {
      action: 'reopen',
      salesCloseLocal: '2028-04-17T00:00',
    })
    expect(reopened.body.status).toBe('open')
    expect(reopened.body.salesCloseLocal).toBe('2028-04-17T00:00')
    expect((await buyDays([b?.id as string], 'b@example.com')).status).toBe(200)

    await adminCall('POST', '/api/admin/mailings/2028-05/status', { action: 'close' })
    const printed = await adminCall(
      'POST',
      '/api/admin/mailings/2028-05/status',
      await printedAcknowledgingAll(t, '2028-05'),
    )
    expect(printed.body.status).toBe('printed')
    expect((await adminCall('POST', '/api/admin/mailings/2028-05/status', { action: 'reopen' })).status).toBe(
      409,
    )
    expect((await buyDays([c?.id as string])).status).toBe(409)
    const manual = await adminCall('POST', '/api/admin/manual-orders', {
      businessName: 'Late Co',
      email: 'late@example.com',
      dayId: c?.id,
    })
    expect(manual.status).toBe(409)

    // A refunded order of a printed mailing is never made live again.
    const [order] = await t.db.select().from(orders).where(eq(orders.paymentSessionId, sessionId))
    expect(order?.mailingMonth).toBe('2028-05')
    expect(
      (await adminCall('POST', '/api/admin/refunds', { orderIds: [order?.id], reason: 'Cancelled' })).status,
    ).toBe(201)
    const revived = await adminCall('PATCH', `/api/admin/orders/${order?.id}`, { status: 'paid' })
    expect(revived.status).toBe(409)
    const [after] = await t.db
      .select()
      .from(orders)
      .where(eq(orders.id, order?.id as string))
    expect(after?.status).toBe('refunded')

    const mailed = await adminCall('POST', '/api/admin/mailings/2028-05/status', { action: 'mailed' })
    expect(mailed.body.status).toBe('mailed')
    expect(
      (await adminCall('POST', '/api/admin/mailings/2028-05/status', { action: 'printed' })).status,
    ).toBe(409)
    const publicMailings = await (await t.request('/api/mailings')).json()
    expect(publicMailings.open.map((m: { month: string }) => m.month)).not.toContain('2028-05')
  })

  it('edits dates in the town time; the artwork deadline cannot precede sales close; bad input changes nothing', async () => {
    await initialize('2028-09-01', '2028-09-02')
    const edited = await adminCall('PATCH', '/api/admin/mailings/2028-09', {
      salesCloseLocal: '2028-08-20T17:00',
      artworkDueLocal: '2028-08-25T12:00',
      inHomesDate: '2028-09-03',
    })
    expect(edited.status).toBe(200)
    expect(edited.body).toMatchObject({
      month: '2028-09',
      status: 'open',
      salesCloseAt: '2028-08-20T21:00:00.000Z',
      salesCloseLocal: '2028-08-20T17:00',
      artworkDueLocal: '2028-08-25T12:00',
      inHomesDate: '2028-09-03',
    })
    const before = await mailingRow('2028-09')
    for (const body of [
      { artworkDueLocal: '2028-08-19T12:00' },
      { salesCloseLocal: '2028-02-30T10:00' },
      { inHomesDate: '2028-09-31' },
      { salesCloseLocal: 'tomorrow' },
      {},
    ]) {
      const r = await adminCall('PATCH', '/api/admin/mailings/2028-09', body)
      expect(r.status, JSON.stringify(body)).toBe(422)
    }
    expect(await mailingRow('2028-09')).toEqual(before)
    // A sales close moved into the past closes an open mailing at once.
    const past = await adminCall('PATCH', '/api/admin/mailings/2028-09', {
      salesCloseLocal: '2020-01-01T00:00',
    })
    expect(past.body.status).toBe('closed')
    expect((await mailingRow('2028-09'))?.status).toBe('closed')
  })

  it('answers 404 for an unknown or malformed month and checks the admin role on every admin route', async () => {
    for (const month of ['2099-01', '2028-13', 'abc']) {
      expect(
        (await adminCall('POST', `/api/admin/mailings/${month}/status`, { action: 'close' })).status,
      ).toBe(404)
      expect((await adminCall('GET', `/api/admin/mailings/${month}/icon-stock`)).status).toBe(404)
    }
    expect(
      (await adminCall('POST', '/api/admin/mailings/2028-03/status', { action: 'publish' })).status,
    ).toBe(422)
    const member = await t.signIn(MEMBER)
    const routes: [string, string, unknown][] = [
      ['GET', '/api/admin/mailings', undefined],
      ['PATCH', '/api/admin/mailings/2028-03', { inHomesDate: '2028-03-02' }],
      ['POST', '/api/admin/mailings/2028-03/status', { action: 'close' }],
      ['GET', '/api/admin/mailings/2028-03/icon-stock', undefined],
      ['PUT', '/api/admin/mailings/2028-03/icon-stock/00000000-0000-4000-8000-000000000000', { quantity: 1 }],
      ['GET', '/api/admin/map-icons', undefined],
      ['PATCH', '/api/admin/map-icons/00000000-0000-4000-8000-000000000000', { price: 10 }],
      ['GET', '/api/admin/mailing-settings', undefined],
      [
        'PUT',
        '/api/admin/mailing-settings',
        { salesCloseDaysBefore: 1, artworkDueDaysAfterClose: 1, inHomesDay: 1 },
      ],
    ]
    for (const [method, path, json] of routes) {
      expect((await t.request(path, { method, json })).status, `${method} ${path}`).toBe(401)
      expect((await t.request(path, { method, json, cookie: member })).status, `${method} ${path}`).toBe(403)
    }
    expect((await mailingRow('2028-03'))?.status).toBe('open')
  })
})

describe('map icons per mailing', () => {
  it('sells each mailing its own stock; the card figures follow the mailing; refunds free a unit', async () => {
    await initialize('2028-10-01', '2028-10-02')
    await initialize('2028-11-01', '2028-11-02')
    const icon = await newIcon('Per Mailing Icon', 2)
    expect((await stockOf(icon.id, '2028-10'))?.quantity).toBe(2)
    const setStock = await adminCall('PUT', `/api/admin/mailings/2028-11/icon-stock/${icon.id}`, {
      quantity: 1,
    })
    expect(setStock.status).toBe(200)
    expect(setStock.body).toMatchObject({ quantity: 1, claimed: 0, available: 1 })

    const first = await buyIcon(icon.id, '2028-10', 'one@example.com')
    await pay(first.body.sessionUrl)
    expect((await buyIcon(icon.id, '2028-10', 'two@example.com')).status).toBe(200)
    const third = await buyIcon(icon.id, '2028-10', 'three@example.com')
    expect(third.status).toBe(409)
    expect(third.body.error.message).toBe('This icon is not available for booking')
    expect((await stockOf(icon.id, '2028-10'))?.availableQuantity).toBe(0)

    const nov = await buyIcon(icon.id, '2028-11', 'nov@example.com')
    expect(nov.status).toBe(200)
    const novSession = await pay(nov.body.sessionUrl)
    expect((await buyIcon(icon.id, '2028-11', 'nov2@example.com')).status).toBe(409)

    const publicIcon = (await (await t.request('/api/map-icons')).json()).icons.find(
      (i: { id: string }) => i.id === icon.id,
    )
    expect(publicIcon.stock).toEqual(
      expect.arrayContaining([
        { month: '2028-10', availableQuantity: 0, totalQuantity: 2 },
        { month: '2028-11', availableQuantity: 0, totalQuantity: 1 },
      ]),
    )

    // Stock never below what is claimed.
    const tooLow = await adminCall('PUT', `/api/admin/mailings/2028-10/icon-stock/${icon.id}`, {
      quantity: 1,
    })
    expect(tooLow.status).toBe(409)
    expect((await stockOf(icon.id, '2028-10'))?.quantity).toBe(2)

    // Derived availability after a refund: the unit is free again and sells again.
    const [novOrder] = await t.db.select().from(orders).where(eq(orders.paymentSessionId, novSession))
    expect(novOrder).toMatchObject({ mailingMonth: '2028-11', status: 'paid' })
    expect(
      (await adminCall('POST', '/api/admin/refunds', { orderIds: [novOrder?.id], reason: 'Cancelled' }))
        .status,
    ).toBe(201)
    expect((await stockOf(icon.id, '2028-11'))?.availableQuantity).toBe(1)
    expect((await buyIcon(icon.id, '2028-11', 'again@example.com')).status).toBe(200)
    expect((await stockOf(icon.id, '2028-11'))?.availableQuantity).toBe(0)
  })

  it('refuses an icon for a mailing that is not open for sale, and a malformed month', async () => {
    const icon = await newIcon('Closed Mailing Icon', 5)
    await adminCall('POST', '/api/admin/mailings/2028-09/status', { action: 'close' }).catch(() => undefined)
    const closed = await buyIcon(icon.id, '2028-09')
    expect(closed.status).toBe(409)
    expect(closed.body.error.message).toBe('This mailing is not taking orders.')
    expect((await buyIcon(icon.id, '2099-01')).status).toBe(409)
    expect((await buyIcon(icon.id, 'next month')).status).toBe(422)
    const manual = await adminCall('POST', '/api/admin/manual-map-icon-orders', {
      businessName: 'Closed Co',
      email: 'closed@example.com',
      iconId: icon.id,
      month: '2028-09',
    })
    expect(manual.status).toBe(409)
    const count = await t.db.select().from(orders).where(eq(orders.mapIconId, icon.id))
    expect(count).toHaveLength(0)
  })

  it('defaults to the next mailing open for sale', async () => {
    const icon = await newIcon('Default Mailing Icon', 3)
    const bought = await buyIcon(icon.id, null, 'default@example.com')
    expect(bought.status).toBe(200)
    const [order] = await t.db.select().from(orders).where(eq(orders.mapIconId, icon.id))
    const [next] = await t.db
      .select({ month: mailings.month })
      .from(mailings)
      .where(eq(mailings.status, 'open'))
      .orderBy(asc(mailings.month))
      .limit(1)
    expect(order?.mailingMonth).toBe(next?.month)
  })

  it('edits the catalogue: a new price applies to later sales only, the default quantity to later mailings', async () => {
    const icon = await newIcon('Catalogue Icon', 4)
    const bought = await buyIcon(icon.id, '2028-10', 'before@example.com')
    const [before] = await t.db.select().from(orders).where(eq(orders.mapIconId, icon.id))
    expect(bought.status).toBe(200)
    const patched = await adminCall('PATCH', `/api/admin/map-icons/${icon.id}`, {
      price: 75,
      defaultQuantity: 9,
    })
    expect(patched.body).toEqual({
      id: icon.id,
      name: 'Catalogue Icon',
      size: 'large',
      price: 75,
      defaultQuantity: 9,
      retiredFrom: null,
    })
    const [kept] = await t.db
      .select()
      .from(orders)
      .where(eq(orders.id, before?.id as string))
    expect(kept?.amountCents).toBe(5000)
    expect((await stockOf(icon.id, '2028-10'))?.quantity).toBe(4)
    await initialize('2028-12-01', '2028-12-01')
    expect((await stockOf(icon.id, '2028-12'))?.quantity).toBe(9)
    const list = await adminCall('GET', '/api/admin/map-icons')
    expect(list.body.icons).toContainEqual(patched.body)
    for (const body of [{ price: 0 }, { size: 'huge' }, {}, { defaultQuantity: -1 }]) {
      expect((await adminCall('PATCH', `/api/admin/map-icons/${icon.id}`, body)).status).toBe(422)
    }
    expect(
      (await adminCall('PATCH', '/api/admin/map-icons/00000000-0000-4000-8000-000000000000', { price: 9 }))
        .status,
    ).toBe(404)
  })
})

describe('the owner overview', () => {
  it('counts days sold, held, free and not set up, icons per size and paid revenue per mailing', async () => {
    const now = new Date()
    const current = todayInTimeZone(TZ, now).slice(0, 7)
    const ahead = addMonths(Number(current.slice(0, 4)), Number(current.slice(5, 7)), 6)
    const month = toMonthKey(ahead.year, ahead.month)
    const days = await initialize(`${month}-01`, `${month}-10`, 100)
    const sold = await buyDays([days[0]?.id as string, days[1]?.id as string], 'sold@example.com')
    await pay(sold.body.sessionUrl)
    expect((await buyDays([days[2]?.id as string], 'held@example.com')).status).toBe(200)
    const [large] = await t.db.select().from(mapIcons).where(eq(mapIcons.name, 'Large Map Icon'))
    const icon = await buyIcon(large?.id as string, month, 'premium@example.com')
    await pay(icon.body.sessionUrl)

    const overview = await adminCall('GET', '/api/admin/mailings')
    expect(overview.status).toBe(200)
    const row = overview.body.rows.find((r: { month: string }) => r.month === month)
    const daysInMonth = new Date(Date.UTC(ahead.year, ahead.month, 0)).getUTCDate()
    expect(row).toMatchObject({
      month,
      status: 'open',
      days: { sold: 2, held: 1, free: 7, notSetUp: daysInMonth - 10 },
      icons: { regular: 0, premium: 1 },
      // Two days at $100 less the 2-day discount of $10 each, and the $300 premium icon.
      revenue: 180 + 300,
    })
    const point = overview.body.chart.find((p: { month: string }) => p.month === month)
    expect(point).toEqual({ month, hasMailing: true, sold: 2, held: 1, free: 7, revenue: 480 })
    expect(overview.body.chart).toHaveLength(12)
    expect(overview.body.currentMonth).toBe(current)
    // Only the last 3 and the next 12 months.
    expect(
      overview.body.rows.every((r: { month: string }) => r.month >= '2026-01' && r.month < '2028-01'),
    ).toBe(true)
  })
})

describe('public mailings', () => {
  it('lists the open mailings with their dates and names the most recent concluded one', async () => {
    const body = await (await t.request('/api/mailings')).json()
    const open = body.open.map((m: { month: string }) => m.month)
    expect(open).toEqual([...open].sort())
    expect(open).toContain('2028-03')
    const march = body.open.find((m: { month: string }) => m.month === '2028-03')
    expect(march).toMatchObject({ salesCloseLocal: '2028-02-16T00:00', inHomesDate: '2028-03-01' })
    const closedMonths = (await t.db.select().from(mailings))
      .filter((m) => m.status !== 'open')
      .map((m) => m.month)
      .sort()
    expect(body.concluded).toBe(closedMonths.at(-1))
    const [latest] = await t.db.select().from(mailings).where(eq(mailings.month, body.concluded))
    expect(body.concludedStatus).toBe(latest?.status)
    // The calendar reads the same from the available months it loads anyway.
    const months = await (await t.request('/api/calendar-days/available-months')).json()
    expect(months.concluded).toBe(body.concluded)
    expect(months.concludedStatus).toBe(body.concludedStatus)
  })
})
