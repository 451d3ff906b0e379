import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { orderArtwork, orders } from '#server/db/schema.ts'
import type { ArtworkState } from '#shared/artwork.ts'
import type { PrintReadinessLine, PrintReadinessResponse } from '#shared/print-readiness.ts'
import { soldLine } from './checkout-artwork.service.ts'

// What stands between a mailing and print: shared by the mailing's status change (marking it printed) and
// the artwork feature, which owns the files and their review.

/**
 * The sold lines of a mailing whose artwork is missing (no file) or not approved by the owner (received,
 * or sent back for changes), days by date then icons. With `lock` (inside a transaction), the mailing's
 * artwork rows are first locked FOR SHARE, so a review running meanwhile either is seen here or waits
 * for the caller to commit.
 */
export async function unreadyLines(db: Db, month: string, lock = false): Promise<PrintReadinessResponse> {
  if (lock)
    await db
      .select({ id: orderArtwork.orderId })
      .from(orderArtwork)
      .innerJoin(orders, eq(orders.id, orderArtwork.orderId))
      .where(eq(orders.mailingMonth, month))
      .orderBy(asc(orderArtwork.orderId))
      .for('share', { of: orderArtwork })
  const rows = await db
    .select({
      orderId: orders.id,
      date: orders.itemDate,
      itemName: orders.itemName,
      businessName: orders.businessName,
      state: orderArtwork.state,
    })
    .from(orders)
    .leftJoin(orderArtwork, eq(orderArtwork.orderId, orders.id))
    .where(
      and(
        soldLine,
        eq(orders.mailingMonth, month),
        or(isNull(orderArtwork.orderId), inArray(orderArtwork.state, ['received', 'changes_requested'])),
      ),
    )
    .orderBy(sql`${orders.itemDate} asc nulls last`, asc(orders.id))
  const lines: PrintReadinessLine[] = rows.map((r) => ({
    orderId: r.orderId,
    date: r.date,
    iconName: r.date ? null : (r.itemName ?? 'Map icon'),
    businessName: r.businessName,
    state: (r.state as ArtworkState | null) ?? 'missing',
  }))
  return {
    missing: lines.filter((l) => l.state === 'missing'),
    notApproved: lines.filter((l) => l.state !== 'missing'),
  }
}
