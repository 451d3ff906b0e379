import { randomInt } from 'node:crypto'
import type { Db } from '../../db/client.ts'
import type { ServerConfig } from '../../env.ts'
import type { AppDeps } from '../../http/app-env.ts'
import type { Logger } from '../../lib/logger.ts'
import type { PaymentProvider } from '../../lib/payments/payment-provider.ts'

/** What the checkout use cases need; `now` is injectable so tests can move time. */
export type CheckoutContext = {
  db: Db
  payments: PaymentProvider
  config: Pick<ServerConfig, 'payments' | 'mail' | 'site'>
  logger: Logger
  now: () => Date
  /** Draws an order id (ORD- + 5 digits); injectable so a test can force a collision. */
  newOrderId: () => string
}

/** Spec section 9: ORD- plus a random number from 10000 to 99999. */
export function newOrderId(): string {
  return `ORD-${randomInt(10_000, 100_000)}`
}

export function checkoutContext(deps: AppDeps, logger: Logger = deps.logger): CheckoutContext {
  return {
    db: deps.database.db,
    payments: deps.payments,
    config: deps.config,
    logger,
    now: () => new Date(),
    newOrderId,
  }
}

/** The PostgreSQL error code of a failed query (drizzle wraps the driver's error in `cause`). */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

export const isUniqueViolation = (error: unknown) => pgErrorCode(error) === '23505'
/** Deadlock or serialization failure: the transaction may simply be run again. */
export const isRetryable = (error: unknown) => ['40P01', '40001'].includes(pgErrorCode(error) ?? '')
