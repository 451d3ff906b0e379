import { z } from 'zod'
import type { OrderHistoryEntryDto, OrderType } from './admin-dto.ts'
import { ORDER_FILTER_STATUSES } from './admin-orders.ts'
import type { ArtworkState } from './artwork.ts'
import { isIsoDate } from './dates.ts'
import { MONTH_KEY } from './month-key.ts'

/**
 * The admin Orders screen lists checkouts: a checkout is one payment session, or a manual order on
 * its own (orders.purchase_id). Money in dollars, days 'YYYY-MM-DD', timestamps ISO strings.
 *
 *   GET  /api/admin/checkouts?page&pageSize&sort&dir&<filters> → CheckoutsPageDto
 *   GET  /api/admin/checkouts/export.csv?<filters> → text/csv, one row per line, oldest first (streamed)
 *   GET  /api/admin/checkouts/:key → CheckoutDetailDto (the drawer)
 *   POST /api/admin/checkouts/:key/notes {body} → 201 CheckoutNoteDto
 *
 * A checkout matches when any of its lines matches the line filters (status, business name, e-mail, type,
 * mailing month, created from/to: the town's days, SITE_TIMEZONE, both included); maxPrice applies to the
 * checkout's total. The export's file name carries the town's date. Deleted lines are left out of
 * every list (decision 008) unless the status filter is 'deleted'.
 */

const CHECKOUT_SORTS = ['created', 'amount', 'adDate'] as const
export type CheckoutSort = (typeof CHECKOUT_SORTS)[number]
const ORDER_TYPES = ['calendar_day', 'map_icon', 'special_purchase'] as const
export const DEFAULT_CHECKOUTS_PAGE_SIZE = 25
const MAX_CHECKOUTS_PAGE_SIZE = 100
export const MAX_NOTE_LENGTH = 2000
export const CHECKOUT_NOT_FOUND_MESSAGE = 'Order not found.'

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v)
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional())
const contains = optional(z.string().trim().max(200, 'Use at most 200 characters.'))
const filterDate = (label: string) =>
  optional(z.string().refine(isIsoDate, `${label} must be a date as YYYY-MM-DD.`))

/** The filters shared by the list and the CSV export. */
const checkoutFiltersShape = {
  status: optional(
    z.enum(ORDER_FILTER_STATUSES, { error: 'Choose all, pending, paid, refunded, expired or deleted.' }),
  ),
  businessName: contains,
  email: contains,
  createdFrom: filterDate('Created from'),
  createdTo: filterDate('Created to'),
  maxPrice: optional(
    z.coerce
      .number({ error: 'Max price must be a number.' })
      .min(0, 'Max price must be 0 or more.')
      .max(10_000_000, 'Max price is too large.'),
  ),
  type: optional(z.enum(ORDER_TYPES, { error: 'Choose calendar_day, map_icon or special_purchase.' })),
  mailingMonth: optional(z.string().regex(MONTH_KEY, 'Mailing month must be YYYY-MM.')),
}

const createdRange = <T extends { createdFrom?: string; createdTo?: string }>(q: T) =>
  !q.createdFrom || !q.createdTo || q.createdFrom <= q.createdTo
const createdRangeError = { message: 'Created from must be on or before created to.', path: ['createdTo'] }

export const checkoutsExportQuerySchema = z
  .object(checkoutFiltersShape)
  .refine(createdRange, createdRangeError)
export type CheckoutFilters = z.infer<typeof checkoutsExportQuerySchema>

export const checkoutsQuerySchema = z
  .object({
    ...checkoutFiltersShape,
    sort: optional(z.enum(CHECKOUT_SORTS, { error: 'Sort by created, amount or adDate.' })),
    dir: optional(z.enum(['asc', 'desc'], { error: 'Direction is asc or desc.' })),
    page: optional(
      z.coerce
        .number({ error: 'Page must be a number.' })
        .int('Page must be a whole number.')
        .min(1, 'Page starts at 1.')
        .max(1_000_000, 'Page is too large.'),
    ),
    pageSize: optional(
      z.coerce
        .number({ error: 'Page size must be a number.' })
        .int('Page size must be a whole number.')
        .min(1, 'Page size is at least 1.')
        .max(MAX_CHECKOUTS_PAGE_SIZE, `Page size is at most ${MAX_CHECKOUTS_PAGE_SIZE}.`),
    ),
  })
  .refine(createdRange, createdRangeError)
export type CheckoutsQuery = z.infer<typeof checkoutsQuerySchema>

export const checkoutNoteInputSchema = z.object({
  body: z
    .string({ error: 'Write the note.' })
    .trim()
    .min(1, 'Write the note.')
    .max(MAX_NOTE_LENGTH, `Use at most ${MAX_NOTE_LENGTH} characters.`),
})

export type CheckoutLineDto = {
  /** The order id (ORD-/MAP-…). */
  id: string
  type: OrderType
  date: string | null
  iconName: string | null
  iconSize: string | null
  units: number | null
  description: string | null
  amount: number
  unitPrice: number | null
  status: string
  mailingMonth: string | null
  /** Days and icons: the artwork's state ('missing' without a file); null for a special purchase. */
  artwork: ArtworkState | null
  /** A refund the server owes (a late payment it could not honour). */
  refund: 'pending' | 'done' | null
  createdAt: string
}

type CheckoutStatusCount = { status: string; count: number }

export type CheckoutRowDto = {
  key: string
  createdAt: string
  businessName: string
  email: string
  source: 'checkout' | 'manual'
  paymentProvider: string | null
  /** Sum of the lines shown (deleted lines left out unless filtering on 'deleted'). */
  total: number
  statuses: CheckoutStatusCount[]
  lineCount: number
  lines: CheckoutLineDto[]
}

export type CheckoutsPageDto = {
  checkouts: CheckoutRowDto[]
  total: number
  page: number
  pageSize: number
}

type CheckoutEmailDto = {
  id: string
  kind: string
  to: string
  subject: string
  status: string
  sentAt: string | null
  lastError: string | null
  createdAt: string
}

type CheckoutRefundDto = {
  id: string
  /** admin: an administrator's refund of paid lines; late_payment: a payment too late to be honoured. */
  kind: 'admin' | 'late_payment'
  orderIds: string[]
  amount: number
  reason: string
  status: string
  provider: string
  paymentRef: string | null
  lastError: string | null
  requestedBy: string
  createdAt: string
  completedAt: string | null
}

export type CheckoutNoteDto = { id: string; body: string; by: string; createdAt: string }

export type CheckoutDetailDto = Omit<CheckoutRowDto, 'lines'> & {
  paymentSessionId: string | null
  paymentIntentId: string | null
  /** Every line, deleted ones included, each with its status history (oldest first). */
  lines: (CheckoutLineDto & {
    history: OrderHistoryEntryDto[]
    deletedAt: string | null
    deletedBy: string | null
  })[]
  emails: CheckoutEmailDto[]
  refunds: CheckoutRefundDto[]
  notes: CheckoutNoteDto[]
}
