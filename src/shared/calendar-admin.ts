import { z } from 'zod'

/** Spec section 4: the statuses a day can be set to (any other stored value shows as Not Initialized). */
export const CALENDAR_DAY_STATUSES = ['available', 'reserved', 'reserved_pending'] as const
export type SettableCalendarDayStatus = (typeof CALENDAR_DAY_STATUSES)[number]

export const INVALID_PRICE_MESSAGE = 'Price must be greater than 0.'

/** Dollars, as typed in the admin's inline price field (spec section 5: greater than 0, step 0.01). */
export const dayPriceSchema = z
  .number({ error: INVALID_PRICE_MESSAGE })
  .refine((price) => Number.isFinite(price) && Math.round(price * 100) > 0, INVALID_PRICE_MESSAGE)
  .refine((price) => price <= 1_000_000, 'Price must be at most $1,000,000.')

/**
 * PATCH /api/admin/calendar-days/:id → CalendarDayDto (with the business name for any status).
 * Setting status 'available' clears the business name (spec section 4).
 */
export const updateCalendarDayInputSchema = z
  .object({
    price: dayPriceSchema.optional(),
    status: z
      .enum(CALENDAR_DAY_STATUSES, { error: 'Choose available, reserved or reserved_pending.' })
      .optional(),
    businessName: z.string().trim().max(200, 'Use at most 200 characters.').nullable().optional(),
  })
  .refine(
    (input) => input.price !== undefined || input.status !== undefined || input.businessName !== undefined,
    'Send at least one of price, status or businessName.',
  )
export type UpdateCalendarDayInput = z.infer<typeof updateCalendarDayInputSchema>
