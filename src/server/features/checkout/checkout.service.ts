import { randomUUID } from 'node:crypto'
import { and, asc, eq, inArray } from 'drizzle-orm'
import { CHECKOUT_TEXTS, type CheckoutSessionResponse } from '../../../shared/checkout.ts'
import { formatDayDate } from '../../../shared/format.ts'
import type { Db } from '../../db/client.ts'
import { isRetryable, isUniqueViolation } from '../../db/errors.ts'
import { calendarDays, mapIcons, orders } from '../../db/schema.ts'
import { isUuid } from '../../http/validate.ts'
import { AppError } from '../../lib/errors.ts'
import type { PaymentLineItem } from '../../lib/payments/payment-provider.ts'
import { insertOrderWithFreshId } from '../orders/order-ids.ts'
import { countIconClaims, recomputeIconAvailability } from '../orders/order-status.service.ts'
import type { CheckoutContext } from './checkout-context.ts'
import { releaseSessionHolds } from './fulfilment.service.ts'
import { checkoutWindow } from './hold-policy.ts'

/** What one checkout buys; prices come from the database, never from the request. */
export type CheckoutRequest = {
  businessName: string
  email: string
  dayIds: string[]
  iconId: string | null
  /** Dollars off each day (spec section 9), already checked against the cart's tier. */
  perDayDiscount: number
  special?: { units: number; description: string }
}

type HeldOrder = { id: string; lineItem: PaymentLineItem }

/**
 * Starts a checkout: holds every day and the icon in one transaction (all or nothing), opens the
 * provider's payment session for the held orders, and answers its URL. The provider is called outside
 * the transaction (no lock waits on the network); if it fails the holds are released at once.
 */
export async function startCheckout(
  ctx: CheckoutContext,
  request: CheckoutRequest,
): Promise<CheckoutSessionResponse> {
  const now = ctx.now()
  const window = checkoutWindow(now, ctx.config.payments.holdMinutes)
  // Stored as the orders' payment_session_id until the provider's id replaces it (and sent as metadata).
  const reference = `ref_${randomUUID()}`

  const held = await withDeadlockRetry(() =>
    ctx.db.transaction((tx) =>
      holdItems(tx, request, {
        newOrderId: ctx.newOrderId,
        reference,
        expiresAt: window.holdExpiresAt,
        now,
        provider: ctx.payments.name,
      }),
    ),
  )

  let session: { id: string; url: string }
  try {
    session = await ctx.payments.createSession({
      reference,
      orderIds: held.map((o) => o.id),
      lineItems: held.map((o) => o.lineItem),
      customerEmail: request.email,
      expiresAt: window.sessionExpiresAt,
    })
  } catch (error) {
    ctx.logger.error(
      { err: error, reference, provider: ctx.payments.name },
      'payment provider refused the checkout; releasing its holds',
    )
    await ctx.db.transaction((tx) => releaseSessionHolds(tx, reference, ctx.now()))
    throw new AppError('unavailable', CHECKOUT_TEXTS.checkoutFailed)
  }

  await ctx.db
    .update(orders)
    .set({ paymentSessionId: session.id, updatedAt: ctx.now() })
    .where(eq(orders.paymentSessionId, reference))
  return { sessionUrl: session.url }
}

async function withDeadlockRetry<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run()
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('conflict', CHECKOUT_TEXTS.dayNotAvailable)
      if (!isRetryable(error) || attempt >= 3) throw error
    }
  }
}

async function holdItems(
  tx: Db,
  request: CheckoutRequest,
  hold: { reference: string; expiresAt: Date; now: Date; provider: string; newOrderId: () => string },
): Promise<HeldOrder[]> {
  const dayIds = request.dayIds.map((id) => id.toLowerCase())
  if (!dayIds.every(isUuid)) throw new AppError('not_found', CHECKOUT_TEXTS.dayNotFound)
  if (request.iconId && !isUuid(request.iconId)) throw new AppError('not_found', CHECKOUT_TEXTS.iconNotFound)
  const { businessName, email } = request
  const base = {
    businessName,
    email,
    status: 'pending',
    paymentProvider: hold.provider,
    paymentSessionId: hold.reference,
    expiresAt: hold.expiresAt,
  }
  const held: HeldOrder[] = []

  if (dayIds.length > 0) {
    // Lock in id order so two carts sharing days wait for each other instead of deadlocking.
    const days = await tx
      .select({ id: calendarDays.id, date: calendarDays.date, priceCents: calendarDays.priceCents })
      .from(calendarDays)
      .where(inArray(calendarDays.id, dayIds))
      .orderBy(asc(calendarDays.id))
      .for('update')
    if (days.length !== dayIds.length) throw new AppError('not_found', CHECKOUT_TEXTS.dayNotFound)
    // The deciding write: only days still available move to reserved_pending.
    const taken = await tx
      .update(calendarDays)
      .set({ status: 'reserved_pending', businessName, updatedAt: hold.now })
      .where(and(inArray(calendarDays.id, dayIds), eq(calendarDays.status, 'available')))
      .returning({ id: calendarDays.id })
    if (taken.length !== dayIds.length) throw new AppError('conflict', CHECKOUT_TEXTS.dayNotAvailable)

    const byId = new Map(days.map((d) => [d.id, d]))
    for (const dayId of dayIds) {
      const day = byId.get(dayId) as (typeof days)[number]
      const amountCents = Math.max(0, day.priceCents - Math.round(request.perDayDiscount * 100))
      const id = await insertOrderWithFreshId(tx, hold.newOrderId, { ...base, amountCents, dayId })
      held.push({ id, lineItem: { name: `Calendar day: ${formatDayDate(day.date)}`, amountCents } })
    }
  }

  if (request.iconId) {
    const iconId = request.iconId.toLowerCase()
    // The icon row lock serialises every checkout of this icon while it counts paid orders and live holds.
    const [icon] = await tx.select().from(mapIcons).where(eq(mapIcons.id, iconId)).for('update')
    if (!icon) throw new AppError('not_found', CHECKOUT_TEXTS.iconNotFound)
    const claims = await countIconClaims(tx, iconId, hold.now)
    if (icon.availableQuantity <= 0 || claims >= icon.totalQuantity)
      throw new AppError('conflict', CHECKOUT_TEXTS.iconNotAvailable)
    const id = await insertOrderWithFreshId(tx, hold.newOrderId, {
      ...base,
      amountCents: icon.priceCents,
      mapIconId: iconId,
    })
    held.push({ id, lineItem: { name: `Map icon: ${icon.name}`, amountCents: icon.priceCents } })
    await recomputeIconAvailability(tx, [iconId], hold.now)
  }

  if (request.special) {
    const { units, description } = request.special
    const amountCents = units * 100
    const id = await insertOrderWithFreshId(tx, hold.newOrderId, {
      ...base,
      amountCents,
      metadata: { order_type: 'special_purchase', units, description },
    })
    held.push({
      id,
      lineItem: {
        name: description,
        description: `${units} unit${units === 1 ? '' : 's'} at $1`,
        amountCents,
      },
    })
  }
  return held
}
