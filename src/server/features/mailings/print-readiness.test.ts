import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calendarDays, mailings, mapIcons, orderArtwork, orders } from '#server/db/schema.ts'
import { createTestApp, MEMBER, type TestApp } from '#server/test/test-app.ts'
import type { PrintNotReadyBody, PrintReadinessResponse } from '#shared/print-readiness.ts'

let t: TestApp
let admin: string
let member: string
beforeAll(async () => {
  t = await createTestApp()
  await t.createAdmin()
  await t.createMember()
  admin = await t.signIn({ email: 'admin@example.com', password: 'admin-password-123' })
  member = await t.signIn(MEMBER)
})
afterAll(() => t.close())

async function call(method: string, path: string, json?: unknown, cookie = admin) {
  const response = await t.request(path, { method, cookie, json })
  const text = await response.text()
  return { status: response.status, body: text ? JSON.parse(text) : null }
}

/** A closed mailing of `month` with a sold day on each of `days` (its business named after it) and one icon. */
async function soldMailing(month: string, days: number[]) {
  const init = await call('POST', '/api/admin/calendar-days/initialize', {
    startDate: `${month}-01`,
    endDate: `${month}-28`,
    price: 120,
  })
  expect(init.status, JSON.stringify(init.body)).toBe(200)
  const ids: Record<number, string> = {}
  for (const day of days) {
    const date = `${month}-${String(day).padStart(2, '0')}`
    const [found] = await t.db.select().from(calendarDays).where(eq(calendarDays.date, date))
    const dayId = found?.id
    const made = await call('POST', '/api/admin/manual-orders', {
      businessName: `Shop ${day}`,
      email: `shop${day}@example.com`,
      dayId,
    })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    ids[day] = await orderOf(date)
  }
  const [icon] = await t.db.select().from(mapIcons).limit(1)
  const iconOrder = await call('POST', '/api/admin/manual-map-icon-orders', {
    businessName: 'Icon Co',
    email: 'icon@example.com',
    iconId: icon?.id,
    month,
  })
  expect(iconOrder.status, JSON.stringify(iconOrder.body)).toBe(201)
  const [iconLine] = await t.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.mailingMonth, month), eq(orders.businessName, 'Icon Co')))
  expect((await call('POST', `/api/admin/mailings/${month}/status`, { action: 'close' })).status).toBe(200)
  return { days: ids, icon: iconLine?.id as string, iconName: icon?.name as string }
}

async function orderOf(date: string): Promise<string> {
  const [row] = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.itemDate, date))
  return row?.id as string
}

async function giveArtwork(orderId: string, state: string) {
  await t.db.insert(orderArtwork).values({
    orderId,
    fileKey: `artwork/test/${orderId}.png`,
    fileName: 'logo.png',
    contentType: 'image/png',
    sizeBytes: 10,
    inspection: { kind: 'image', mime: 'image/png', ext: 'png', widthPx: 300, heightPx: 300 },
    state,
    uploadedAt: new Date(),
  })
}

const readiness = async (month: string) =>
  (await call('GET', `/api/admin/mailings/${month}/print-readiness`)).body as PrintReadinessResponse
const statusOf = async (month: string) =>
  (await t.db.select().from(mailings).where(eq(mailings.month, month)))[0]?.status

