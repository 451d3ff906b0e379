import { and, asc, eq, inArray, lte } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { orders } from '#server/db/schema.ts'
import type { Logger } from '#server/lib/logger.ts'
import { startPeriodicTask } from '#server/lib/periodic-task.ts'
import { releaseDay } from '../orders/order-status.service.ts'

const SWEEP_INTERVAL_MS = 60_000

/**
 * Releases lapsed checkout holds: the order becomes 'expired' and its day available again (name cleared),
 * but only while the day is still this order's reserved_pending hold. An icon hold needs nothing more: its
 * unit was free from the moment the hold lapsed (availability is derived from the live claims when read). Safe in several instances at once:
 * rows are claimed with SKIP LOCKED and the status change is conditional (status = 'pending'), so each
 * hold is released exactly once. `now` is injectable for tests.
 */
export async function sweepExpiredHolds(db: Db, now: Date = new Date(), batchSize = 500): Promise<number> {
  return db.transaction(async (tx) => {
    const due = tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.status, 'pending'), lte(orders.expiresAt, now)))
      .orderBy(asc(orders.id))
      .limit(batchSize)
      .for('update', { skipLocked: true })
    const expired = await tx
      .update(orders)
      .set({ status: 'expired', updatedAt: now })
      .where(and(inArray(orders.id, due), eq(orders.status, 'pending')))
      .returning({ id: orders.id, dayId: orders.dayId })
    for (const order of expired) {
      if (order.dayId) await releaseDay(tx, order.dayId, order.id, now, { onlyIfHeld: true })
    }
    return expired.length
  })
}

/** Every minute in each instance (unref'd, so it never keeps the process alive); stop() on shutdown. */
export function startHoldSweeper(
  db: Db,
  logger: Logger,
  intervalMs = SWEEP_INTERVAL_MS,
): { stop: () => void } {
  return startPeriodicTask({ name: 'hold sweep', intervalMs, logger }, async () => {
    const released = await sweepExpiredHolds(db)
    if (released > 0) logger.info({ released }, 'released lapsed checkout holds')
  })
}
