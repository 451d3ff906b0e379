import { and, asc, eq, lte } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { orders } from '#server/db/schema.ts'
import { eachOnItsOwn } from '#server/lib/each-on-its-own.ts'
import { createLogger, type Logger } from '#server/lib/logger.ts'
import { startPeriodicTask } from '#server/lib/periodic-task.ts'
import { releaseDay } from '../orders/order-status.service.ts'

const SWEEP_INTERVAL_MS = 60_000

/** Where a sweep run outside the server's task (tests, tools) logs a hold it could not release. */
const sweepLogger = createLogger('info')

/**
 * Releases lapsed checkout holds: the order becomes 'expired' and its day available again (name cleared),
 * but only while the day is still this order's reserved_pending hold. An icon hold needs nothing more: its
 * unit was free from the moment the hold lapsed (availability is derived from the live claims when read). Safe in several instances at once:
 * rows are claimed with SKIP LOCKED and the status change is conditional (status = 'pending'), so each
 * hold is released exactly once. Each hold is released on its own (a savepoint): one that fails is logged
 * with its order, stays pending for the next sweep, and the others are released. `now` is injectable for
 * tests, and so is the day's release.
 */
export async function sweepExpiredHolds(
  db: Db,
  now: Date = new Date(),
  batchSize = 500,
  round: { logger?: Logger; release?: typeof releaseDay } = {},
): Promise<number> {
  const release = round.release ?? releaseDay
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: orders.id, dayId: orders.dayId })
      .from(orders)
      .where(and(eq(orders.status, 'pending'), lte(orders.expiresAt, now)))
      .orderBy(asc(orders.id))
      .limit(batchSize)
      .for('update', { skipLocked: true })
    const released = await eachOnItsOwn(
      due,
      {
        label: 'hold release',
        logger: round.logger ?? sweepLogger,
        about: (order) => ({ orderId: order.id }),
      },
      (order) =>
        tx.transaction(async (one) => {
          const expired = await one
            .update(orders)
            .set({ status: 'expired', updatedAt: now })
            .where(and(eq(orders.id, order.id), eq(orders.status, 'pending')))
            .returning({ id: orders.id })
          if (expired.length === 0) return 0
          if (order.dayId) await release(one, order.dayId, order.id, now, { onlyIfHeld: true })
          return 1
        }),
    )
    return released.reduce((sum: number, n) => sum + n, 0)
  })
}

/** Every minute in each instance (unref'd, so it never keeps the process alive); stop() on shutdown. */
export function startHoldSweeper(
  db: Db,
  logger: Logger,
  intervalMs = SWEEP_INTERVAL_MS,
): { stop: () => void } {
  return startPeriodicTask({ name: 'hold sweep', intervalMs, logger }, async () => {
    const released = await sweepExpiredHolds(db, new Date(), undefined, { logger })
    if (released > 0) logger.info({ released }, 'released lapsed checkout holds')
  })
}
