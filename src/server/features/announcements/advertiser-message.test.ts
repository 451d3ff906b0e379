import { and, asc, eq, gte, lte } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { calendarDays, emailUnsubscribes, orders, outbox } from '#server/db/schema.ts'
import { unsubscribeToken } from '#server/lib/unsubscribe-token.ts'
import { NO_HOLD_LIMITS } from '#server/test/checkout-test-helpers.ts'
import { ADMIN, createTestApp, MEMBER, TEST_ORIGIN, type TestApp } from '#server/test/test-app.ts'
import { MESSAGE_SUBJECT_MAX, MESSAGE_TEXT_MAX } from '#shared/mailing-messages.ts'

const MONTH = '2028-06'

let t: TestApp
let admin: string
let member: string
let days: { id: string; date: string }[]

beforeAll(async () => {
  t = await createTestApp({ env: NO_HOLD_LIMITS })
  await t.createAdmin()
  await t.createMember()
  admin = await t.signIn(ADMIN)
  member = await t.signIn(MEMBER)
  const init = await t.request('/api/admin/calendar-days/initialize', {
    method: 'POST',
    cookie: admin,
    json: { startDate: `${MONTH}-01`, endDate: `${MONTH}-20`, price: 120 },
  })
  expect(init.status).toBe(200)
  days = await t.db
    .select({ id: calendarDays.id, date: calendarDays.date })
    .from(calendarDays)
    .where(and(gte(calendarDays.date, `${MONTH}-01`), lte(calendarDays.date, `${MONTH}-20`)))
    .orderBy(asc(calendarDays.date))

  // Paid, twice from one address written two ways: one e-mail to it.
  await paid([day(0)], 'Paid Bakery', 'baker@example.com')
  await paid([day(1), day(2)], 'Paid Bakery', ' Baker@Example.com ')
  // The owner's order awaiting payment: an advertiser of the mailing too.
  await manual(day(3), 'Awaiting Florist', 'florist@example.com')
  // A checkout in progress has bought nothing; a refunded purchase has nothing left in the mailing.
  await checkout([day(4)], 'Holding Garage', 'holding@example.com')
  const refunded = await paid([day(5)], 'Refunded Cafe', 'refunded@example.com')
  const lines = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.purchaseId, refunded))
  const refund = await t.request('/api/admin/refunds', {
    method: 'POST',
    cookie: admin,
    json: { orderIds: lines.map((l) => l.id), reason: 'Closed for the season', emailBuyer: false },
  })
  expect(refund.status).toBe(201)
  // Paid, but unsubscribed from announcements.
  await paid([day(6)], 'Quiet Dentist', 'quiet@example.com')
  await t.db.insert(emailUnsubscribes).values({ email: 'quiet@example.com' })
})
afterAll(() => t.close())
beforeEach(async () => {
  await t.db.delete(outbox)
})

const day = (i: number) => (days[i] as { id: string }).id

async function checkout(dayIds: string[], businessName: string, email: string) {
  const discount = dayIds.length >= 4 ? 20 : dayIds.length >= 2 ? 10 : 0
  const created = await t.request('/api/functions/create-cart-checkout-session', {
    method: 'POST',
    json: { businessName, email, calendarDayIds: dayIds, mapIconId: null, discount },
  })
  expect(created.status).toBe(200)
  return ((await created.json()) as { sessionUrl: string }).sessionUrl.split('/').pop() as string
}

async function paid(dayIds: string[], businessName: string, email: string) {
  const sessionId = await checkout(dayIds, businessName, email)
  expect((await t.request(`/pay/${sessionId}/complete`, { method: 'POST' })).status).toBeLessThan(400)
  return sessionId
}

async function manual(dayId: string, businessName: string, email: string) {
  const created = await t.request('/api/admin/manual-orders', {
    method: 'POST',
    cookie: admin,
    json: { businessName, email, dayId, status: 'pending' },
  })
  expect(created.status).toBe(201)
}

const send = (json: unknown, month = MONTH, cookie: string | null = admin) =>
  t.request(`/api/admin/mailings/${month}/message`, { method: 'POST', json, ...(cookie ? { cookie } : {}) })

const messages = () =>
  t.db.select().from(outbox).where(eq(outbox.kind, 'mailing_message')).orderBy(asc(outbox.toAddress))

const message = {
  subject: 'The June postcard goes to print a day late',
  message:
    'Hello,\n\nOur printer is a day behind: the June postcard will be in homes on June 2.\n\nThank you!',
}

describe('POST /api/admin/mailings/:month/message', () => {
  it('e-mails each advertiser once, skipping the unsubscribed; a second send (even at once) e-mails no one again', async () => {
    const [first, second] = await Promise.all([send(message), send(message)])
    expect([first?.status, second?.status]).toEqual([200, 200])
    const answers = [await first?.json(), await second?.json()].sort((a, b) => b.queued - a.queued)
    // Three advertisers: baker (two purchases, one address), florist, quiet (unsubscribed).
    expect(answers).toEqual([
      { queued: 2, skipped: 1 },
      { queued: 0, skipped: 3 },
    ])
    const mails = await messages()
    expect(mails.map((m) => m.toAddress)).toEqual(['baker@example.com', 'florist@example.com'])
    const [baker] = mails
    expect(baker?.subject).toBe(message.subject)
    const unsubscribe = `${TEST_ORIGIN}/api/unsubscribe?e=baker%40example.com&t=${unsubscribeToken(t.deps.authSecret, 'baker@example.com')}`
    expect(baker?.textBody).toBe(
      [
        message.message,
        '',
        '--',
        `Townflyer · ${t.deps.config.site.contactEmail} · ${t.deps.config.site.contactPhone}`,
        'You receive this because you advertise in the June 2028 Townflyer mailing.',
        `Unsubscribe from these announcements (your order e-mails still come): ${unsubscribe}`,
      ].join('\n'),
    )
    expect(baker?.headers).toEqual({
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    })

    // Another message is a new one: sent again to the same advertisers.
    const next = await send({ ...message, subject: 'June: the printer caught up' })
    expect(await next.json()).toEqual({ queued: 2, skipped: 1 })
    expect(await messages()).toHaveLength(4)
  })

  it('refuses bad input with its field, an unknown mailing, and anyone but an administrator; nothing is queued', async () => {
    const refused = [
      { subject: '', message: 'Hi' },
      { subject: '   ', message: 'Hi' },
      { subject: 'Two\nlines', message: 'Hi' },
      { subject: 'x'.repeat(MESSAGE_SUBJECT_MAX + 1), message: 'Hi' },
      { subject: 'Hi', message: '' },
      { subject: 'Hi', message: 'x'.repeat(MESSAGE_TEXT_MAX + 1) },
      { subject: 'Hi', message: 'A bell \u0007 rings' },
      { subject: 'Hi' },
      { subject: 42, message: 'Hi' },
      'not an object',
    ]
    for (const body of refused) {
      const response = await send(body)
      expect(response.status, JSON.stringify(body)).toBe(422)
    }
    const field = await (await send({ subject: '', message: 'Hi' })).json()
    expect(field.error.fields).toEqual({ subject: ['Enter a subject.'] })
    expect((await send(message, '2028-13')).status).toBe(404)
    expect((await send(message, '2019-01')).status).toBe(404)
    expect((await send(message, MONTH, member)).status).toBe(403)
    expect((await send(message, MONTH, null)).status).toBe(401)
    expect(await messages()).toEqual([])
  })
})
