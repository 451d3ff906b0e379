import { z } from 'zod'
import { EMAIL_MAX_LENGTH } from './email-address.ts'

/**
 * The advertiser's own pages (/account): a one-time sign-in link by e-mail, then their purchases.
 * Money in integer cents; days 'YYYY-MM-DD'; months 'YYYY-MM'; timestamps ISO strings.
 */

/** How long a sign-in link works, and what the page and the e-mail say about it. */
export const SIGN_IN_LINK_MINUTES = 15

export const ACCOUNT_TEXTS = {
  title: 'Your account',
  intro:
    'See your orders, receipts and artwork. Enter the e-mail address you ordered with and we will send you a sign-in link.',
  emailLabel: 'E-mail address',
  submit: 'Send me a sign-in link',
  /** The same answer whether or not the address has ordered: nobody learns who our advertisers are. */
  linkSent: `If that address has ordered with us, a sign-in link is on its way. It works once, for ${SIGN_IN_LINK_MINUTES} minutes.`,
  tooManyRequests: 'Too many sign-in links were asked for. Please wait a few minutes and try again.',
  linkInvalid:
    'That sign-in link has expired or was already used. Enter your e-mail address to get a new one.',
  signOut: 'Sign out',
  signedOut: 'You are signed out.',
  noPurchases: 'No orders yet for this address.',
  notAnAdvertiser: 'This sign-in is for advertisers. Administrators sign in at /sign-in.',
  bookAgain: 'Book again',
  receipt: 'Receipt (PDF)',
  uploadArtwork: 'Artwork',
} as const

export const accountLinkRequestSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Please enter your e-mail address.')
    .max(EMAIL_MAX_LENGTH)
    .email('Please enter a valid e-mail address.'),
})
export type AccountLinkRequest = z.infer<typeof accountLinkRequestSchema>

/** Where the mailing of a line stands; each date is null when the mailing has none (a special purchase). */
export type MailingProgressDto = {
  month: string
  /** 'open' | 'closed' | 'printed' | 'mailed' */
  status: string
  salesCloseAt: string
  artworkDueAt: string
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
}

export type AccountRefundDto = { amountCents: number; date: string; reason: string | null }

export type AccountPurchaseDto = {
  id: string
  reference: string
  createdAt: string
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
