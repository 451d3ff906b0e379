import { and, asc, eq, gte, lt } from 'drizzle-orm'
import { calendarDays, orders } from '#server/db/schema.ts'
import { ARTWORK_STATE_LABELS, houseAdText, type PrintSpecs, printSizeFor } from '#shared/artwork.ts'
import { mailingMonthLabel } from '#shared/mailings.ts'
import { getPrintSpecs } from '../orders/print-specs.service.ts'
import { markProofBuilt } from './ad-approval-state.ts'
import {
  type ArtworkContext,
  type LineRow,
  lineState,
  requireMailing,
  selectLines,
} from './artwork.service.ts'
import { checkPrint, type InspectedArtwork, printWarnings } from './artwork-file.ts'
import { type ProofJobInput, renderProofInChild } from './artwork-file-jobs.ts'
import { artworkManifestCsv, artworkZipNames, artworkZipStream, type ZipSource } from './artwork-zip.ts'
import { mailingProofMap } from './map-composer.service.ts'
import { proofArtwork, readStoredFile, shortUrl } from './proof-lines.ts'
import type { ProofDraft } from './proof-pdf.ts'

/**
 * The calendar side of a mailing as a print-ready PDF (proof-pdf.ts): every day of the month the calendar
 * has, with the business, artwork and short link of each sold day; then the map icons sold, for the map
 * designer.
 */
/** How far a mailing's artwork is from print: lines with no artwork, and lines with artwork not approved. */
export function proofDraft(lines: Pick<LineRow, 'artwork'>[]): ProofDraft {
  const states = lines.map(lineState)
  return {
    missing: states.filter((s) => s === 'missing').length,
    notApproved: states.filter((s) => s === 'received' || s === 'changes_requested').length,
  }
}

export async function buildProof(
  ctx: ArtworkContext,
  month: string,
  productName: string,
): Promise<{ bytes: Uint8Array; draft: boolean }> {
  const mailing = await requireMailing(ctx.db, month)
  const [year, monthNumber] = month.split('-').map(Number) as [number, number]
  const first = `${month}-01`
  const next =
    monthNumber === 12 ? `${year + 1}-01-01` : `${year}-${String(monthNumber + 1).padStart(2, '0')}-01`
  const calendar = await ctx.db
    .select({ date: calendarDays.date })
    .from(calendarDays)
    .where(and(gte(calendarDays.date, first), lt(calendarDays.date, next)))
    .orderBy(asc(calendarDays.date))
  const lines = await selectLines(ctx.db, eq(orders.mailingMonth, month))
  const soldDays = new Map(lines.filter((l) => l.date).map((l) => [l.date as string, l]))
  const dates = [...new Set([...calendar.map((d) => d.date), ...soldDays.keys()])].sort()
  const days: ProofJobInput['days'] = dates.map((date) => {
    const line = soldDays.get(date)
    return {
      date,
      businessName: line?.businessName ?? null,
      artwork: line ? proofArtwork(line) : null,
      shortUrl: line ? shortUrl(ctx, line) : null,
    }
  })
  const icons: ProofJobInput['icons'] = lines
    .filter((l) => !l.date)
    .map((l) => ({
      businessName: l.businessName,
      iconName: l.itemName ?? 'Map icon',
      sizeLabel: l.itemSize === 'small' ? 'Regular' : 'Premium',
      stateLabel: ARTWORK_STATE_LABELS[lineState(l)],
      artwork: proofArtwork(l),
      shortUrl: shortUrl(ctx, l),
    }))
  const specs = await getPrintSpecs(ctx.db)
  const draft = proofDraft(lines)
  // Drawn in a child process with time and memory limits: it decodes every stored (untrusted) file.
  const bytes = await renderProofInChild(
    {
      month,
      title: mailingMonthLabel(month),
      productName,
      inHomesDate: mailing.inHomesDate,
      specs,
      days,
      icons,
      draft,
      map: await mailingProofMap(ctx, month),
      houseAd: {
        text: houseAdText(specs.houseAd.text, new URL(ctx.publicOrigin).host),
        image: specs.houseAd.image,
      },
    },
    (key) => readStoredFile(ctx, key),
  )
  // The first proof built opens the advertisers' check of their ads (ad-approval.service.ts).
  await markProofBuilt(ctx.db, month, new Date())
  return { bytes, draft: draft.missing > 0 || draft.notApproved > 0 }
}

/**
 * Every original artwork file of a mailing, as a ZIP streamed file by file, with manifest.csv: one row per
 * sold line (also those without artwork), naming its file in the archive, its state and its print check
 * (what it warns about, or OK).
 */
export async function artworkArchive(
  ctx: ArtworkContext,
  month: string,
): Promise<ReadableStream<Uint8Array>> {
  await requireMailing(ctx.db, month)
  const lines = await selectLines(ctx.db, eq(orders.mailingMonth, month))
  const specs = await getPrintSpecs(ctx.db)
  const withFiles = lines.filter((l) => l.artwork)
  const sources: ZipSource[] = withFiles.map((l) => {
    const art = l.artwork as NonNullable<LineRow['artwork']>
    const ext = art.fileName.includes('.') ? (art.fileName.split('.').pop() as string) : 'bin'
    return {
      date: l.date,
      iconName: l.date ? null : (l.itemName ?? 'Map icon'),
      businessName: l.businessName,
      ext,
      load: () => readStoredFile(ctx, art.fileKey),
    }
  })
  const names = artworkZipNames(sources)
  const nameOf = new Map(withFiles.map((l, i) => [l.orderId, names[i] ?? null]))
  const manifest = artworkManifestCsv(
    lines.map((l) => ({
      date: l.date,
      iconName: l.date ? null : (l.itemName ?? 'Map icon'),
      businessName: l.businessName,
      email: l.email,
      fileName: nameOf.get(l.orderId) ?? null,
      state: ARTWORK_STATE_LABELS[lineState(l)],
      printCheck: manifestPrintCheck(l, specs),
    })),
  )
  return artworkZipStream(sources, manifest)
}

/** A line's print check in the manifest: what it warns about in its own words, or 'OK'; null without a file. */
function manifestPrintCheck(line: LineRow, specs: PrintSpecs): string | null {
  if (!line.artwork) return null
  const size = printSizeFor(specs, { kind: line.date ? 'day' : 'icon', iconSize: line.itemSize })
  const check = checkPrint(line.artwork.inspection as InspectedArtwork, size, specs.dpi)
  return printWarnings(check).join(' ') || 'OK'
}
