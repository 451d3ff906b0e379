/**
 * What buyers read about a mailing (issue 12): when its orders close, when it is in homes, which mailing a
 * map icon is for. Pure string building over the server's answers: the server already sends the town's
 * local times ('YYYY-MM-DDTHH:MM'), so nothing here does time-zone arithmetic (nor uses Intl, see
 * format.ts).
 *
 * The browser imports these instead of mailings.ts: that module's zod schemas are built when it loads, so
 * importing any value from it puts zod (~18 modules) into the page's bundle, for the cart store into the
 * entry chunk itself. mailingMonthLabel, mailingConcludedText, NO_OPEN_MAILING, MAILING_NOT_SELLING and
 * isMonthKey say exactly what mailings.ts's namesakes say (mailing-texts.test.ts holds them equal).
 */
import { formatDayDate, MONTH_NAMES } from './format.ts'
import type { MonthKey, PublicMailingDto } from './mailings.ts'

export const NO_OPEN_MAILING = 'No mailing is open for orders right now.'
export const MAILING_NOT_SELLING = 'This mailing is not taking orders.'

/** 'YYYY-MM' with a month 01-12 (mailings.ts MONTH_KEY_PATTERN). */
export function isMonthKey(value: unknown): value is MonthKey {
  return typeof value === 'string' && /^\d{4}-(0[1-9]|1[0-2])$/.test(value)
}

/** '2026-12' → 'December 2026' */
export function mailingMonthLabel(key: MonthKey): string {
  return `${MONTH_NAMES[Number(key.slice(5, 7)) - 1] ?? key} ${Number(key.slice(0, 4))}`
}

/** The /calendar notice, naming the month only: 'The November mailing is concluded.' */
export function mailingConcludedText(key: MonthKey): string {
  return `The ${MONTH_NAMES[Number(key.slice(5, 7)) - 1] ?? key} mailing is concluded.`
}

/** '2026-12-18T17:05' → 'Friday, December 18, 2026 at 5:05 PM'; anything else is returned as it came. */
export function formatLocalDateTime(local: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(local)
  if (!match) return local
  const [, date = '', hours = '', minutes = ''] = match
  const hour = Number(hours)
  if (hour > 23 || Number(minutes) > 59) return local
  const clock = `${hour % 12 === 0 ? 12 : hour % 12}:${minutes} ${hour < 12 ? 'AM' : 'PM'}`
  return `${formatDayDate(date)} at ${clock}`
}

/**
 * The calendar's line for the displayed month: 'Orders for the January 2027 mailing close Friday,
 * December 18, 2026 at 12:00 AM. In homes by Friday, January 1, 2027.' while its mailing is open, 'Orders
 * for the January 2027 mailing are closed.' once it is not. Null when the month has no mailing (nothing
 * was ever for sale in it, so there is nothing to close).
 */
export function mailingScheduleText(mailing: PublicMailingDto | null | undefined): string | null {
  if (!mailing) return null
  const label = mailingMonthLabel(mailing.month)
  if (mailing.status !== 'open') return `Orders for the ${label} mailing are closed.`
  return `Orders for the ${label} mailing close ${formatLocalDateTime(mailing.salesCloseLocal)}. In homes by ${formatDayDate(mailing.inHomesDate)}.`
}

/** A map icon card's and checkout's line: 'For the January 2027 mailing'. */
export function mailingForText(month: MonthKey): string {
  return `For the ${mailingMonthLabel(month)} mailing`
}

/** The cart's line for an icon: 'January 2027 mailing'. */
export function cartMailingText(month: MonthKey): string {
  return `${mailingMonthLabel(month)} mailing`
}