describe('marking a mailing printed while artwork is not ready', () => {
  it('lists the lines missing artwork and those not approved, days by date then icons', async () => {
    const { days, icon, iconName } = await soldMailing('2028-05', [3, 7, 9, 12])
    await giveArtwork(days[7] as string, 'received')
    await giveArtwork(days[9] as string, 'approved')
    await giveArtwork(days[12] as string, 'changes_requested')
    expect(await readiness('2028-05')).toEqual({
      missing: [
        { orderId: days[3], date: '2028-05-03', iconName: null, businessName: 'Shop 3', state: 'missing' },
        { orderId: icon, date: null, iconName, businessName: 'Icon Co', state: 'missing' },
      ],
      notApproved: [
        { orderId: days[7], date: '2028-05-07', iconName: null, businessName: 'Shop 7', state: 'received' },
        {
          orderId: days[12],
          date: '2028-05-12',
          iconName: null,
          businessName: 'Shop 12',
          state: 'changes_requested',
        },
      ],
    })
  })

  it('refuses without an acknowledgement (409 with the list) and changes nothing; goes ahead once every line is acknowledged', async () => {
    const { days, icon } = await soldMailing('2028-06', [4, 5])
    await giveArtwork(days[5] as string, 'received')
    const refused = await call('POST', '/api/admin/mailings/2028-06/status', { action: 'printed' })
    expect(refused.status).toBe(409)
    const body = refused.body as PrintNotReadyBody
    expect(body.error.code).toBe('conflict')
    expect(body.error.message).toBe(
      'The June 2028 mailing has artwork missing or not approved that was not confirmed: review the list and confirm again to mark it printed.',
    )
    expect(body.readiness).toEqual(await readiness('2028-06'))
    expect(await statusOf('2028-06')).toBe('closed')

    // Acknowledging only some of the lines is refused too.
    const partly = await call('POST', '/api/admin/mailings/2028-06/status', {
      action: 'printed',
      acknowledgedOrderIds: [days[4], icon],
    })
    expect(partly.status).toBe(409)
    expect(await statusOf('2028-06')).toBe('closed')

    const printed = await call('POST', '/api/admin/mailings/2028-06/status', {
      action: 'printed',
      acknowledgedOrderIds: [days[4], days[5], icon],
    })
    expect(printed.status).toBe(200)
    expect(printed.body.status).toBe('printed')
  })

  it('refuses when a line stopped being ready after the list was shown', async () => {
    const { days, icon } = await soldMailing('2028-07', [2, 3])
    await giveArtwork(days[2] as string, 'approved')
    await giveArtwork(days[3] as string, 'approved')
    await giveArtwork(icon, 'received')
    const shown = await readiness('2028-07')
    expect(shown.notApproved.map((l) => l.orderId)).toEqual([icon])
    // Meanwhile the owner sends one approved day back for changes.
    const changes = await call('POST', `/api/admin/artwork/${days[2]}/request-changes`, {
      note: 'The logo is cut off.',
    })
    expect(changes.status).toBe(200)
    const refused = await call('POST', '/api/admin/mailings/2028-07/status', {
      action: 'printed',
      acknowledgedOrderIds: shown.notApproved.map((l) => l.orderId),
    })
    expect(refused.status).toBe(409)
    expect((refused.body as PrintNotReadyBody).readiness.notApproved.map((l) => l.orderId)).toEqual([
      days[2],
      icon,
    ])
    expect(await statusOf('2028-07')).toBe('closed')
  })

  it('marks printed as before when every line is approved, with nothing to acknowledge', async () => {
    const { days, icon } = await soldMailing('2028-08', [6])
    await giveArtwork(days[6] as string, 'approved')
    await giveArtwork(icon, 'approved')
    expect(await readiness('2028-08')).toEqual({ missing: [], notApproved: [] })
    const printed = await call('POST', '/api/admin/mailings/2028-08/status', { action: 'printed' })
    expect(printed.status).toBe(200)
    expect(printed.body.status).toBe('printed')
  })

  it('answers the list to admins only, 404 for an unknown or malformed month, 422 for a malformed acknowledgement', async () => {
    await soldMailing('2028-09', [1])
    expect((await call('GET', '/api/admin/mailings/2028-09/print-readiness', undefined, member)).status).toBe(
      403,
    )
    expect((await call('GET', '/api/admin/mailings/2028-09/print-readiness', undefined, '')).status).toBe(401)
    expect((await call('GET', '/api/admin/mailings/2040-01/print-readiness')).status).toBe(404)
    expect((await call('GET', '/api/admin/mailings/2028-13x/print-readiness')).status).toBe(404)
    const bad = await call('POST', '/api/admin/mailings/2028-09/status', {
      action: 'printed',
      acknowledgedOrderIds: ['ORD 1; drop table orders'],
    })
    expect(bad.status).toBe(422)
    expect(await statusOf('2028-09')).toBe('closed')
  })
})
