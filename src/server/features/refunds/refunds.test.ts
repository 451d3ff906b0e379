import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { asc, eq } from 'drizzle-orm'
import Stripe from 'stripe'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { calendarDays, orderHistory, orders, outbox, paymentEvents, refunds } from '#server/db/schema.ts'
import {
  callFunction,
  dayById,
  iconById,
  ordersOfSession,
  resetIconStock,
  seededDays,
  seededIcon,
  snapshot,
} from '#server/test/checkout-test-helpers.ts'
import { ADMIN, createTestApp, MEMBER, type TestApp } from '#server/test/test-app.ts'
import { formatPrice } from '#shared/format.ts'

const buyer = { businessName: "Joe's Diner", email: 'joe@diner.example' }

async function cleanUp(t: TestApp) {
  await t.db.delete(outbox)
  await t.db.delete(refunds)
  await t.db.delete(paymentEvents)
  await t.db.delete(orders)
  await t.db.update(calendarDays).set({ status: 'available', businessName: null })
  await resetIconStock(t)
}

function refundsApi(t: TestApp, cookie: () => string) {
  return (json: unknown, as = cookie()) =>
    t.request('/api/admin/refunds', { method: 'POST', json, cookie: as })
}

const refundRows = (t: TestApp) => t.db.select().from(refunds).orderBy(asc(refunds.createdAt))
const mails = (t: TestApp, kind: string) =>
  t.db.select().from(outbox).where(eq(outbox.kind, kind)).orderBy(asc(outbox.createdAt))
/** What a visitor sees of the day (the public read). */
const publicDayStatus = async (t: TestApp, id: string) =>
  (await (await t.request(`/api/calendar-days/${id}`)).json()).status

async function startCart(t: TestApp, dayIds: string[], mapIconId: string | null = null) {
  const { status, body } = await callFunction(t, 'create-cart-checkout-session', {
    ...buyer,
    calendarDayIds: dayIds,
    mapIconId,
    discount: dayIds.length >= 2 ? 10 : 0,
  })
  expect(status, JSON.stringify(body)).toBe(200)
  return String(body.sessionUrl).split('/').pop() as string
}

