import { randomBytes } from 'node:crypto'
import type { Logger } from '../logger.ts'
import type { PaymentProvider } from './payment-provider.ts'

const LOCAL_SESSION_PREFIX = 'cs_local_'

/**
 * The embedded default, no keys: the "hosted checkout" is our own page at /pay/:sessionId (TEST MODE,
 * no card is charged). The database is its only state, so it works the same with several instances.
 */
export function createLocalPaymentProvider(logger: Logger): PaymentProvider {
  return {
    name: 'local',
    newSessionId: newLocalSessionId,
    async createSession({ reference }) {
      // The checkout drew the id in advance (newSessionId) and stored its orders under it.
      const id = reference.startsWith(LOCAL_SESSION_PREFIX) ? reference : newLocalSessionId()
      return { id, url: `/pay/${id}` }
    },
    async retrieveSession() {
      return null
    },
    async refund(paymentRef, idempotencyKey, options) {
      // No card was charged: the refund is complete at once (and a repeat is as harmless).
      logger.info(
        { paymentRef, idempotencyKey, amountCents: options?.amountCents },
        'local test checkout: refund recorded (no card was charged)',
      )
      return { id: null, status: 'succeeded' }
    },
  }
}

/** Unguessable: the session id is what lets a visitor read their thank-you page. */
function newLocalSessionId(): string {
  return `${LOCAL_SESSION_PREFIX}${randomBytes(18).toString('base64url').replace(/[-_]/g, 'x')}`
}

export function newLocalPaymentRef(): string {
  return `local_pay_${randomBytes(9).toString('base64url')}`
}
