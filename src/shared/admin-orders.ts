import { z } from 'zod'
import { emailAddressSchema } from './email.ts'
import { MONTH_KEY } from './month-key.ts'

/** The texts the admin order screens show and the server answers. */
export const MISSING_INFORMATION_MESSAGE = 'Please fill in all fields.'
export const DAY_NOT_AVAILABLE_MESSAGE = 'This day is not available for booking'
export const ICON_NOT_AVAILABLE_MESSAGE = 'This icon is not available for booking'
export const ORDER_NOT_FOUND_MESSAGE = 'Order not found.'
const NO_ORDERS_SELECTED_MESSAGE = 'Select at least one order.'

/** The statuses an administrator can set; 'expired' is only reached by a lapsed checkout hold. */
const ADMIN_ORDER_STATUSES = ['pending', 'paid', 'refunded'] as const
/** 'deleted' lists the orders an administrator deleted (kept with their history, never in 'all'). */
export const ORDER_FILTER_STATUSES = ['all', 'pending', 'paid', 'refunded', 'expired', 'deleted'] as const

/** Bulk actions act on the selected rows of one screen; a generous cap keeps one transaction small. */
const MAX_BULK_ORDERS = 500

const adminOrderStatusSchema = z.enum(ADMIN_ORDER_STATUSES, { error: 'Choose pending, paid or refunded.' })

/** PATCH /api/admin/orders/:id */
export const updateOrderStatusInputSchema = z.object({ status: adminOrderStatusSchema })

const orderIdsSchema = z
  .array(z.string({ error: 'Order ids are strings.' }).trim().min(1).max(64), {
    error: NO_ORDERS_SELECTED_MESSAGE,
  })
  .min(1, NO_ORDERS_SELECTED_MESSAGE)
  .max(MAX_BULK_ORDERS, `Select at most ${MAX_BULK_ORDERS} orders at once.`)
  .transform((ids) => [...new Set(ids)])

/** POST /api/admin/orders/bulk-status: at least one order must be selected. */
export const bulkOrderStatusInputSchema = z.object({ ids: orderIdsSchema, status: adminOrderStatusSchema })

/** POST /api/admin/orders/bulk-delete */
export const bulkDeleteOrdersInputSchema = z.object({ ids: orderIdsSchema })

const requiredText = z.preprocess(
  (v) => (v === null ? undefined : v),
  z.string({ error: MISSING_INFORMATION_MESSAGE }).trim().min(1, MISSING_INFORMATION_MESSAGE),
)

const manualOrderShape = {
  businessName: requiredText.pipe(z.string().max(200, 'Use at most 200 characters.')),
  // One real address (shared/email.ts): the buyer's receipt is sent to it.
  email: requiredText.pipe(
    emailAddressSchema('Please enter a valid email address.', 'Use at most 254 characters.'),
  ),
}

/** What a manual order may charge, and its refusals (answered as the 422's message). */
export const FREE_FEATURE_LABEL = 'Free feature (non-profit)'
export const FREE_FEATURE_NEEDS_ZERO_MESSAGE =
  "A free feature (non-profit) is $0: set the amount to 0 or untick 'Free feature (non-profit)'."
export const ZERO_AMOUNT_NEEDS_FREE_FEATURE_MESSAGE = "Choose 'Free feature (non-profit)' for a $0 order."
export const AMOUNT_INVALID_MESSAGE = 'Enter the amount as a whole number of cents, 0 or more.'
/** $1,000,000: far above any real deal, and far below the integer column's limit. */
export const MAX_MANUAL_AMOUNT_CENTS = 100_000_000
const MANUAL_ORDER_STATUSES = ['paid', 'pending'] as const
export type ManualOrderStatus = (typeof MANUAL_ORDER_STATUSES)[number]

