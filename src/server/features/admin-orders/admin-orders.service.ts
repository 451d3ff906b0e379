import { and, asc, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { isUniqueViolation } from '#server/db/errors.ts'
import { calendarDays, mapIcons, orders, purchases } from '#server/db/schema.ts'
import { AppError } from '#server/lib/errors.ts'
import { enqueueEmail } from '#server/lib/mailer/outbox.ts'
import type { AdminOrderDto, OrderType } from '#shared/admin-dto.ts'
import { DAY_NOT_AVAILABLE_MESSAGE, ORDER_NOT_FOUND_MESSAGE } from '#shared/admin-orders.ts'
import { USE_REFUND_MESSAGE } from '#shared/refunds.ts'
import { receiptPathOf } from '../orders/checkout-artwork.service.ts'
import { setOrderActor } from '../orders/order-actor.ts'
import { isOrderId } from '../orders/order-ids.ts'
import { applyOrderStatusChange, deleteOrder, type OrderStatus } from '../orders/order-status.service.ts'
import { latePaymentRefundState } from '../orders/refunds.service.ts'
import type { ManualOrderMailContext } from './manual-orders.service.ts'
import { listOrderHistory, selectOrderIds } from './order-history.service.ts'

/**
 * What an order bought is its own record (orders.item_*, written at insert); the joined day and icon are a
 * fallback for rows that predate it and were never backfilled (their day or icon already gone).
 */
const orderColumns = {
  order: orders,
  date: sql<string | null>`coalesce(${orders.itemDate}::text, ${calendarDays.date}::text)`,
  iconName: sql<string | null>`coalesce(${orders.itemName}, ${mapIcons.name})`,
  iconSize: sql<string | null>`coalesce(${orders.itemSize}, ${mapIcons.size})`,
  refund: latePaymentRefundState,
}
type OrderRow = {
  order: typeof orders.$inferSelect
  date: string | null
  iconName: string | null
  iconSize: string | null
  refund: string | null
}

function orderTypeOf(row: OrderRow): OrderType {
  if (row.order.metadata?.order_type === 'special_purchase') return 'special_purchase'
  return row.order.mapIconId || row.iconName ? 'map_icon' : 'calendar_day'
}

function toAdminOrderDto(row: OrderRow, history: AdminOrderDto['history']): AdminOrderDto {
  const { order } = row
  const meta = order.metadata ?? {}
  return {
    id: order.id,
    businessName: order.businessName,
    email: order.email,
    type: orderTypeOf(row),
    date: row.date,
    iconName: row.iconName,
    iconSize: row.iconSize,
    units: typeof meta.units === 'number' ? meta.units : null,
    description: typeof meta.description === 'string' ? meta.description : null,
    unitPrice: order.unitPriceCents === null ? null : order.unitPriceCents / 100,
    amount: order.amountCents / 100,
    status: order.status,
    source: order.source,
    paidOnline: order.paymentIntentId !== null,
    createdAt: order.createdAt.toISOString(),
    refund: row.refund === 'pending' || row.refund === 'done' ? row.refund : null,
    deletedAt: order.deletedAt?.toISOString() ?? null,
    deletedBy: order.deletedBy,
    history,
  }
}

async function selectOrders(db: Db, where: SQL | undefined): Promise<AdminOrderDto[]> {
  const rows = await db
    .select(orderColumns)
    .from(orders)
    .leftJoin(calendarDays, eq(orders.dayId, calendarDays.id))
    .leftJoin(mapIcons, eq(orders.mapIconId, mapIcons.id))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
  const history = await listOrderHistory(db, selectOrderIds(db, where))
  return rows.map((row) => toAdminOrderDto(row, history.get(row.order.id) ?? []))
}

export async function getAdminOrder(db: Db, id: string): Promise<AdminOrderDto> {
  const [order] = await selectOrders(db, eq(orders.id, id))
  if (!order) throw new AppError('not_found', ORDER_NOT_FOUND_MESSAGE)
  return order
}

/** The given orders, newest first (the answer of a bulk action). */
export function getAdminOrders(db: Db, ids: string[]): Promise<AdminOrderDto[]> {
  return selectOrders(db, inArray(orders.id, ids))
}

/**
 * Locks the orders (id order, so two bulk actions cannot deadlock); any unknown or deleted id → 404,
 * nothing done (a deleted order keeps its record but can no longer be changed).
 */
async function lockOrders(tx: Db, ids: string[]) {
  const known = ids.filter(isOrderId)
  const rows =
    known.length === 0
      ? []
      : await tx
          .select()
          .from(orders)
          .where(and(inArray(orders.id, known), ne(orders.status, 'deleted')))
          .orderBy(asc(orders.id))
          .for('update')
  if (rows.length !== ids.length) {
    const found = new Set(rows.map((r) => r.id))
    const missing = ids.filter((id) => !found.has(id))
    throw new AppError('not_found', ORDER_NOT_FOUND_MESSAGE, { ids: missing.map((id) => `No order ${id}.`) })
  }
  return rows
}

/**
 * Sets the status of one or more orders in one transaction, with the status's effects on the day and the
 * icon (applyOrderStatusChange) and a history row each (by the admin's e-mail). A paid order never becomes
 * 'refunded' here: money goes back only through the Refund action (features/refunds), which asks for a
 * reason, calls the payment provider and e-mails the buyer, so the status select cannot refund silently.
 */
export async function changeOrderStatuses(
  db: Db,
  input: { ids: string[]; status: OrderStatus; by: string },
  now: Date = new Date(),
  mail?: ManualOrderMailContext,
): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      await setOrderActor(tx, input.by)
      const rows = await lockOrders(tx, input.ids)
      const paid = input.status === 'refunded' ? rows.filter((r) => r.status === 'paid') : []
      if (paid.length > 0)
        throw new AppError('conflict', USE_REFUND_MESSAGE, {
          ids: paid.map((r) => `${r.id} is paid.`),
        })
      for (const row of rows) await applyOrderStatusChange(tx, row, input.status, now)
      // A pending order the owner marks paid (cash, cheque) was paid outside the site: the buyer gets the
      // receipt the database issued for it in this transaction.
      if (input.status === 'paid' && mail) {
        const settled = [...new Set(rows.filter((r) => r.status === 'pending').map((r) => r.purchaseId))]
        for (const purchaseId of settled) await enqueueReceiptEmail(tx, purchaseId, mail)
      }
    })
  } catch (error) {
    // The partial unique index: a day holds at most one pending or paid order.
    if (isUniqueViolation(error))
      throw new AppError('conflict', `${DAY_NOT_AVAILABLE_MESSAGE}: another order already holds this day.`)
    throw error
  }
}

