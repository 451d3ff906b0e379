/**
 * What the calendar tells buyers about a mailing: which one has concluded, when the shown
 * month's orders close and when it is in homes. Pure string building over the server's answers: the server
 * already sends the deadlines in words (salesCloseText), so nothing here does time-zone arithmetic (nor
 * uses Intl, see format.ts).
 *
 * The browser imports these rather than mailings.ts: that module's zod schemas are built when it loads, so
 * importing any value from it puts zod (~18 modules) into the page's bundle. The server imports these
 * from here too (one definition). The icon and cart texts are in mailing-names.ts.
 */
import { formatYearMonth } from './calendar-months.ts'
import { formatDayDate, MONTH_NAMES } from './format.ts'
import type { MailingStatus, MonthKey, PublicMailingDto } from './mailings.ts'

/** The /calendar notice once the mailing is mailed, naming the month only: 'The November mailing is concluded.' */
export function mailingConcludedText(key: MonthKey): string {
  return `The ${MONTH_NAMES[Number(key.slice(5, 7)) - 1] ?? key} mailing is concluded.`
}

/**
 * The /calendar notice about the latest mailing whose sales have closed: 'Sales for the November mailing
 * have closed.' while it is not yet in homes (closed, printed), 'The November mailing is concluded.' once it
 * is mailed. A status the answer does not carry is read as not mailed, the claim that is true either way.
 */
export function mailingClosedNoticeText(key: MonthKey, status: MailingStatus | null | undefined): string {
  if (status === 'mailed') return mailingConcludedText(key)
  return `Sales for the ${MONTH_NAMES[Number(key.slice(5, 7)) - 1] ?? key} mailing have closed.`
}

/**
 * The calendar's line for the displayed month: 'Orders for the January 2027 mailing close Thursday,
 * December 17, 11:59 PM (EST). In homes by Friday, January 1, 2027.' while its mailing is open, 'Orders
 * for the January 2027 mailing are closed.' once it is not. Null when the month has no mailing (nothing
 * was ever for sale in it, so there is nothing to close).
 */
export function mailingScheduleText(mailing: PublicMailingDto | null | undefined): string | null {
  if (!mailing) return null
  const label = formatYearMonth({
    year: Number(mailing.month.slice(0, 4)),
    month: Number(mailing.month.slice(5, 7)),
  })
  if (mailing.status !== 'open') return `Orders for the ${label} mailing are closed.`
  // The server sends the close time already worded (salesCloseText, from deadlineText): the calendar page
  // stays within its JavaScript budget and every deadline reads the same everywhere.
  return `Orders for the ${label} mailing close ${mailing.salesCloseText}. In homes by ${formatDayDate(mailing.inHomesDate)}.`
}
