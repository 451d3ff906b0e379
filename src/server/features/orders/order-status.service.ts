import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { rowsOf } from '../../db/rows.ts'
import { calendarDays, mapIcons, orders } from '../../db/schema.ts'

/**
 * The order status table of spec section 4, in one place (checkout, webhooks, the sweeper and the admin
 * screens all change orders through here):
 *
 *   to paid      → its day reserved with the business name; an icon order paid from a non-paid state
 *                  takes one from the icon's available_quantity
 *   to pending   → its day reserved_pending with the business name
 *   to refunded  → its day available, name cleared
 *   to expired   → (a lapsed checkout hold) its day available again if it is still this order's hold
 *   delete       → a pending or paid order's day available, name cleared
 *
 * A day is only ever released by the order that held it: never when another live order owns the day
 * (the partial unique index orders_one_live_order_per_day_idx makes "one live order per day" a database
 * invariant, so setting a day reserved here cannot give it a second owner).
 */
export type OrderStatus = 'pending' | 'paid' | 'refunded' | 'expired'
export const LIVE_ORDER_STATUSES = ['pending', 'paid'] as const

export type OrderRef = {
  id: string
  status: string
  businessName: string
  dayId: string | null
  mapIconId: string | null
}

function isLive(status: string): boolean {
  return status === 'pending' || status === 'paid'
}

export async function applyOrderStatusChange(
  tx: Db,
  order: OrderRef,
  to: OrderStatus,
  now: Date = new Date(),
): Promise<void> {
  const from = order.status
  await tx
    .update(orders)
    .set({
      status: to,
      updatedAt: now,
      ...(to === 'paid'
        ? { paidAt: sql`coalesce(${orders.paidAt}, ${now.toISOString()}::timestamptz)` }
        : {}),
    })
    .where(eq(orders.id, order.id))

  if (order.dayId) {
    if (to === 'paid') await setDay(tx, order.dayId, 'reserved', order.businessName, now)
    else if (to === 'pending') await setDay(tx, order.dayId, 'reserved_pending', order.businessName, now)
    else if (to === 'refunded' && isLive(from)) await releaseDay(tx, order.dayId, order.id, now)
    else if (to === 'expired' && from === 'pending')
      await releaseDay(tx, order.dayId, order.id, now, { onlyIfHeld: true })
  }

  if (order.mapIconId && to === 'paid' && from !== 'paid') {
    await tx
      .update(mapIcons)
      .set({ availableQuantity: sql`greatest(${mapIcons.availableQuantity} - 1, 0)`, updatedAt: now })
      .where(eq(mapIcons.id, order.mapIconId))
  }
}

/** Deleting an order: a pending or paid order gives its day back (spec section 4). */
export async function deleteOrder(tx: Db, order: OrderRef, now: Date = new Date()): Promise<void> {
  await tx.delete(orders).where(eq(orders.id, order.id))
  if (order.dayId && isLive(order.status)) await releaseDay(tx, order.dayId, order.id, now)
}

async function setDay(tx: Db, dayId: string, status: string, businessName: string, now: Date) {
  await tx
    .update(calendarDays)
    .set({ status, businessName, updatedAt: now })
    .where(eq(calendarDays.id, dayId))
}

/**
 * The day becomes available with no name, unless another live order owns it (or, for a lapsed hold,
 * unless it is no longer in reserved_pending: an administrator may have changed it meanwhile).
 */
export async function releaseDay(
  tx: Db,
  dayId: string,
  orderId: string,
  now: Date,
  options: { onlyIfHeld?: boolean } = {},
): Promise<boolean> {
  const otherOwner = tx
    .select({ one: sql`1` })
    .from(orders)
    .where(
      and(eq(orders.dayId, dayId), inArray(orders.status, [...LIVE_ORDER_STATUSES]), ne(orders.id, orderId)),
    )
  const released = await tx
    .update(calendarDays)
    .set({ status: 'available', businessName: null, updatedAt: now })
    .where(
      and(
        eq(calendarDays.id, dayId),
        options.onlyIfHeld ? eq(calendarDays.status, 'reserved_pending') : undefined,
        sql`not exists (${otherOwner})`,
      ),
    )
    .returning({ id: calendarDays.id })
  return released.length > 0
}

/**
 * How many units of an icon are claimed: paid orders and live holds (pending, not yet lapsed; a pending
 * order without expiry awaits its payment). An SQL expression, so checkout can use it inside its own
 * statement; `iconId` is any SQL naming the icon (a parameter, or a correlated column).
 */
export function iconClaimsSql(iconId: SQL, now: Date): SQL {
  return sql`(select count(*)::int from ${orders} o where o.map_icon_id = ${iconId} and (o.status = 'paid' or (o.status = 'pending' and (o.expires_at is null or o.expires_at > ${now.toISOString()}::timestamptz))))`
}

export async function countIconClaims(tx: Db, iconId: string, now: Date): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(sql`select ${iconClaimsSql(sql`${iconId}::uuid`, now)} as n`),
  )
  return Number(row?.n ?? 0)
}

/**
 * available_quantity = total − paid − live holds (never below 0): what a visitor can still reserve.
 * Run after every change of an icon's orders, and by refresh-map-icon-availability for all icons.
 */
export async function recomputeIconAvailability(tx: Db, iconIds: string[] | 'all', now: Date): Promise<void> {
  const ids = iconIds === 'all' ? undefined : [...new Set(iconIds)]
  if (ids && ids.length === 0) return
  const claims = iconClaimsSql(sql`${mapIcons.id}`, now)
  await tx
    .update(mapIcons)
    .set({ availableQuantity: sql`greatest(${mapIcons.totalQuantity} - ${claims}, 0)` })
    .where(ids ? inArray(mapIcons.id, ids) : undefined)
}