/**
 * Deletes orders in one transaction: they leave the lists, their row and history stay (status 'deleted',
 * by whom and when); a pending or paid order releases its day and its icon unit.
 */
export async function deleteOrders(
  db: Db,
  ids: string[],
  by: string,
  now: Date = new Date(),
): Promise<number> {
  return db.transaction(async (tx) => {
    await setOrderActor(tx, by)
    const rows = await lockOrders(tx, ids)
    for (const row of rows) await deleteOrder(tx, row, by, now)
    return rows.length
  })
}

/** "Your receipt": the link to the receipt of a purchase the owner marked paid, once per purchase. */
async function enqueueReceiptEmail(tx: Db, purchaseId: string, mail: ManualOrderMailContext): Promise<void> {
  const path = await receiptPathOf(tx, purchaseId)
  const [purchase] = await tx.select().from(purchases).where(eq(purchases.id, purchaseId))
  if (!path || !purchase) return
  await enqueueEmail(tx, {
    dedupeKey: `receipt:${purchaseId}`,
    purchaseId: purchaseId,
    kind: 'receipt',
    to: purchase.email.trim(),
    subject: `Your ${mail.site.productName} receipt (order ${purchase.reference})`,
    text: [
      `Thank you, ${purchase.businessName}!`,
      '',
      `We have received your payment for order ${purchase.reference}.`,
      `Your receipt: ${mail.origin}${path}`,
      '',
      `Questions? Write to ${mail.site.contactEmail} or call ${mail.site.contactPhone}.`,
      mail.site.productName,
    ].join('\n'),
  })
}
