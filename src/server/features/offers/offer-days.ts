import { daysInMonth, toIsoDate } from '#shared/dates.ts'
import { type MonthKey, parseMonthKey } from '#shared/mailings.ts'

/**
 * Which day of a new mailing renews a day of the previous one (decision 023). Pure date arithmetic on
 * 'YYYY-MM-DD' strings (UTC, never a local clock), unit-tested in offer-days.unit.test.ts.
 */

/**
 * The same date of the month in `month`: the day of the month `previous` had, or the month's last day when
 * the month is shorter (the 31st of January renews as February's 28th or 29th).
 */
export function sameDateIn(month: MonthKey, previous: string): string {
  const { year, month: m } = parseMonthKey(month)
  const day = Math.min(Number(previous.slice(8, 10)), daysInMonth(year, m))
  return toIsoDate(year, m, day)
}

/** Whether sameDateIn had to move the date (the month has no such day). */
export function isMovedDate(month: MonthKey, previous: string): boolean {
  return sameDateIn(month, previous).slice(8, 10) !== previous.slice(8, 10)
}

const DAY_MS = 86_400_000
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS
const dateOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10)

/**
 * The other days of `target`'s week, nearest first: the calendar's week, Sunday to Saturday (the public
 * calendar's rows), and only days of the same month (a day of the next or previous month is another
 * mailing's). At the same distance the earlier day comes first.
 */
export function sameWeekFallbacks(target: string): string[] {
  const n = dayNumber(target)
  const weekday = new Date(n * DAY_MS).getUTCDay()
  const month = target.slice(0, 7)
  const days: string[] = []
  for (let i = n - weekday; i <= n - weekday + 6; i++) {
    const date = dateOf(i)
    if (i !== n && date.startsWith(month)) days.push(date)
  }
  return days.sort((a, b) => Math.abs(dayNumber(a) - n) - Math.abs(dayNumber(b) - n) || a.localeCompare(b))
}
