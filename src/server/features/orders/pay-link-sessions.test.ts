// @engines postgres
import fs from 'node:fs'
import { and, asc, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPostgres } from '#server/db/client.ts'
import {
  calendarDays,
  offerLines,
  offers,
  orders,
  outbox,
  receipts,
  refunds as refundRecords,
} from '#server/db/schema.ts'
import { NO_HOLD_LIMITS } from '#server/test/checkout-test-helpers.ts'
import { paidDayIn } from '#server/test/offer-test-helpers.ts'
import {
  deliverStripeEvent,
  paidStripeSession,
  type StripeStandIn,
  startStripeStandIn,
  stripeEvent,
  stripeStandInEnv,
} from '#server/test/stripe-stand-in.ts'
import { ADMIN, createTestApp, type TestApp } from '#server/test/test-app.ts'
import { createPostgresTestDatabase, openTestDatabase, testEngine } from '#server/test/test-database.ts'

/**
 * A pay link (an offer's "Keep my spots", an invoice's pay link) against the Stripe stand-in, with two app
 * instances on one database (on PostgreSQL each with its own pool, as behind a load balancer): however often
 * and wherever it is opened, its lines have one open payment; money for an earlier session of theirs is never
 * left unknown; and a session's expiry ends only the holds it made. A third instance without Stripe keys is the
 * local TEST MODE checkout on the same data.
 */
let stand: StripeStandIn
let a: TestApp
let b: TestApp
let local: TestApp
let cleanUp: () => Promise<void>
let admin: string

beforeAll(async () => {
  stand = await startStripeStandIn()
  const env = { ...stripeStandInEnv(stand), ...NO_HOLD_LIMITS }
  if (testEngine === 'postgres') {
    const created = await createPostgresTestDatabase()
    ;[a, b, local] = await Promise.all([
      createTestApp({ database: openPostgres(created.url), env }),
      createTestApp({ database: openPostgres(created.url), env }),
      createTestApp({ database: openPostgres(created.url), env: NO_HOLD_LIMITS }),
    ])
    cleanUp = async () => {
      await Promise.all([a.close(), b.close(), local.close()])
      await created.drop()
    }
  } else {
    const database = await openTestDatabase()
    a = await createTestApp({ database, env })
    b = await createTestApp({ database, env })
    local = await createTestApp({ database, env: NO_HOLD_LIMITS })
    cleanUp = async () => {
      await a.close()
      for (const t of [b, local]) fs.rmSync(t.dataDir, { recursive: true, force: true })
    }
  }
  await a.createAdmin()
  admin = await a.signIn(ADMIN)
})
afterAll(async () => {
  await cleanUp?.()
  await stand.close()
})

const instances = () => [a, b]

// ---------------------------------------------------------------- fixtures (each test its own months)

/** An offer of `month`'s day 10 to a shop that bought `month - 1`'s day 10; its e-mailed token and lines. */
async function offerFor(shop: string, previousMonth: string, month: string) {
  const buyer = { businessName: shop, email: `${shop.toLowerCase().replaceAll(' ', '.')}@pay-link.example` }
  await paidDayIn(a, `${previousMonth}-10`, buyer)
  const initialized = await a.request('/api/admin/calendar-days/initialize', {
    method: 'POST',
    cookie: admin,
    json: { startDate: `${month}-01`, endDate: `${month}-28`, price: 120 },
  })
  // Setting up a mailing's days makes its offers (features/offers).
  expect(initialized.status).toBe(200)
  const [offer] = await a.db.select().from(offers).where(eq(offers.email, buyer.email))
  if (!offer) throw new Error(`no offer for ${shop}`)
  const [mail] = await a.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.toAddress, buyer.email), eq(outbox.kind, 'offer')))
  const token = /\/offers\/([A-Za-z0-9_-]{43})\n/.exec(`${mail?.textBody}\n`)?.[1]
  if (!token) throw new Error(`no offer link in: ${mail?.textBody}`)
  return { offer, token, buyer, lines: () => linesOf(offer.purchaseId) }
}

/** An owner's pending order of one day (no time limit), invoiced: its pay path. */
async function invoicedOrder(date: string, shop: string) {
  const [day] = await a.db
    .insert(calendarDays)
    .values({ date, status: 'available', priceCents: 14000 })
    .returning({ id: calendarDays.id })
  const created = await a.request('/api/admin/manual-orders', {
    method: 'POST',
    cookie: admin,
    json: {
      businessName: shop,
      email: `${shop.toLowerCase().replaceAll(' ', '.')}@invoice.example`,
      dayId: day?.id,
      status: 'pending',
    },
  })
  expect(created.status).toBe(201)
  const orderId = (await created.json()).id as string
  const invoice = await a.request(`/api/admin/checkouts/${orderId}/invoice`, {
    method: 'POST',
    cookie: admin,
  })
  expect(invoice.status).toBe(201)
  return { orderId, payPath: (await invoice.json()).payPath as string, lines: () => linesOf(orderId) }
}

