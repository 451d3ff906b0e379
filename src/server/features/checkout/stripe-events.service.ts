import type Stripe from 'stripe'
import type { Db } from '#server/db/client.ts'
import { paymentEvents } from '#server/db/schema.ts'
import type { ProviderRefundEvent } from '#server/lib/payments/payment-provider.ts'
import type { CheckoutContext } from './checkout-context.ts'
import {
  afterPayment,
  applyPayment,
  holdUntilPaymentSettles,
  linkSessionReference,
  type PaymentOutcome,
  refundPaidOrders,
  releaseSessionHolds,
} from './payment-confirmation.service.ts'

type StripeEventResult = { duplicate: boolean; handled: string }

/**
 * What the webhook hands to the refunds feature, inside the event's transaction. app.ts passes them in:
 * a feature does not import a sibling feature, the app composes them.
 */
export type RefundEventHandlers = {
  /** The paid lines of a payment that an administrator's requested refund is waiting for. */
  ordersAwaitingRefund: (tx: Db, paymentRef: string) => Promise<string[]>
  /** A refund confirmed, failed or still pending at the provider; answers what was done, for the log. */
  applyProviderRefundEvent: (tx: Db, ctx: CheckoutContext, refund: ProviderRefundEvent) => Promise<string>
}

/**
 * One verified Stripe event. Its id is recorded in the same transaction as its effect, so a redelivered
 * event is a no-op and an event whose handling failed (rolled back) is handled when Stripe retries.
 */
export async function handleStripeEvent(
  ctx: CheckoutContext,
  event: Stripe.Event,
  refunds: RefundEventHandlers,
): Promise<StripeEventResult> {
  const now = ctx.now()
  // With Stripe's SDK behind it: loaded by the first event (before the transaction), never without Stripe.
  const { toSessionState } = await import('#server/lib/payments/stripe-provider.ts')
  let payment: { sessionId: string; outcome: PaymentOutcome } | undefined
  const result = await ctx.db.transaction(async (tx): Promise<StripeEventResult> => {
    const object = event.data.object as { id?: string; object?: string }
    const sessionId = object.object === 'checkout.session' ? object.id : undefined
    const recorded = await tx
      .insert(paymentEvents)
      .values({ id: event.id, provider: 'stripe', type: event.type, sessionId })
      .onConflictDoNothing({ target: paymentEvents.id })
      .returning({ id: paymentEvents.id })
    if (recorded.length === 0) return { duplicate: true, handled: 'duplicate' }

    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const session = event.data.object
        await linkSessionReference(tx, session.metadata?.sessionRef, session.id)
        const state = toSessionState(session)
        if (!state.isPaid) {
          await holdUntilPaymentSettles(tx, session.id, now)
          return { duplicate: false, handled: 'awaiting_payment' }
        }
        const outcome = await applyPayment(tx, ctx, session.id, state.paymentRef ?? '')
        payment = { sessionId: session.id, outcome }
        return { duplicate: false, handled: outcome.outcome }
      }
      case 'checkout.session.async_payment_failed':
      case 'checkout.session.expired': {
        const session = event.data.object
        await linkSessionReference(tx, session.metadata?.sessionRef, session.id)
        const released = await releaseSessionHolds(tx, session.id, now)
        return { duplicate: false, handled: `released_${released}` }
      }
      case 'charge.refunded': {
        const charge = event.data.object
        const paymentIntent =
          typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id
        // A partial refund leaves the order paid; only a full refund changes its status.
        if (!charge.refunded || !paymentIntent) return { duplicate: false, handled: 'partial_refund_ignored' }
        // Lines an administrator's refund is waiting for become refunded when that refund is confirmed
        // (refund.updated), not before: it may still fail.
        const awaiting = await refunds.ordersAwaitingRefund(tx, paymentIntent)
        const refunded = await refundPaidOrders(tx, paymentIntent, now, awaiting)
        return { duplicate: false, handled: `refunded_${refunded}` }
      }
      // An administrator's refund (POST /api/admin/refunds) confirmed or failed by Stripe.
      case 'refund.created':
      case 'refund.updated':
      case 'refund.failed':
      case 'charge.refund.updated': {
        const handled = await refunds.applyProviderRefundEvent(
          tx,
          ctx,
          event.data.object as ProviderRefundEvent,
        )
        return { duplicate: false, handled }
      }
      default:
        return { duplicate: false, handled: 'ignored' }
    }
  })
  if (payment) await afterPayment(ctx, payment.sessionId, payment.outcome)
  return result
}
