import { z } from 'zod'
import { isIsoDate } from './dates.ts'

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

// ---------------------------------------------------------------- admin calendar list, range and bulk actions

/** Spec section 9: range initialisation and bulk price both default to 120. */
export const DEFAULT_RANGE_PRICE = 120
/** Range initialisation creates at most one row per day of a year (a leap year included). */
export const MAX_RANGE_DAYS = 366

const isoDateSchema = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .refine(isIsoDate, `${label} must be a date as YYYY-MM-DD.`)

/** Days from start to end, both included (dates as 'YYYY-MM-DD', compared in UTC). */
export function daysInRange(startDate: string, endDate: string): number {
  return (
    Math.round((Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / 86_400_000) + 1
  )
}

const dateRangeShape = { startDate: isoDateSchema('Start date'), endDate: isoDateSchema('End date') }
const startNotAfterEnd = (range: { startDate: string; endDate: string }) => range.startDate <= range.endDate
const START_AFTER_END = { message: 'The start date must be on or before the end date.', path: ['endDate'] }

/** POST /api/admin/calendar-days/bulk-delete → { deleted } (every day from startDate to endDate). */
export const dateRangeInputSchema = z.object(dateRangeShape).refine(startNotAfterEnd, START_AFTER_END)
export type DateRangeInput = z.infer<typeof dateRangeInputSchema>

/**
 * POST /api/admin/calendar-days/initialize → { created, updated }. Spec sections 4-5: start and end
 * required, price defaults to 120, minimum 0; existing days become available at the price with no name,
 * missing days are created available.
 */
export const initializeRangeInputSchema = z
  .object({
    ...dateRangeShape,
    price: z
      .number({ error: 'Price must be a number.' })
      .min(0, 'Price must be at least 0.')
      .max(1_000_000, 'Price must be at most $1,000,000.')
      .default(DEFAULT_RANGE_PRICE),
  })
  .refine(startNotAfterEnd, START_AFTER_END)
  .refine((range) => daysInRange(range.startDate, range.endDate) <= MAX_RANGE_DAYS, {
    message: `Initialise at most ${MAX_RANGE_DAYS} days at once.`,
    path: ['endDate'],
  })
export type InitializeRangeInput = z.infer<typeof initializeRangeInputSchema>

/** POST /api/admin/calendar-days/bulk-price → { updated }. Spec section 5: defaults to 120, minimum 1. */
export const bulkPriceInputSchema = z
  .object({
    ...dateRangeShape,
    price: z
      .number({ error: 'Price must be a number.' })
      .min(1, 'Price must be at least 1.')
      .max(1_000_000, 'Price must be at most $1,000,000.')
      .default(DEFAULT_RANGE_PRICE),
  })
  .refine(startNotAfterEnd, START_AFTER_END)
export type BulkPriceInput = z.infer<typeof bulkPriceInputSchema>

const optionalQuery = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional())

/**
 * GET /api/admin/calendar-days?startDate&endDate&status&maxPrice (spec section 5: status 'all' or absent
 * is no filter; maxPrice applies only when greater than 0). Empty parameters count as absent.
 */
export const adminCalendarDaysQuerySchema = z.object({
  startDate: optionalQuery(isoDateSchema('Start date')),
  endDate: optionalQuery(isoDateSchema('End date')),
  status: optionalQuery(
    z.enum(['all', ...CALENDAR_DAY_STATUSES], {
      error: 'Choose all, available, reserved or reserved_pending.',
    }),
  ),
  maxPrice: optionalQuery(z.coerce.number({ error: 'Max price must be a number.' })),
})
export type AdminCalendarDaysQuery = z.infer<typeof adminCalendarDaysQuerySchema>
