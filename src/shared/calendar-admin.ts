import { z } from 'zod'
import { ADMIN_YEARS_AHEAD, currentYearMonth } from './calendar-months.ts'
import { isIsoDate } from './dates.ts'
import { formatDayDate, MONTH_NAMES } from './format.ts'
import { mailingMonthLabel } from './mailing-names.ts'
import type { MonthKey } from './month-key.ts'
import { agree, plural } from './plural.ts'
import { FIRST_CALENDAR_YEAR } from './settings.ts'

/** The statuses a day can be set to (any other stored value shows as Not Initialized). */
const CALENDAR_DAY_STATUSES = ['available', 'reserved', 'reserved_pending'] as const

export const INVALID_PRICE_MESSAGE = 'Price must be greater than 0.'

/** Dollars, as typed in the admin's inline price field: greater than 0, step 0.01. */
export const dayPriceSchema = z
  .number({ error: INVALID_PRICE_MESSAGE })
  .refine((price) => Number.isFinite(price) && Math.round(price * 100) > 0, INVALID_PRICE_MESSAGE)
  .refine((price) => price <= 1_000_000, 'Price must be at most $1,000,000.')

/**
 * PATCH /api/admin/calendar-days/:id → CalendarDayDto (with the business name for any status).
 * Setting status 'available' clears the business name.
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

/** Range initialisation and bulk price both default to 120. */
const DEFAULT_RANGE_PRICE = 120
/** Range initialisation creates at most one row per day of a year (a leap year included). */
const MAX_RANGE_DAYS = 366

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

/**
 * The dates the admin month navigator can show (January 2023 to December two years beyond the current
 * year, UTC like the navigator). Range initialisation keeps to them: a day
 * created outside could never be seen or changed in the admin table.
 */
export function adminDateBounds(now: Date = new Date()): { first: string; last: string } {
  return {
    first: `${FIRST_CALENDAR_YEAR}-01-01`,
    last: `${currentYearMonth(now).year + ADMIN_YEARS_AHEAD}-12-31`,
  }
}

/** 'January 1, 2023' (no weekday: this is a bound, not a day to pick). */
const boundText = (date: string) => {
  const [y, m, d] = date.split('-').map(Number)
  return `${MONTH_NAMES[(m ?? 1) - 1]} ${d}, ${y}`
}

/** The form's and the server's message for a range outside adminDateBounds. */
export function adminDateRangeMessage(now: Date = new Date()): string {
  const { first, last } = adminDateBounds(now)
  return `Choose dates from ${boundText(first)} to ${boundText(last)}.`
}

/** Which of the range's dates lie outside adminDateBounds (dates as 'YYYY-MM-DD' compare as text). */
export function datesOutsideAdminBounds(
  range: { startDate: string; endDate: string },
  now: Date = new Date(),
): Array<'startDate' | 'endDate'> {
  const { first, last } = adminDateBounds(now)
  const outside = (date: string) => date < first || date > last
  return (['startDate', 'endDate'] as const).filter((key) => outside(range[key]))
}

const dateRangeShape = { startDate: isoDateSchema('Start date'), endDate: isoDateSchema('End date') }
const startNotAfterEnd = (range: { startDate: string; endDate: string }) => range.startDate <= range.endDate
const START_AFTER_END = { message: 'The start date must be on or before the end date.', path: ['endDate'] }

/**
 * POST /api/admin/calendar-days/initialize[?dryRun=1] → InitializeRangeResponse. Start
 * and end required, price defaults to 120, minimum 0; existing days become available at the price with no
 * name, missing days are created available. Days a pending or paid order holds are skipped.
 * Both dates lie within the admin month navigator; dryRun=1 answers the same counts and
 * changes nothing, for the confirmation the form shows first.
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
  // Checked at parse time against the clock of that moment, so the bounds move on with the year.
  .superRefine((range, ctx) => {
    const now = new Date()
    for (const key of datesOutsideAdminBounds(range, now))
      ctx.addIssue({ code: 'custom', message: adminDateRangeMessage(now), path: [key] })
  })
export type InitializeRangeInput = z.infer<typeof initializeRangeInputSchema>

export const initializeRangeQuerySchema = z.object({
  dryRun: z.enum(['0', '1'], { error: 'dryRun is 1 (preview) or 0.' }).optional(),
})

/**
 * The confirmation before a range is initialised: what will be created, what re-priced and made
 * available, and that sold or held days are left alone. `counts` come from the dry run.
 */
