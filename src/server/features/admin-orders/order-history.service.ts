import { asc, inArray, type SQL } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { orderHistory, orders } from '#server/db/schema.ts'
import type { OrderHistoryEntryDto } from '#shared/admin-dto.ts'

/** The history of each given order (or of every order the subquery selects), oldest first. */
export async function listOrderHistory(
  db: Db,
  orderIds: string[] | ReturnType<typeof selectOrderIds>,
): Promise<Map<string, OrderHistoryEntryDto[]>> {
  const byOrder = new Map<string, OrderHistoryEntryDto[]>()
  if (Array.isArray(orderIds) && orderIds.length === 0) return byOrder
  const rows = await db
    .select()
    .from(orderHistory)
    .where(inArray(orderHistory.orderId, orderIds))
    .orderBy(asc(orderHistory.orderId), asc(orderHistory.id))
  for (const row of rows) {
    const entries = byOrder.get(row.orderId) ?? []
    entries.push({ at: row.at.toISOString(), by: row.by, from: row.fromStatus, to: row.toStatus })
    byOrder.set(row.orderId, entries)
  }
  return byOrder
}

/** A subquery of order ids, for listOrderHistory on a filtered list. */
export function selectOrderIds(db: Db, where: SQL | undefined) {
  return db.select({ id: orders.id }).from(orders).where(where)
}