/**
 * The terms of a manual order, all optional (business name, e-mail and the item alone still make a paid order
 * at the catalogue price):
 * - amountCents: what is charged; absent: the day's or icon's current price.
 * - freeFeature: a free non-profit feature, recorded with amount 0 and metadata { freeFeature: true }.
 * - status: 'paid' (default) or 'pending' (awaiting payment: it holds the day or icon like a paid order).
 * - sendConfirmation: queue a confirmation e-mail to the buyer (default false).
 */
const manualOrderTerms = {
  amountCents: z
    .number({ error: AMOUNT_INVALID_MESSAGE })
    .int(AMOUNT_INVALID_MESSAGE)
    .min(0, AMOUNT_INVALID_MESSAGE)
    .max(MAX_MANUAL_AMOUNT_CENTS, `The amount can be at most $${MAX_MANUAL_AMOUNT_CENTS / 100}.`)
    .optional(),
  freeFeature: z.boolean({ error: 'freeFeature is true or false.' }).optional(),
  status: z.enum(MANUAL_ORDER_STATUSES, { error: 'Choose paid or pending.' }).optional(),
  sendConfirmation: z.boolean({ error: 'sendConfirmation is true or false.' }).optional(),
}

/** A $0 order must say it is a free feature, and a free feature must be $0. */
function checkManualAmount(
  input: { amountCents?: number | undefined; freeFeature?: boolean | undefined },
  ctx: z.RefinementCtx,
) {
  if (input.freeFeature === true && input.amountCents !== undefined && input.amountCents > 0)
    ctx.addIssue({ code: 'custom', message: FREE_FEATURE_NEEDS_ZERO_MESSAGE, path: ['amountCents'] })
  if (input.freeFeature !== true && input.amountCents === 0)
    ctx.addIssue({ code: 'custom', message: ZERO_AMOUNT_NEEDS_FREE_FEATURE_MESSAGE, path: ['amountCents'] })
}

/** POST /api/admin/manual-orders: business name, e-mail and a day are all required. */
export const manualOrderInputSchema = z
  .object({ ...manualOrderShape, dayId: requiredText, ...manualOrderTerms })
  .superRefine(checkManualAmount)
export type ManualOrderInput = z.infer<typeof manualOrderInputSchema>

/** POST /api/admin/manual-map-icon-orders */
export const manualMapIconOrderInputSchema = z
  .object({
    ...manualOrderShape,
    iconId: requiredText,
    /** The mailing ('YYYY-MM') the icon is for; absent: the next mailing open for sale. */
    month: z.string().regex(MONTH_KEY, 'Choose a mailing.').optional(),
    ...manualOrderTerms,
  })
  .superRefine(checkManualAmount)
export type ManualMapIconOrderInput = z.infer<typeof manualMapIconOrderInputSchema>

/**
 * GET /api/admin/manual-orders/sellable-days?q= (the manual order's day picker). q is typed text, words and
 * numbers each narrowing the days (all must match): a month name or its start ('Jan', 'january'), a weekday
 * or its start ('Tue'), a year ('2027'), a day of the month ('5', '5th'), a US date ('1/5', '1/5/2027'), or
 * an ISO date or its start ('2027-01', '2027-01-05'). So 'Jan 5', 'Jan 2027', 'Tuesday' and the picker's own
 * labels ('Tuesday, January 5, 2027') all work. Text that reads as none of these matches no day.
 */
export const MAX_SELLABLE_DAYS = 500
export const sellableDaysQuerySchema = z.object({
  q: z.preprocess(
    (v) => (v === undefined ? '' : v),
    z.string().trim().max(100, 'Use at most 100 characters.'),
  ),
})

/** The days a manual order can still sell, by mailing, in date order; price in dollars as every day DTO. */
export type SellableDayDto = { id: string; date: string; price: number }
export type SellableDaysResponse = {
  mailings: { month: string; label: string; days: SellableDayDto[] }[]
  /** More days matched than the MAX_SELLABLE_DAYS answered: type more to narrow. */
  truncated: boolean
}
