/**
 * What the advertiser's account page (/account) and its sign-in e-mail say. Free of zod: the page imports
 * these, and a module that builds a zod schema when it loads would put zod into the page's bundle (the
 * 110 KB per-route budget, scripts/check-budgets.ts). account.ts re-exports them beside the contract.
 */
import { MONTH_NAMES } from './format.ts'
import { cartMailingText } from './mailing-names.ts'

/** How long a sign-in link works, and what the page and the e-mail say about it. */
export const SIGN_IN_LINK_MINUTES = 15

export const ACCOUNT_TEXTS = {
  title: 'Your account',
  intro:
    'See your orders, receipts and artwork. Enter the e-mail address you ordered with and we will send you a sign-in link.',
  emailLabel: 'E-mail address',
  submit: 'Send me a sign-in link',
  sending: 'Sending...',
  /** The same answer whether or not the address has ordered: nobody learns who our advertisers are. */
  linkSent: `If that address has ordered with us, a sign-in link is on its way. It works once, for ${SIGN_IN_LINK_MINUTES} minutes.`,
  tooManyRequests: 'Too many sign-in links were asked for. Please wait a few minutes and try again.',
  requestFailed: 'The sign-in link could not be sent. Please try again.',
  linkInvalid:
    'That sign-in link has expired or was already used. Enter your e-mail address to get a new one.',
  signedInAs: 'Signed in as',
  signOut: 'Sign out',
  signingOut: 'Signing out...',
  signOutFailed: 'You could not be signed out. Please try again.',
  signedOut: 'You are signed out.',
  loading: 'Loading your account...',
  loadFailed: 'Your account could not be loaded. Please try again.',
  tryAgain: 'Try again',
  noPurchases: 'No orders yet for this address.',
  notAnAdvertiser:
    'This page is for advertisers: you are signed in with a staff account. The admin area is at /admin.',
  otherPurchases: 'Other purchases',
  paid: 'Paid',
  refund: 'Refund',
  artwork: 'Artwork:',
  receiptNumber: 'Receipt number',
  bookAgain: 'Book again',
  bookingAgain: 'Checking the days...',
  bookAgainFailed: 'The days could not be checked. Please try again.',
  receipt: 'Receipt (PDF)',
  uploadArtwork: 'Artwork',
  goToCart: 'Go to Cart',
  addedToCart: 'Added to Cart',
  nothingAdded: 'Nothing was added to your cart',
} as const

/** The steps of a mailing, in order, as the account page lists them. */
export const MAILING_STEP_LABELS = {
  salesClose: 'Sales close',
  artworkDue: 'Artwork due',
  printed: 'Printed',
  mailed: 'Mailed',
  inHomes: 'In homes',
} as const

/** Read after each step's label by screen readers; the marks beside the steps show the same. */
export const MAILING_STEP_STATES = { done: 'done', current: 'next', upcoming: 'to come' } as const

/** A line's status ('pending' | 'paid' | 'refunded' | 'expired' | 'deleted') in words. */
export const LINE_STATUS_TEXTS: Record<string, string> = {
  pending: 'Awaiting payment',
  paid: 'Paid',
  refunded: 'Refunded',
  expired: 'Expired',
  deleted: 'Cancelled',
}

/** A line's artwork: none yet (null), or the state the production board gave it. */
export const ARTWORK_STATE_TEXTS: Record<string, string> = {
  none: 'No artwork yet',
  received: 'Received',
  approved: 'Approved',
  changes_requested: 'Changes requested',
}

/** 'YYYY-MM-DD' → 'March 2, 2027' (no weekday: the short form of a toast or a list); anything else as it came. */
export function formatMonthDayYear(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day)
  const month = match ? MONTH_NAMES[Number(match[2]) - 1] : undefined
  if (!match || !month) return day
  return `${month} ${Number(match[3])}, ${Number(match[1])}`
}

/** '2027-03' → 'March 2027 mailing', the heading of a mailing's purchases (as the cart names it). */
export function mailingHeadingText(month: string): string {
  return cartMailingText(month)
}

export function mailingProgressLabel(month: string): string {
  return `Progress of the ${mailingHeadingText(month)}`
}

export function orderHeadingText(reference: string): string {
  return `Order ${reference}`
}

export function orderedOnText(day: string): string {
  return `Ordered ${formatMonthDayYear(day)}`
}

/** 'A', 'A and B', 'A, B and C'. */
export function listText(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? ''
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`
}

/** What "Book again" did, sentence by sentence; each list of days is 'YYYY-MM-DD' dates. */
export const BOOK_AGAIN_TEXTS = {
  added: (days: string[]) =>
    `${listText(days.map(formatMonthDayYear))} ${days.length === 1 ? 'was' : 'were'} added to your cart.`,
  alreadyInCart: (days: string[]) =>
    `${listText(days.map(formatMonthDayYear))} ${days.length === 1 ? 'is' : 'are'} already in your cart.`,
  cartFull: (days: string[], maxDays: number) =>
    `${listText(days.map(formatMonthDayYear))} did not fit: a cart holds at most ${maxDays} days.`,
  taken: (days: string[]) =>
    `${listText(days.map(formatMonthDayYear))} ${days.length === 1 ? 'is' : 'are'} taken.`,
  /** A day of the month the next mailing does not have (the 31st of a 30-day month). */
  noSuchDay: (monthLabel: string, dayOfMonth: number) => `${monthLabel} has no day ${dayOfMonth}.`,
}
