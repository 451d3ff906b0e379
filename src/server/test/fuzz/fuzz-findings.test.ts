/** The 5xx (and the open redirect) the API fuzz test found, pinned as plain examples. */
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, createTestApp, type TestApp } from '../test-app.ts'

const WEBHOOK_SECRET = 'whsec_findings'
let t: TestApp
let stripeT: TestApp
let admin: string

beforeAll(async () => {
  t = await createTestApp()
  stripeT = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_findings',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: 'http://127.0.0.1:9',
    },
  })
  await t.createAdmin()
  admin = await t.signIn(ADMIN)
})
afterAll(async () => {
  await t.close()
  await stripeT.close()
})

describe('fuzz findings', () => {
  it('a max price filter above any price lists days instead of overflowing the integer column', async () => {
    const response = await t.request('/api/admin/calendar-days?maxPrice=999999999.99', { cookie: admin })
    expect(response.status).toBe(200)
  })

  it('refuses month keys of year 0000 with a 422, not a failed query', async () => {
    const public_ = await t.request('/api/calendar-days?month=0000-07')
    expect(public_.status).toBe(422)
    const orders = await t.request('/api/admin/checkouts?mailingMonth=0000-11', { cookie: admin })
    expect(orders.status).toBe(422)
    // Year 0001 is a real (if unlikely) PostgreSQL date: a valid month with no days.
    const first = await t.request('/api/calendar-days?month=0001-01')
    expect(first.status).toBe(200)
  })

  it('refuses year 0000 (a JavaScript date, not a PostgreSQL one) in admin date ranges with a 422', async () => {
    for (const path of ['/api/admin/calendar-days/initialize']) {
      const response = await t.request(path, {
        method: 'POST',
        cookie: admin,
        json: { startDate: '0000-04-05', endDate: '0000-04-24', price: 100 },
      })
      expect(response.status).toBe(422)
      expect((await response.json()).error.fields).toHaveProperty('startDate')
    }
  })

  it('refuses NUL characters and unpaired surrogates in JSON bodies and queries with a 422 naming the field', async () => {
    const nul = await t.request('/api/inquiries', {
      method: 'POST',
      json: { type: 'waitlist', email: 'a@example.com', name: 'A\u0000B' },
    })
    expect(nul.status).toBe(422)
    expect((await nul.json()).error.fields).toHaveProperty('name')
    const surrogate = await t.request('/api/inquiries', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"type":"waitlist","email":"a@example.com","name":"A","businessName":"\\ud800"}',
    })
    expect(surrogate.status).toBe(422)
    expect((await surrogate.json()).error.fields).toHaveProperty('businessName')
    const query = await t.request('/api/admin/checkouts?businessName=%00', { cookie: admin })
    expect(query.status).toBe(422)
    // Paired surrogates (emoji) are ordinary text.
    const emoji = await t.request('/api/inquiries', {
      method: 'POST',
      json: { type: 'waitlist', email: 'b@example.com', name: 'Café 🏙️' },
    })
    expect(emoji.status).toBe(201)
  })

  it('answers 404 for a test checkout session id with a NUL character', async () => {
    expect((await t.request('/pay/%00')).status).toBe(404)
    expect((await t.request('/pay/%00/complete', { method: 'POST' })).status).toBe(404)
  })

  it('refuses callback URLs to other sites at the auth endpoints (was an open redirect, or a 500)', async () => {
    for (const target of ['https://evil.example', '//evil.example', '/\\evil.example', '/\t/evil.example']) {
      const response = await t.request(
        `/api/auth/verify-email?token=abc&callbackURL=${encodeURIComponent(target)}`,
      )
      // verify-email is now disabled altogether (not used by the product): a JSON 404, never a redirect.
      expect(response.status, target).toBe(404)
      expect(response.headers.get('location')).toBeNull()
    }
    const body = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: ADMIN.email, password: ADMIN.password, callbackURL: 'https://evil.example' },
    })
    expect(body.status).toBe(400)
  })

  it('answers 400 to a signed Stripe event of the wrong shape instead of failing in the handler', async () => {
    const send = (event: unknown) => {
      const payload = JSON.stringify(event)
      return stripeT.request('/api/webhooks/stripe', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
        },
        body: payload,
      })
    }
    const session = { id: 'cs_test_1', object: 'checkout.session' }
    for (const event of [
      { id: 'evt_1', type: 'checkout.session.completed' },
      { id: 'evt_2', type: 'checkout.session.completed', data: null },
      {
        id: 'evt_3',
        type: 'checkout.session.expired',
        data: { object: { ...session, metadata: { sessionRef: [1] } } },
      },
      { id: 'evt_\u0000', type: 'checkout.session.expired', data: { object: session } },
      { id: 7, type: 'checkout.session.expired', data: { object: session } },
    ]) {
      expect((await send(event)).status, JSON.stringify(event)).toBe(400)
    }
    const fine = await send({ id: 'evt_ok', type: 'checkout.session.expired', data: { object: session } })
    expect(fine.status).toBe(200)
  })
})
