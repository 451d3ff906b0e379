import { MONTH_NAMES } from '#shared/format.ts'
import type { MailingDayCounts, MailingOverviewRow } from '#shared/mailings.ts'

const shortMonth = (month: number) => (MONTH_NAMES[month - 1] ?? '').slice(0, 3)

/** A town-local 'YYYY-MM-DD' as 'Jan 1, 2027' (the server already answered the town's date). */
export function formatShortDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number)
  if (!y || !m || !d) return date
  return `${shortMonth(m)} ${d}, ${y}`
}

const timestamp = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })

/** An instant (ISO) in the browser's own time, for 'when did this happen'. */
export function formatInstant(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : timestamp.format(date)
}

export function dayCountsText(days: MailingDayCounts): string {
  return `${days.sold} sold, ${days.held} held, ${days.free} free, ${days.notSetUp} not set up`
}

export function iconCountsText(icons: MailingOverviewRow['icons']): string {
  return `${icons.regular} regular, ${icons.premium} premium`
}

/** 'small' is the regular map icon; every other size is premium (shared/mailings). */
export function iconSizeLabel(size: string): 'Regular' | 'Premium' {
  return size === 'small' ? 'Regular' : 'Premium'
}

/** Has the mailing's sales close passed (reopening then needs a new one)? */
export function isSalesClosePast(
  row: Pick<MailingOverviewRow, 'salesCloseAt'>,
  now: Date = new Date(),
): boolean {
  const at = Date.parse(row.salesCloseAt)
  return Number.isNaN(at) || at <= now.getTime()
}
