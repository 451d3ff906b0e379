import { and, asc, eq, gte } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calendarDays, emailInquiries, orders, outbox } from '#server/db/schema.ts'
import { seededIcon } from '#server/test/checkout-test-helpers.ts'
import { ADMIN, createTestApp, type TestApp } from '#server/test/test-app.ts'

/**
 * Every place a buyer or an administrator types an e-mail address takes exactly one real address: the
 * address becomes an SMTP recipient (order receipt), so a list or a header must be refused up front with
 * the e-mail message, and nothing may be stored.
 */
const BAD_ADDRESSES = ['a@b.co, c@d.co', 'a@b.co\r\nBcc: x@evil.example']

let t: TestApp
let dayId: string
let iconId: string
let adminCookie: string
beforeAll(async () => {
  t = await createTestApp()
  const today = new Date().toISOString().slice(0, 10)
  const [day] = await t.db
    .select()
    .from(calendarDays)
    .where(and(eq(calendarDays.status, 'available'), gte(calendarDays.date, today)))
    .orderBy(asc(calendarDays.date))
    .limit(1)
  if (!day) throw new Error('expected an available day')
  dayId = day.id
  iconId = (await seededIcon(t)).id
  await t.createAdmin()
  adminCookie = await t.signIn(ADMIN)
})
afterAll(() => t.close())

async function storedCounts() {
  const [orderRows, mails, inquiries] = await Promise.all([
    t.db.select({ id: orders.id }).from(orders),
    t.db.select({ id: outbox.id }).from(outbox),
    t.db.select({ id: emailInquiries.id }).from(emailInquiries),
  ])
  return { orders: orderRows.length, mails: mails.length, inquiries: inquiries.length }
}

const CHECKOUT_MESSAGE = 'Please enter a valid email address.'
const SPECIAL_MESSAGE = 'Please provide a valid email address'

describe.each(BAD_ADDRESSES)('the e-mail address %j', (email) => {
  it.each([
    ['create-checkout-session', () => ({ dayId, businessName: 'Joe', email }), CHECKOUT_MESSAGE],
    ['create-map-icon-checkout', () => ({ iconId, businessName: 'Joe', email }), CHECKOUT_MESSAGE],
    [
      'create-cart-checkout-session',
      () => ({ calendarDayIds: [dayId], mapIconId: iconId, businessName: 'Joe', email, discount: 0 }),
      CHECKOUT_MESSAGE,
    ],
    [
      'create-special-purchase-checkout',
      () => ({ units: 3, businessName: 'Joe', email, description: '', amount: 3 }),
      SPECIAL_MESSAGE,
    ],
  ])('is refused by %s with the e-mail message, storing nothing', async (name, body, message) => {
    const before = await storedCounts()
    const response = await t.request(`/api/functions/${name}`, { method: 'POST', json: body() })
    expect(response.status).toBe(422)
    expect((await response.json()).error).toMatchObject({ message, fields: { email: [message] } })
    expect(await storedCounts()).toEqual(before)
  })

  it.each([
    { type: 'mailing_list', name: 'Reader' },
    { type: 'waitlist', name: 'Reader', businessName: 'Shop' },
  ])('is refused by the $type inquiry form, storing nothing', async (form) => {
    const before = await storedCounts()
    const response = await t.request('/api/inquiries', { method: 'POST', json: { ...form, email } })
    expect(response.status).toBe(422)
    expect((await response.json()).error.fields).toEqual({ email: [CHECKOUT_MESSAGE] })
    expect(await storedCounts()).toEqual(before)
  })

  it.each([
    ['manual-orders', () => ({ businessName: 'Joe', email, dayId })],
    ['manual-map-icon-orders', () => ({ businessName: 'Joe', email, iconId })],
  ])('is refused by the admin %s form, storing nothing', async (path, body) => {
    const before = await storedCounts()
    const response = await t.request(`/api/admin/${path}`, {
      method: 'POST',
      json: body(),
      cookie: adminCookie,
    })
    expect(response.status).toBe(422)
    expect(JSON.stringify(await response.json())).toContain(CHECKOUT_MESSAGE)
    expect(await storedCounts()).toEqual(before)
  })
})

describe('a well-formed address', () => {
  it('is still accepted, trimmed, and longer ones up to 254 characters only', async () => {
    const response = await t.request('/api/inquiries', {
      method: 'POST',
      json: { type: 'mailing_list', name: 'Reader', email: '  reader@town.example ' },
    })
    expect(response.status).toBe(201)
    const tooLong = `${'a'.repeat(245)}@b.example`
    const refused = await t.request('/api/inquiries', {
      method: 'POST',
      json: { type: 'mailing_list', name: 'Reader', email: tooLong },
    })
    expect(refused.status).toBe(422)
  })
})
