import { and, asc, eq, gte, lte } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { calendarDays, mailings, orders, outbox } from '#server/db/schema.ts'
import { deadlineText } from '#server/lib/deadline-text.ts'
import { fromZonedLocal } from '#server/lib/zoned-time.ts'
import { NO_HOLD_LIMITS } from '#server/test/checkout-test-helpers.ts'
import { printedAcknowledgingAll } from '#server/test/print-readiness-helpers.ts'
import { createTestApp, MEMBER, TEST_ORIGIN, type TestApp } from '#server/test/test-app.ts'
import type { ArtworkPageResponse } from '#shared/artwork.ts'
import type { OrdersBySessionResponse } from '#shared/checkout.ts'
import { formatDayDate } from '#shared/format.ts'
import type { MailingActionResponse, MailingDatesResponse } from '#shared/mailings.ts'
import { queueOnItsWayNotices } from './mailing-notices.ts'

const TZ = 'America/New_York'

let t: TestApp
let admin: string
let member: string
beforeAll(async () => {
  t = await createTestApp({ env: NO_HOLD_LIMITS })
  await t.createAdmin()
  await t.createMember()
  admin = await t.signIn({ email: 'admin@example.com', password: 'admin-password-123' })
  member = await t.signIn(MEMBER)
})
afterAll(() => t.close())
beforeEach(async () => {
  await t.db.delete(outbox)
})

async function adminCall<T>(method: string, path: string, json?: unknown, cookie = admin) {
  const response = await t.request(path, { method, cookie, json })
  const text = await response.text()
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T }
}

/** The month's days 1–20, set up by the administrator: its mailing is open with the default dates. */
async function openMonth(month: string) {
  const init = await adminCall('POST', '/api/admin/calendar-days/initialize', {
    startDate: `${month}-01`,
    endDate: `${month}-20`,
    price: 120,
  })
  expect(init.status, JSON.stringify(init.body)).toBe(200)
  return t.db
    .select({ id: calendarDays.id, date: calendarDays.date })
    .from(calendarDays)
    .where(and(gte(calendarDays.date, `${month}-01`), lte(calendarDays.date, `${month}-20`)))
    .orderBy(asc(calendarDays.date))
}

/** A cart checkout of the days (not paid): its session id, which is the purchase's id. */
async function checkout(dayIds: string[], email: string, businessName: string) {
  const discount = dayIds.length >= 4 ? 20 : dayIds.length >= 2 ? 10 : 0
  const created = await t.request('/api/functions/create-cart-checkout-session', {
    method: 'POST',
    json: { businessName, email, calendarDayIds: dayIds, mapIconId: null, discount },
  })
  expect(created.status).toBe(200)
  return ((await created.json()) as { sessionUrl: string }).sessionUrl.split('/').pop() as string
}

/** A paid cart checkout of the days: the purchase id and its artwork token. */
async function paidPurchase(dayIds: string[], email: string, businessName: string) {
  const sessionId = await checkout(dayIds, email, businessName)
  const paid = await t.request(`/pay/${sessionId}/complete`, { method: 'POST' })
  expect(paid.status).toBeLessThan(400)
  const lookup = await t.request('/api/functions/get-orders-by-session', {
    method: 'POST',
    json: { sessionId },
  })
  const body = (await lookup.json()) as OrdersBySessionResponse
  return { purchaseId: sessionId, token: body.artwork?.path.split('/').pop() as string }
}

/** The owner's order awaiting payment (no hold expiry): its id is the purchase's. */
async function pendingManualOrder(dayId: string, email: string, businessName: string) {
  const created = await adminCall<{ id: string }>('POST', '/api/admin/manual-orders', {
    businessName,
    email,
    dayId,
    status: 'pending',
  })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  return created.body.id
}

