import type { ManualOrderStatus } from '#shared/admin-orders.ts'

/**
 * The terms of a manual order as the forms send them: the amount in cents (absent: the server
 * charges the day's or icon's price), a free non-profit feature ($0), paid or pending, and whether the buyer
 * gets a confirmation e-mail.
 */
export type ManualOrderTerms = {
  amountCents?: number
  freeFeature: boolean
  status: ManualOrderStatus
  sendConfirmation: boolean
}