const linesOf = (purchaseId: string) =>
  a.db.select().from(orders).where(eq(orders.purchaseId, purchaseId)).orderBy(asc(orders.id))

const keepLink = (t: TestApp, token: string) => t.request(`/offers/${token}/keep`)

/** Where an answer sends the buyer, and the Stripe session it names. */
const sessionOf = (response: Response) => {
  const location = response.headers.get('location') ?? ''
  return { location, id: location.split('/').pop() as string }
}

/** The stand-in marks the session expired (Stripe's answer to a later read). */
function expireAtStripe(sessionId: string) {
  stand.sessions.set(sessionId, { ...(stand.sessions.get(sessionId) as object), status: 'expired' })
}

const session = (id: string) => stand.sessions.get(id) as Record<string, unknown>
const mailsOf = (purchaseId: string) =>
  a.db
    .select({ kind: outbox.kind, to: outbox.toAddress, text: outbox.textBody })
    .from(outbox)
    .where(eq(outbox.purchaseId, purchaseId))

// ---------------------------------------------------------------- one open payment

describe('opening a pay link at once, from both instances', () => {
  it('a keep link opened 12 times: one Stripe session, every answer redirects to it', async () => {
    const { offer, token, lines } = await offerFor('Racing Florist', '2027-04', '2027-05')
    const before = stand.sessions.size
    const requestsBefore = stand.requests.length
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => keepLink(instances()[i % 2] as TestApp, token)),
    )
    expect(answers.map((r) => r.status)).toEqual(Array(12).fill(302))
    const [first] = answers.map(sessionOf)
    expect(first?.location).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/)
    expect(new Set(answers.map((r) => sessionOf(r).location))).toEqual(new Set([first?.location]))
    expect(stand.sessions.size - before).toBe(1)
    // Whoever asked Stripe asked with the one key of the purchase's first attempt.
    const creates = stand.requests.slice(requestsBefore).filter((r) => r.path === '/v1/checkout/sessions')
    expect(new Set(creates.map((r) => r.idempotencyKey))).toEqual(
      new Set([`pay-lines:${offer.purchaseId}:1`]),
    )
    expect((await lines()).map((l) => l.paymentSessionId)).toEqual([first?.id])
  })

  it('an invoice pay link opened 12 times: one Stripe session, every answer redirects to it', async () => {
    const { payPath, lines } = await invoicedOrder('2032-06-03', 'Racing Bakery')
    const before = stand.sessions.size
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => (instances()[i % 2] as TestApp).request(payPath)),
    )
    expect(answers.map((r) => r.status)).toEqual(Array(12).fill(303))
    const locations = new Set(answers.map((r) => sessionOf(r).location))
    expect(locations.size).toBe(1)
    expect(stand.sessions.size - before).toBe(1)
    expect((await lines()).map((l) => l.paymentSessionId)).toEqual([sessionOf(answers[0] as Response).id])
  })
})

// ---------------------------------------------------------------- money for an earlier session