/** Uploads a sharp logo for every line of the checkout and approves each. */
async function approveArtwork(token: string) {
  const page = (await (await t.request(`/api/artwork/${token}`)).json()) as ArtworkPageResponse
  const form = new FormData()
  const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#1d4ed8' } })
    .png()
    .toBuffer()
  form.append('file', new Blob([new Uint8Array(png)]), 'logo.png')
  for (const line of page.lines) form.append('orderId', line.orderId)
  expect((await t.request(`/api/artwork/${token}/upload`, { method: 'POST', body: form })).status).toBe(200)
  for (const line of page.lines)
    expect((await adminCall('POST', `/api/admin/artwork/${line.orderId}/approve`)).status).toBe(200)
}

async function linesOf(purchaseId: string) {
  const rows = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.purchaseId, purchaseId))
  return rows.map((r) => r.id)
}

/** The owner's refund of the lines (local TEST MODE: completed at once). */
async function refund(orderIds: string[]) {
  const refunded = await adminCall('POST', '/api/admin/refunds', {
    orderIds,
    reason: 'Closed for the season',
  })
  expect(refunded.status, JSON.stringify(refunded.body)).toBe(201)
}

const mailsOf = (kind: string) =>
  t.db.select().from(outbox).where(eq(outbox.kind, kind)).orderBy(asc(outbox.toAddress))

async function mailing(month: string) {
  const [row] = await t.db.select().from(mailings).where(eq(mailings.month, month))
  if (!row) throw new Error(`no mailing ${month}`)
  return row
}

const words = (local: string) => deadlineText(fromZonedLocal(local, TZ), TZ)