describe('refunds with the local payment provider', () => {
  let t: TestApp
  let admin: string
  let member: string
  const refund = (json: unknown, as?: string) => refundsApi(t, () => admin)(json, as)

  beforeAll(async () => {
    t = await createTestApp({ env: { SITE_CONTACT_EMAIL: 'office@town.example' } })
    await t.createAdmin()
    await t.createMember()
    admin = await t.signIn(ADMIN)
    member = await t.signIn(MEMBER)
  })
  afterAll(() => t.close())
  beforeEach(() => cleanUp(t))

  /** A cart paid through the local test checkout (/pay/{id}). */
  async function paidCart(dayIds: string[], mapIconId: string | null = null) {
    const sessionId = await startCart(t, dayIds, mapIconId)
    expect((await t.request(`/pay/${sessionId}/complete`, { method: 'POST' })).status).toBe(303)
    const lines = await ordersOfSession(t, sessionId)
    expect(lines.every((o) => o.status === 'paid')).toBe(true)
    return { sessionId, lines }
  }

  it('refunds a whole checkout at once: lines refunded, days and icon free again, one e-mail to the buyer', async () => {
    const days = await seededDays(t, 2)
    const icon = await seededIcon(t)
    const { sessionId, lines } = await paidCart(
      days.map((d) => d.id),
      icon.id,
    )
    const total = lines.reduce((sum, o) => sum + o.amountCents, 0)
    const response = await refund({
      orderIds: lines.map((o) => o.id),
      reason: 'The shop closed for the season',
    })
    expect(response.status).toBe(201)
    const body = await response.json()
    expect(body).toMatchObject({
      checkoutKey: sessionId,
      orderIds: lines.map((o) => o.id),
      amountCents: total,
      reason: 'The shop closed for the season',
      emailBuyer: true,
      provider: 'local',
      status: 'succeeded',
      lastError: null,
      requestedBy: ADMIN.email,
    })
    expect(body.completedAt).toEqual(expect.any(String))
    expect((await ordersOfSession(t, sessionId)).map((o) => o.status)).toEqual([
      'refunded',
      'refunded',
      'refunded',
    ])
    for (const day of days) {
      expect(await dayById(t, day.id)).toMatchObject({ status: 'available', businessName: null })
      expect(await publicDayStatus(t, day.id)).toBe('available')
    }
    expect((await iconById(t, icon.id))?.availableQuantity).toBe(icon.totalQuantity)
    const [row] = await refundRows(t)
    expect(row?.idempotencyKey).toBe(`admin-refund:${body.id}`)
    // The history says who refunded.
    const history = await t.db
      .select()
      .from(orderHistory)
      .where(eq(orderHistory.orderId, lines[0]?.id ?? ''))
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.by]).at(-1)).toEqual([
      'paid',
      'refunded',
      ADMIN.email,
    ])

    const [mail, ...more] = await mails(t, 'order_refund')
    expect(more).toEqual([])
    expect(mail).toMatchObject({
      toAddress: 'joe@diner.example',
      purchaseId: sessionId,
      subject: `Your Townflyer refund (reference ${sessionId.split('_').pop()})`,
    })
    expect(mail?.textBody).toContain(`We have refunded ${formatPrice(total / 100)} of your order`)
    expect(mail?.textBody).toContain('Reason: The shop closed for the season')
    expect(mail?.textBody).toContain('Map icon: Map Icon')
    for (const line of lines) expect(mail?.textBody).toContain(`(order ${line.id})`)
    // No card was charged in TEST MODE: no statement note.
    expect(mail?.textBody).not.toContain('statement')

    // The same request again: the lines are no longer paid, nothing more happens.
    const again = await refund({ orderIds: lines.map((o) => o.id), reason: 'again' })
    expect(again.status).toBe(409)
    expect((await again.json()).error.message).toMatch(/^Only paid lines can be refunded: .* is refunded/)
    expect(await refundRows(t)).toHaveLength(1)
    expect(await mails(t, 'order_refund')).toHaveLength(1)
  })

  it('refunds one line without e-mailing the buyer; the other line stays paid and is refundable later', async () => {
    const days = await seededDays(t, 2)
    const { lines } = await paidCart(days.map((d) => d.id))
    const [first, second] = lines as [(typeof lines)[0], (typeof lines)[0]]
    const one = await refund({
      orderIds: [first.id],
      amountCents: first.amountCents,
      reason: 'Booked twice',
      emailBuyer: false,
    })
    expect(one.status).toBe(201)
    expect(await one.json()).toMatchObject({ status: 'succeeded', amountCents: first.amountCents })
    expect((await ordersOfSession(t, first.paymentSessionId ?? '')).map((o) => [o.id, o.status])).toEqual([
      [first.id, 'refunded'],
      [second.id, 'paid'],
    ])
    expect(await dayById(t, second.dayId ?? '')).toMatchObject({ status: 'reserved' })
    expect(await mails(t, 'order_refund')).toEqual([])
    expect((await refund({ orderIds: [second.id], reason: 'Closed' })).status).toBe(201)
    expect(await mails(t, 'order_refund')).toHaveLength(1)
  })

  it('refuses unpaid lines, lines of two checkouts, refunded lines, a wrong amount and a missing reason, changing nothing', async () => {
    const days = await seededDays(t, 4)
    const paidA = await paidCart([days[0]?.id as string])
    const paidB = await paidCart([days[1]?.id as string])
    const pending = await ordersOfSession(t, await startCart(t, [days[2]?.id as string]))
    const a = paidA.lines[0]?.id as string
    const b = paidB.lines[0]?.id as string
    const before = await snapshot(t)

    const cases: [unknown, number, string | RegExp][] = [
      [
        { orderIds: [pending[0]?.id], reason: 'x' },
        409,
        /^Only paid lines can be refunded: ORD-\d+ is pending\.$/,
      ],
      [
        { orderIds: [a, b], reason: 'x' },
        409,
        'These lines belong to different checkouts. Refund each checkout on its own.',
      ],
      [
        { orderIds: [a], amountCents: 1, reason: 'x' },
        422,
        'The amount must be the total of the selected lines.',
      ],
      [{ orderIds: [a], reason: '   ' }, 422, 'Some fields are missing or invalid.'],
      [{ orderIds: [a], reason: 'x'.repeat(501) }, 422, 'Some fields are missing or invalid.'],
      [{ orderIds: [], reason: 'x' }, 422, 'Some fields are missing or invalid.'],
      [{ orderIds: ['ORD-00000'], reason: 'x' }, 404, 'Order not found.'],
    ]
    for (const [json, status, message] of cases) {
      const response = await refund(json)
      const answer = await response.json()
      expect(response.status, JSON.stringify(json)).toBe(status)
      if (typeof message === 'string') expect(answer.error.message).toBe(message)
      else expect(answer.error.message).toMatch(message)
    }
    const wrongAmount = await (await refund({ orderIds: [a], amountCents: 1, reason: 'x' })).json()
    expect(wrongAmount.error.fields.amountCents[0]).toMatch(/^Refund \$\d+, the total of the selected lines/)
    const noReason = await (await refund({ orderIds: [a] })).json()
    expect(noReason.error.fields.reason).toEqual(['Please give a reason for the refund.'])
    expect(await snapshot(t)).toEqual(before)
    expect(await refundRows(t)).toEqual([])

    // Already refunded.
    expect((await refund({ orderIds: [a], reason: 'x' })).status).toBe(201)
    const twice = await refund({ orderIds: [a], reason: 'x' })
    expect(twice.status).toBe(409)
    expect(await refundRows(t)).toHaveLength(1)
  })

  it("the status select answers 409 'Use Refund to refund a paid order.' and moves no money", async () => {
    const spy = vi.spyOn(t.deps.payments, 'refund')
    const [day] = await seededDays(t, 1)
    const { lines } = await paidCart([day?.id as string])
    const id = lines[0]?.id as string
    const single = await t.request(`/api/admin/orders/${id}`, {
      method: 'PATCH',
      json: { status: 'refunded' },
      cookie: admin,
    })
    expect(single.status).toBe(409)
    expect((await single.json()).error.message).toBe('Use Refund to refund a paid order.')
    const bulk = await t.request('/api/admin/orders/bulk-status', {
      method: 'POST',
      json: { ids: [id], status: 'refunded' },
      cookie: admin,
    })
    expect(bulk.status).toBe(409)
    expect(spy).not.toHaveBeenCalled()
    expect((await ordersOfSession(t, lines[0]?.paymentSessionId ?? ''))[0]?.status).toBe('paid')
    expect(await dayById(t, day?.id as string)).toMatchObject({ status: 'reserved' })
    spy.mockRestore()
  })

  it('a manual order (paid outside the site) is refunded at once without calling the provider', async () => {
    const spy = vi.spyOn(t.deps.payments, 'refund')
    const [day] = await seededDays(t, 1)
    // As a manual order is stored (its own checkout; no payment reference).
    const id = 'ORD-55501'
    await t.db
      .insert(orders)
      .values({ id, ...buyer, amountCents: 12000, status: 'paid', source: 'manual', dayId: day?.id })
    await t.db
      .update(calendarDays)
      .set({ status: 'reserved', businessName: buyer.businessName })
      .where(eq(calendarDays.id, day?.id as string))
    const response = await refund({ orderIds: [id], reason: 'Deal fell through' })
    expect(response.status).toBe(201)
    expect(await response.json()).toMatchObject({ provider: 'manual', status: 'succeeded', checkoutKey: id })
    expect(spy).not.toHaveBeenCalled()
    expect(await dayById(t, day?.id as string)).toMatchObject({ status: 'available', businessName: null })
    expect(await mails(t, 'order_refund')).toHaveLength(1)
    spy.mockRestore()
  })

  it('two identical requests at once refund once', async () => {
    const [day] = await seededDays(t, 1)
    const { lines } = await paidCart([day?.id as string])
    const json = { orderIds: [lines[0]?.id], reason: 'Double click' }
    const answers = await Promise.all([refund(json), refund(json)])
    const statuses = answers.map((r) => r.status).sort()
    // The second either finds the lines refunded (409) or repeats the first refund with its key (201).
    expect([
      [201, 201],
      [201, 409],
    ]).toContainEqual(statuses)
    expect(await refundRows(t)).toHaveLength(1)
    expect(await mails(t, 'order_refund')).toHaveLength(1)
  })

  it('is for administrators only (401 / 403)', async () => {
    const [day] = await seededDays(t, 1)
    const { lines } = await paidCart([day?.id as string])
    const json = { orderIds: [lines[0]?.id], reason: 'x' }
    const anonymous = await t.request('/api/admin/refunds', { method: 'POST', json })
    expect(anonymous.status).toBe(401)
    expect((await refund(json, member)).status).toBe(403)
    expect(await refundRows(t)).toEqual([])
  })
})

