import { Hono } from 'hono'
import type Stripe from 'stripe'
import { z } from 'zod'
import type { AppDeps, AppEnv } from '#server/http/app-env.ts'
import { AppError } from '#server/lib/errors.ts'
import { checkoutContext } from './checkout-context.ts'
import { handleStripeEvent, type RefundEventHandlers } from './stripe-events.service.ts'

/** Stripe's default: a signature older than five minutes is refused (replay protection). */
const WEBHOOK_TOLERANCE_SECONDS = 300

/** The fields handleStripeEvent reads, with their types (other fields pass through unchecked). */
const stripeEventShape = z.object({
  id: z.string().min(1),
  type: z.string(),
  data: z.object({
    object: z.looseObject({
      id: z.string().min(1),
      metadata: z.looseObject({ sessionRef: z.string().nullish() }).nullish(),
      payment_intent: z.union([z.string(), z.looseObject({ id: z.string() })]).nullish(),
    }),
  }),
})

/**
 * POST /api/webhooks/stripe: the signature is checked on the raw body with STRIPE_WEBHOOK_SECRET before
 * anything is parsed or trusted; the event is then applied once (see handleStripeEvent). Refund events go
 * to the refunds feature's handlers, which app.ts passes in.
 */
export function stripeWebhookRoutes(deps: AppDeps, refunds: RefundEventHandlers) {
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
      // Loaded on the first webhook only: a server without Stripe never loads its SDK.
      const { default: StripeSdk } = await import('stripe')
      event = await StripeSdk.webhooks.constructEventAsync(
        payload,
        signature,
        stripe.webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
      )
    } catch (error) {
      c.var.log.warn({ err: error instanceof Error ? error.message : error }, 'Stripe webhook refused')
      throw new AppError('bad_request', 'The webhook signature is missing, invalid or too old.')
    }
    // Signed, yet checked: a malformed event must answer 400, not fail in the handler (a 500).
    // PostgreSQL text cannot hold U+0000 (JSON can only carry it escaped).
    if (!stripeEventShape.safeParse(event).success || payload.toLowerCase().includes('\\u0000'))
      throw new AppError('bad_request', 'The webhook event is malformed.')
    const result = await handleStripeEvent(checkoutContext(deps, c.var.log), event, refunds)
    c.var.log.info({ eventId: event.id, type: event.type, ...result }, 'Stripe event')
    return c.json({ received: true, duplicate: result.duplicate })
  })
  return app
}