describe('moving a mailing’s dates e-mails the buyers it concerns', () => {
  const month = '2028-04'
  let purchases: Record<'artworkDue' | 'approved' | 'awaiting' | 'inProgress' | 'refunded', string>

  beforeAll(async () => {
    const days = await openMonth(month)
    const id = (i: number) => (days[i] as { id: string }).id
    // Paid, artwork still missing.
    const missing = await paidPurchase([id(0), id(1)], 'missing@example.com', 'Missing Art Bakery')
    // Paid, artwork approved.
    const approved = await paidPurchase([id(2)], 'approved@example.com', 'Approved Art Dental')
    await approveArtwork(approved.token)
    // The owner's order awaiting payment.
    const awaiting = await pendingManualOrder(id(3), 'awaiting@example.com', 'Awaiting Pay Florist')
    // A checkout in progress: nothing bought yet.
    const inProgress = await checkout([id(4)], 'holding@example.com', 'Holding Garage')
    // Paid, then refunded.
    const refunded = await paidPurchase([id(5)], 'refunded@example.com', 'Refunded Cafe')
    await refund(await linesOf(refunded.purchaseId))
    purchases = {
      artworkDue: missing.purchaseId,
      approved: approved.purchaseId,
      awaiting,
      inProgress,
      refunded: refunded.purchaseId,
    }
  })

  const patch = (input: Record<string, string>) =>
    adminCall<MailingDatesResponse>('PATCH', `/api/admin/mailings/${month}`, input)

  it('sales close: the purchases awaiting payment only, from what to what, once', async () => {
    const before = await mailing(month)
    const saved = await patch({ salesCloseLocal: '2028-03-14T17:00' })
    expect(saved.status).toBe(200)
    expect(saved.body.buyersEmailed).toBe(1)
    const mails = await mailsOf('mailing_dates_changed')
    expect(mails.map((m) => m.purchaseId)).toEqual([purchases.awaiting])
    const [mail] = mails
    const from = deadlineText(before.salesCloseAt, TZ)
    expect(from).toBe('Friday, March 17, 11:59 PM (EDT)')
    expect(mail).toMatchObject({
      toAddress: 'awaiting@example.com',
      subject: 'Sales for the April 2028 mailing now close Tuesday, March 14, 5:00 PM (EDT)',
    })
    expect(mail?.textBody).toContain(
      `Sales close: Tuesday, March 14, 5:00 PM (EDT) (was ${from}).\nYour order is awaiting payment: please pay for it before sales close.`,
    )
    expect(mail?.textBody).toContain(`- Calendar day: ${formatDayDate(`${month}-04`)}`)
    expect(mail?.textBody).toContain(`${TEST_ORIGIN}/account`)
    expect(mail?.textBody).not.toContain('Artwork due')
    expect(mail?.textBody).not.toContain('In homes by')
  })

  it('artwork due: the purchases whose artwork is not approved, with their artwork link', async () => {
    const saved = await patch({ artworkDueLocal: '2028-03-24T12:00' })
    expect(saved.body.buyersEmailed).toBe(2)
    const mails = await mailsOf('mailing_dates_changed')
    expect(mails.map((m) => m.purchaseId).sort()).toEqual([purchases.artworkDue, purchases.awaiting].sort())
    const mail = mails.find((m) => m.purchaseId === purchases.artworkDue)
    expect(mail?.subject).toBe(
      'Artwork for the April 2028 mailing is now due Friday, March 24, 12:00 PM (EDT)',
    )
    expect(mail?.textBody).toContain(
      `Artwork due: Friday, March 24, 12:00 PM (EDT) (was ${words('2028-03-21T00:00')}).`,
    )
    expect(mail?.textBody).toMatch(
      /Please upload your artwork by then: http:\/\/localhost:3000\/artwork\/\S+/,
    )
    // Both days of the purchase, one e-mail.
    expect(mail?.textBody).toContain(
      `- Calendar day: ${formatDayDate(`${month}-01`)}\n- Calendar day: ${formatDayDate(`${month}-02`)}`,
    )
  })

  it('in homes: every purchase in the mailing, not a checkout in progress nor a refunded one', async () => {
    const saved = await patch({ inHomesDate: '2028-04-03' })
    expect(saved.body.buyersEmailed).toBe(3)
    const mails = await mailsOf('mailing_dates_changed')
    expect(mails.map((m) => m.purchaseId).sort()).toEqual(
      [purchases.artworkDue, purchases.approved, purchases.awaiting].sort(),
    )
    for (const mail of mails) {
      expect(mail.subject).toBe('The April 2028 mailing is now in homes by Monday, April 3, 2028')
      expect(mail.textBody).toContain('In homes by: Monday, April 3, 2028 (was Saturday, April 1, 2028).')
    }
    const nobody = [purchases.inProgress, purchases.refunded]
    expect(mails.filter((m) => nobody.includes(m.purchaseId ?? ''))).toEqual([])
  })

  it('saving the same values again, even twice at once, sends nothing; a refused change sends nothing', async () => {
    const row = await mailing(month)
    const same = {
      salesCloseLocal: '2028-03-14T17:00',
      artworkDueLocal: '2028-03-24T12:00',
      inHomesDate: row.inHomesDate,
    }
    const answers = await Promise.all([patch(same), patch(same)])
    expect(answers.map((a) => [a.status, a.body.buyersEmailed])).toEqual([
      [200, 0],
      [200, 0],
    ])
    const refused = await patch({ artworkDueLocal: '2028-03-01T12:00' })
    expect(refused.status).toBe(422)
    expect(await mailsOf('mailing_dates_changed')).toEqual([])
  })

  it('several dates at once: one e-mail per purchase naming each date that concerns it', async () => {
    const saved = await patch({
      salesCloseLocal: '2028-03-15T17:00',
      artworkDueLocal: '2028-03-25T12:00',
      inHomesDate: '2028-04-05',
    })
    expect(saved.body.buyersEmailed).toBe(3)
    const mails = await mailsOf('mailing_dates_changed')
    expect(mails).toHaveLength(3)
    const of = (purchase: string) => mails.find((m) => m.purchaseId === purchase)?.textBody ?? ''
    // The subject names the one date that concerns a purchase, or says the dates changed.
    const subjects = Object.fromEntries(mails.map((m) => [m.purchaseId, m.subject]))
    expect(subjects).toEqual({
      [purchases.awaiting]: 'New dates for the April 2028 mailing',
      [purchases.artworkDue]: 'New dates for the April 2028 mailing',
      [purchases.approved]: 'The April 2028 mailing is now in homes by Wednesday, April 5, 2028',
    })
    expect(of(purchases.awaiting)).toContain('Sales close: Wednesday, March 15, 5:00 PM (EDT)')
    expect(of(purchases.awaiting)).toContain('Artwork due: Saturday, March 25, 12:00 PM (EDT)')
    expect(of(purchases.awaiting)).toContain(
      'In homes by: Wednesday, April 5, 2028 (was Monday, April 3, 2028).',
    )
    expect(of(purchases.artworkDue)).not.toContain('Sales close:')
    expect(of(purchases.artworkDue)).toContain('Artwork due:')
    expect(of(purchases.approved)).not.toContain('Artwork due:')
    expect(of(purchases.approved)).toContain('In homes by:')
  })

  it('is for the administrator only', async () => {
    const refused = await adminCall(
      'PATCH',
      `/api/admin/mailings/${month}`,
      { inHomesDate: '2028-04-09' },
      member,
    )
    expect(refused.status).toBe(403)
    expect(await mailsOf('mailing_dates_changed')).toEqual([])
  })
})

