// A session's orders as rows, apart from session-orders.service.ts: payment confirmation reads them, and the lookup
// there confirms a paid session, so one module holding both would import the confirmation and be imported by it.
import { asc, eq, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { calendarDays, mapIcons, orders } from '#server/db/schema.ts'
import { isCheckoutReturnPath, type SessionOrderType } from '#shared/checkout.ts'
import { isMonthKey } from '#shared/mailing-names.ts'
import type { MonthKey } from '#shared/month-key.ts'

export type SessionOrder = {
  id: string
  /** The purchase the line belongs to: a pay link's session is not its purchase. */
  purchaseId: string
  type: SessionOrderType
  date: string | null
  iconName: string | null
  description: string | null
  units: number | null
  /** Map icons: the mailing the icon appears in ('YYYY-MM'); null for days and special purchases. */
  mailingMonth: MonthKey | null
  amountCents: number
  status: string
  businessName: string
  paymentProvider: string | null
  expiresAt: Date | null
  /** The checkout page the session started from: where Cancel returns. */
  returnPath: string | null
}

/**
 * The orders of one payment session with what describes each item (day date, icon name, purchase). What
 * an order bought is read from its own record (item_date, item_name, written when it was created), so a
 * later calendar or icon change never alters a thank-you page or a confirmation; the joined day or icon
 * is only the fallback for an order without that record.
 */
export async function listSessionOrders(db: Db, sessionId: string): Promise<SessionOrder[]> {
  const date = sql<string | null>`coalesce(${orders.itemDate}::text, ${calendarDays.date}::text)`
  const rows = await db
    .select({
      id: orders.id,
      purchaseId: orders.purchaseId,
      status: orders.status,
      amountCents: orders.amountCents,
      metadata: orders.metadata,
      businessName: orders.businessName,
      paymentProvider: orders.paymentProvider,
      expiresAt: orders.expiresAt,
      date,
      itemName: orders.itemName,
      itemSize: orders.itemSize,
      iconName: mapIcons.name,
      mapIconId: orders.mapIconId,
      mailingMonth: orders.mailingMonth,
      dayId: orders.dayId,
    })
    .from(orders)
    .leftJoin(calendarDays, eq(calendarDays.id, orders.dayId))
    .leftJoin(mapIcons, eq(mapIcons.id, orders.mapIconId))
    .where(eq(orders.paymentSessionId, sessionId))
    .orderBy(asc(date), asc(orders.id))
  return rows.map((row) => {
    const meta = row.metadata ?? {}
    const isSpecial = meta.order_type === 'special_purchase'
    // An icon order keeps its item_size even when its icon is gone (map_icon_id set null).
    const isIcon = !isSpecial && (row.mapIconId !== null || row.itemSize !== null)
    const type: SessionOrderType = isSpecial ? 'special_purchase' : isIcon ? 'map_icon' : 'calendar_day'
    return {
      id: row.id,
      purchaseId: row.purchaseId,
      type,
      date: row.date ?? null,
      iconName: isIcon ? (row.itemName ?? row.iconName ?? null) : null,
      description: isSpecial && typeof meta.description === 'string' ? meta.description : null,
      units: isSpecial && typeof meta.units === 'number' ? meta.units : null,
      mailingMonth: isIcon && isMonthKey(row.mailingMonth) ? row.mailingMonth : null,
      amountCents: row.amountCents,
      status: row.status,
      businessName: row.businessName,
      paymentProvider: row.paymentProvider,
      expiresAt: row.expiresAt,
      // Checked again on the way out: the redirect must never point off this site.
      returnPath: isCheckoutReturnPath(meta.return_path) ? meta.return_path : null,
    }
  })
}