export function initializeRangeSummary(
  range: { startDate: string; endDate: string },
  price: string,
  counts: { created: number; updated: number; skipped: number },
): string {
  const lines = [`${formatDayDate(range.startDate)} to ${formatDayDate(range.endDate)}:`]
  if (counts.created > 0) lines.push(`${plural(counts.created, 'day')} will be created at ${price}.`)
  if (counts.updated > 0)
    lines.push(`${plural(counts.updated, 'existing day')} will be made available at ${price}.`)
  if (counts.skipped > 0)
    lines.push(
      `${plural(counts.skipped, 'sold or held day')} ${agree(counts.skipped, 'is', 'are')} left alone.`,
    )
  if (counts.created + counts.updated === 0) lines.push('Nothing will change.')
  return lines.join(' ')
}

/**
 * Initialising days of a mailing whose sales are closed (past its sales close, or closed by the
 * administrator, printed or mailed) would offer days nobody can buy: the server refuses it with this.
 */
export function closedMailingMessage(month: MonthKey): string {
  return `The ${mailingMonthLabel(month)} mailing is closed for sales, so its days cannot be made available. Choose dates of a mailing still on sale.`
}

/** Days initialised at $0 are given away: the form and its confirmation say so. */
export const FREE_DAYS_WARNING = 'At $0 these days are free: a buyer pays nothing for them.'

/** Bulk actions act on the days shown in the admin table; a generous cap keeps one transaction small. */
const MAX_BULK_DAYS = 1000
const NO_DAYS_SELECTED_MESSAGE = 'Select at least one day.'

// Without the i flag: the fuzzer builds strings from this pattern and cannot use flagged ones.
const UUID_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/

/**
 * The ids of exactly the days the admin sees (the table's filters included): a bulk action
 * never reaches a day hidden by a filter, nor one created after the admin looked.
 */
const dayIdsSchema = z
  .array(z.string({ error: 'Day ids are strings.' }).trim().regex(UUID_PATTERN, 'Unknown day id.'), {
    error: NO_DAYS_SELECTED_MESSAGE,
  })
  .min(1, NO_DAYS_SELECTED_MESSAGE)
  .max(MAX_BULK_DAYS, `Select at most ${MAX_BULK_DAYS} days at once.`)
  .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))])

/** POST /api/admin/calendar-days/bulk-price {ids, price} → BulkPriceResponse. Price: default 120, min 1. */
export const bulkPriceInputSchema = z.object({
  ids: dayIdsSchema,
  price: z
    .number({ error: 'Price must be a number.' })
    .min(1, 'Price must be at least 1.')
    .max(1_000_000, 'Price must be at most $1,000,000.')
    .default(DEFAULT_RANGE_PRICE),
})
export type BulkPriceInput = z.infer<typeof bulkPriceInputSchema>

/** POST /api/admin/calendar-days/bulk-delete {ids} → BulkDeleteDaysResponse. */
export const bulkDeleteDaysInputSchema = z.object({ ids: dayIdsSchema })
export type BulkDeleteDaysInput = z.infer<typeof bulkDeleteDaysInputSchema>

const optionalQuery = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional())

/**
 * GET /api/admin/calendar-days?startDate&endDate&status&maxPrice: status 'all' or absent
 * is no filter; maxPrice applies only when greater than 0. Empty parameters count as absent.
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

// ---------------------------------------------------------------- days held by a live order

/** A day a pending or paid order holds: admin actions skip it (bulk) or refuse it (one day, 409). */
type HeldDay = { date: string; businessName: string; orderStatus: string }

const heldVerb = (day: HeldDay) => (day.orderStatus === 'paid' ? 'sold to' : 'held for')

/** The 409 of a one-day action: which day, whose order, and what to do instead. */
export function heldDayMessage(day: HeldDay, action: 'changed' | 'deleted'): string {
  return `${formatDayDate(day.date)} is ${heldVerb(day)} ${day.businessName}, so it cannot be ${action}. Refund or delete its order first.`
}

const shortDate = (date: string) => {
  const [, m, d] = date.split('-').map(Number)
  return `${MONTH_NAMES[(m ?? 1) - 1]?.slice(0, 3)} ${d}`
}
const LISTED_HELD_DAYS = 10

/** The toast line of a bulk action that skipped held days: '2 sold or held days were left unchanged: …'. */
export function skippedDaysText(skipped: HeldDay[]): string {
  if (skipped.length === 0) return ''
  const listed = skipped.slice(0, LISTED_HELD_DAYS).map((d) => `${shortDate(d.date)} (${d.businessName})`)
  const more = skipped.length - listed.length
  return `${plural(skipped.length, 'sold or held day')} ${agree(skipped.length, 'was', 'were')} left unchanged: ${listed.join(', ')}${more > 0 ? `, and ${more} more` : ''}.`
}
