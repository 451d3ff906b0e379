import { and, eq, gte } from 'drizzle-orm'
import {
  DAY_NOT_AVAILABLE_MESSAGE,
  ICON_NOT_AVAILABLE_MESSAGE,
  type ManualMapIconOrderInput,
  type ManualOrderInput,
} from '../../../shared/admin-orders.ts'
import { MAILING_NOT_SELLING, NO_OPEN_MAILING } from '../../../shared/mailings.ts'
import type { Db } from '../../db/client.ts'
import { isUniqueViolation } from '../../db/errors.ts'
import { calendarDays, mapIcons } from '../../db/schema.ts'
import { isUuid } from '../../http/validate.ts'
import { AppError } from '../../lib/errors.ts'
import { firstSellingMonth, lockSellingMonths } from '../mailings/mailings.service.ts'
import { drawOrderId, insertOrderWithFreshId } from '../orders/order-ids.ts'
import { recomputeIconAvailability, requireIconRoom } from '../orders/order-status.service.ts'
import { setOrderActor } from './order-history.service.ts'

export const DAY_NOT_FOUND = 'Day not found.'
export const MAP_ICON_NOT_FOUND = 'Map icon not found.'

/**
 * Spec section 4 'Manual day order': a paid order for an available day, and the day reserved with the
 * business name. One transaction, so a failure leaves neither (the spec's "delete the order again").
 * The conditional update is the guard: a day taken meanwhile is never given a second owner, and a past
 * day (before `today`, the town's date) is never sold.
 */
export async function createManualDayOrder(
  db: Db,
  input: ManualOrderInput & { by: string },
  options: { now?: Date; drawId?: () => string; today?: string } = {},
): Promise<string> {
  const now = options.now ?? new Date()
  const notPast = options.today ? gte(calendarDays.date, options.today) : undefined
  if (!isUuid(input.dayId)) throw new AppError('not_found', DAY_NOT_FOUND)
  try {
    return await db.transaction(async (tx) => {
      await setOrderActor(tx, input.by)
      // The day's mailing must be open for sale (issue 12), locked FOR SHARE against a concurrent close.
      const [target] = await tx
        .select({ date: calendarDays.date })
        .from(calendarDays)
        .where(eq(calendarDays.id, input.dayId))
      if (
        target &&
        !(await lockSellingMonths(tx, [target.date.slice(0, 7)], now)).has(target.date.slice(0, 7))
      )
        throw new AppError('conflict', DAY_NOT_AVAILABLE_MESSAGE)
      const [day] = await tx
        .update(calendarDays)
        .set({ status: 'reserved', businessName: input.businessName, updatedAt: now })
        .where(and(eq(calendarDays.id, input.dayId), eq(calendarDays.status, 'available'), notPast))
        .returning()
      if (!day) {
        const [exists] = await tx
          .select({ id: calendarDays.id })
          .from(calendarDays)
          .where(eq(calendarDays.id, input.dayId))
        throw exists
          ? new AppError('conflict', DAY_NOT_AVAILABLE_MESSAGE)
          : new AppError('not_found', DAY_NOT_FOUND)
      }
      return insertOrderWithFreshId(tx, options.drawId ?? (() => drawOrderId('ORD')), {
        businessName: input.businessName,
        email: input.email,
        amountCents: day.priceCents,
        status: 'paid',
        dayId: day.id,
        source: 'manual',
        paidAt: now,
        createdAt: now,
        updatedAt: now,
      })
    })
  } catch (error) {
    // An 'available' day that still has a live order (orders_one_live_order_per_day_idx).
    if (isUniqueViolation(error)) throw new AppError('conflict', DAY_NOT_AVAILABLE_MESSAGE)
    throw error
  }
}

/**
 * Spec section 4: a manual paid icon order (MAP- id) in a mailing open for sale (the one asked for, else the
 * next). The icon's stock row in that mailing is locked and its claims counted (stock − paid − live holds,
 * docs/decisions/007), so a sold-out icon is refused and never oversold; its available_quantity is then
 * recomputed from the claims, never decremented.
 */
export async function createManualMapIconOrder(
  db: Db,
  input: ManualMapIconOrderInput & { by: string },
  options: { now?: Date; drawId?: () => string } = {},
): Promise<string> {
  const now = options.now ?? new Date()
  if (!isUuid(input.iconId)) throw new AppError('not_found', MAP_ICON_NOT_FOUND)
  return db.transaction(async (tx) => {
    await setOrderActor(tx, input.by)
    const [icon] = await tx.select().from(mapIcons).where(eq(mapIcons.id, input.iconId))
    if (!icon) throw new AppError('not_found', MAP_ICON_NOT_FOUND)
    const month = input.month ?? (await firstSellingMonth(tx, now))
    if (!month) throw new AppError('conflict', NO_OPEN_MAILING)
    if (!(await lockSellingMonths(tx, [month], now)).has(month))
      throw new AppError('conflict', MAILING_NOT_SELLING)
    try {
      await requireIconRoom(tx, icon.id, month, null, now)
    } catch (error) {
      if (error instanceof AppError) throw new AppError('conflict', ICON_NOT_AVAILABLE_MESSAGE)
      throw error
    }
    const id = await insertOrderWithFreshId(tx, options.drawId ?? (() => drawOrderId('MAP')), {
      businessName: input.businessName,
      email: input.email,
      amountCents: icon.priceCents,
      status: 'paid',
      mapIconId: icon.id,
      mailingMonth: month,
      source: 'manual',
      paidAt: now,
      createdAt: now,
      updatedAt: now,
    })
    await recomputeIconAvailability(tx, [icon.id], now, [month])
    return id
  })
}