describe('“Mark mailed” tells each buyer their postcard is on its way', () => {
  const month = '2028-10'

  it('once per purchase with paid lines, at mailed (printed sends nothing), with the account and next mailing links', async () => {
    const days = await openMonth(month)
    // The next mailing open for sale is December's (November has none yet).
    await openMonth('2028-12')
    const id = (i: number) => (days[i] as { id: string }).id
    const bakery = await paidPurchase([id(0), id(1)], 'bakery@example.com', 'Mailed Bakery')
    const dentist = await paidPurchase([id(2)], 'dentist@example.com', 'Mailed Dentist')
    await pendingManualOrder(id(3), 'unpaid@example.com', 'Unpaid Florist')
    const refunded = await paidPurchase([id(4)], 'refunded@example.com', 'Refunded Cafe')
    await refund(await linesOf(refunded.purchaseId))

    const status = async (action: string) =>
      adminCall<MailingActionResponse>(
        'POST',
        `/api/admin/mailings/${month}/status`,
        action === 'printed' ? await printedAcknowledgingAll(t, month) : { action },
      )
    expect((await status('close')).body.buyersEmailed).toBe(0)
    const printed = await status('printed')
    expect(printed.body).toMatchObject({ status: 'printed', buyersEmailed: 0 })
    expect(await mailsOf('mailing_mailed')).toEqual([])

    const mailed = await status('mailed')
    expect(mailed.body).toMatchObject({ status: 'mailed', buyersEmailed: 2 })
    const mails = await mailsOf('mailing_mailed')
    expect(mails.map((m) => [m.toAddress, m.purchaseId])).toEqual([
      ['bakery@example.com', bakery.purchaseId],
      ['dentist@example.com', dentist.purchaseId],
    ])
    const [mail] = mails
    const { site } = t.deps.config
    expect(mail?.subject).toBe('Your postcard is on its way: in homes by Sunday, October 1, 2028')
    expect(mail?.textBody).toBe(
      [
        'Hello Mailed Bakery,',
        '',
        'Your postcard is on its way: in homes by Sunday, October 1, 2028.',
        '',
        'The October 2028 Townflyer postcard has been mailed with your ad:',
        '- Calendar day: Sunday, October 1, 2028',
        '- Calendar day: Monday, October 2, 2028',
        '',
        `Book the December 2028 mailing: ${TEST_ORIGIN}/calendar?month=2028-12`,
        `Your orders and receipts: ${TEST_ORIGIN}/account`,
        '',
        `Questions? Write to ${site.contactEmail} or call ${site.contactPhone}.`,
        'Townflyer',
      ].join('\n'),
    )

    // Once: marked mailed again is refused, and queuing again (another way to 'mailed') adds nothing.
    expect((await status('mailed')).status).toBe(409)
    expect(await queueOnItsWayNotices(t.db, await mailing(month), noticeContext(), new Date())).toBe(0)
    expect(await mailsOf('mailing_mailed')).toHaveLength(2)
  })
})

function noticeContext() {
  const { config } = t.deps
  return { timeZone: config.timeZone, site: config.site, publicOrigin: config.publicOrigin }
}
