import type { ArtworkState } from './artwork.ts'

/**
 * Whether a mailing's artwork is ready for print: its sold lines without artwork, and those whose artwork
 * the owner has not approved (received, or sent back for changes). Marking a mailing printed while any
 * are left needs the owner to acknowledge exactly these lines.
 */

export type PrintReadinessLine = {
  orderId: string
  /** The calendar day (YYYY-MM-DD), or null for a map icon. */
  date: string | null
  /** The map icon's name, or null for a calendar day. */
  iconName: string | null
  businessName: string
  state: ArtworkState
}

/** GET /api/admin/mailings/:month/print-readiness; both lists empty when every line is approved. */
export type PrintReadinessResponse = {
  missing: PrintReadinessLine[]
  notApproved: PrintReadinessLine[]
}

/** The 409 of marking printed with lines not acknowledged: the error, and the lines as they are now. */
export type PrintNotReadyBody = {
  error: { code: 'conflict'; message: string }
  readiness: PrintReadinessResponse
}

export function printNotReadyMessage(monthLabel: string): string {
  return `The ${monthLabel} mailing has artwork missing or not approved that was not confirmed: review the list and confirm again to mark it printed.`
}

export function unreadyLineIds(readiness: PrintReadinessResponse): string[] {
  return [...readiness.missing, ...readiness.notApproved].map((line) => line.orderId)
}
