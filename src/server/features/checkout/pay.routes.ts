import { type Context, Hono } from 'hono'
import type { AppDeps, AppEnv } from '#server/http/app-env.ts'
import { sameOriginOnly } from '#server/http/security.ts'
import { newLocalPaymentRef } from '#server/lib/payments/local-provider.ts'
import { DEFAULT_RETURN_PATH } from '#shared/checkout.ts'
import { checkoutContext } from './checkout-context.ts'
import {
  renderClosedSession,
  renderOpenSession,
  renderPaidSession,
  renderUnknownSession,
} from './pay-page.ts'
import { cancelCheckoutSession, confirmCheckoutPayment } from './payment-confirmation.service.ts'
import { listSessionOrders, type SessionOrder } from './session-order-list.service.ts'

type PaySessionState = 'open' | 'paid' | 'closed' | 'unknown'

/** Only sessions of the local provider, and only while it is the configured one, can be paid here. */
function stateOf(orders: SessionOrder[], providerName: string): PaySessionState {
  if (providerName !== 'local' || orders.length === 0 || orders.some((o) => o.paymentProvider !== 'local'))
    return 'unknown'
  if (orders.some((o) => o.status === 'pending')) return 'open'
  if (orders.every((o) => o.status === 'paid')) return 'paid'
  return 'closed'
}

/** A session id as the local provider makes them: printable ASCII; anything else names no session. */
const sessionIdOf = (c: Context<AppEnv>) => {
  const id = c.req.param('sessionId') ?? ''
  return /^[\x21-\x7e]{1,255}$/.test(id) ? id : ''
}

/**
 * The local test checkout (the embedded payment provider's "hosted page"): GET shows the items, Pay runs
 * the same payment confirmation a webhook does, Cancel releases the holds and returns to the page the checkout
 * started from. Forms post same-origin only.
 */
export function payRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>()
  const productName = deps.config.site.productName
  app.use('/pay/*', sameOriginOnly(deps.config.publicUrl))
  app.use('/pay/*', async (c, next) => {
    await next()
    c.header('Cache-Control', 'no-store')
  })

  app.get('/pay/:sessionId', async (c) => {
    const sessionId = sessionIdOf(c)
    const orders = sessionId ? await listSessionOrders(deps.database.db, sessionId) : []
    switch (stateOf(orders, deps.payments.name)) {
      case 'open': {
        const pending = orders.filter((o) => o.status === 'pending')
        return c.html(
          renderOpenSession(sessionId, pending, productName, {
            minutes: deps.config.payments.holdMinutes,
            timeZone: deps.config.timeZone,
            now: new Date(),
          }),
        )
      }
      case 'paid':
        return c.html(renderPaidSession(sessionId, productName))
      case 'closed':
        return c.html(renderClosedSession(productName), 410)
      default:
        return c.html(renderUnknownSession(productName), 404)
    }
  })

  app.post('/pay/:sessionId/complete', async (c) => {
    const sessionId = sessionIdOf(c)
    const orders = sessionId ? await listSessionOrders(deps.database.db, sessionId) : []
    const state = stateOf(orders, deps.payments.name)
    if (state === 'unknown') return c.html(renderUnknownSession(productName), 404)
    if (state === 'closed') return c.html(renderClosedSession(productName), 410)
    if (state === 'open')
      await confirmCheckoutPayment(checkoutContext(deps, c.var.log), sessionId, newLocalPaymentRef())
    return c.redirect(`/thank-you?session_id=${encodeURIComponent(sessionId)}`, 303)
  })

  app.post('/pay/:sessionId/cancel', async (c) => {
    const sessionId = sessionIdOf(c)
    const orders = sessionId ? await listSessionOrders(deps.database.db, sessionId) : []
    if (stateOf(orders, deps.payments.name) === 'unknown')
      return c.html(renderUnknownSession(productName), 404)
    await cancelCheckoutSession(checkoutContext(deps, c.var.log), sessionId)
    // Back to the page the checkout started from (cart, day, icon or special purchase).
    const returnPath = orders.find((o) => o.returnPath)?.returnPath ?? DEFAULT_RETURN_PATH
    return c.redirect(returnPath, 303)
  })

  return app
}
