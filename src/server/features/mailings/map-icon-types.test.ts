import { and, asc, desc, eq, gt } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailingIconStock, mailings, mapIcons, orders } from '#server/db/schema.ts'
import { NO_HOLD_LIMITS } from '#server/test/checkout-test-helpers.ts'
import { ADMIN, createTestApp, MEMBER, type TestApp } from '#server/test/test-app.ts'
import { addMonths, todayInTimeZone } from '#shared/dates.ts'
import { iconRetiredMessage, mailingMonthLabel, toMonthKey } from '#shared/mailings.ts'

/**
 * The icon catalogue's new and retired types (decision 020): a new type sells at once; a retired one is
 * not sold from the mailing after the one on sale now, which keeps selling it; nothing bought changes.
 */
let t: TestApp
let admin: string
let member: string
/** The mailing on sale now, the next one, and one made after the retirement. */
let m1: string
let m2: string
let m3: string

beforeAll(async () => {
  t = await createTestApp({ env: NO_HOLD_LIMITS })
  await t.createAdmin()
  await t.createMember()
  admin = await t.signIn(ADMIN)
  member = await t.signIn(MEMBER)
  // The first-run seed may have opened mailings already: m1 is the first one on sale (made if none is),
  // m2 the month after it (made now), m3 a month after every mailing (made after the retirement).
  const open = await t.db
    .select({ month: mailings.month })
    .from(mailings)
    .where(and(eq(mailings.status, 'open'), gt(mailings.salesCloseAt, new Date())))
    .orderBy(asc(mailings.month))
  const today = todayInTimeZone(t.deps.config.timeZone)
  const [year, month] = today.split('-').map(Number) as [number, number]
  const after = (key: string, offset: number) => {
    const [y, m] = key.split('-').map(Number) as [number, number]
    const next = addMonths(y, m, offset)
    return toMonthKey(next.year, next.month)
  }
  m1 = open[0]?.month ?? after(toMonthKey(year, month), 2)
  m2 = after(m1, 1)
  for (const m of [m1, m2]) await initialize(m)
  const [last] = await t.db
    .select({ month: mailings.month })
    .from(mailings)
    .orderBy(desc(mailings.month))
    .limit(1)
  m3 = after(last?.month ?? m2, 1)
})
afterAll(() => t.close())

/** As the admin unless another cookie is given ('' for signed out). */
async function call(method: string, path: string, json?: unknown, cookie: string = admin) {
  const response = await t.request(path, { method, cookie, json })
  const text = await response.text()
  return { status: response.status, body: text ? JSON.parse(text) : null }
}

async function initialize(month: string) {
  const r = await call('POST', '/api/admin/calendar-days/initialize', {
    startDate: `${month}-01`,
    endDate: `${month}-02`,
    price: 120,
  })
  expect(r.status, JSON.stringify(r.body)).toBe(200)
}

async function buyIcon(iconId: string, month: string, email = 'icon@example.com') {
  const response = await t.request('/api/functions/create-map-icon-checkout', {
    method: 'POST',
    json: { businessName: 'Corner Cafe', email, iconId, month },
  })
  return { status: response.status, body: await response.json() }
}

async function pay(sessionUrl: string) {
  const sessionId = sessionUrl.split('/').pop() as string
  const response = await t.request(`/pay/${sessionId}/complete`, { method: 'POST' })
  expect(response.status).toBeLessThan(400)
  return sessionId
}

const validType = { name: 'Lighthouse', size: 'large', price: 77.5, defaultQuantity: 3 }

