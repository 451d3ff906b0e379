import fs from 'node:fs'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  calendarDays,
  mapIcons,
  orders,
  outbox,
  paymentEvents,
  rateLimit,
  receipts,
  refunds as refundRecords,
} from '#server/db/schema.ts'
import { createLogger } from '#server/lib/logger.ts'
import {
  callFunction,
  dayById,
  firstOpenMonth,
  iconById,
  ordersOfSession,
  outboxRows,
  resetIconStock,
  seededDays,
  seededIcon,
  snapshot,
} from '#server/test/checkout-test-helpers.ts'
import {
  deliverStripeEvent,
  paidStripeSession,
  type StripeStandIn,
  startStripeStandIn,
  stripeEvent,
  stripeStandInEnv,
} from '#server/test/stripe-stand-in.ts'
import { ADMIN, createTestApp, type TestApp } from '#server/test/test-app.ts'
import { mailingMonthLabel } from '#shared/mailings.ts'
import { runDueRefunds, startRefundWorker } from '../orders/refunds.service.ts'
import { checkoutContext } from './checkout-context.ts'
import { sweepExpiredHolds } from './hold-sweeper.ts'
import { applyPayment } from './payment-confirmation.service.ts'

let stand: StripeStandIn
let t: TestApp
const stripeEnv = () => stripeStandInEnv(stand)
beforeAll(async () => {
  stand = await startStripeStandIn()
  t = await createTestApp({ env: stripeEnv() })
})
afterAll(async () => {
  await t.close()
  await stand.close()
})
beforeEach(async () => {
  await t.db.delete(outbox)
  await t.db.delete(refundRecords)
  await t.db.delete(rateLimit)
  await t.db.delete(paymentEvents)
  await t.db.delete(orders)
  await t.db.update(calendarDays).set({ status: 'available', businessName: null })
  await resetIconStock(t)
  stand.requests.length = 0
  stand.failCreates = false
})

const buyer = { businessName: "Joe's Diner", email: 'joe@diner.example' }

async function startCart(dayIds: string[], mapIconId: string | null = null) {
  const { status, body } = await callFunction(t, 'create-cart-checkout-session', {
    ...buyer,
    calendarDayIds: dayIds,
    mapIconId,
    discount: dayIds.length >= 2 ? 10 : 0,
  })
  expect(status, JSON.stringify(body)).toBe(200)
  const sessionId = String(body.sessionUrl).split('/').pop() as string
  return {
    sessionUrl: body.sessionUrl as string,
    sessionId,
    session: stand.sessions.get(sessionId) as Record<string, unknown>,
  }
}

const event = stripeEvent
const deliver = (payload: string, options?: Parameters<typeof deliverStripeEvent>[2]) =>
  deliverStripeEvent(t.app, payload, options)
const paidSession = paidStripeSession

