/** Calendar days are plain 'YYYY-MM-DD' strings, never parsed as local time (ARCHITECTURE.md). */
export type IsoDate = string

const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/

/** A real calendar date from 0001-01-01 on: PostgreSQL has no year 0, which JavaScript's Date accepts. */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE_PATTERN.test(value) || value < '0001-01-01') return false
  const d = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value
}

export function toIsoDate(year: number, month: number, day: number): IsoDate {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate()
}

/** Every date of a month, in order. */
export function datesOfMonth(year: number, month: number): IsoDate[] {
  return Array.from({ length: daysInMonth(year, month) }, (_, i) => toIsoDate(year, month, i + 1))
}

/** The month `offset` months after (year, month); offset may be negative. */
export function addMonths(year: number, month: number, offset: number): { year: number; month: number } {
  const index = year * 12 + (month - 1) + offset
  return { year: Math.floor(index / 12), month: (index % 12) + 1 }
}

/** The town's time zone when none is configured (SITE_TIMEZONE). */
export const DEFAULT_SITE_TIMEZONE = 'America/New_York'

/** True when `timeZone` is an IANA zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone }).format(0)
    return true
  } catch {
    return false
  }
}

/**
 * Today's date in the town's time zone as YYYY-MM-DD: what "past" means for a calendar day (a day is past
 * once its date is before this; on the day itself it can still be sold). Server-side only (Intl with a
 * zone), so the client never decides what is past.
 */
export function todayInTimeZone(timeZone: string, now: Date = new Date()): IsoDate {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now)
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return `${get('year')}-${get('month')}-${get('day')}`
}
