import { formatDayDate } from '#shared/format.ts'

// What every e-mail about an order says of it, whichever feature sends it: a checkout's confirmation, a
// manual order's, a refund's, a late payment's.

/** One paid order as the e-mails describe it. */
export type EmailOrderItem = {
  id: string
  date: string | null
  iconName: string | null
  description: string | null
  units: number | null
  amountCents: number
}

export function describeItem(item: EmailOrderItem): string {
  if (item.date) return `Calendar day: ${formatDayDate(item.date)}`
  if (item.iconName) return `Map icon: ${item.iconName}`
  const units = item.units ? ` (${item.units} unit${item.units === 1 ? '' : 's'})` : ''
  return `${item.description ?? 'Special Purchase'}${units}`
}

/** What every artwork e-mail says about one mailing: its name and when its artwork is due. */
export type ArtworkDue = { label: string; artworkDueText: string }

/** The lines an order confirmation adds for a checkout that bought days or an icon. */
export function confirmationArtworkLines(url: string, mailings: ArtworkDue[]): string[] {
  return [
    '',
    'Next: your artwork',
    `Upload your logo or ad for each item here: ${url}`,
    ...mailings.map((m) => `Artwork for the ${m.label} mailing is due ${m.artworkDueText}.`),
  ]
}