describe('Stripe Checkout adapter', () => {
  it('creates a Checkout Session with line items, e-mail, expiry, metadata and return urls', async () => {
    const days = await seededDays(t, 2)
    const icon = await seededIcon(t)
    const before = Math.floor(Date.now() / 1000)
    const { sessionUrl, sessionId, session } = await startCart(
      days.map((d) => d.id),
      icon.id,
    )
    expect(sessionUrl).toBe(`https://checkout.stripe.test/c/pay/${sessionId}`)
    const create = stand.requests.find((r) => r.path === '/v1/checkout/sessions')?.body as URLSearchParams
    expect(create.get('mode')).toBe('payment')
    expect(create.get('customer_email')).toBe('joe@diner.example')
    expect(create.get('line_items[0][price_data][currency]')).toBe('usd')
    expect(create.get('line_items[0][price_data][unit_amount]')).toBe(
      String((days[0]?.priceCents ?? 0) - 1000),
    )
    expect(create.get('line_items[2][price_data][unit_amount]')).toBe(String(icon.priceCents))
    // The icon is sold in the next mailing open for sale, and its line says which.
    expect(create.get('line_items[2][price_data][product_data][name]')).toBe(
      `Map icon: Map Icon (${mailingMonthLabel(await firstOpenMonth(t))} mailing)`,
    )
    expect(create.get('success_url')).toBe('https://town.example/thank-you?session_id={CHECKOUT_SESSION_ID}')
    expect(create.get('cancel_url')).toBe('https://town.example/cart-checkout')
    // PAYMENT_HOLD_MINUTES=5 is raised to Stripe's 30-minute minimum (plus a minute of headroom).
    const expiresAt = Number(create.get('expires_at'))
    expect(expiresAt - before).toBeGreaterThanOrEqual(31 * 60)
    expect(expiresAt - before).toBeLessThan(32 * 60)
    const placed = await ordersOfSession(t, sessionId)
    expect((session.metadata as { orderIds: string }).orderIds.split(',').sort()).toEqual(
      placed.map((o) => o.id),
    )
    expect(placed.every((o) => o.paymentProvider === 'stripe' && o.status === 'pending')).toBe(true)
  })

  it("Stripe's Cancel returns to the page the checkout started from", async () => {
    const [day] = await seededDays(t, 1)
    const returnPath = `/checkout/${day?.id}`
    const response = await callFunction(t, 'create-checkout-session', {
      ...buyer,
      dayId: day?.id,
      returnPath,
    })
    expect(response.status).toBe(200)
    const create = stand.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)
      ?.body as URLSearchParams
    expect(create.get('cancel_url')).toBe(`https://town.example${returnPath}`)
  })

  it('answers 503 Failed to create checkout session and releases the holds when Stripe fails', async () => {
    const [day] = await seededDays(t, 1)
    const icon = await seededIcon(t)
    stand.failCreates = true
    const before = await snapshot(t)
    const response = await callFunction(t, 'create-cart-checkout-session', {
      ...buyer,
      calendarDayIds: [day?.id],
      mapIconId: icon.id,
      discount: 0,
    })
    expect(response).toEqual({
      status: 503,
      body: { error: { code: 'unavailable', message: 'Failed to create checkout session' } },
    })
    const after = await snapshot(t)
    expect(after.days).toEqual(
      before.days.map((d) => (d.id === day?.id ? { ...d, updatedAt: expect.any(Date) } : d)),
    )
    expect(await dayById(t, day?.id as string)).toMatchObject({ status: 'available', businessName: null })
    expect(after.orders.map((o) => o.status)).toEqual(['expired', 'expired'])
    expect((await iconById(t, icon.id))?.availableQuantity).toBe(icon.totalQuantity)
  })
})

