import { and, inArray, isNull, or, type SQL } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { mailings, orderArtwork, orders } from '#server/db/schema.ts'
import { deadlineText } from '#server/lib/deadline-text.ts'
import { printSizeFor } from '#shared/artwork.ts'
import { todayInTimeZone } from '#shared/dates.ts'
import { formatDayDate } from '#shared/format.ts'
import type { DigestArtworkDto, DigestArtworkLineDto } from '#shared/owner-digest.ts'
import { getPrintSpecs } from '../orders/print-specs.service.ts'
import { type LineRow, lineLabel, selectLines } from './artwork.service.ts'
import { checkPrint, type InspectedArtwork } from './artwork-file.ts'

/**
 * The artwork that needs someone, for the owner's daily digest (features/owner-digest, handed this by
 * app.ts): for every mailing not yet printed, before its artwork deadline the lines with no artwork, with
 * changes requested, and received files whose print check warns; and, deadline or not, the lines the buyer
 * re-uploaded after the owner last reviewed them (a received file with a review on the line: an upload
 * keeps the line's last review, see uploadArtwork). Mailings with none of these are left out.
 */
export async function artworkAttention(db: Db, timeZone: string, now: Date): Promise<DigestArtworkDto[]> {
  const unprinted = await db
    .select()
    .from(mailings)
    .where(inArray(mailings.status, ['open', 'closed']))
  if (unprinted.length === 0) return []
  const lines = await selectLines(
    db,
    and(
      inArray(
        orders.mailingMonth,
        unprinted.map((m) => m.month),
      ),
      or(isNull(orderArtwork.orderId), inArray(orderArtwork.state, ['received', 'changes_requested'])),
    ) as SQL,
  )
  const specs = await getPrintSpecs(db)
  const toLine = (row: LineRow, warning: string | null = null): DigestArtworkLineDto => ({
    orderId: row.orderId,
    label: lineLabel(row),
    businessName: row.businessName,
    email: row.email,
    note: row.artwork?.ownerNote ?? null,
    warning,
    uploadedAt: row.artwork?.uploadedAt.toISOString() ?? null,
    uploadedText: row.artwork ? formatDayDate(todayInTimeZone(timeZone, row.artwork.uploadedAt)) : null,
  })

  const result: DigestArtworkDto[] = []
  for (const mailing of [...unprinted].sort((a, b) => a.month.localeCompare(b.month))) {
    const isBeforeDeadline = mailing.artworkDueAt.getTime() > now.getTime()
    const section: DigestArtworkDto = {
      month: mailing.month,
      artworkDueAt: mailing.artworkDueAt.toISOString(),
      artworkDueText: deadlineText(mailing.artworkDueAt, timeZone),
      isBeforeDeadline,
      missing: [],
      changesRequested: [],
      printWarnings: [],
      reviewAgain: [],
    }
    for (const row of lines) {
      if (row.mailingMonth !== mailing.month) continue
      const art = row.artwork
      if (art?.state === 'received' && art.reviewedAt) {
        section.reviewAgain.push(toLine(row))
        continue
      }
      if (!isBeforeDeadline) continue
      if (!art) section.missing.push(toLine(row))
      else if (art.state === 'changes_requested') section.changesRequested.push(toLine(row))
      else {
        const size = printSizeFor(specs, { kind: row.date ? 'day' : 'icon', iconSize: row.itemSize })
        const check = checkPrint(art.inspection as InspectedArtwork, size, specs.dpi)
        if (check.level === 'warning') section.printWarnings.push(toLine(row, check.messages.join(' ')))
      }
    }
    const { missing, changesRequested, printWarnings, reviewAgain } = section
    if (missing.length + changesRequested.length + printWarnings.length + reviewAgain.length > 0)
      result.push(section)
  }
  return result
}
