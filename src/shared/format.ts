/**
 * Display formats: US dollars with 0 decimals, dates in en-US long form in UTC.
 * Written out by hand rather than with Intl: the format is fixed (en-US, UTC), and the first Intl
 * formatter a page makes loads locale data on the main thread, which Lighthouse measured as the home
 * page's largest piece of its own script time (docs/benchmarks.md).
 */

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const

/** A whole number with en-US thousands separators: 5000 → '5,000'. */
export function formatCount(value: number): string {
  const whole = Math.round(Math.abs(value))
  const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return value < 0 && whole !== 0 ? `-${grouped}` : grouped
}

/** US dollars, 0 decimals (rounded half away from zero): 1250 → '$1,250', -5 → '-$5'. */
export function formatUsd(dollars: number): string {
  const whole = Math.round(Math.abs(dollars))
  const text = `$${formatCount(whole)}`
  return dollars < 0 && whole !== 0 ? `-${text}` : text
}

/**
 * A price or amount as a customer sees it (cart, calendar, checkout, pay page, thank-you, e-mails): whole
 * dollars without decimals ('$120'), and with cents when there are cents
 * ('$135.75'), so the figure shown is always the one charged (a $135.75 day must not read '$136').
 */
export function formatPrice(dollars: number): string {
  return Math.round(Math.abs(dollars) * 100) % 100 === 0 ? formatUsd(dollars) : formatUsdCents(dollars)
}

/** US dollars with cents: 3 → '$3.00', 1234.5 → '$1,234.50'. */
export function formatUsdCents(dollars: number): string {
  const cents = Math.round(Math.abs(dollars) * 100)
  const text = `$${formatCount(Math.floor(cents / 100))}.${String(cents % 100).padStart(2, '0')}`
  return dollars < 0 && cents !== 0 ? `-${text}` : text
}

/** Formats a YYYY-MM-DD day as e.g. 'Monday, September 1, 2025' without local-time drift. */
export function formatDayDate(day: string): string {
  const [y, m, d] = day.split('-').map(Number)
  if (!y || !m || !d) return day
  const date = new Date(Date.UTC(y, m - 1, d))
  if (Number.isNaN(date.getTime())) return day
  return `${WEEKDAYS[date.getUTCDay()]}, ${MONTH_NAMES[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`
}
