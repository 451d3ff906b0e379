import type { Db } from '#server/db/client.ts'
import type { ServerConfig } from '#server/env.ts'
import type { AppDeps } from '#server/http/app-env.ts'
import type { Logger } from '#server/lib/logger.ts'
import type { PaymentProvider } from '#server/lib/payments/payment-provider.ts'
import { drawOrderId } from '../orders/order-ids.ts'

/** What the checkout use cases need; `now` is injectable so tests can move time. */
export type CheckoutContext = {
  db: Db
  payments: PaymentProvider
  config: Pick<ServerConfig, 'payments' | 'mail' | 'site' | 'timeZone' | 'publicOrigin'>
  logger: Logger
  now: () => Date
  /** Draws an order id (ORD- + 5 digits); injectable so a test can force a collision. */
  newOrderId: () => string
}

const newOrderId = () => drawOrderId('ORD')

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
