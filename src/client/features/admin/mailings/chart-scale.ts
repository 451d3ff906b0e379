import { formatPrice, MONTH_NAMES } from '#shared/format.ts'
import { type MailingChartPoint, mailingMonthLabel, parseMonthKey } from '#shared/mailings.ts'
import { plural } from '#shared/plural.ts'

/** The smallest 1, 2, 2.5 or 5 × 10ⁿ at or above value (value > 0). */
export function niceCeil(value: number): number {
  if (!(value > 0)) return 1
  const power = 10 ** Math.floor(Math.log10(value))
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= value - 1e-9) return step * power
  return 10 * power
}

/** Four equal steps from 0 that hold max, at least minStep each: the ticks of an axis. */
export function axisTicks(max: number, minStep: number): number[] {
  const step = Math.max(minStep, niceCeil(max / 4))
  return [0, 1, 2, 3, 4].map((i) => i * step)
}

/** 'Dec' (every month) and its year under January and the first month. */
export function monthTickLabel(key: string, index: number): { month: string; year: string | null } {
  const { year, month } = parseMonthKey(key)
  return {
    month: (MONTH_NAMES[month - 1] ?? key).slice(0, 3),
    year: index === 0 || month === 1 ? String(year) : null,
  }
}

/** What the chart shows, in words: its accessible name. */
export function chartSummary(points: MailingChartPoint[]): string {
  const first = points[0]
  const last = points[points.length - 1]
  if (!first || !last) return 'Mailings chart: no months to show.'
  const total = (key: 'sold' | 'held' | 'free' | 'revenue') => points.reduce((sum, p) => sum + p[key], 0)
  const best = points.reduce((top, p) => (p.revenue > top.revenue ? p : top), first)
  const span = `${mailingMonthLabel(first.month)} to ${mailingMonthLabel(last.month)}`
  const mailings = points.filter((p) => p.hasMailing).length
  const parts = [
    `Days and revenue per mailing, ${span}.`,
    `${plural(mailings, 'month')} of ${points.length} ${mailings === 1 ? 'has a mailing' : 'have a mailing'}:`,
    `${plural(total('sold'), 'day')} sold, ${total('held')} held and ${total('free')} free in all, ${formatPrice(total('revenue'))} revenue.`,
  ]
  if (best.revenue > 0)
    parts.push(`Most revenue: ${mailingMonthLabel(best.month)}, ${formatPrice(best.revenue)}.`)
  return parts.join(' ')
}
