import { z } from 'zod'
import { EMAIL_MAX_LENGTH } from './email-address.ts'
import type { PublicOfferDto } from './offers.ts'
import type { LineLinkDto, LineScansDto } from './short-links.ts'

/**
 * The advertiser's own pages (/account): a one-time sign-in link by e-mail, then their purchases.
 * Money in integer cents; days 'YYYY-MM-DD'; months 'YYYY-MM'; timestamps ISO strings.
 */

// The page's and the e-mail's texts live in a module without zod, which the page imports (account-texts.ts).
export {
  ACCOUNT_TEXTS,
  BOOK_AGAIN_TEXTS,
  SIGN_IN_LINK_MINUTES,
} from './account-texts.ts'

export const accountLinkRequestSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Please enter your e-mail address.')
    .max(EMAIL_MAX_LENGTH)
    .email('Please enter a valid e-mail address.'),
})
export type AccountLinkRequest = z.infer<typeof accountLinkRequestSchema>

/** Where the mailing of a line stands. */
export type MailingProgressDto = {
  month: string
  /** 'open' | 'closed' | 'printed' | 'mailed' */
  status: string
  salesCloseAt: string
  artworkDueAt: string
  /**
   * The same deadlines in words on the town's clock ('Thursday, February 11, 11:59 PM (EST)', deadlineText):
   * the browser does not know the town's time zone, and the page stays within its JavaScript budget.
   */
  salesCloseText: string
  artworkDueText: string
  inHomesDate: string
}

export type AccountLineDto = {
  id: string
  kind: 'calendar_day' | 'map_icon' | 'special_purchase'
  /** 'Tuesday, March 2, 2027' or 'Premium map icon (Coffee cup)' or the special purchase's description */
  description: string
  date: string | null
  amountCents: number
  /** 'pending' | 'paid' | 'refunded' | 'expired' | 'deleted' */
  status: string
  /** null: no artwork yet; else 'received' | 'approved' | 'changes_requested' */
  artworkState: string | null
  /** The line's short link and where it leads; null for a line without one (a special purchase). */
  link: LineLinkDto | null
  /** Scans of the line's short link; null for a line without one. */
  scans: LineScansDto | null
}

export type AccountRefundDto = { amountCents: number; date: string; reason: string | null }

export type AccountPurchaseDto = {
  id: string
  reference: string
  createdAt: string
  /** The town's date of createdAt. */
  createdOn: string
  /** 'pending' | 'paid' | 'partly_refunded' | 'refunded' | 'expired' | 'deleted' */
  state: string
  lines: AccountLineDto[]
  totalCents: number
  /** What the paid lines were charged: a refunded line is not in it. */
  paidCents: number
  refunds: AccountRefundDto[]
  /** '/artwork/{token}' for a purchase with lines to upload for; null otherwise */
  artworkPath: string | null
  /** '/api/account/purchases/{id}/receipt.pdf' once paid; null before */
  receiptPath: string | null
  receiptNumber: string | null
}

export type AccountMailingGroupDto = {
  /** null: purchases of no mailing (special purchases) */
  mailing: MailingProgressDto | null
  purchases: AccountPurchaseDto[]
}

export type AccountDto = {
  email: string
  businessName: string | null
  groups: AccountMailingGroupDto[]
  /** The spots held for this advertiser as a returning advertiser, newest mailing first, in every state. */
  offers: PublicOfferDto[]
}

/** "Book again": the same days of the month in the next open mailing. */
export type BookAgainDto = {
  /** The next mailing open for sale, or null when none is. */
  month: string | null
  /** Days of that month free to buy now: what goes in the cart. */
  available: { id: string; date: string; priceCents: number }[]
  /** Days asked for that are taken or not for sale ('YYYY-MM-DD'), said to the buyer by date. */
  unavailable: string[]
}
