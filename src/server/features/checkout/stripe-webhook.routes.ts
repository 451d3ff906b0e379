import { Hono } from 'hono'
import Stripe from 'stripe'
import type { AppDeps, AppEnv } from '../../http/app-env.ts'
import { AppError } from '../../lib/errors.ts'
import { checkoutContext } from './checkout-context.ts'
import { handleStripeEvent } from './stripe-events.service.ts'

/** Stripe's default: a signature older than five minutes is refused (replay protection). */
export const WEBHOOK_TOLERANCE_SECONDS = 300

/**
 * POST /api/webhooks/stripe: the signature is checked on the raw body with STRIPE_WEBHOOK_SECRET before
 * anything is parsed or trusted; the event is then applied once (see handleStripeEvent).
 */
export function stripeWebhookRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>()
  app.post('/webhooks/stripe', async (c) => {
    const stripe = deps.config.payments.stripe
    if (!stripe || deps.payments.name !== 'stripe')
      throw new AppError('not_found', 'Stripe payments are not configured on this server.')
    const signature = c.req.header('stripe-signature')
    const payload = await c.req.text()
    let event: Stripe.Event
    try {
      if (!signature) throw new Error('missing Stripe-Signature header')
      event = await Stripe.webhooks.constructEventAsync(
        payload,
        signature,
        stripe.webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
      )
    } catch (error) {
      c.var.log.warn({ err: error instanceof Error ? error.message : error }, 'Stripe webhook refused')
      throw new AppError('bad_request', 'The webhook signature is missing, invalid or too old.')
    }
    const result = await handleStripeEvent(checkoutContext(deps, c.var.log), event)
    c.var.log.info({ eventId: event.id, type: event.type, ...result }, 'Stripe event')
    return c.json({ received: true, duplicate: result.duplicate })
  })
  return app
}
