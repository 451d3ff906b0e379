import { and, asc, eq, gte, lt } from 'drizzle-orm'
import { calendarDays, orders } from '#server/db/schema.ts'
import { ARTWORK_STATE_LABELS, houseAdText } from '#shared/artwork.ts'
import { mailingMonthLabel } from '#shared/mailings.ts'
import { shortLinkPath } from '#shared/short-links.ts'
import { getPrintSpecs } from '../orders/print-specs.service.ts'
import {
  type ArtworkContext,
  type LineRow,
  lineState,
  requireMailing,
  selectLines,
} from './artwork.service.ts'
import { type ProofJobArtwork, type ProofJobInput, renderProofInChild } from './artwork-file-jobs.ts'
import { artworkZipStream, type ZipSource } from './artwork-zip.ts'
import type { ProofDraft } from './proof-pdf.ts'

/** Reads a stored file whole (artwork is at most 20 MB, and the proof embeds one at a time). */
async function readAll(ctx: ArtworkContext, key: string): Promise<Uint8Array> {
  const object = await ctx.storage.get(key)
  if (!object) throw new Error(`artwork file missing from storage: ${key}`)
  if (object.body instanceof Uint8Array) return object.body
  return new Uint8Array(await new Response(object.body).arrayBuffer())
}

/** The proof uses approved artwork, else received; a file the owner sent back for changes is left out. */
function proofArtwork(line: LineRow): ProofJobArtwork | null {
  const art = line.artwork
  if (!art || art.state === 'changes_requested') return null
  return { contentType: art.contentType as ProofJobArtwork['contentType'], key: art.fileKey }
}

/** A line's absolute short link, what its QR code holds: the site's public origin + /go/{code}. */
function shortUrl(ctx: ArtworkContext, line: LineRow): string {
  return `${ctx.publicOrigin}${shortLinkPath(line.shortCode)}`
}

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
      map: null,
      houseAd: {
        text: houseAdText(specs.houseAd.text, new URL(ctx.publicOrigin).host),
        image: specs.houseAd.image,
      },
    },
    (key) => readAll(ctx, key),
  )
  return { bytes, draft: draft.missing > 0 || draft.notApproved > 0 }
}

/** Every original artwork file of a mailing, as a ZIP streamed file by file. */
export async function artworkArchive(
  ctx: ArtworkContext,
  month: string,
): Promise<ReadableStream<Uint8Array>> {
  await requireMailing(ctx.db, month)
  const lines = await selectLines(ctx.db, eq(orders.mailingMonth, month))
  const sources: ZipSource[] = lines.flatMap((l) => {
    const art = l.artwork
    if (!art) return []
    const ext = art.fileName.includes('.') ? (art.fileName.split('.').pop() as string) : 'bin'
    return [
      {
        date: l.date,
        iconName: l.date ? null : (l.itemName ?? 'Map icon'),
        businessName: l.businessName,
        ext,
        load: () => readAll(ctx, art.fileKey),
      },
    ]
  })
  return artworkZipStream(sources)
}
