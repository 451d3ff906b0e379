import type {
  AccountLineDto,
  AccountMailingGroupDto,
  BookAgainDto,
  MailingProgressDto,
} from '#shared/account.ts'
import {
  ACCOUNT_TEXTS,
  ARTWORK_STATE_TEXTS,
  BOOK_AGAIN_TEXTS,
  LINE_STATUS_TEXTS,
  MAILING_STEP_LABELS,
} from '#shared/account-texts.ts'
import { formatDayDate, formatPrice } from '#shared/format.ts'
import { mailingMonthLabel, NO_OPEN_MAILING } from '#shared/mailing-names.ts'
import type { OfferDto } from '#shared/offers.ts'

/** Integer cents as the buyer sees money everywhere: '$150', '$150.50', '-$120'. */
export function formatCents(cents: number): string {
  return formatPrice(cents / 100)
}

/** The browser's date as 'YYYY-MM-DD'. */
export function localToday(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

export type MailingStepState = 'done' | 'current' | 'upcoming'
export type MailingStep = {
  key: keyof typeof MAILING_STEP_LABELS
  label: string
  /** The step's date in words; null for a step without one (printed, mailed). */
  when: string | null
  state: MailingStepState
}

const STAGE: Record<string, number> = { open: 0, closed: 1, printed: 2, mailed: 3 }

/**
 * A mailing's way from sale to the homes, each step done, current (the next to happen) or to come. The
 * status says what the owner recorded (printed, mailed); the deadlines count as passed once their time has
 * come even if the status still says open (the server writes it closed within a minute). In homes is done
 * on its date.
 */
export function mailingSteps(mailing: MailingProgressDto, now: Date): MailingStep[] {
  const stage = STAGE[mailing.status] ?? 0
  const salesClosed = stage >= 1 || Date.parse(mailing.salesCloseAt) <= now.getTime()
  const artworkPast = stage >= 2 || (salesClosed && Date.parse(mailing.artworkDueAt) <= now.getTime())
  const steps: Array<Omit<MailingStep, 'state'> & { isDone: boolean }> = [
    {
      key: 'salesClose',
      label: MAILING_STEP_LABELS.salesClose,
      when: mailing.salesCloseText,
      isDone: salesClosed,
    },
    {
      key: 'artworkDue',
      label: MAILING_STEP_LABELS.artworkDue,
      when: mailing.artworkDueText,
      isDone: artworkPast,
    },
    { key: 'printed', label: MAILING_STEP_LABELS.printed, when: null, isDone: stage >= 2 },
    { key: 'mailed', label: MAILING_STEP_LABELS.mailed, when: null, isDone: stage >= 3 },
    {
      key: 'inHomes',
      label: MAILING_STEP_LABELS.inHomes,
      when: formatDayDate(mailing.inHomesDate),
      isDone: stage >= 3 && mailing.inHomesDate <= localToday(now),
    },
  ]
  const next = steps.findIndex((step) => !step.isDone)
  return steps.map(({ isDone, ...step }, index) => ({
    ...step,
    state: isDone ? 'done' : index === next ? 'current' : 'upcoming',
  }))
}

export function lineStatusText(status: string): string {
  return LINE_STATUS_TEXTS[status] ?? status
}

/** Artwork is asked for what was bought and paid: a day or an icon, not a special purchase or a refund. */
export function needsArtwork(line: AccountLineDto): boolean {
  return line.kind !== 'special_purchase' && line.status === 'paid'
}

export function artworkStateText(state: string | null): string {
  return ARTWORK_STATE_TEXTS[state ?? 'none'] ?? state ?? ARTWORK_STATE_TEXTS.none ?? ''
}

export function hasCalendarDays(lines: readonly AccountLineDto[]): boolean {
  return lines.some((line) => line.kind === 'calendar_day')
}

/** What adding each available day to the cart did ('YYYY-MM-DD' dates). */
export type BookAgainOutcome = { added: string[]; alreadyInCart: string[]; cartFull: string[] }

/** A 'YYYY-MM-DD' that is a real date (the server names '2027-02-31' when February has no 31st). */
function isRealDate(day: string): boolean {
  const time = Date.parse(`${day}T00:00:00Z`)
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(day)
}

/** The toast after "Book again": which days went into the cart, which are taken, or that no mailing is open. */
export function bookAgainMessage(
  result: BookAgainDto,
  outcome: BookAgainOutcome,
  maxCartDays: number,
): { title: string; description: string; hasCartDays: boolean } {
  if (result.month === null)
    return { title: ACCOUNT_TEXTS.nothingAdded, description: NO_OPEN_MAILING, hasCartDays: false }
  const monthLabel = mailingMonthLabel(result.month)
  const taken = result.unavailable.filter(isRealDate)
  const missing = result.unavailable.filter((day) => !isRealDate(day))
  const sentences = [
    outcome.added.length > 0 ? BOOK_AGAIN_TEXTS.added(outcome.added) : null,
    outcome.alreadyInCart.length > 0 ? BOOK_AGAIN_TEXTS.alreadyInCart(outcome.alreadyInCart) : null,
    outcome.cartFull.length > 0 ? BOOK_AGAIN_TEXTS.cartFull(outcome.cartFull, maxCartDays) : null,
    taken.length > 0 ? BOOK_AGAIN_TEXTS.taken(taken) : null,
    ...missing.map((day) => BOOK_AGAIN_TEXTS.noSuchDay(monthLabel, Number(day.slice(8, 10)))),
  ].filter((sentence): sentence is string => sentence !== null)
  return {
    title: outcome.added.length > 0 ? ACCOUNT_TEXTS.addedToCart : ACCOUNT_TEXTS.nothingAdded,
    description: sentences.join(' '),
    hasCartDays: outcome.added.length + outcome.alreadyInCart.length > 0,
  }
}

/**
 * The purchases to list under their mailings: the held lines of an offer still waiting for the advertiser
 * are a pending purchase of its own, which the "Held for you" section above already shows with its answers;
 * a mailing left with nothing to list is left out. Once kept, the purchase is an order like any other.
 */
export function purchasesBesideOffers(
  groups: readonly AccountMailingGroupDto[],
  offers: readonly Pick<OfferDto, 'state' | 'purchaseReference'>[],
): AccountMailingGroupDto[] {
  const held = new Set(offers.filter((o) => o.state === 'offered').map((o) => o.purchaseReference))
  if (held.size === 0) return [...groups]
  return groups
    .map((group) => ({ ...group, purchases: group.purchases.filter((p) => !held.has(p.reference)) }))
    .filter((group) => group.purchases.length > 0)
}
