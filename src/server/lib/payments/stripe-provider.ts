import Stripe from 'stripe'
import {
  type PaymentProvider,
  PaymentSessionRefusedError,
  type PaymentSessionState,
  RefundRefusedError,
} from './payment-provider.ts'

type StripeProviderOptions = {
  secretKey: string
  /** Test only: a local stand-in for api.stripe.com, e.g. http://127.0.0.1:12111. */
  apiBase?: string
  /** Where Stripe sends the buyer back: `${publicUrl}/thank-you` and `${publicUrl}/cart-checkout`. */
  publicUrl: string
}

function createStripeClient(options: Pick<StripeProviderOptions, 'secretKey' | 'apiBase'>): Stripe {
  const base = options.apiBase ? new URL(options.apiBase) : undefined
  return new Stripe(options.secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  })
}

function paymentIntentId(value: string | Stripe.PaymentIntent | null): string | null {
  if (!value) return null
  return typeof value === 'string' ? value : value.id
}

/** Stripe Checkout Sessions (hosted payment page) with one line item per order. */
export function createStripePaymentProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = createStripeClient(options)

  async function createCheckoutSession(input: Parameters<PaymentProvider['createSession']>[0]) {
    try {
      return await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          customer_email: input.customerEmail,
          line_items: input.lineItems.map((item) => ({
            quantity: 1,
            price_data: {
              currency: 'usd',
              unit_amount: item.amountCents,
              product_data: {
                name: item.name,
                ...(item.description ? { description: item.description } : {}),
              },
            },
          })),
          expires_at: Math.ceil(input.expiresAt.getTime() / 1000),
          metadata: { orderIds: input.orderIds.join(','), sessionRef: input.reference },
          payment_intent_data: {
            metadata: { orderIds: input.orderIds.join(','), sessionRef: input.reference },
          },
          success_url: `${options.publicUrl}/thank-you?session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${options.publicUrl}${input.returnPath ?? '/cart-checkout'}`,
        },
        // A retried create, or a second opener of the same attempt, must not open a second session.
        { idempotencyKey: input.idempotencyKey ?? `checkout-${input.reference}` },
      )
    } catch (error) {
      // Stripe answered no (a key already used with other input included): the same key would be refused again.
      // A 409 is the same key still in flight for another opener: not a refusal, its session is being made.
      if (
        (error instanceof Stripe.errors.StripeInvalidRequestError ||
          error instanceof Stripe.errors.StripeIdempotencyError) &&
        error.statusCode !== 409
      )
        throw new PaymentSessionRefusedError(error.message)
      throw error
    }
  }

  return {
    name: 'stripe',
    async createSession(input) {
      const session = await createCheckoutSession(input)
      if (!session.url) throw new Error('Stripe returned a Checkout Session without a url')
      return { id: session.id, url: session.url }
    },
    async retrieveSession(sessionId): Promise<PaymentSessionState | null> {
      try {
        const session = await stripe.checkout.sessions.retrieve(sessionId)
        return toSessionState(session)
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null
        throw error
      }
    },
    async refund(paymentRef, idempotencyKey, options = {}) {
      try {
        // The job's key: a retry after a crash or a timeout replays the same refund instead of a second one.
        const refund = await stripe.refunds.create(
          {
            payment_intent: paymentRef,
            ...(options.amountCents !== undefined ? { amount: options.amountCents } : {}),
            ...(options.metadata ? { metadata: options.metadata } : {}),
          },
          { idempotencyKey },
        )
        if (refund.status === 'failed' || refund.status === 'canceled')
          throw new RefundRefusedError(
            `Stripe refund ${refund.id} ${refund.status}: ${refund.failure_reason ?? 'no reason given'}`,
          )
        // pending and requires_action: Stripe confirms (or fails) it later with a refund.updated event.
        return { id: refund.id, status: refund.status === 'succeeded' ? 'succeeded' : 'pending' }
      } catch (error) {
        // Stripe forgets idempotency keys after 24 hours; a payment already refunded in full is done.
        if (
          error instanceof Stripe.errors.StripeInvalidRequestError &&
          error.code === 'charge_already_refunded'
        )
          return { id: null, status: 'succeeded' }
        // Stripe answered and refused (nothing was refunded); other errors (no answer, 5xx) leave it unknown.
        if (
          error instanceof Stripe.errors.StripeInvalidRequestError ||
          error instanceof Stripe.errors.StripeCardError ||
          error instanceof Stripe.errors.StripePermissionError ||
          error instanceof Stripe.errors.StripeAuthenticationError
        )
          throw new RefundRefusedError(error.message)
        throw error
      }
    },
  }
}

export function toSessionState(session: Stripe.Checkout.Session): PaymentSessionState {
  return {
    id: session.id,
    status: session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open',
    isPaid: session.payment_status === 'paid' || session.payment_status === 'no_payment_required',
    paymentRef: paymentIntentId(session.payment_intent),
    url: session.status === 'open' ? (session.url ?? null) : null,
  }
}
