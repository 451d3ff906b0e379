import { asc, eq } from 'drizzle-orm'
import type { OrdersBySessionResponse, SessionOrderDto, SessionOrderType } from '../../../shared/checkout.ts'
import type { Db } from '../../db/client.ts'
import { calendarDays, mapIcons, orders } from '../../db/schema.ts'
import type { CheckoutContext } from './checkout-context.ts'
import { cancelCheckoutSession, fulfilCheckoutSession } from './fulfilment.service.ts'

export type SessionOrder = {
  id: string
  type: SessionOrderType
  date: string | null
  iconName: string | null
  description: string | null
  units: number | null
  amountCents: number
  status: string
  businessName: string
  paymentProvider: string | null
  expiresAt: Date | null
}

export const NO_ORDERS_FOR_SESSION = 'No orders were found for this checkout session.'

/** The orders of one payment session with what describes each item (day date, icon name, purchase). */
export async function listSessionOrders(db: Db, sessionId: string): Promise<SessionOrder[]> {
  const rows = await db
    .select({
      id: orders.id,
      status: orders.status,
      amountCents: orders.amountCents,
      metadata: orders.metadata,
      businessName: orders.businessName,
      paymentProvider: orders.paymentProvider,
      expiresAt: orders.expiresAt,
      date: calendarDays.date,
      iconName: mapIcons.name,
      mapIconId: orders.mapIconId,
      dayId: orders.dayId,
    })
    .from(orders)
    .leftJoin(calendarDays, eq(calendarDays.id, orders.dayId))
    .leftJoin(mapIcons, eq(mapIcons.id, orders.mapIconId))
    .where(eq(orders.paymentSessionId, sessionId))
    .orderBy(asc(calendarDays.date), asc(orders.id))
  return rows.map((row) => {
    const meta = row.metadata ?? {}
    const isSpecial = meta.order_type === 'special_purchase'
    const type: SessionOrderType = isSpecial
      ? 'special_purchase'
      : row.mapIconId
        ? 'map_icon'
        : 'calendar_day'
    return {
      id: row.id,
      type,
      date: row.date ?? null,
      iconName: row.iconName ?? null,
      description: isSpecial && typeof meta.description === 'string' ? meta.description : null,
      units: isSpecial && typeof meta.units === 'number' ? meta.units : null,
      amountCents: row.amountCents,
      status: row.status,
      businessName: row.businessName,
      paymentProvider: row.paymentProvider,
      expiresAt: row.expiresAt,
    }
  })
}

function toDto(order: SessionOrder): SessionOrderDto {
  return {
    id: order.id,
    type: order.type,
    date: order.date,
    iconName: order.iconName,
    description: order.description,
    units: order.units,
    amount: order.amountCents / 100,
    status: order.status,
  }
}

/**
 * get-orders-by-session: what the thank-you page shows. The session id is not a login, so the answer
 * holds only that session's items and amounts (no names, no e-mail). When the provider's event is late,
 * the provider is asked and a paid session is fulfilled here, through the same function a webhook uses.
 */
export async function getOrdersBySession(
  ctx: CheckoutContext,
  sessionId: string,
): Promise<OrdersBySessionResponse> {
  let rows = await listSessionOrders(ctx.db, sessionId)
  if (rows.length === 0) return { orders: [], totalAmount: 0, error: NO_ORDERS_FOR_SESSION }

  const waiting = rows.some((o) => o.status === 'pending' || o.status === 'expired')
  if (waiting && ctx.payments.name !== 'local' && rows[0]?.paymentProvider === ctx.payments.name) {
    try {
      const state = await ctx.payments.retrieveSession(sessionId)
      if (state?.isPaid) await fulfilCheckoutSession(ctx, sessionId, state.paymentRef ?? '')
      else if (state?.status === 'expired') await cancelCheckoutSession(ctx, sessionId)
      if (state) rows = await listSessionOrders(ctx.db, sessionId)
    } catch (error) {
      ctx.logger.warn({ err: error, sessionId }, 'could not ask the payment provider about a session')
    }
  }
  return {
    orders: rows.map(toDto),
    totalAmount: rows.reduce((sum, o) => sum + o.amountCents, 0) / 100,
  }
}
