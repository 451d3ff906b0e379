import { z } from 'zod'

/** Texts the refund screens and the server share. */
export const USE_REFUND_MESSAGE = 'Use Refund to refund a paid order.'
export const REFUND_REASON_REQUIRED_MESSAGE = 'Please give a reason for the refund.'
export const REFUND_REASON_MAX = 500
/** Stripe (and any card provider): shown in the buyer's e-mail. */
export const REFUND_STATEMENT_NOTE = 'It can take 5–10 days to appear on your statement.'

const REFUND_STATUSES = ['requested', 'succeeded', 'failed'] as const
export type RefundStatus = (typeof REFUND_STATUSES)[number]
/** admin: an administrator refunded paid lines; late_payment: a payment came too late to be honoured. */
export type RefundKind = 'admin' | 'late_payment'

/**
 * POST /api/admin/refunds. The lines of one checkout, all paid. amountCents is optional and, when given,
 * must equal the lines' total: a line becomes refunded only when its whole amount is, so a partial amount
 * could never be honoured (the dialog says so).
 */
export const createRefundInputSchema = z.object({
  orderIds: z
    .array(z.string({ error: 'Order ids are strings.' }).trim().min(1).max(64), {
      error: 'Select at least one line to refund.',
    })
    .min(1, 'Select at least one line to refund.')
    .max(100, 'Select at most 100 lines.')
    .transform((ids) => [...new Set(ids)]),
  amountCents: z
    .number({ error: 'The amount is a whole number of cents.' })
    .int('The amount is a whole number of cents.')
    .positive('The amount must be more than $0.')
    .optional(),
  reason: z
    .string({ error: REFUND_REASON_REQUIRED_MESSAGE })
    .trim()
    .min(1, REFUND_REASON_REQUIRED_MESSAGE)
    .max(REFUND_REASON_MAX, `Use at most ${REFUND_REASON_MAX} characters.`),
  emailBuyer: z.boolean({ error: 'E-mail the buyer is yes or no.' }).default(true),
})
export type CreateRefundInput = z.input<typeof createRefundInputSchema>

/** A refund as the admin sees it (the answer of POST /api/admin/refunds). */
export type RefundDto = {
  id: string
  kind: RefundKind
  checkoutKey: string
  orderIds: string[]
  amountCents: number
  reason: string
  emailBuyer: boolean
  /** 'local' (TEST MODE), 'stripe', or 'manual' (a manual order: the money goes back outside the site). */
  provider: string
  /**
   * requested: owed and not yet confirmed (the worker retries it until the provider answers, or the provider
   * accepted it and the lines become refunded when it confirms by a webhook);
   * succeeded: the lines are refunded; failed: nothing was refunded (lastError says why).
   */
  status: RefundStatus
  lastError: string | null
  requestedBy: string
  createdAt: string
  completedAt: string | null
}

/**
 * What the buyer reads in the refund e-mail about the refund itself: the server's e-mail is built from it,
 * and the refund dialog shows the same sentences (with the lines as the dialog names them) before the
 * administrator confirms.
 */
export function buyerRefundMessage(input: {
  amountText: string
  reference: string
  itemLines: string[]
  reason: string
}): string[] {
  return [
    `We have refunded ${input.amountText} of your order (reference ${input.reference}):`,
    ...input.itemLines,
    '',
    `Reason: ${input.reason}`,
  ]
}