describe('POST /api/webhooks/stripe', () => {
  it('checkout.session.completed (paid) confirms the payment once; the duplicate is recorded as such', async () => {
    const [day] = await seededDays(t, 1)
    const icon = await seededIcon(t)
    const { sessionId, session } = await startCart([day?.id as string], icon.id)
    const payload = event('checkout.session.completed', paidSession(session))
    const first = await deliver(payload)
    expect(first.status).toBe(200)
    expect(await first.json()).toEqual({ received: true, duplicate: false })
    expect((await ordersOfSession(t, sessionId)).map((o) => [o.status, o.paymentIntentId])).toEqual([
      ['paid', 'pi_123'],
      ['paid', 'pi_123'],
    ])
    expect(await dayById(t, day?.id as string)).toMatchObject({
      status: 'reserved',
      businessName: "Joe's Diner",
    })
    expect((await outboxRows(t)).map((m) => m.kind)).toEqual(['admin_new_order', 'order_confirmation'])

    const again = await deliver(payload)
    expect(await again.json()).toEqual({ received: true, duplicate: true })
    // A different event for the same session (async_payment_succeeded) is a no-op too.
    await deliver(event('checkout.session.async_payment_succeeded', paidSession(session)))
    expect(await outboxRows(t)).toHaveLength(2)
    expect((await iconById(t, icon.id))?.availableQuantity).toBe(icon.totalQuantity - 1)
  })

  it('refuses tampered, stale, wrongly signed and unsigned payloads with 400, changing nothing', async () => {
    const [day] = await seededDays(t, 1)
    const { session } = await startCart([day?.id as string])
    const payload = event('checkout.session.completed', paidSession(session))
    const before = await snapshot(t)
    const stale = Math.floor(Date.now() / 1000) - 301
    for (const response of [
      await deliver(payload, { tamper: true }),
      await deliver(payload, { timestamp: stale }),
      await deliver(payload, { secret: 'whsec_other' }),
      await t.app.request('http://localhost:3000/api/webhooks/stripe', { method: 'POST', body: payload }),
    ]) {
      expect(response.status).toBe(400)
      expect((await response.json()).error.code).toBe('bad_request')
    }
    expect(await snapshot(t)).toEqual(before)
    expect(await t.db.select().from(paymentEvents)).toEqual([])
  })

  it('checkout.session.completed while the payment is processing keeps the hold until the async result', async () => {
    const [day] = await seededDays(t, 1)
    const { sessionId, session } = await startCart([day?.id as string])
    await deliver(
      event('checkout.session.completed', { ...session, status: 'complete', payment_status: 'unpaid' }),
    )
    expect((await ordersOfSession(t, sessionId))[0]).toMatchObject({ status: 'pending', expiresAt: null })
    expect(await sweepExpiredHolds(t.db, new Date(Date.now() + 2 * 3600_000))).toBe(0)
    await deliver(event('checkout.session.async_payment_failed', { ...session, status: 'complete' }))
    expect((await ordersOfSession(t, sessionId))[0]?.status).toBe('expired')
    expect((await dayById(t, day?.id as string))?.status).toBe('available')
  })

  it('checkout.session.expired releases at once; a reordered later payment is accepted while the day is free', async () => {
    const [day] = await seededDays(t, 1)
    const { sessionId, session } = await startCart([day?.id as string])
    await deliver(event('checkout.session.expired', { ...session, status: 'expired' }))
    expect((await dayById(t, day?.id as string))?.status).toBe('available')
    await deliver(event('checkout.session.completed', paidSession(session, 'pi_late')))
    expect((await ordersOfSession(t, sessionId))[0]?.status).toBe('paid')
    expect((await dayById(t, day?.id as string))?.status).toBe('reserved')
  })

  it('a late payment for a day sold meanwhile is refunded through Stripe', async () => {
    const [day] = await seededDays(t, 1)
    const first = await startCart([day?.id as string])
    await deliver(event('checkout.session.expired', { ...first.session, status: 'expired' }))
    const second = await startCart([day?.id as string])
    await deliver(event('checkout.session.completed', paidSession(second.session, 'pi_second')))
    await deliver(event('checkout.session.completed', paidSession(first.session, 'pi_first')))
    expect((await ordersOfSession(t, first.sessionId))[0]?.status).toBe('refunded')
    expect((await ordersOfSession(t, second.sessionId))[0]?.status).toBe('paid')
    const refund = stand.requests.find((r) => r.path === '/v1/refunds')
    expect(refund?.body.get('payment_intent')).toBe('pi_first')
    expect(refund?.idempotencyKey).toBe(`late-payment:${first.sessionId}`)
    expect((await dayById(t, day?.id as string))?.status).toBe('reserved')
    expect((await t.db.select().from(refundRecords))[0]).toMatchObject({ status: 'succeeded', attempts: 1 })
  })

  it('a kill -9 right after the late-payment decision loses no refund: a fresh instance makes it exactly once', async () => {
    const [day] = await seededDays(t, 1)
    const first = await startCart([day?.id as string])
    await deliver(event('checkout.session.expired', { ...first.session, status: 'expired' }))
    const second = await startCart([day?.id as string])
    await deliver(event('checkout.session.completed', paidSession(second.session, 'pi_second')))

    // The webhook's decision, committed; the process dies before anything else runs.
    const dying = checkoutContext(t.deps, createLogger('silent'))
    const decided = await t.db.transaction((tx) => applyPayment(tx, dying, first.sessionId, 'pi_killed'))
    expect(decided.outcome).toBe('refunded')
    expect(await t.db.select().from(refundRecords)).toMatchObject([
      {
        idempotencyKey: `late-payment:${first.sessionId}`,
        provider: 'stripe',
        paymentRef: 'pi_killed',
        status: 'requested',
        attempts: 0,
      },
    ])
    expect(stand.requests.filter((r) => r.path === '/v1/refunds')).toEqual([])

    // A fresh app instance on the same database: its refund worker finds the job and runs it once.
    const fresh = await createTestApp({ database: t.database, env: stripeEnv() })
    try {
      const worker = startRefundWorker(checkoutContext(fresh.deps, createLogger('silent')), {
        intervalMs: 60_000,
      })
      await expect
        .poll(async () => (await fresh.db.select().from(refundRecords))[0]?.status, { timeout: 10_000 })
        .toBe('succeeded')
      worker.stop()
      const again = await runDueRefunds(checkoutContext(fresh.deps), {})
      expect(again).toEqual({ done: 0, failed: 0 })
      const refunds = stand.requests.filter((r) => r.path === '/v1/refunds')
      expect(refunds).toHaveLength(1)
      expect(refunds[0]?.body.get('payment_intent')).toBe('pi_killed')
      expect(refunds[0]?.idempotencyKey).toBe(`late-payment:${first.sessionId}`)
    } finally {
      // The database stays open: it is the first instance's (closed in afterAll).
      fs.rmSync(fresh.dataDir, { recursive: true, force: true })
    }
  })

  it('charge.refunded (full) marks the paid orders refunded and frees the day', async () => {
    const [day] = await seededDays(t, 1)
    const { sessionId, session } = await startCart([day?.id as string])
    await deliver(event('checkout.session.completed', paidSession(session, 'pi_refund_me')))
    await deliver(
      event('charge.refunded', {
        id: 'ch_1',
        object: 'charge',
        refunded: false,
        payment_intent: 'pi_refund_me',
      }),
    )
    expect((await ordersOfSession(t, sessionId))[0]?.status).toBe('paid')
    await deliver(
      event('charge.refunded', {
        id: 'ch_1',
        object: 'charge',
        refunded: true,
        payment_intent: 'pi_refund_me',
      }),
    )
    expect((await ordersOfSession(t, sessionId))[0]?.status).toBe('refunded')
    expect(await dayById(t, day?.id as string)).toMatchObject({ status: 'available', businessName: null })
  })

  it('charge.refunded of an icon order makes the unit available again', async () => {
    const [icon] = await t.db
      .insert(mapIcons)
      .values({ name: 'One Left', size: 'small', priceCents: 5000, totalQuantity: 1 })
      .returning()
    const { sessionId, session } = await startCart([], icon?.id as string)
    await deliver(event('checkout.session.completed', paidSession(session, 'pi_icon')))
    expect((await iconById(t, icon?.id as string))?.availableQuantity).toBe(0)
    expect(
      (
        await callFunction(t, 'create-map-icon-checkout', {
          iconId: icon?.id,
          ...buyer,
          email: 'b@x.example',
        })
      ).status,
    ).toBe(409)
    await deliver(
      event('charge.refunded', { id: 'ch_2', object: 'charge', refunded: true, payment_intent: 'pi_icon' }),
    )
    expect((await ordersOfSession(t, sessionId))[0]?.status).toBe('refunded')
    expect((await iconById(t, icon?.id as string))?.availableQuantity).toBe(1)
    expect(
      (
        await callFunction(t, 'create-map-icon-checkout', {
          iconId: icon?.id,
          ...buyer,
          email: 'b@x.example',
        })
      ).status,
    ).toBe(200)
    expect((await iconById(t, icon?.id as string))?.availableQuantity).toBe(0)
    await t.db.delete(orders)
    await t.db.delete(mapIcons).where(eq(mapIcons.id, icon?.id as string))
  })

  it('get-orders-by-session asks Stripe when no event has arrived and confirms a paid session', async () => {
    const [day] = await seededDays(t, 1)
    const { sessionId, session } = await startCart([day?.id as string])
    const pending = await callFunction(t, 'get-orders-by-session', { sessionId })
    expect(pending.body.orders[0].status).toBe('pending')
    stand.sessions.set(sessionId, paidSession(session, 'pi_polled'))
    // Stripe's answer is reused for a few seconds: the next lookup after that asks again.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 6_000)
    const paid = await callFunction(t, 'get-orders-by-session', { sessionId }).finally(() =>
      vi.useRealTimers(),
    )
    expect(paid.body.orders[0].status).toBe('paid')
    expect((await dayById(t, day?.id as string))?.status).toBe('reserved')
    // The webhook that arrives afterwards changes nothing.
    await deliver(event('checkout.session.completed', paidSession(session, 'pi_polled')))
    expect(await outboxRows(t)).toHaveLength(2)
  })

  it('thank-you lookups share one Stripe call per session for a few seconds and are limited per client', async () => {
    const [day] = await seededDays(t, 1)
    const { sessionId } = await startCart([day?.id as string])
    const retrieves = () =>
      stand.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/v1/checkout/sessions/'))
    const lookup = (ip: string) =>
      t.request('/api/functions/get-orders-by-session', { method: 'POST', json: { sessionId }, ip })
    const answers = await Promise.all(Array.from({ length: 300 }, (_, n) => lookup(`198.51.100.${n % 3}`)))
    const statuses = answers.map((r) => r.status)
    // Three clients: each gets its 20 lookups a minute, the rest a clear 429.
    expect(statuses.filter((s) => s === 200)).toHaveLength(60)
    expect(statuses.filter((s) => s === 429)).toHaveLength(240)
    const limited = answers.find((r) => r.status === 429) as Response
    expect(await limited.json()).toEqual({
      error: {
        code: 'rate_limited',
        message: 'Too many order lookups from your connection. Please wait a minute and try again.',
      },
    })
    expect(retrieves().length).toBeLessThanOrEqual(2)
    // Another client is not held back by them.
    const other = await lookup('198.51.100.200')
    expect(other.status).toBe(200)
    expect((await other.json()).orders[0].status).toBe('pending')
    expect(retrieves().length).toBeLessThanOrEqual(2)
  })

  it('the local test checkout is closed when Stripe is configured', async () => {
    const [day] = await seededDays(t, 1)
    const { sessionId } = await startCart([day?.id as string])
    expect((await t.request(`/pay/${sessionId}/complete`, { method: 'POST' })).status).toBe(404)
    expect((await ordersOfSession(t, sessionId))[0]?.status).toBe('pending')
  })
})

