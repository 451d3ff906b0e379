import { and, asc, inArray, notInArray, type SQL, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { isRetryable, pgErrorCode } from '#server/db/errors.ts'
import { calendarDays, orders } from '#server/db/schema.ts'
import { AppError } from '#server/lib/errors.ts'
import type { HeldDayDto } from '#shared/admin-dto.ts'
import { LIVE_ORDER_STATUSES } from '../orders/order-status.service.ts'

/**
 * Sold and held days are untouchable by calendar admin actions: a day a pending or paid order
 * holds is skipped by the bulk actions and refused by the one-day ones.
 */
type LockedDays = {
  /** Every day matched, locked until the transaction ends. */
  days: { id: string; date: string }[]
  /** Those a live order holds. */
  held: HeldDayDto[]
  /** Those free to change. */
  freeIds: string[]
}

/**
 * Locks the matching days, then reads which of them a live order holds. The lock comes first and in id
 * order, as checkout's reserveDays and manual orders take it (they wait for each other, never deadlock):
 * a checkout that held a day's lock has committed its order before the lock is granted here, and the read
 * is a later statement (a fresh snapshot under READ COMMITTED), so it sees that order; a checkout that
 * comes later waits for this transaction and finds the day as it leaves it.
 */
export async function lockDays(tx: Db, where: SQL | undefined): Promise<LockedDays> {
  const days = await tx
    .select({ id: calendarDays.id, date: calendarDays.date })
    .from(calendarDays)
    .where(where)
    .orderBy(asc(calendarDays.id))
    .for('update')
  if (days.length === 0) return { days, held: [], freeIds: [] }
  const live = await tx
    .select({ id: orders.dayId, businessName: orders.businessName, orderStatus: orders.status })
    .from(orders)
    .where(
      and(
        inArray(
          orders.dayId,
          days.map((d) => d.id),
        ),
        inArray(orders.status, [...LIVE_ORDER_STATUSES]),
      ),
    )
  const liveByDay = new Map(live.map((o) => [o.id, o]))
  const held = days.flatMap((day) => {
    const order = liveByDay.get(day.id)
    return order
      ? [
          {
            id: day.id,
            date: day.date,
            businessName: order.businessName,
            orderStatus: order.orderStatus as HeldDayDto['orderStatus'],
          },
        ]
      : []
  })
  const freeIds = days.filter((d) => !liveByDay.has(d.id)).map((d) => d.id)
  // Listed by date, as the admin reads them (the lock order is by id).
  held.sort((a, b) => a.date.localeCompare(b.date))
  return { days, held, freeIds }
}

/** The write's own guard (the lock above already decided): no live order holds the row. */
export const noLiveOrder = () =>
  sql`not exists (select 1 from ${orders} o where o.day_id = ${calendarDays.id} and o.status in ('pending', 'paid'))`

/**
 * Deletes free days. Their dead orders (expired, refunded, deleted) let go of the day first: they keep
 * their own item_date, and the restrict FK would refuse the delete otherwise.
 */
export async function deleteFreeDays(tx: Db, freeIds: string[]): Promise<number> {
  if (freeIds.length === 0) return 0
  await tx
    .update(orders)
    .set({ dayId: null, updatedAt: new Date() })
    .where(and(inArray(orders.dayId, freeIds), notInArray(orders.status, [...LIVE_ORDER_STATUSES])))
  const deleted = await tx
    .delete(calendarDays)
    .where(and(inArray(calendarDays.id, freeIds), noLiveOrder()))
    .returning({ id: calendarDays.id })
  return deleted.length
}

/**
 * Runs a calendar admin transaction again after a deadlock (an admin reviving an order locks the order,
 * then its day: the opposite order to a delete here). A live order appearing on a day being deleted
 * despite the lock (the restrict FK refuses it) answers 409, never 500.
 */
export async function withDayRetry<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run()
    } catch (error) {
      if (pgErrorCode(error) === '23503')
        throw new AppError('conflict', 'An order took this day meanwhile. Reload and try again.')
      if (!isRetryable(error) || attempt >= 3) throw error
    }
  }
}
