import { plural } from './plural.ts'

/**
 * The owner's daily digest: what needs the owner today, per mailing. One structure, built once on the
 * server (features/owner-digest), answers GET /api/admin/digest (the Mailings screen's "What needs you
 * today" panel) and is written as the morning e-mail to the owner's notification address, so both say the
 * same thing in the same words (the texts below).
 *
 * Months 'YYYY-MM'; instants ISO strings; money in integer cents; deadlines already in words on the town's
 * clock ('Thursday, December 17, 11:59 PM (EST)').
 */

export const OWNER_DIGEST_TITLE = 'What needs you today'
export const OWNER_DIGEST_NOTHING = 'Nothing needs you today.'

/** An advertiser of the previous mailing with no line in this one yet: whom to call. */
export type DigestAdvertiserDto = {
  advertiserId: string
  businessName: string
  phone: string | null
  email: string
}

/** A purchase with lines of this mailing the owner holds for the buyer, not paid yet. */
export type DigestPendingOrderDto = {
  purchaseId: string
  /** 'P-100012' */
  reference: string
  businessName: string
  email: string
  /** The pending lines of this mailing. */
  amountCents: number
  since: string
  /** The town's date of `since`: 'Monday, November 23, 2026'. */
  sinceText: string
}

/** How a mailing's days sold compare with the same mailing a year earlier at the same distance from sales close. */
export type DigestFillDto = {
  daysSetUp: number
  daysSold: number
  /** daysSold / daysSetUp, whole percent (0 when none are set up). */
  percentSold: number
}

/** An open mailing's sales: its fill rate against time, whom to call, and what is waiting for payment. */
export type DigestSalesDto = DigestFillDto & {
  salesCloseAt: string
  salesCloseText: string
  /** '3 weeks', '5 days', '1 day', 'today': until the last day of sales. */
  timeLeft: string
  /** The same month a year earlier, counted at the same distance from its own sales close; null without one. */
  lastYear: (DigestFillDto & { month: string; label: string }) | null
  /** 'January 2027: 40 % of days sold, 3 weeks to sales close (last year: 65 % at this point)' */
  summary: string
  /** The mailing before this one, whose advertisers are the call list; null when there is none. */
  previousMailing: { month: string; label: string } | null
  notBookedYet: DigestAdvertiserDto[]
  pendingOrders: DigestPendingOrderDto[]
}

/** A sold line whose artwork needs the owner or the buyer. */
export type DigestArtworkLineDto = {
  orderId: string
  /** 'Calendar day: Tuesday, January 5, 2027' / 'Map icon: Premium Icon' */
  label: string
  businessName: string
  email: string
  /** Changes requested, or re-uploaded after changes were requested: the owner's note. */
  note: string | null
  /** A received file's print warning, in the print check's words. */
  warning: string | null
  /** When the file on the line came, and the same as the town's date in words; null without a file. */
  uploadedAt: string | null
  uploadedText: string | null
}

/**
 * A mailing's artwork: before its deadline, the lines with no artwork, with changes requested, and received
 * files with a print warning; until it is printed, the lines re-uploaded since the owner last reviewed them.
 */
export type DigestArtworkDto = {
  month: string
  artworkDueAt: string
  artworkDueText: string
  /** False once the deadline has passed: only the lines to review again are listed then. */
  isBeforeDeadline: boolean
  missing: DigestArtworkLineDto[]
  changesRequested: DigestArtworkLineDto[]
  printWarnings: DigestArtworkLineDto[]
  reviewAgain: DigestArtworkLineDto[]
}

/** One mailing with something to say; a part with nothing to say is null. */
export type DigestMailingDto = {
  month: string
  /** 'January 2027' */
  label: string
  sales: DigestSalesDto | null
  artwork: DigestArtworkDto | null
}

/** GET /api/admin/digest, and the daily e-mail's content. */
export type OwnerDigestDto = {
  /** The town's date the digest is for, 'YYYY-MM-DD', and in words: 'Tuesday, November 24, 2026'. */
  date: string
  dateText: string
  mailings: DigestMailingDto[]
  /** Nothing to say: no e-mail is sent, and the panel says OWNER_DIGEST_NOTHING. */
  isEmpty: boolean
}

// ---------------------------------------------------------------- texts (the panel and the e-mail)

/** Until the last day of sales, counted in the town's days: 'today', '1 day', '13 days', then whole weeks. */
export function timeLeftText(daysLeft: number): string {
  if (daysLeft <= 0) return 'today'
  if (daysLeft < 14) return plural(daysLeft, 'day')
  return plural(Math.floor(daysLeft / 7), 'week')
}

/** Whole percent of `part` in `whole`; 0 of nothing is 0. */
export function percentOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 100) : 0
}

/** 'January 2027: 40 % of days sold, 3 weeks to sales close (last year: 65 % at this point)' */
export function fillSummaryText(input: {
  label: string
  percentSold: number
  timeLeft: string
  lastYearPercent: number | null
}): string {
  const close = input.timeLeft === 'today' ? 'sales close today' : `${input.timeLeft} to sales close`
  const lastYear =
    input.lastYearPercent === null ? '' : ` (last year: ${input.lastYearPercent} % at this point)`
  return `${input.label}: ${input.percentSold} % of days sold, ${close}${lastYear}`
}

export const notBookedYetHeading = (previousLabel: string, count: number) =>
  `${previousLabel} advertisers who have not booked yet (${count})`
export const pendingOrdersHeading = (count: number) => `Pending orders, not paid yet (${count})`
export const missingArtworkHeading = (count: number) => `No artwork yet (${count})`
export const changesRequestedHeading = (count: number) =>
  `Changes requested, waiting for a new file (${count})`
export const printWarningsHeading = (count: number) => `Print warnings on received files (${count})`
/** The artwork board marks such a line the same way. */
export const REUPLOADED_MARKER = 'Re-uploaded — review again'
export const reviewAgainHeading = (count: number) => `${REUPLOADED_MARKER} (${count})`

/** 'Artwork due Friday, December 18, 11:59 PM (EST)', or 'was due' once the deadline has passed. */
export const artworkDueLine = (artwork: Pick<DigestArtworkDto, 'artworkDueText' | 'isBeforeDeadline'>) =>
  `Artwork ${artwork.isBeforeDeadline ? 'due' : 'was due'} ${artwork.artworkDueText}`

/** '12 of 30 days sold. Sales close Thursday, December 17, 11:59 PM (EST).' */
export const salesCloseLine = (sales: Pick<DigestSalesDto, 'daysSold' | 'daysSetUp' | 'salesCloseText'>) =>
  `${sales.daysSold} of ${plural(sales.daysSetUp, 'day')} sold. Sales close ${sales.salesCloseText}.`
