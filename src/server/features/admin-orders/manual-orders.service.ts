import { and, eq, gt, sql } from 'drizzle-orm'
import {
  DAY_NOT_AVAILABLE_MESSAGE,
  ICON_NOT_AVAILABLE_MESSAGE,
  type ManualMapIconOrderInput,
  type ManualOrderInput,
} from '../../../shared/admin-orders.ts'
import type { Db } from '../../db/client.ts'
import { isUniqueViolation } from '../../db/errors.ts'
import { calendarDays, mapIcons } from '../../db/schema.ts'
import { isUuid } from '../../http/validate.ts'
import { AppError } from '../../lib/errors.ts'
import { drawOrderId, insertOrderWithFreshId } from '../orders/order-ids.ts'
import { setOrderActor } from './order-history.service.ts'

export const DAY_NOT_FOUND = 'Day not found.'
export const MAP_ICON_NOT_FOUND = 'Map icon not found.'

/**
 * Spec section 4 'Manual day order': a paid order for an available day, and the day reserved with the
 * business name. One transaction, so a failure leaves neither (the spec's "delete the order again").
 * The conditional update is the guard: a day taken meanwhile is never given a second owner.
 */
export async function createManualDayOrder(
  db: Db,
  input: ManualOrderInput & { by: string },
  options: { now?: Date; drawId?: () => string } = {},
): Promise<string> {
  const now = options.now ?? new Date()
  if (!isUuid(input.dayId)) throw new AppError('not_found', DAY_NOT_FOUND)
  try {
    return await db.transaction(async (tx) => {
      await setOrderActor(tx, input.by)
      const [day] = await tx
        .update(calendarDays)
        .set({ status: 'reserved', businessName: input.businessName, updatedAt: now })
        .where(and(eq(calendarDays.id, input.dayId), eq(calendarDays.status, 'available')))
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
 * Spec section 4: a manual paid icon order (MAP- id) takes one from available_quantity, atomically
 * (`… WHERE available_quantity > 0`), so a sold-out icon is refused and never oversold.
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
    const [icon] = await tx
      .update(mapIcons)
      .set({ availableQuantity: sql`${mapIcons.availableQuantity} - 1`, updatedAt: now })
      .where(and(eq(mapIcons.id, input.iconId), gt(mapIcons.availableQuantity, 0)))
      .returning()
    if (!icon) {
      const [exists] = await tx
        .select({ id: mapIcons.id })
        .from(mapIcons)
        .where(eq(mapIcons.id, input.iconId))
      throw exists
        ? new AppError('conflict', ICON_NOT_AVAILABLE_MESSAGE)
        : new AppError('not_found', MAP_ICON_NOT_FOUND)
    }
    return insertOrderWithFreshId(tx, options.drawId ?? (() => drawOrderId('MAP')), {
      businessName: input.businessName,
      email: input.email,
      amountCents: icon.priceCents,
      status: 'paid',
      mapIconId: icon.id,
      source: 'manual',
      paidAt: now,
      createdAt: now,
      updatedAt: now,
    })
  })
}
