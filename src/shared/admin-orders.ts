import { z } from 'zod'
import { isIsoDate } from './dates.ts'
import { emailAddressSchema } from './email.ts'

/** Spec section 8 texts used by the admin order screens and answered by the server. */
export const MISSING_INFORMATION_MESSAGE = 'Please fill in all fields.'
export const DAY_NOT_AVAILABLE_MESSAGE = 'This day is not available for booking'
export const ICON_NOT_AVAILABLE_MESSAGE = 'This icon is not available for booking'
export const ORDER_NOT_FOUND_MESSAGE = 'Order not found.'
export const NO_ORDERS_SELECTED_MESSAGE = 'Select at least one order.'

/** The statuses an administrator can set (spec section 4); 'expired' is only reached by a lapsed checkout hold. */
export const ADMIN_ORDER_STATUSES = ['pending', 'paid', 'refunded'] as const
/** 'deleted' lists the orders an administrator deleted (kept with their history, never in 'all'). */
export const ORDER_FILTER_STATUSES = ['all', 'pending', 'paid', 'refunded', 'expired', 'deleted'] as const

/** Bulk actions act on the selected rows of one screen; a generous cap keeps one transaction small. */
export const MAX_BULK_ORDERS = 500

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v)

const filterDate = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z.string().refine(isIsoDate, `${label} must be a date as YYYY-MM-DD.`).optional(),
  )

/**
 * GET /api/admin/orders and /api/admin/orders/export.csv. status 'all' or absent: no status filter;
 * businessName: contains, ignoring case; createdFrom / createdTo: dates (UTC), both included.
 */
export const adminOrdersQuerySchema = z
  .object({
    status: z.preprocess(
      blankToUndefined,
      z
        .enum(ORDER_FILTER_STATUSES, { error: 'Choose all, pending, paid, refunded, expired or deleted.' })
        .optional(),
    ),
    businessName: z.preprocess(
      blankToUndefined,
      z.string().trim().max(200, 'Use at most 200 characters.').optional(),
    ),
    createdFrom: filterDate('Created from'),
    createdTo: filterDate('Created to'),
  })
  .refine((q) => !q.createdFrom || !q.createdTo || q.createdFrom <= q.createdTo, {
    message: 'Created from must be on or before created to.',
    path: ['createdTo'],
  })
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>

const adminOrderStatusSchema = z.enum(ADMIN_ORDER_STATUSES, { error: 'Choose pending, paid or refunded.' })

/** PATCH /api/admin/orders/:id */
export const updateOrderStatusInputSchema = z.object({ status: adminOrderStatusSchema })
export type UpdateOrderStatusInput = z.infer<typeof updateOrderStatusInputSchema>

const orderIdsSchema = z
  .array(z.string({ error: 'Order ids are strings.' }).trim().min(1).max(64), {
    error: NO_ORDERS_SELECTED_MESSAGE,
  })
  .min(1, NO_ORDERS_SELECTED_MESSAGE)
  .max(MAX_BULK_ORDERS, `Select at most ${MAX_BULK_ORDERS} orders at once.`)
  .transform((ids) => [...new Set(ids)])

/** POST /api/admin/orders/bulk-status (spec section 5: at least one selected order). */
export const bulkOrderStatusInputSchema = z.object({ ids: orderIdsSchema, status: adminOrderStatusSchema })
export type BulkOrderStatusInput = z.infer<typeof bulkOrderStatusInputSchema>

/** POST /api/admin/orders/bulk-delete */
export const bulkDeleteOrdersInputSchema = z.object({ ids: orderIdsSchema })
export type BulkDeleteOrdersInput = z.infer<typeof bulkDeleteOrdersInputSchema>

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

/** POST /api/admin/manual-orders (spec section 5: business name, e-mail and a day all required). */
export const manualOrderInputSchema = z.object({ ...manualOrderShape, dayId: requiredText })
export type ManualOrderInput = z.infer<typeof manualOrderInputSchema>

/** POST /api/admin/manual-map-icon-orders */
export const manualMapIconOrderInputSchema = z.object({
  ...manualOrderShape,
  iconId: requiredText,
  /** The mailing ('YYYY-MM') the icon is for; absent: the next mailing open for sale (issue 12). */
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Choose a mailing.')
    .optional(),
})
export type ManualMapIconOrderInput = z.infer<typeof manualMapIconOrderInputSchema>
