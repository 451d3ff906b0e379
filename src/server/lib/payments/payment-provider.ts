/**
 * One interface for every way to take a card payment (ARCHITECTURE.md): the embedded local test
 * checkout and Stripe Checkout. Orders, holds and payment confirmation live in features/checkout; a provider only
 * creates, reads and refunds payment sessions.
 */
export type PaymentLineItem = {
  name: string
  description?: string
  /** Integer cents, USD. */
  amountCents: number
}

type CreatePaymentSessionInput = {
  /** Our own id for this checkout, stored on its orders until the provider's session id replaces it. */
  reference: string
  orderIds: string[]
  lineItems: PaymentLineItem[]
  customerEmail: string
  /** When the provider must stop accepting the payment (the hold lasts a little longer). */
  expiresAt: Date
  /** The same-site page the checkout started from (already validated): where Cancel takes the buyer. */
  returnPath?: string
  /**
   * Names the session to the provider (Stripe's Idempotency-Key): every create with the same key and the same
   * input answers the one session. Default: derived from `reference`.
   */
  idempotencyKey?: string
}

type PaymentSession = { id: string; url: string }

export type PaymentSessionState = {
  id: string
  /** open: awaiting the buyer; complete: the buyer finished (payment may still be processing); expired. */
  status: 'open' | 'complete' | 'expired'
  isPaid: boolean
  /** What a refund needs (Stripe: the PaymentIntent id). */
  paymentRef: string | null
  /** The payment page of an open session (Stripe's hosted page), where a buyer can still pay it. */
  url?: string | null
}

/** The fields of a Stripe Refund object the webhook reads. */
export type ProviderRefundEvent = {
  id: string
  status?: string | null
  failure_reason?: string | null
  metadata?: Record<string, string> | null
}

export interface PaymentProvider {
  readonly name: 'local' | 'stripe'
  /**
   * Only for a provider whose session ids need no remote call (local): draws the id before the checkout's
   * transaction, so its orders are stored under it from the start and createSession answers that same id.
   */
  newSessionId?(): string
  createSession(input: CreatePaymentSessionInput): Promise<PaymentSession>
  /** null when the provider keeps no state of its own (local) or does not know the id. */
  retrieveSession(sessionId: string): Promise<PaymentSessionState | null>
  /**
   * Refunds a payment, in full unless `options.amountCents` says how much of it. `idempotencyKey` names the
   * refund (a job, an admin's refund record): a retry with the same key (after a crash or a lost answer)
   * refunds at most once. Resolves once the provider has accepted the refund; `status` says whether the
   * money is already on its way back ('succeeded') or the provider confirms later ('pending', by webhook).
   * A refund the provider refused or that failed at once throws.
   */
  refund(paymentRef: string, idempotencyKey: string, options?: RefundOptions): Promise<RefundResult>
}

/**
 * The provider answered and refused the refund (an invalid request, a failed or canceled refund): no money
 * moved, and a retry with the same key would be refused again. Any other error leaves the outcome unknown
 * (no answer, a timeout, a provider outage): only a retry with the same idempotency key may follow.
 */
export class RefundRefusedError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'RefundRefusedError'
  }
}

/**
 * The provider answered and refused to open the session (an invalid request, a key already used with other
 * input): asking again with the same key would be refused again. Any other error leaves it unknown whether
 * the session was made.
 */
export class PaymentSessionRefusedError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'PaymentSessionRefusedError'
  }
}

type RefundOptions = {
  /** Integer cents; absent: the whole payment. */
  amountCents?: number
  /** Stored with the provider's refund (Stripe metadata), so its events can be matched to ours. */
  metadata?: Record<string, string>
}

type RefundResult = {
  /** The provider's refund id (Stripe re_…); null when the provider keeps none (local). */
  id: string | null
  status: 'succeeded' | 'pending'
}
