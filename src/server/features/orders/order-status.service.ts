import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { rowsOf } from '#server/db/rows.ts'
import { calendarDays, mailingIconStock, mailings, orders } from '#server/db/schema.ts'
import { AppError } from '#server/lib/errors.ts'
import { DAY_NOT_AVAILABLE_MESSAGE, ICON_NOT_AVAILABLE_MESSAGE } from '#shared/admin-orders.ts'

/**
 * The order status table, in one place (checkout, webhooks, the sweeper and the admin
 * screens all change orders through here):
 *
 *   to paid      → its day reserved with the business name
 *   to pending   → its day reserved_pending with the business name; an order an administrator sets back
 *                  to pending has no expiry (only checkout holds lapse)
 *   to refunded  → its day available, name cleared
 *   to expired   → (a lapsed checkout hold) its day available again if it is still this order's hold
 *   delete       → status 'deleted' (the row and its history stay); a pending or paid order's day
 *                  available, name cleared
 *
 * An icon's availability is derived, never counted up or down, and never stored: whoever reads it computes
 * quantity − paid − live holds of that icon in that mailing (iconAvailableSql), so refunding, deleting or
 * letting an icon order lapse frees a unit with nothing to recompute (this replaces the spec's "other
 * changes do not restore the quantity", docs/decisions/007). The database bumps the read cache's version on
 * every committed change of an icon claim (migration 0017), whichever path writes it.
 *
 * Printed and mailed mailings take no more orders of any kind: an order of such a mailing never becomes
 * live again (409).
 *
 * An order that becomes live again (refunded/expired → pending/paid) must find its item free: a day held by
 * another live order, or an icon whose other claims fill it, answers 409 and changes nothing.
 *
 * A day is only ever released by the order that held it: never when another live order owns the day
 * (the partial unique index orders_one_live_order_per_day_idx makes "one live order per day" a database
 * invariant, so setting a day reserved here cannot give it a second owner).
 */
export type OrderStatus = 'pending' | 'paid' | 'refunded' | 'expired'
export const LIVE_ORDER_STATUSES = ['pending', 'paid'] as const

type OrderRef = {
  id: string
  status: string
  businessName: string
  dayId: string | null
  mapIconId: string | null
  /** The date the order bought (kept when its day is gone). */
  itemDate?: string | null
  /** A checkout hold's end; a pending order past it holds nothing any more. */
  expiresAt?: Date | null
  /** The mailing the order's item is in ('YYYY-MM'). */
  mailingMonth?: string | null
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
  const lapsed = from === 'pending' && order.expiresAt != null && order.expiresAt <= now
  const revives = isLive(to) && (!isLive(from) || lapsed)
  if (revives && !order.dayId && order.itemDate)
    // Its day was deleted after the order died: there is nothing left to hold.
    throw new AppError('conflict', `${DAY_NOT_AVAILABLE_MESSAGE}: its day no longer exists.`)
  if (revives && order.mailingMonth) await requireMailingNotProduced(tx, order.mailingMonth)
  if (revives && order.mapIconId && order.mailingMonth)
    await requireIconRoom(tx, order.mapIconId, order.mailingMonth, order.id, now)

  await tx
    .update(orders)
    .set({
      status: to,
      updatedAt: now,
      ...(to === 'paid'
        ? { paidAt: sql`coalesce(${orders.paidAt}, ${now.toISOString()}::timestamptz)` }
        : {}),
      // Only checkout holds lapse (they are inserted with their expiry, never set pending here).
      ...(to === 'pending' ? { expiresAt: null } : {}),
    })
    .where(eq(orders.id, order.id))

  if (order.dayId) {
    if (to === 'paid') await setDay(tx, order.dayId, 'reserved', order.businessName, now)
    else if (to === 'pending') await setDay(tx, order.dayId, 'reserved_pending', order.businessName, now)
    else if (to === 'refunded' && isLive(from)) await releaseDay(tx, order.dayId, order.id, now)
    else if (to === 'expired' && from === 'pending')
      await releaseDay(tx, order.dayId, order.id, now, { onlyIfHeld: true })
  }
}

