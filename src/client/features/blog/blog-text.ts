import { formatDayDate } from '#shared/format.ts'

/** A post's content shows as paragraphs split at line breaks (blank lines add none). */
export function splitIntoParagraphs(content: string): string[] {
  return content
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
}

/** The publication date in en-US long form, UTC; accepts a date or an ISO timestamp. */
export function formatPublicationDate(value: string): string {
  return formatDayDate(value.slice(0, 10))
}
