/**
 * The words of the short-link form (the artwork page and the account) and the scans chart; short-links.ts holds the contract's own texts (the question, the destinations, the confirmations).
 */

export const LINK_FORM_TEXTS = {
  shortLink: 'Your QR code link:',
  websiteLabel: 'Your website address',
  phoneLabel: 'Your phone number',
  save: 'Save',
  saving: 'Saving...',
  saveFailed: 'Your choice could not be saved. Please try again.',
  scans: 'QR code scans:',
} as const

const MONTHS_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** 'YYYY-MM-DD' as 'Jan 5' (the date as written, whatever the reader's time zone). */
export function shortDayText(day: string): string {
  const [, month, date] = day.split('-').map(Number)
  return `${MONTHS_SHORT[(month ?? 1) - 1] ?? ''} ${date ?? ''}`
}

/**
 * What the scans chart shows, in words (its accessible name): 'Scans per day from Jan 5 to Jan 19: 12 scans',
 * or 'Scans on Jan 5: 1 scan' for a single day.
 */
export function scansChartLabel(days: readonly { day: string; scans: number }[]): string {
  const total = days.reduce((sum, day) => sum + day.scans, 0)
  const count = `${total} ${total === 1 ? 'scan' : 'scans'}`
  const first = days[0]
  const last = days.at(-1)
  if (!first || !last) return `No scans yet`
  if (first.day === last.day) return `Scans on ${shortDayText(first.day)}: ${count}`
  return `Scans per day from ${shortDayText(first.day)} to ${shortDayText(last.day)}: ${count}`
}