describe('adding an icon type', () => {
  it('is for admins only: 401 signed out, 403 for a member, and adds nothing', async () => {
    const before = await t.db.select().from(mapIcons)
    expect((await call('POST', '/api/admin/map-icons', validType, '')).status).toBe(401)
    expect((await call('POST', '/api/admin/map-icons', validType, member)).status).toBe(403)
    const [icon] = before
    if (icon) {
      expect((await call('POST', `/api/admin/map-icons/${icon.id}/retire`, undefined, '')).status).toBe(401)
      expect((await call('POST', `/api/admin/map-icons/${icon.id}/retire`, undefined, member)).status).toBe(
        403,
      )
    }
    expect(await t.db.select().from(mapIcons)).toEqual(before)
  })

  it('refuses a bad body with 422 and the field messages, adding nothing', async () => {
    const before = (await t.db.select().from(mapIcons)).length
    const cases: Array<[unknown, string, string]> = [
      [{ ...validType, name: '   ' }, 'name', 'Enter a name.'],
      [{ ...validType, name: 'x'.repeat(101) }, 'name', 'Use at most 100 characters.'],
      [{ ...validType, size: 'huge' }, 'size', 'Choose regular or premium.'],
      [{ ...validType, price: 0.5 }, 'price', 'The price must be at least $1.'],
      [{ ...validType, price: 10.005 }, 'price', 'Use whole cents.'],
      [{ ...validType, price: '10' }, 'price', 'The price must be at least $1.'],
      [{ ...validType, defaultQuantity: 1.5 }, 'defaultQuantity', 'Enter a whole number from 0 to 10,000.'],
      [{ ...validType, defaultQuantity: -1 }, 'defaultQuantity', 'Enter a whole number from 0 to 10,000.'],
      [{ name: 'No price', size: 'small', defaultQuantity: 1 }, 'price', 'The price must be at least $1.'],
    ]
    for (const [json, field, message] of cases) {
      const r = await call('POST', '/api/admin/map-icons', json)
      expect(r.status, JSON.stringify(json)).toBe(422)
      expect(r.body.error.fields[field], JSON.stringify(json)).toEqual([message])
    }
    expect(await t.db.select().from(mapIcons)).toHaveLength(before)
  })

  it('adds a type on sale at once in every open mailing, with its default quantity', async () => {
    const r = await call('POST', '/api/admin/map-icons', { ...validType, name: '  Harbour Seal ' })
    expect(r.status).toBe(201)
    expect(r.body).toEqual({
      id: expect.any(String),
      name: 'Harbour Seal',
      size: 'large',
      price: 77.5,
      defaultQuantity: 3,
      retiredFrom: null,
    })
    const stock = await t.db.select().from(mailingIconStock).where(eq(mailingIconStock.iconId, r.body.id))
    const allMailings = await t.db.select({ month: mailings.month }).from(mailings)
    expect(stock.map((s) => s.month).sort()).toEqual(allMailings.map((m) => m.month).sort())
    expect(new Set(stock.map((s) => s.quantity))).toEqual(new Set([3]))
    const publicList = await (await t.request('/api/map-icons')).json()
    const listed = publicList.icons.find((i: { id: string }) => i.id === r.body.id)
    expect(listed).toMatchObject({ name: 'Harbour Seal', price: 77.5, month: m1 })
    expect(listed.stock.map((s: { month: string }) => s.month).slice(0, 2)).toEqual([m1, m2])
    expect((await call('GET', '/api/admin/map-icons')).body.icons).toContainEqual(r.body)
  })
})

