/**
 * Calendar month rules: which month the calendar opens on, what the month selector
 * offers in admin and public mode, the state of a day cell and the Sun–Sat grid of a month.
 * Pure and UTC-only, so the browser's time zone never shifts a day.
 */
import { daysInMonth, type IsoDate, toIsoDate } from './dates.ts'
import { MONTH_NAMES } from './format.ts'

/** month is 1-12. */
export type YearMonth = { year: number; month: number }

/** Admin mode runs to two years beyond the current year. */
export const ADMIN_YEARS_AHEAD = 2

export function currentYearMonth(now: Date = new Date()): YearMonth {
  return { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 }
}

/** 'December 2026' (English month names). */
export function formatYearMonth({ year, month }: YearMonth): string {
  return `${MONTH_NAMES[month - 1] ?? String(month)} ${year}`
}

/** 'YYYY-MM', the key the calendar API takes (?month=) and a stable option value. */
export function yearMonthKey({ year, month }: YearMonth): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`
}

export function parseYearMonthKey(key: string): YearMonth | null {
  const match = /^(\d{4})-(\d{2})$/.exec(key)
  if (!match) return null
  const year = Number(match[1])
  const month = Number(match[2])
  return month >= 1 && month <= 12 ? { year, month } : null
}

export function compareYearMonth(a: YearMonth, b: YearMonth): number {
  return a.year * 12 + a.month - (b.year * 12 + b.month)
}

export function isSameYearMonth(a: YearMonth, b: YearMonth): boolean {
  return compareYearMonth(a, b) === 0
}

/**
 * The default from settings if present, else the current month, or the earliest
 * available month if the current one is not available. With no available month at all the current
 * month stays (the selector then shows only it).
 *
 * Decision 011 refines "if present": the default is used only while it is an available month. A default
 * in the past, or one without a day to buy, would open the calendar on a month where nothing can be
 * bought, so the calendar falls back as if no default were set (and the settings screen says so).
 */
export function initialCalendarMonth(input: {
  defaultMonth: number | null
  defaultYear: number | null
  /** null when the list could not be loaded: nothing is known, so a set default is trusted. */
  availableMonths: YearMonth[] | null
  /**
   * The month a link asks for ('/calendar?month=2027-02', as the e-mails' "Book the … mailing" links do):
   * opened while it is an available month, else ignored as if absent (a link that outlived its mailing).
   */
  requested?: YearMonth | null
  now?: Date
}): YearMonth {
  const available = input.availableMonths
  const requested = input.requested
  if (requested && available?.some((m) => isSameYearMonth(m, requested))) return requested
  const fallback = fallbackMonth(available ?? [], input.now)
  const chosen = settingsDefault(input)
  if (!chosen) return fallback
  if (available === null) return chosen
  return available.some((m) => isSameYearMonth(m, chosen)) ? chosen : fallback
}

/** The month settings name, when both halves are set and valid. */
export function settingsDefault({
  defaultMonth,
  defaultYear,
}: {
  defaultMonth: number | null
  defaultYear: number | null
}): YearMonth | null {
  return defaultMonth && defaultYear && defaultMonth >= 1 && defaultMonth <= 12
    ? { year: defaultYear, month: defaultMonth }
    : null
}

/** Without a usable default: the current month if available, else the earliest available, else the current. */
function fallbackMonth(availableMonths: YearMonth[], now?: Date): YearMonth {
  const current = currentYearMonth(now)
  if (availableMonths.some((m) => isSameYearMonth(m, current))) return current
  return sortYearMonths(availableMonths)[0] ?? current
}

function sortYearMonths(months: YearMonth[]): YearMonth[] {
  return [...months].sort(compareYearMonth)
}

export type MonthOptions = {
  options: YearMonth[]
  /** Where the previous/next buttons lead; null means the button is disabled. */
  previous: YearMonth | null
  next: YearMonth | null
}

/**
 * Public mode: only the available months, in chronological order, prev/next disabled at the ends.
 * With none available the list is just the current month. When the shown month is not in the list
 * (e.g. a settings default without available days) prev/next lead to its nearest listed neighbours.
 */
export function publicMonthOptions(
  selected: YearMonth,
  availableMonths: YearMonth[],
  now: Date = new Date(),
): MonthOptions {
  const unique = sortYearMonths(availableMonths).filter(
    (m, i, all) => i === 0 || !isSameYearMonth(m, all[i - 1] as YearMonth),
  )
  const options = unique.length > 0 ? unique : [currentYearMonth(now)]
  const before = options.filter((m) => compareYearMonth(m, selected) < 0)
  const after = options.filter((m) => compareYearMonth(m, selected) > 0)
  return { options, previous: before[before.length - 1] ?? null, next: after[0] ?? null }
}

/**
 * Available → can be added; in cart; reserved_pending → 'Pending'; others 'Reserved'; 'closed': not sold,
 * and its mailing takes no more orders.
 */
export type DayCellState =
  | 'available'
  | 'in-cart'
  | 'pending'
  | 'reserved'
  | 'placeholder'
  | 'past'
  | 'closed'

/**
 * `isPast`: the date is before the town's today as the server answered it (CalendarMonthResponse.today).
 * A past date is shown as Past unless it was sold (a reserved day stays Reserved); the server also answers
 * an unsold past day with status 'past' (PAST_DAY_STATUS), which wins whatever the client's clock says.
 * An unsold day whose mailing is not taking orders comes as 'closed' (CLOSED_DAY_STATUS); `isMailingClosed`
 * (the month's mailing is not open) also closes the dates without a day, which would otherwise read
 * 'not opened yet' although they never will be in this mailing.
 */
export function dayCellState(
  day: { id: string; status: string } | undefined,
  cartDayIds: ReadonlySet<string> | readonly string[],
  isPast = false,
  isMailingClosed = false,
): DayCellState {
  if (day?.status === 'past' || (isPast && day?.status !== 'reserved')) return 'past'
  if (day?.status === 'closed' || (!day && isMailingClosed)) return 'closed'
  if (!day) return 'placeholder'
  if (day.status === 'reserved_pending') return 'pending'
  if (day.status !== 'available') return 'reserved'
  const inCart = 'has' in cartDayIds ? cartDayIds.has(day.id) : cartDayIds.includes(day.id)
  return inCart ? 'in-cart' : 'available'
}

/** A week of the grid: seven cells, Sunday first; null is a blank before the 1st or after the last day. */
type MonthGridWeek = Array<IsoDate | null>

export function monthGrid({ year, month }: YearMonth): MonthGridWeek[] {
  const leading = new Date(Date.UTC(year, month - 1, 1)).getUTCDay()
  const cells: Array<IsoDate | null> = Array.from({ length: leading }, () => null)
  const count = daysInMonth(year, month)
  for (let day = 1; day <= count; day++) cells.push(toIsoDate(year, month, day))
  while (cells.length % 7 !== 0) cells.push(null)
  const weeks: MonthGridWeek[] = []
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7))
  return weeks
}

export const WEEKDAY_HEADERS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const
