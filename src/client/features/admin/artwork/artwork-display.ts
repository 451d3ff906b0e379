import {
  ARTWORK_STATE_LABELS,
  ARTWORK_STATES,
  type ArtworkState,
  type PrintSize,
  type ProductionLineDto,
} from '#shared/artwork.ts'
import type { MailingOverviewRow, MonthKey } from '#shared/mailings.ts'
import { plural } from '#shared/plural.ts'

/**
 * The board's month when ?month= names none: the first mailing not yet mailed whose artwork is due
 * soonest from now; when none is still to come, the latest mailing. Null when there is no mailing.
 */
export function defaultArtworkMonth(
  rows: Array<Pick<MailingOverviewRow, 'month' | 'status' | 'artworkDueAt'>>,
  now: Date = new Date(),
): MonthKey | null {
  const upcoming = rows
    .filter((row) => row.status !== 'mailed' && Date.parse(row.artworkDueAt) >= now.getTime())
    .sort((a, b) => Date.parse(a.artworkDueAt) - Date.parse(b.artworkDueAt))
  if (upcoming[0]) return upcoming[0].month
  const latest = [...rows].sort((a, b) => b.month.localeCompare(a.month))[0]
  return latest?.month ?? null
}

/** The counts in the order a line moves through them, as text. */
const COUNT_ORDER: ArtworkState[] = ['missing', 'received', 'changes_requested', 'approved']

export function totalLines(counts: Record<ArtworkState, number>): number {
  return ARTWORK_STATES.reduce((sum, state) => sum + counts[state], 0)
}

/** '12 lines: 3 missing, 5 received, 2 changes requested, 2 approved'. */
export function artworkCountsText(counts: Record<ArtworkState, number>): string {
  const parts = COUNT_ORDER.map((state) => `${counts[state]} ${ARTWORK_STATE_LABELS[state].toLowerCase()}`)
  return `${plural(totalLines(counts), 'line')}: ${parts.join(', ')}`
}

/** The buyer's page as a link to paste anywhere: the server answers it from the site root without PUBLIC_URL. */
export function absoluteArtworkUrl(url: string, origin: string = window.location.origin): string {
  return url.startsWith('/') ? `${origin}${url}` : url
}

const inchFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 })

/** '1 × 1 in', '0.75 × 0.75 in'. */
export function printSizeText(size: PrintSize): string {
  return `${inchFormat.format(size.widthInches)} × ${inchFormat.format(size.heightInches)} in`
}

/** '240 KB', '1.2 MB'. */
export function fileSizeText(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

/**
 * A received file on a line the owner has reviewed before: the buyer sent it again (after changes were
 * requested, or after an approval), so it needs reviewing again. An upload keeps the line's last review.
 */
export function isReuploaded(line: Pick<ProductionLineDto, 'state' | 'reviewedAt'>): boolean {
  return line.state === 'received' && line.reviewedAt !== null
}