describe("a payment for a pay link's earlier session", () => {
  it('is honoured while its lines are still held for the buyer: paid, receipt, confirmation', async () => {
    const { offer, token, lines } = await offerFor('Late Tailor', '2027-06', '2027-07')
    const earlier = sessionOf(await keepLink(a, token))
    expireAtStripe(earlier.id)
    const later = sessionOf(await keepLink(b, token))
    expect(later.id).not.toBe(earlier.id)

    const paid = await deliverStripeEvent(
      b.app,
      stripeEvent('checkout.session.completed', paidStripeSession(session(earlier.id), 'pi_earlier')),
    )
    expect(paid.status).toBe(200)
    expect((await lines()).map((l) => [l.status, l.paymentSessionId, l.paymentIntentId])).toEqual([
      ['paid', earlier.id, 'pi_earlier'],
    ])
    expect(await a.db.select().from(receipts).where(eq(receipts.purchaseId, offer.purchaseId))).toHaveLength(
      1,
    )
    expect((await mailsOf(offer.purchaseId)).map((m) => m.kind).sort()).toEqual([
      'admin_new_order',
      'offer',
      'order_confirmation',
    ])
    expect((await a.db.select().from(offers).where(eq(offers.id, offer.id)))[0]?.state).toBe('kept')
  })

  it('is refunded, with both e-mails, when its lines were paid by the later session', async () => {
    const { offer, token, buyer, lines } = await offerFor('Twice Paid Cafe', '2027-08', '2027-09')
    const earlier = sessionOf(await keepLink(a, token))
    expireAtStripe(earlier.id)
    const later = sessionOf(await keepLink(b, token))
    await deliverStripeEvent(
      a.app,
      stripeEvent('checkout.session.completed', paidStripeSession(session(later.id), 'pi_later')),
    )
    await deliverStripeEvent(
      b.app,
      stripeEvent('checkout.session.completed', paidStripeSession(session(earlier.id), 'pi_twice')),
    )

    // The lines stay paid by the later payment; the earlier payment goes back whole.
    expect((await lines()).map((l) => [l.status, l.paymentIntentId])).toEqual([['paid', 'pi_later']])
    const refunds = await a.db
      .select()
      .from(refundRecords)
      .where(eq(refundRecords.purchaseId, offer.purchaseId))
    expect(refunds).toMatchObject([
      { kind: 'late_payment', paymentRef: 'pi_twice', orderIds: [], amountCents: 12000, status: 'succeeded' },
    ])
    expect(
      stand.requests
        .filter((r) => r.path === '/v1/refunds')
        .at(-1)
        ?.body.get('payment_intent'),
    ).toBe('pi_twice')
    const mails = await mailsOf(offer.purchaseId)
    expect(mails.filter((m) => m.kind === 'late_payment_refunded').map((m) => m.to)).toEqual([buyer.email])
    expect(mails.filter((m) => m.kind === 'admin_late_payment_refunded')).toHaveLength(1)
    // The buyer's day is still theirs: the e-mail says so, and never that it is not booked.
    const told = mails.find((m) => m.kind === 'late_payment_refunded')?.text
    expect(told).toContain('These items stay booked for you:')
    expect(told).not.toContain('not booked')
  })

  it('is refunded, with both e-mails, when its lines lapsed and a stranger bought the day', async () => {
    const { offer, token, buyer, lines } = await offerFor('Lapsed Grocer', '2027-10', '2027-11')
    const earlier = sessionOf(await keepLink(a, token))
    expireAtStripe(earlier.id)
    sessionOf(await keepLink(b, token))
    // The offer's window ends and the day goes to a stranger.
    const past = new Date(Date.now() - 60_000)
    await a.db.update(offers).set({ expiresAt: past }).where(eq(offers.id, offer.id))
    await a.db.update(orders).set({ expiresAt: past }).where(eq(orders.purchaseId, offer.purchaseId))
    const [line] = await lines()
    const bought = await b.request('/api/functions/create-checkout-session', {
      method: 'POST',
      ip: '198.51.100.77',
      json: { businessName: 'Quick Stranger', email: 'quick@stranger.example', dayId: line?.dayId },
    })
    expect(bought.status).toBe(200)

    await deliverStripeEvent(
      a.app,
      stripeEvent('checkout.session.completed', paidStripeSession(session(earlier.id), 'pi_too_late')),
    )
    expect((await lines()).map((l) => l.status)).toEqual(['refunded'])
    const refunds = await a.db
      .select()
      .from(refundRecords)
      .where(eq(refundRecords.purchaseId, offer.purchaseId))
    expect(refunds).toMatchObject([{ kind: 'late_payment', paymentRef: 'pi_too_late', status: 'succeeded' }])
    const mails = await mailsOf(offer.purchaseId)
    expect(mails.filter((m) => m.kind === 'late_payment_refunded').map((m) => m.to)).toEqual([buyer.email])
    expect(mails.filter((m) => m.kind === 'admin_late_payment_refunded')).toHaveLength(1)
    // The stranger's hold is untouched.
    const [day] = await a.db
      .select()
      .from(calendarDays)
      .where(eq(calendarDays.id, line?.dayId as string))
    expect(day).toMatchObject({ status: 'reserved_pending', businessName: 'Quick Stranger' })
  })
})