describe('an invoice paid through Stripe', () => {
  it("keeps the pay link's open session, replaces an expired one, and the session's payment marks the order paid", async () => {
    await t.createAdmin()
    const admin = await t.signIn(ADMIN)
    const [day] = await seededDays(t, 1)
    const created = await t.request('/api/admin/manual-orders', {
      method: 'POST',
      cookie: admin,
      json: { ...buyer, dayId: day?.id, status: 'pending' },
    })
    expect(created.status).toBe(201)
    const orderId = (await created.json()).id as string
    const invoice = await t.request(`/api/admin/checkouts/${orderId}/invoice`, {
      method: 'POST',
      cookie: admin,
    })
    expect(invoice.status).toBe(201)
    const { payPath } = await invoice.json()

    const first = (await t.request(payPath)).headers.get('location') ?? ''
    expect(first).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/)
    // Opened again while its session is open: the same page, so a payment always finds the lines.
    expect((await t.request(payPath)).headers.get('location')).toBe(first)
    const firstId = first.split('/').pop() as string
    stand.sessions.set(firstId, { ...(stand.sessions.get(firstId) as object), status: 'expired' })
    const second = (await t.request(payPath)).headers.get('location') ?? ''
    expect(second).not.toBe(first)
    const secondId = second.split('/').pop() as string

    const paid = await deliver(
      event(
        'checkout.session.completed',
        paidSession(stand.sessions.get(secondId) as Record<string, unknown>, 'pi_invoice'),
      ),
    )
    expect(paid.status).toBe(200)
    const [line] = await t.db.select().from(orders).where(eq(orders.id, orderId))
    expect(line).toMatchObject({ status: 'paid', purchaseId: orderId, paymentSessionId: secondId })
    const [receipt] = await t.db.select().from(receipts).where(eq(receipts.purchaseId, orderId))
    expect(receipt?.paymentMethod).toBe('Card')
  })
})
