/**
 * The settings screen's check of the saved default month (decision 011). Apart from calendar-months.ts so
 * that only the admin bundle carries it (the public calendar's JS budget).
 */
import {
  compareYearMonth,
  currentYearMonth,
  formatYearMonth,
  initialCalendarMonth,
  isSameYearMonth,
  settingsDefault,
  type YearMonth,
} from './calendar-months.ts'

/**
 * Why the settings default is not what visitors see (decision 011), for the settings screen: the month is
 * before the current one, or it has no available day. Null when the default is used or none is set.
 */
export function unusedDefaultMonth(input: {
  defaultMonth: number | null
  defaultYear: number | null
  availableMonths: YearMonth[]
  now?: Date
}): { month: YearMonth; reason: 'past' | 'no-available-days'; shown: YearMonth } | null {
  const chosen = settingsDefault(input)
  if (!chosen) return null
  const shown = initialCalendarMonth(input)
  if (isSameYearMonth(shown, chosen)) return null
  const reason = compareYearMonth(chosen, currentYearMonth(input.now)) < 0 ? 'past' : 'no-available-days'
  return { month: chosen, reason, shown }
}

/** The settings screen's warning: 'December 2024 is in the past: visitors will see May 2026 instead.' */
export function unusedDefaultMonthText(problem: NonNullable<ReturnType<typeof unusedDefaultMonth>>): string {
  const why = problem.reason === 'past' ? 'is in the past' : 'has no available days'
  return `${formatYearMonth(problem.month)} ${why}: visitors will see ${formatYearMonth(problem.shown)} instead.`
}