describe("a payment for a pay link's session whose lines were paid by hand meanwhile", () => {
  it('is refunded, with both e-mails', async () => {
    const { orderId, payPath, lines } = await invoicedOrder('2032-08-12', 'Cash Paid Deli')
    const { id } = sessionOf(await a.request(payPath))
    const marked = await b.request(`/api/admin/orders/${orderId}`, {
      method: 'PATCH',
      cookie: admin,
      json: { status: 'paid' },
    })
    expect(marked.status).toBe(200)
    await deliverStripeEvent(
      a.app,
      stripeEvent('checkout.session.completed', paidStripeSession(session(id), 'pi_after_cash')),
    )
    expect((await lines()).map((l) => l.status)).toEqual(['paid'])
    expect(
      await a.db.select().from(refundRecords).where(eq(refundRecords.purchaseId, orderId)),
    ).toMatchObject([
      { kind: 'late_payment', paymentRef: 'pi_after_cash', orderIds: [], status: 'succeeded' },
    ])
    const mails = (await mailsOf(orderId)).map((m) => m.kind)
    expect(mails.filter((k) => k.includes('late_payment_refunded')).sort()).toEqual([
      'admin_late_payment_refunded',
      'late_payment_refunded',
    ])
  })
})

// ---------------------------------------------------------------- a session's end

describe("a pay link's session ending", () => {
  it("Stripe's expiry leaves an offer's lines held until the offer's end, and an invoice's pending", async () => {
    const { offer, token, lines: offerLinesNow } = await offerFor('Patient Framer', '2027-12', '2028-01')
    const { payPath, lines: invoiceLines } = await invoicedOrder('2032-07-08', 'Patient Printer')
    const offerSession = sessionOf(await keepLink(a, token))
    const invoiceSession = sessionOf(await b.request(payPath))
    for (const id of [offerSession.id, invoiceSession.id]) {
      expireAtStripe(id)
      const expired = await deliverStripeEvent(a.app, stripeEvent('checkout.session.expired', session(id)))
      expect(expired.status).toBe(200)
    }

    expect((await offerLinesNow()).map((l) => [l.status, l.expiresAt?.getTime()])).toEqual([
      ['pending', offer.expiresAt.getTime()],
    ])
    expect((await invoiceLines()).map((l) => [l.status, l.expiresAt])).toEqual([['pending', null]])
    const dayIds = [...(await offerLinesNow()), ...(await invoiceLines())].map((l) => l.dayId as string)
    const days = await a.db.select().from(calendarDays).where(inArray(calendarDays.id, dayIds))
    expect(days.map((d) => d.status)).toEqual(['reserved_pending', 'reserved_pending'])
    // Opened again, the keep link leads to a new session of the same held lines.
    const reopened = sessionOf(await keepLink(b, token))
    expect(reopened.id).not.toBe(offerSession.id)
    expect((await offerLinesNow()).map((l) => [l.status, l.paymentSessionId])).toEqual([
      ['pending', reopened.id],
    ])
  })

  it("a delayed payment still settling leaves an offer's lines held until the offer's end", async () => {
    const { offer, token, lines } = await offerFor('Settling Potter', '2028-04', '2028-05')
    const { id } = sessionOf(await keepLink(a, token))
    const settling = await deliverStripeEvent(
      b.app,
      stripeEvent('checkout.session.completed', {
        ...session(id),
        status: 'complete',
        payment_status: 'unpaid',
      }),
    )
    expect(settling.status).toBe(200)
    expect((await lines()).map((l) => [l.status, l.expiresAt?.getTime()])).toEqual([
      ['pending', offer.expiresAt.getTime()],
    ])
  })

  it('Cancel on the local test checkout does the same: the offer stays held, the link opens a new checkout', async () => {
    const { offer, token, lines } = await offerFor('Local Cobbler', '2028-02', '2028-03')
    const first = (await keepLink(local, token)).headers.get('location') ?? ''
    expect(first).toMatch(/^\/pay\/cs_local_/)
    expect((await local.request(`${first}/cancel`, { method: 'POST' })).status).toBe(303)
    expect((await lines()).map((l) => [l.status, l.expiresAt?.getTime()])).toEqual([
      ['pending', offer.expiresAt.getTime()],
    ])

    const second = (await keepLink(local, token)).headers.get('location') ?? ''
    expect(second).toMatch(/^\/pay\/cs_local_/)
    expect(second).not.toBe(first)
    expect((await local.request(`${second}/complete`, { method: 'POST' })).status).toBe(303)
    expect((await lines()).map((l) => l.status)).toEqual(['paid'])
    const kept = await a.db
      .select({ state: offers.state })
      .from(offers)
      .innerJoin(offerLines, eq(offerLines.offerId, offers.id))
      .where(eq(offers.id, offer.id))
    expect(kept.map((k) => k.state)).toEqual(['kept'])
  })
})
