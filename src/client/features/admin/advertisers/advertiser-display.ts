import type { AdvertiserLineDto, AdvertiserSort } from '#shared/admin-advertisers.ts'
import { ARTWORK_STATE_LABELS } from '#shared/artwork.ts'
import { formatYearMonth, parseYearMonthKey } from '#shared/calendar-months.ts'
import { formatDayDate } from '#shared/format.ts'

/** How long typing in a search box pauses before the server is asked. */
export const SEARCH_DELAY_MS = 300

/** A mailing as people say it: '2027-03' → 'March 2027'. */
export function formatMailing(month: string | null): string {
  if (!month) return '—'
  const parsed = parseYearMonthKey(month)
  return parsed ? formatYearMonth(parsed) : month
}

/** An advertiser without a business name is known by its address. */
export function advertiserName(advertiser: { businessName: string | null; email: string }): string {
  return advertiser.businessName?.trim() ? advertiser.businessName : advertiser.email
}

/** The sort menu's choices: each order and its direction as one option. */
export const SORT_OPTIONS: { value: string; sort: AdvertiserSort; dir: 'asc' | 'desc'; label: string }[] = [
  { value: 'lastMailing:desc', sort: 'lastMailing', dir: 'desc', label: 'Last mailing, latest first' },
  { value: 'lastMailing:asc', sort: 'lastMailing', dir: 'asc', label: 'Last mailing, earliest first' },
  { value: 'lifetimePaid:desc', sort: 'lifetimePaid', dir: 'desc', label: 'Lifetime paid, highest first' },
  { value: 'lifetimePaid:asc', sort: 'lifetimePaid', dir: 'asc', label: 'Lifetime paid, lowest first' },
]

export const PURCHASE_STATE_LABELS: Record<string, string> = {
  pending: 'Pending',
  paid: 'Paid',
  partly_refunded: 'Partly refunded',
  refunded: 'Refunded',
  expired: 'Expired',
  deleted: 'Deleted',
}

export const STATE_VARIANT: Record<string, 'success' | 'warning' | 'secondary' | 'destructive'> = {
  paid: 'success',
  partly_refunded: 'warning',
  pending: 'warning',
  refunded: 'secondary',
  expired: 'destructive',
  deleted: 'destructive',
}

/** What a line bought: the day, the icon and its size, or the special purchase. */
export function lineSubject(line: AdvertiserLineDto): string {
  if (line.type === 'calendar_day')
    return line.date ? `Calendar day ${formatDayDate(line.date)}` : 'Calendar day'
  if (line.type === 'map_icon')
    return `Map icon ${line.iconName ?? ''}${line.iconSize ? ` (${line.iconSize})` : ''}`.trim()
  const units = line.units ?? 0
  return `Special purchase: ${line.description ?? `${units} ${units === 1 ? 'unit' : 'units'}`}`
}

/** The line's artwork, or 'none' for a special purchase (which takes no artwork). */
export function lineArtwork(line: AdvertiserLineDto): string {
  return line.artwork ? ARTWORK_STATE_LABELS[line.artwork] : 'none'
}

const timestamp = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })

/** An instant (ISO) in the browser's own time. */
export function formatWhen(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : timestamp.format(date)
}
