/**
 * A year PostgreSQL can store as a date: 0001–9999 (it has no year 0, which JavaScript's Date has), as a
 * RegExp source without lookaheads (fast-check's stringMatching, used by the API fuzz, cannot run them).
 */
export const YEAR = '(?:000[1-9]|00[1-9]\\d|0[1-9]\\d{2}|[1-9]\\d{3})'

/** A mailing or calendar month: 'YYYY-MM'. */
export type MonthKey = string

/** A mailing or calendar month: 'YYYY-MM' with a storable year and a month 01–12. */
export const MONTH_KEY = new RegExp(`^${YEAR}-(0[1-9]|1[0-2])$`)