/**
 * 409 unless the icon has a free unit in the mailing for this order: its other claims there (paid, live
 * holds) below that mailing's stock. Locks the (icon, mailing) stock row first, as checkout does, so two
 * revivals or a revival and a checkout cannot both take the last unit.
 */
export async function requireIconRoom(
  tx: Db,
  iconId: string,
  month: string,
  orderId: string | null,
  now: Date,
) {
  const [stock] = await tx
    .select({ quantity: mailingIconStock.quantity })
    .from(mailingIconStock)
    .where(and(eq(mailingIconStock.iconId, iconId), eq(mailingIconStock.month, month)))
    .for('update')
  const claims = await countIconClaims(tx, iconId, month, now, orderId)
  if (!stock || claims >= stock.quantity)
    throw new AppError('conflict', `${ICON_NOT_AVAILABLE_MESSAGE}: it is sold out.`)
}

/** 409 when the mailing is printed or mailed: it takes no more orders of any kind. */
async function requireMailingNotProduced(tx: Db, month: string) {
  const [mailing] = await tx
    .select({ status: mailings.status })
    .from(mailings)
    .where(eq(mailings.month, month))
    .for('share')
  if (mailing && (mailing.status === 'printed' || mailing.status === 'mailed'))
    throw new AppError(
      'conflict',
      `The ${month} mailing is already ${mailing.status}: it takes no more orders.`,
    )
}

/**
 * Deleting an order (an administrator's): it leaves the lists but keeps its row and history (status
 * 'deleted', who and when); a pending or paid order gives its day back and its icon unit.
 */
export async function deleteOrder(
  tx: Db,
  order: OrderRef,
  by: string,
  now: Date = new Date(),
): Promise<void> {
  await tx
    .update(orders)
    .set({ status: 'deleted', deletedAt: now, deletedBy: by, expiresAt: null, updatedAt: now })
    .where(eq(orders.id, order.id))
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
 * How many units of an icon are claimed in one mailing: paid orders and live holds (pending, not yet
 * lapsed; a pending order without expiry awaits its payment). An SQL expression, so checkout can use it
 * inside its own statement; `iconId` and `month` are any SQL naming them (parameters, or correlated columns).
 */
export function iconClaimsSql(iconId: SQL, month: SQL, now: Date, exceptOrderId: string | null = null): SQL {
  const except = exceptOrderId === null ? sql`` : sql` and o.id <> ${exceptOrderId}`
  return sql`(select count(*)::int from ${orders} o where o.map_icon_id = ${iconId} and o.mailing_month = ${month}${except} and (o.status = 'paid' or (o.status = 'pending' and (o.expires_at is null or o.expires_at > ${now.toISOString()}::timestamptz))))`
}

export async function countIconClaims(
  tx: Db,
  iconId: string,
  month: string,
  now: Date,
  exceptOrderId: string | null = null,
): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(
      sql`select ${iconClaimsSql(sql`${iconId}::uuid`, sql`${month}::text`, now, exceptOrderId)} as n`,
    ),
  )
  return Number(row?.n ?? 0)
}

/**
 * What a visitor can still reserve of an icon in one mailing, for the mailing_icon_stock row of the query it
 * is selected in: its quantity − its claims as of `now` (iconClaimsSql: paid orders and live holds), never
 * below 0. Not stored anywhere: derived whenever it is read, so no writer has anything to recompute and a
 * hold that lapses by time frees its unit at once, with no write.
 */
export function iconAvailableSql(now: Date): SQL<number> {
  const claims = iconClaimsSql(sql`${mailingIconStock.iconId}`, sql`${mailingIconStock.month}`, now)
  return sql<number>`greatest(${mailingIconStock.quantity} - ${claims}, 0)`
}
