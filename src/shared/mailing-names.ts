/**
 * How the map icon cards, the icon checkout and the cart name a mailing, their two refusals
 * and the month check of ?month=. Browser code imports these rather than mailings.ts, whose zod schemas are built when it loads
 * and would put zod into the page's bundle; mailings.ts re-exports these for the server. Apart from
 * mailing-texts.ts (the calendar's texts) so that neither page carries the other's texts in a chunk of
 * their own (the 110 KB per-route budget, scripts/check-budgets.ts).
 */

import { MONTH_NAMES } from './format.ts'
import { MONTH_KEY, type MonthKey } from './month-key.ts'

export const NO_OPEN_MAILING = 'No mailing is open for orders right now.'
export const MAILING_NOT_SELLING = 'This mailing is not taking orders.'

/** 'YYYY-MM' with a month 01-12, as mailings.ts MONTH_KEY_PATTERN. */
export function isMonthKey(value: unknown): value is MonthKey {
  return typeof value === 'string' && MONTH_KEY.test(value)
}

/** '2026-12' → 'December 2026' */
export function mailingMonthLabel(key: MonthKey): string {
  return `${MONTH_NAMES[Number(key.slice(5, 7)) - 1] ?? key} ${Number(key.slice(0, 4))}`
}

/** A map icon card's and checkout's line: 'For the January 2027 mailing'. */
export function mailingForText(month: MonthKey): string {
  return `For the ${mailingMonthLabel(month)} mailing`
}

/** The cart's line for an icon: 'January 2027 mailing'. */
export function cartMailingText(month: MonthKey): string {
  return `${mailingMonthLabel(month)} mailing`
}