describe('retiring an icon type', () => {
  it('keeps it on sale in the mailing on sale now, refuses it from the next mailing on, and keeps every order', async () => {
    const added = await call('POST', '/api/admin/map-icons', { ...validType, name: 'Old Mill' })
    const iconId: string = added.body.id
    // Sold before the retirement: one in each open mailing.
    const first = await buyIcon(iconId, m1, 'first@example.com')
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    const firstSession = await pay(first.body.sessionUrl)
    const later = await buyIcon(iconId, m2, 'later@example.com')
    expect(later.status, JSON.stringify(later.body)).toBe(200)
    await pay(later.body.sessionUrl)
    const ordersBefore = await t.db.select().from(orders).where(eq(orders.mapIconId, iconId))
    expect(ordersBefore.map((o) => o.status)).toEqual(['paid', 'paid'])

    const retired = await call('POST', `/api/admin/map-icons/${iconId}/retire`)
    expect(retired.status, JSON.stringify(retired.body)).toBe(200)
    expect(retired.body).toMatchObject({ id: iconId, name: 'Old Mill', retiredFrom: m2 })

    // The mailing on sale now still sells it; the next one refuses it, with the reason.
    const stillSold = await buyIcon(iconId, m1, 'again@example.com')
    expect(stillSold.status, JSON.stringify(stillSold.body)).toBe(200)
    const refused = await buyIcon(iconId, m2, 'refused@example.com')
    expect(refused.status).toBe(409)
    expect(refused.body.error.message).toBe(iconRetiredMessage('Old Mill', m2))
    expect(refused.body.error.message).toBe(
      `Old Mill is not sold from the ${mailingMonthLabel(m2)} mailing on.`,
    )
    const cart = await t.request('/api/functions/create-cart-checkout-session', {
      method: 'POST',
      json: {
        businessName: 'Cart',
        email: 'cart@example.com',
        calendarDayIds: [],
        mapIconId: iconId,
        discount: 0,
      },
    })
    // A cart without a month buys the first mailing on sale, which still sells it.
    expect(cart.status).toBe(200)
    const manual = await call('POST', '/api/admin/manual-map-icon-orders', {
      businessName: 'By Hand',
      email: 'hand@example.com',
      iconId,
      month: m2,
    })
    expect(manual.status).toBe(409)
    expect(manual.body.error.message).toBe(iconRetiredMessage('Old Mill', m2))

    // Nothing bought changed: the paid orders keep their item, price and status, and the admin shows them.
    await call('PATCH', `/api/admin/map-icons/${iconId}`, { price: 99, name: 'Old Mill (renamed)' })
    const ordersAfter = await t.db.select().from(orders).where(eq(orders.mapIconId, iconId))
    for (const before of ordersBefore) {
      const after = ordersAfter.find((o) => o.id === before.id)
      expect(after).toMatchObject({
        status: 'paid',
        itemName: 'Old Mill',
        unitPriceCents: 7750,
        amountCents: 7750,
        mailingMonth: before.mailingMonth,
      })
    }
    const checkout = await call('GET', `/api/admin/checkouts/${firstSession}`)
    expect(checkout.status).toBe(200)
    expect(checkout.body.lines).toEqual([
      expect.objectContaining({ type: 'map_icon', iconName: 'Old Mill', amount: 77.5, status: 'paid' }),
    ])
    // Its row and every stock row stay.
    expect(await t.db.select().from(mapIcons).where(eq(mapIcons.id, iconId))).toHaveLength(1)
    const stock = await t.db.select().from(mailingIconStock).where(eq(mailingIconStock.iconId, iconId))
    expect(stock.map((s) => s.month)).toEqual(expect.arrayContaining([m1, m2]))

    // A mailing made after the retirement gets no stock of it (the other types get theirs).
    await initialize(m3 as string)
    const m3Stock = await t.db
      .select()
      .from(mailingIconStock)
      .where(eq(mailingIconStock.month, m3 as string))
    expect(m3Stock.map((s) => s.iconId)).not.toContain(iconId)
    expect(m3Stock.length).toBeGreaterThan(0)
    expect((await buyIcon(iconId, m3 as string)).status).toBe(409)

    // The public catalogue offers it in the mailing on sale now only.
    const publicList = await (await t.request('/api/map-icons')).json()
    const listed = publicList.icons.find((i: { id: string }) => i.id === iconId)
    expect(listed.stock.map((s: { month: string }) => s.month)).toEqual([m1])

    // Retiring twice is refused; an unknown type is 404.
    const again = await call('POST', `/api/admin/map-icons/${iconId}/retire`)
    expect(again.status).toBe(409)
    expect(again.body.error.message).toBe(
      `Old Mill (renamed) is already retired from the ${mailingMonthLabel(m2)} mailing.`,
    )
    expect(
      (await call('POST', '/api/admin/map-icons/00000000-0000-0000-0000-000000000000/retire')).status,
    ).toBe(404)
    expect((await call('POST', '/api/admin/map-icons/not-an-id/retire')).status).toBe(404)
  })

  it('leaves the public list once no open mailing sells it', async () => {
    const added = await call('POST', '/api/admin/map-icons', { ...validType, name: 'Gone Soon' })
    await t.db
      .update(mapIcons)
      .set({ retiredFrom: m1 })
      .where(and(eq(mapIcons.id, added.body.id)))
    const publicList = await (await t.request('/api/map-icons')).json()
    expect(publicList.icons.map((i: { id: string }) => i.id)).not.toContain(added.body.id)
    expect((await buyIcon(added.body.id, m1)).status).toBe(409)
  })
})
