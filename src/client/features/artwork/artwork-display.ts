import {
  ARTWORK_NO_FILE_MESSAGE,
  ARTWORK_TOO_LARGE_MESSAGE,
  type ArtworkLineDto,
  type ArtworkMailingDto,
  MAX_ARTWORK_BYTES,
  type PrintSize,
} from '#shared/artwork.ts'

/**
 * The checks made before sending a file; the server decides by the content (type, PDF readable) anyway.
 * Returns the message to show next to the input, or null.
 */
export function checkArtworkFile(file: Pick<File, 'size'> | null | undefined): string | null {
  // An empty file is no file, as the server counts it.
  if (!file || file.size === 0) return ARTWORK_NO_FILE_MESSAGE
  if (file.size > MAX_ARTWORK_BYTES) return ARTWORK_TOO_LARGE_MESSAGE
  return null
}

/** 1 → "1", 0.75 → "0.75", without float noise. */
function inches(value: number): string {
  return String(Number(value.toFixed(3)))
}

/** "Prints at 1 × 1 in" */
export function printsAtText(size: PrintSize): string {
  return `Prints at ${inches(size.widthInches)} × ${inches(size.heightInches)} in`
}

/** 2_400_000 → "2.3 MB", 48_000 → "47 KB" */
export function fileSizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
  return `${Math.max(1, Math.round(bytes / 1024))} KB`
}

/** '2027-05' → 'May 2027' (the server names the mailings it lists; this is for one it left out). */
function monthLabel(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number)
  if (!year || !monthNumber) return month
  return new Date(Date.UTC(year, monthNumber - 1)).toLocaleString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })
}

export type MailingGroup = {
  month: string
  /** "January 2027". */
  label: string
  /** Undefined only for a line whose mailing the answer does not list. */
  mailing?: ArtworkMailingDto
  lines: ArtworkLineDto[]
}

/**
 * The lines by mailing, in the order of `mailings`; a mailing without lines is left out, and a line whose
 * mailing the answer does not list still shows, under its month, after the others.
 */
export function groupLinesByMailing(mailings: ArtworkMailingDto[], lines: ArtworkLineDto[]): MailingGroup[] {
  const groups: MailingGroup[] = mailings.map((mailing) => ({
    month: mailing.month,
    label: mailing.label,
    mailing,
    lines: [],
  }))
  const byMonth = new Map(groups.map((group) => [group.month, group]))
  for (const line of lines) {
    let group = byMonth.get(line.mailingMonth)
    if (!group) {
      group = { month: line.mailingMonth, label: monthLabel(line.mailingMonth), lines: [] }
      byMonth.set(group.month, group)
      groups.push(group)
    }
    group.lines.push(line)
  }
  return groups.filter((group) => group.lines.length > 0)
}

/** The id of a line's status block, which takes the focus after an upload. */
export function artworkStatusId(orderId: string): string {
  return `artwork-status-${orderId}`
}
