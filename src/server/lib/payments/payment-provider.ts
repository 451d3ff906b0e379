/**
 * One interface for every way to take a card payment (ARCHITECTURE.md): the embedded local test
 * checkout and Stripe Checkout. Orders, holds and fulfilment live in features/checkout; a provider only
 * creates, reads and refunds payment sessions.
 */
export type PaymentLineItem = {
  name: string
  description?: string
  /** Integer cents, USD. */
  amountCents: number
}

export type CreatePaymentSessionInput = {
  /** Our own id for this checkout, stored on its orders until the provider's session id replaces it. */
  reference: string
  orderIds: string[]
  lineItems: PaymentLineItem[]
  customerEmail: string
  /** When the provider must stop accepting the payment (the hold lasts a little longer). */
  expiresAt: Date
  /** The same-site page the checkout started from (already validated): where Cancel takes the buyer. */
  returnPath?: string
}

export type PaymentSession = { id: string; url: string }

export type PaymentSessionState = {
  id: string
  /** open: awaiting the buyer; complete: the buyer finished (payment may still be processing); expired. */
  status: 'open' | 'complete' | 'expired'
  isPaid: boolean
  /** What a refund needs (Stripe: the PaymentIntent id). */
  paymentRef: string | null
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
   * Refunds a payment in full. `idempotencyKey` names the refund job: a retry with the same key (after a
   * crash or a lost answer) refunds at most once. Resolves once the provider has accepted the refund.
   */
  refund(paymentRef: string, idempotencyKey: string): Promise<void>
}
