/**
 * What a returning advertiser reads about the spots held for them (offers.ts): the page the e-mail links to
 * (/offers/:token) and the section of their account (/account). Free of zod, so the pages that import it
 * stay within the 110 KB per-route budget (scripts/check-budgets.ts).
 */
import { formatDayDate } from './format.ts'

export const OFFER_TEXTS = {
  /** The page's heading, and the account section's, while the spots are held. */
  title: 'Held for you',
  keptTitle: 'Your spots are kept',
  releasedTitle: 'Your spots were released',
  lapsedTitle: 'Your hold has ended',
  loading: 'Loading your held spots...',
  notFound:
    'This link does not lead to any held spots. Check that the whole link from the e-mail was opened.',
  loadFailed: 'Your held spots could not be loaded. Please try again.',
  tryAgain: 'Try again',
  total: 'Total',
  keep: 'Keep my spots',
  keeping: 'Opening the checkout...',
  release: 'Release my spots',
  releasing: 'Releasing...',
  confirmRelease: 'Yes, release them',
  cancelRelease: 'Cancel',
  keepFailed: 'The checkout could not be opened. Please try again.',
  releaseFailed: 'Your spots could not be released. Please try again.',
  kept: 'You kept these spots: they are paid. Thank you!',
  released: 'You released these spots. They are back on sale to everyone.',
  seeAccount: 'Your orders and artwork are on your account.',
  accountLink: 'Go to your account',
} as const

/** Why the spots are held, above the lines while they are. */
export function offerIntroText(businessName: string, mailingLabel: string): string {
  return `As a returning advertiser, ${businessName} gets first pick in the ${mailingLabel} mailing. We are holding these spots for you:`
}

/** When the hold ends, from the server's words for it ('Thursday, December 17, 11:59 PM (EST)'). */
export function heldUntilText(expiresText: string): string {
  return `Held for you until ${expiresText}.`
}

/** What "Keep my spots" does, beside the buttons. */
export const KEEP_HINT = 'Keep my spots goes to the secure checkout: pay there and they are yours.'

/** The question before the spots are released. */
export function releaseQuestionText(mailingLabel: string): string {
  return `Release your spots in the ${mailingLabel} mailing? They go back on sale to everyone at once, and this cannot be undone.`
}

export function lapsedText(expiresText: string): string {
  return `The hold ended ${expiresText}, and these spots went back on sale.`
}

/** Whose spots, in which mailing, above the lines once they are no longer held. */
export function offerForText(businessName: string, mailingLabel: string): string {
  return `${businessName}, ${mailingLabel} mailing:`
}

/** A day that renews last mailing's: which day it was. */
export function previousDayText(previousDate: string): string {
  return `Last mailing: ${formatDayDate(previousDate)}`
}

/** The account's short line for an offer no longer held ('offered' is shown in full, with its actions). */
export function offerOutcomeText(state: string, mailingLabel: string, expiresText: string): string {
  if (state === 'kept') return `${mailingLabel} mailing: you kept your held spots.`
  if (state === 'released') return `${mailingLabel} mailing: you released your held spots.`
  return `${mailingLabel} mailing: your hold ended ${expiresText}.`
}
