// @engines pglite postgres
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { artworkLinks, calendarDays, mailings, orders, outbox } from '#server/db/schema.ts'
import { pngBytes, uploadArtworkFile } from '#server/test/artwork-test-helpers.ts'
import { paidDayIn } from '#server/test/offer-test-helpers.ts'
import { ADMIN, createTestApp, TEST_ORIGIN, type TestApp } from '#server/test/test-app.ts'
import type { ProductionBoardResponse } from '#shared/artwork.ts'
import { noticeContext } from './artwork.routes.ts'
import { sendDueArtworkReminders } from './artwork-notices.ts'

/**
 * A purchase paid through a pay link (a returning advertiser's kept offer, a pending manual order paid from
 * its invoice) has a payment session other than its purchase id on its lines: the artwork features find
 * its lines, its link and its e-mails by the purchase all the same.
 */
let t: TestApp
let admin: string

const MONTH = '2028-03'
const DAY_MS = 24 * 60 * 60 * 1000

beforeAll(async () => {
  t = await createTestApp()
  await t.createAdmin()
  admin = await t.signIn(ADMIN)
})
afterAll(() => t.close())

/** Last month's advertiser keeps its offer of this month and pays it on the offer's checkout. */
async function offerKeptPurchase() {
  const shop = { businessName: 'Kept Offer Bakery', email: 'kept@paylink.example' }
  await paidDayIn(t, '2028-02-16', shop)
  const init = await t.request('/api/admin/calendar-days/initialize', {
    method: 'POST',
    cookie: admin,
    json: { startDate: `${MONTH}-01`, endDate: `${MONTH}-28`, price: 120 },
  })
  expect(init.status).toBe(200)
  const [mail] = await t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.toAddress, shop.email), eq(outbox.kind, 'offer')))
  const keep = /(\/offers\/[A-Za-z0-9_-]{43}\/keep)/.exec(mail?.textBody ?? '')?.[1]
  if (!keep) throw new Error(`no keep link in: ${mail?.textBody}`)
  const checkout = (await t.request(keep)).headers.get('location') ?? ''
  expect((await t.request(`${checkout}/complete`, { method: 'POST' })).status).toBe(303)
  const [line] = await t.db
    .select()
    .from(orders)
    .where(and(eq(orders.email, shop.email), eq(orders.mailingMonth, MONTH)))
  return line
}

/** A pending manual order of this month, paid through its invoice's pay link. */
async function invoicePaidPurchase() {
  const [day] = await t.db
    .select()
    .from(calendarDays)
    .where(eq(calendarDays.date, `${MONTH}-10`))
  const made = await t.request('/api/admin/manual-orders', {
    method: 'POST',
    cookie: admin,
    json: {
      businessName: 'Invoice Florist',
      email: 'invoice@paylink.example',
      dayId: day?.id,
      status: 'pending',
    },
  })
  expect(made.status).toBe(201)
  const orderId = (await made.json()).id as string
  expect(
    (await t.request(`/api/admin/checkouts/${orderId}/invoice`, { method: 'POST', cookie: admin })).status,
  ).toBe(201)
  const [mail] = await t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.purchaseId, orderId), eq(outbox.kind, 'invoice')))
  const payUrl = /Pay online \(card\): (\S+)/.exec(mail?.textBody ?? '')?.[1] ?? ''
  const checkout = (await t.request(new URL(payUrl).pathname)).headers.get('location') ?? ''
  expect((await t.request(`${checkout}/complete`, { method: 'POST' })).status).toBe(303)
  const [line] = await t.db.select().from(orders).where(eq(orders.id, orderId))
  return line
}

type Line = typeof orders.$inferSelect
const purchases: Record<string, Line> = {}

beforeAll(async () => {
  for (const [name, make] of [
    ['offer-kept', offerKeptPurchase],
    ['invoice-paid', invoicePaidPurchase],
  ] as const) {
    const line = await make()
    if (!line) throw new Error(`no ${name} line`)
    // The case itself: paid on a payment session that is not the purchase's id.
    expect(line).toMatchObject({ status: 'paid', paymentSessionId: expect.stringMatching(/^cs_local_/) })
    expect(line.paymentSessionId).not.toBe(line.purchaseId)
    purchases[name] = line
  }
})

async function linkOf(purchaseId: string): Promise<string> {
  const [link] = await t.db.select().from(artworkLinks).where(eq(artworkLinks.purchaseId, purchaseId))
  if (!link) throw new Error(`no artwork link for ${purchaseId}`)
  return `${TEST_ORIGIN}/artwork/${link.token}`
}

const mailsOf = (purchaseId: string, kind: string) =>
  t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.purchaseId, purchaseId), eq(outbox.kind, kind)))

describe.each(['offer-kept', 'invoice-paid'])('a purchase paid through a pay link (%s)', (name) => {
  const line = () => purchases[name] as Line

  it('is on the artwork board with its purchase’s artwork link', async () => {
    const response = await t.request(`/api/admin/mailings/${MONTH}/artwork`, { cookie: admin })
    expect(response.status).toBe(200)
    const board = (await response.json()) as ProductionBoardResponse
    const row = board.lines.find((l) => l.orderId === line().id)
    expect(`${TEST_ORIGIN}${row?.artworkUrl}`).toBe(await linkOf(line().purchaseId))
  })

  it('gets "Send reminders now" with its link', async () => {
    const response = await t.request(`/api/admin/mailings/${MONTH}/artwork-reminders`, {
      method: 'POST',
      cookie: admin,
    })
    expect(response.status).toBe(200)
    const [mail] = await mailsOf(line().purchaseId, 'artwork_reminder')
    expect(mail?.toAddress).toBe(line().email)
    expect(mail?.textBody).toContain(await linkOf(line().purchaseId))
  })

  it('gets the timed 7-day reminder', async () => {
    // The round as it runs half a day into the 7-day stage, which began after the line was paid.
    const due = new Date(Date.now() + 10 * DAY_MS)
    await t.db.update(mailings).set({ artworkDueAt: due }).where(eq(mailings.month, MONTH))
    await sendDueArtworkReminders(noticeContext(t.deps), new Date(due.getTime() - 6.5 * DAY_MS))
    const [mail] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `artwork-reminder:${line().purchaseId}:${MONTH}:7d`))
    expect(mail?.textBody).toContain(await linkOf(line().purchaseId))
  })

  it('gets "Request changes" with its link', async () => {
    const link = await linkOf(line().purchaseId)
    const token = link.split('/').pop() as string
    expect((await uploadArtworkFile(t, token, [line().id], await pngBytes(300, 300))).status).toBe(200)
    const response = await t.request(`/api/admin/artwork/${line().id}/request-changes`, {
      method: 'POST',
      cookie: admin,
      json: { note: 'A larger logo, please.' },
    })
    expect(response.status).toBe(200)
    const [mail] = await mailsOf(line().purchaseId, 'artwork_changes_requested')
    expect(mail?.textBody).toContain(link)
  })

  it('gets "E-mail link" with its link', async () => {
    const response = await t.request(`/api/admin/artwork/${line().id}/send-link`, {
      method: 'POST',
      cookie: admin,
    })
    expect(response.status).toBe(200)
    const [mail] = await mailsOf(line().purchaseId, 'artwork_link')
    expect(mail?.toAddress).toBe(line().email)
    expect(mail?.textBody).toContain(await linkOf(line().purchaseId))
  })
})
