import http from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'

export const STRIPE_WEBHOOK_SECRET = 'whsec_test_secret'

/**
 * A small stand-in for api.stripe.com: the calls the adapter makes (create and read a Checkout Session,
 * refund). A create repeated with the same Idempotency-Key and the same body answers the first one's session,
 * as Stripe does; with another body it is refused (idempotency_error).
 */
export type StripeStandIn = {
  url: string
  requests: { method: string; path: string; body: URLSearchParams; idempotencyKey: string | undefined }[]
  sessions: Map<string, Record<string, unknown>>
  failCreates: boolean
  close: () => Promise<void>
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  let counter = 0
  const state = { requests: [] as StripeStandIn['requests'], sessions: new Map(), failCreates: false }
  const created = new Map<string, { raw: string; sessionId: string }>()
  const server = http.createServer((req, res) => {
    let raw = ''
    req.on('data', (chunk) => {
      raw += chunk
    })
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0] ?? ''
      const body = new URLSearchParams(raw)
      const header = req.headers['idempotency-key']
      const key = Array.isArray(header) ? header[0] : header
      state.requests.push({ method: req.method ?? '', path, body, idempotencyKey: key })
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' })
        res.end(JSON.stringify(json))
      }
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        if (state.failCreates) return send(500, { error: { type: 'api_error', message: 'stand-in failure' } })
        const earlier = key ? created.get(key) : undefined
        if (earlier && earlier.raw !== raw)
          return send(400, {
            error: {
              type: 'idempotency_error',
              message: 'Keys for idempotent requests can only be used with the same parameters.',
            },
          })
        if (earlier) return send(200, state.sessions.get(earlier.sessionId))
        const id = `cs_test_${++counter}_ABC${counter}`
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
        if (key) created.set(key, { raw, sessionId: id })
        return send(200, session)
      }
      const match = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/)
      if (req.method === 'GET' && match) {
        const session = state.sessions.get(match[1] ?? '')
        return session
          ? send(200, session)
          : send(404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } })
      }
      if (req.method === 'POST' && path === '/v1/refunds')
        return send(200, {
          id: 're_1',
          object: 'refund',
          payment_intent: body.get('payment_intent'),
          status: 'succeeded',
        })
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

/** The server's environment for Stripe payments through the stand-in. */
export const stripeStandInEnv = (stand: StripeStandIn) => ({
  STRIPE_SECRET_KEY: 'sk_test_123',
  STRIPE_WEBHOOK_SECRET,
  STRIPE_API_BASE: stand.url,
  PUBLIC_URL: 'https://town.example',
  PAYMENT_HOLD_MINUTES: '5',
})

let eventCounter = 0

/** A Stripe event's JSON around `object`. */
export function stripeEvent(type: string, object: Record<string, unknown>, id = `evt_${++eventCounter}`) {
  return JSON.stringify({
    id,
    object: 'event',
    type,
    api_version: '2025-01-01',
    created: 1,
    data: { object },
  })
}

/** The session as Stripe sends it once paid. */
export function paidStripeSession(session: Record<string, unknown>, paymentIntent = 'pi_123') {
  return { ...session, status: 'complete', payment_status: 'paid', payment_intent: paymentIntent }
}

/** POSTs a signed event to an app's webhook, as Stripe does (no Origin header). */
export function deliverStripeEvent(
  app: { request: (url: string, init: RequestInit) => Response | Promise<Response> },
  payload: string,
  options: { secret?: string; timestamp?: number; tamper?: boolean } = {},
) {
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? STRIPE_WEBHOOK_SECRET,
    timestamp: options.timestamp,
  })
  const body = options.tamper ? payload.replace('"paid"', '"PAID"') : payload
  return app.request('http://localhost:3000/api/webhooks/stripe', {
    method: 'POST',
    headers: { 'stripe-signature': signature, 'content-type': 'application/json' },
    body,
  })
}
