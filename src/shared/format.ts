/** Display formats from spec section 9: US dollars with 0 decimals, dates in en-US long form in UTC. */

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
})

export function formatUsd(dollars: number): string {
  return usd.format(dollars)
}

const longDate = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
})

/** Formats a YYYY-MM-DD day as e.g. 'Monday, September 1, 2025' without local-time drift. */
export function formatDayDate(day: string): string {
  const [y, m, d] = day.split('-').map(Number)
  if (!y || !m || !d) return day
  return longDate.format(new Date(Date.UTC(y, m - 1, d)))
}
