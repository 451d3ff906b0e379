/**
 * The admin month selector's months: every month from January 2023 to December of the
 * current year + 2, prev/next wrapping. Apart from calendar-months.ts so that only the admin bundle carries
 * it (the public calendar's JavaScript budget).
 */
import {
  ADMIN_YEARS_AHEAD,
  compareYearMonth,
  currentYearMonth,
  type MonthOptions,
  type YearMonth,
} from './calendar-months.ts'
import { addMonths } from './dates.ts'
import { FIRST_CALENDAR_YEAR } from './settings.ts'

/** Admin mode: every month from January 2023 to December of the current year + 2. */
export function adminMonthList(now: Date = new Date()): YearMonth[] {
  const lastYear = currentYearMonth(now).year + ADMIN_YEARS_AHEAD
  const months: YearMonth[] = []
  for (let year = FIRST_CALENDAR_YEAR; year <= lastYear; year++) {
    for (let month = 1; month <= 12; month++) months.push({ year, month })
  }
  return months
}

/**
 * Admin mode: prev/next are always enabled and step across years (December → January); at the ends
 * of the list they wrap around to its other end so the choice always stays a listed month.
 */
export function adminMonthOptions(selected: YearMonth, now: Date = new Date()): MonthOptions {
  const options = adminMonthList(now)
  const first = options[0] as YearMonth
  const last = options[options.length - 1] as YearMonth
  const wrap = (m: YearMonth) =>
    compareYearMonth(m, first) < 0 ? last : compareYearMonth(m, last) > 0 ? first : m
  return {
    options,
    previous: wrap(addMonths(selected.year, selected.month, -1)),
    next: wrap(addMonths(selected.year, selected.month, 1)),
  }
}