// ---------------------------------------------------------------- Stripe

const WEBHOOK_SECRET = 'whsec_refund_tests'

type StandInRequest = {
  method: string
  path: string
  body: URLSearchParams
  idempotencyKey: string | undefined
}

/**
 * A small stand-in for api.stripe.com: Checkout Sessions (to get paid orders) and Refunds. A refund answers
 * `refundMode`; like Stripe, a repeated idempotency key replays the first answer instead of a new refund.
 */
async function startStripeStandIn() {
  let counter = 0
  const state = {
    requests: [] as StandInRequest[],
    sessions: new Map<string, Record<string, unknown>>(),
    refunds: new Map<string, Record<string, unknown>>(),
    refundMode: 'pending' as 'pending' | 'succeeded' | 'refuse' | 'outage',
  }
  const server = http.createServer((req, res) => {
    let raw = ''
    req.on('data', (chunk) => {
      raw += chunk
    })
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0] ?? ''
      const body = new URLSearchParams(raw)
      const key = req.headers['idempotency-key']
      const idempotencyKey = Array.isArray(key) ? key[0] : key
      state.requests.push({ method: req.method ?? '', path, body, idempotencyKey })
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' })
        res.end(JSON.stringify(json))
      }
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        const id = `cs_test_${++counter}_REF${counter}`
        const session = {
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/c/pay/${id}`,
          status: 'open',
          payment_status: 'unpaid',
          payment_intent: null,
          metadata: {
            orderIds: body.get('metadata[orderIds]'),
            sessionRef: body.get('metadata[sessionRef]'),
          },
        }
        state.sessions.set(id, session)
        return send(200, session)
      }
      if (req.method === 'POST' && path === '/v1/refunds') {
        const replay = idempotencyKey ? state.refunds.get(idempotencyKey) : undefined
        if (replay) return send(200, replay)
        if (state.refundMode === 'outage')
          return send(500, { error: { type: 'api_error', message: 'stand-in outage' } })
        if (state.refundMode === 'refuse')
          return send(400, {
            error: {
              type: 'invalid_request_error',
              code: 'charge_disputed',
              message: 'This charge has been disputed and cannot be refunded.',
            },
          })
        const refund = {
          id: `re_${++counter}`,
          object: 'refund',
          amount: Number(body.get('amount')),
          payment_intent: body.get('payment_intent'),
          status: state.refundMode,
          metadata: {
            refundId: body.get('metadata[refundId]'),
            checkoutKey: body.get('metadata[checkoutKey]'),
            orderIds: body.get('metadata[orderIds]'),
          },
        }
        if (idempotencyKey) state.refunds.set(idempotencyKey, refund)
        return send(200, refund)
      }
      send(404, { error: { type: 'invalid_request_error', message: `unknown ${req.method} ${path}` } })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  })
}

describe('refunds through Stripe', () => {
  let stand: Awaited<ReturnType<typeof startStripeStandIn>>
  let t: TestApp
  let admin: string
  let eventCounter = 0
  const refund = (json: unknown) => refundsApi(t, () => admin)(json)
  const refundCalls = () => stand.requests.filter((r) => r.path === '/v1/refunds')

  beforeAll(async () => {
    stand = await startStripeStandIn()
    t = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_refunds',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: stand.url,
        PUBLIC_URL: 'https://town.example',
        SITE_CONTACT_EMAIL: 'office@town.example',
      },
    })
    await t.createAdmin()
    admin = await t.signIn(ADMIN)
  })
  afterAll(async () => {
    await t.close()
    await stand.close()
  })
  beforeEach(async () => {
    await cleanUp(t)
    stand.requests.length = 0
    stand.refunds.clear()
    stand.refundMode = 'pending'
  })

  function deliver(type: string, object: Record<string, unknown>, id = `evt_refund_${++eventCounter}`) {
    const payload = JSON.stringify({
      id,
      object: 'event',
      type,
      api_version: '2025-01-01',
      created: 1,
      data: { object },
    })
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET })
    return t.app.request('http://localhost:3000/api/webhooks/stripe', {
      method: 'POST',
      headers: { 'stripe-signature': signature, 'content-type': 'application/json' },
      body: payload,
    })
  }

  /** A cart paid through Stripe Checkout (a signed checkout.session.completed). */
  async function paidCart(dayIds: string[], paymentIntent: string) {
    const sessionId = await startCart(t, dayIds)
    const session = stand.sessions.get(sessionId) as Record<string, unknown>
    const paid = await deliver('checkout.session.completed', {
      ...session,
      status: 'complete',
      payment_status: 'paid',
      payment_intent: paymentIntent,
    })
    expect(paid.status).toBe(200)
    const lines = await ordersOfSession(t, sessionId)
    expect(lines.map((o) => o.status)).toEqual(dayIds.map(() => 'paid'))
    await t.db.delete(outbox)
    return { sessionId, lines }
  }

  const statusesOf = async (sessionId: string) => (await ordersOfSession(t, sessionId)).map((o) => o.status)

  it('asks Stripe with the idempotency key; the lines stay paid until a signed refund.updated says succeeded, applied once', async () => {
    const days = await seededDays(t, 2)
    const { sessionId, lines } = await paidCart(
      days.map((d) => d.id),
      'pi_whole',
    )
    const total = lines.reduce((sum, o) => sum + o.amountCents, 0)
    const response = await refund({ orderIds: lines.map((o) => o.id), reason: 'Event cancelled' })
    expect(response.status).toBe(201)
    const body = await response.json()
    expect(body).toMatchObject({ provider: 'stripe', status: 'requested', amountCents: total })

    const [call, ...others] = refundCalls()
    expect(others).toEqual([])
    expect(call?.idempotencyKey).toBe(`admin-refund:${body.id}`)
    expect(call?.body.get('payment_intent')).toBe('pi_whole')
    expect(call?.body.get('amount')).toBe(String(total))
    expect(call?.body.get('metadata[refundId]')).toBe(body.id)
    const [row] = await refundRows(t)
    expect(row).toMatchObject({ status: 'requested', providerRefundId: expect.stringMatching(/^re_/) })
    const stripeRefund = stand.refunds.get(`admin-refund:${body.id}`) as Record<string, unknown>

    // Not yet confirmed: still paid, days still sold, no e-mail; a second request is refused.
    expect(await statusesOf(sessionId)).toEqual(['paid', 'paid'])
    expect(await dayById(t, days[0]?.id as string)).toMatchObject({ status: 'reserved' })
    expect(await mails(t, 'order_refund')).toEqual([])
    const again = await refund({ orderIds: [lines[0]?.id], reason: 'again' })
    expect(again.status).toBe(409)
    expect((await again.json()).error.message).toContain('already being refunded')
    // A full charge.refunded arriving first does not jump ahead of the refund's confirmation.
    await deliver('charge.refunded', {
      id: 'ch_w',
      object: 'charge',
      refunded: true,
      payment_intent: 'pi_whole',
    })
    expect(await statusesOf(sessionId)).toEqual(['paid', 'paid'])
    // refund.created (pending) changes nothing either.
    await deliver('refund.created', stripeRefund)
    expect(await statusesOf(sessionId)).toEqual(['paid', 'paid'])

    const succeeded = { ...stripeRefund, status: 'succeeded' }
    const confirmed = await deliver('refund.updated', succeeded, 'evt_refund_confirmed')
    expect(await confirmed.json()).toEqual({ received: true, duplicate: false })
    expect(await statusesOf(sessionId)).toEqual(['refunded', 'refunded'])
    for (const day of days) expect(await publicDayStatus(t, day.id)).toBe('available')
    expect((await refundRows(t))[0]).toMatchObject({ status: 'succeeded', completedAt: expect.any(Date) })
    const [mail] = await mails(t, 'order_refund')
    expect(mail?.purchaseId).toBe(sessionId)
    expect(mail?.textBody).toContain('It can take 5–10 days to appear on your statement.')

    // The same event again, and another event saying the same: applied once.
    expect(await (await deliver('refund.updated', succeeded, 'evt_refund_confirmed')).json()).toEqual({
      received: true,
      duplicate: true,
    })
    expect((await deliver('charge.refund.updated', succeeded)).status).toBe(200)
    expect(await mails(t, 'order_refund')).toHaveLength(1)
    expect(refundCalls()).toHaveLength(1)
  })

  it('one line of a cart: Stripe refunds that line’s amount; a refund Stripe confirms at once is done at once', async () => {
    stand.refundMode = 'succeeded'
    const days = await seededDays(t, 2)
    const { sessionId, lines } = await paidCart(
      days.map((d) => d.id),
      'pi_line',
    )
    const line = lines[1] as (typeof lines)[0]
    const response = await refund({ orderIds: [line.id], reason: 'Wrong day' })
    expect(response.status).toBe(201)
    const body = await response.json()
    expect(body).toMatchObject({ status: 'succeeded', amountCents: line.amountCents })
    expect(refundCalls()[0]?.body.get('amount')).toBe(String(line.amountCents))
    expect(await statusesOf(sessionId)).toEqual(['paid', 'refunded'])
    expect(await mails(t, 'order_refund')).toHaveLength(1)
    // Its refund.created event arrives afterwards: nothing more.
    await deliver('refund.created', stand.refunds.get(`admin-refund:${body.id}`) as Record<string, unknown>)
    expect(await mails(t, 'order_refund')).toHaveLength(1)
  })

  it('a refusal by Stripe answers 502, marks the record failed and leaves the lines paid', async () => {
    stand.refundMode = 'refuse'
    const [day] = await seededDays(t, 1)
    const { sessionId, lines } = await paidCart([day?.id as string], 'pi_disputed')
    const response = await refund({ orderIds: [lines[0]?.id], reason: 'Asked for it' })
    expect(response.status).toBe(502)
    expect((await response.json()).error).toEqual({
      code: 'bad_gateway',
      message:
        'The payment provider refused the refund: This charge has been disputed and cannot be refunded. Nothing was refunded and the lines stay paid.',
    })
    expect(await refundRows(t)).toMatchObject([
      { status: 'failed', lastError: 'This charge has been disputed and cannot be refunded.' },
    ])
    expect(await statusesOf(sessionId)).toEqual(['paid'])
    expect(await dayById(t, day?.id as string)).toMatchObject({ status: 'reserved' })
    expect(await mails(t, 'order_refund')).toEqual([])
    // A failed refund does not block a new one (with a new key).
    stand.refundMode = 'succeeded'
    const retry = await refund({ orderIds: [lines[0]?.id], reason: 'Asked for it' })
    expect(retry.status).toBe(201)
    const keys = refundCalls().map((r) => r.idempotencyKey)
    expect(new Set(keys).size).toBe(2)
  })

  it('no answer from Stripe keeps the refund requested; the same request again repeats it with the same key', async () => {
    stand.refundMode = 'outage'
    const [day] = await seededDays(t, 1)
    const { sessionId, lines } = await paidCart([day?.id as string], 'pi_outage')
    const json = { orderIds: [lines[0]?.id], reason: 'Closed' }
    const first = await refund(json)
    expect(first.status).toBe(503)
    expect((await first.json()).error.message).toMatch(/^The payment provider did not answer/)
    expect(await refundRows(t)).toMatchObject([{ status: 'requested', lastError: expect.any(String) }])
    expect(await statusesOf(sessionId)).toEqual(['paid'])

    stand.refundMode = 'succeeded'
    const second = await refund(json)
    expect(second.status).toBe(201)
    expect(await second.json()).toMatchObject({ status: 'succeeded' })
    const rows = await refundRows(t)
    expect(rows).toHaveLength(1)
    expect(new Set(refundCalls().map((r) => r.idempotencyKey))).toEqual(new Set([rows[0]?.idempotencyKey]))
    expect(stand.refunds.size).toBe(1)
    expect(await statusesOf(sessionId)).toEqual(['refunded'])
  })

  it('a refund Stripe later reports failed: record failed with the reason, lines paid, the administrator e-mailed', async () => {
    const [day] = await seededDays(t, 1)
    const { sessionId, lines } = await paidCart([day?.id as string], 'pi_fails')
    const body = await (await refund({ orderIds: [lines[0]?.id], reason: 'Closed' })).json()
    const stripeRefund = stand.refunds.get(`admin-refund:${body.id}`) as Record<string, unknown>
    await deliver('refund.failed', {
      ...stripeRefund,
      status: 'failed',
      failure_reason: 'expired_or_canceled_card',
    })
    expect(await refundRows(t)).toMatchObject([
      { status: 'failed', lastError: expect.stringContaining('expired_or_canceled_card') },
    ])
    expect(await statusesOf(sessionId)).toEqual(['paid'])
    expect(await dayById(t, day?.id as string)).toMatchObject({ status: 'reserved' })
    expect(await mails(t, 'order_refund')).toEqual([])
    const [alert] = await mails(t, 'admin_refund_failed')
    expect(alert).toMatchObject({ toAddress: 'office@town.example', purchaseId: sessionId })
    expect(alert?.textBody).toContain('The orders stay paid and nothing was refunded.')
    // A late "succeeded" for a failed refund changes nothing; the lines can be refunded anew.
    await deliver('refund.updated', { ...stripeRefund, status: 'succeeded' })
    expect(await statusesOf(sessionId)).toEqual(['paid'])
    expect((await refund({ orderIds: [lines[0]?.id], reason: 'Closed' })).status).toBe(201)
  })
})
