import { PDFDocument } from '@cantoo/pdf-lib'
import { embedNotoSans, type PdfFonts } from '#server/lib/pdf-fonts.ts'
import type { PrintSpecs } from '#shared/artwork.ts'
import type { MapBand } from '#shared/map-composer.ts'
import { type LegendMarker, mapLegendLayout } from './proof-map-legend.ts'
import { POINTS_PER_INCH, proofPageLayout, top } from './proof-page.ts'
import { qrGeometry, qrSymbol } from './qr-symbol.ts'

/**
 * Where the card's "Map key" prints, for the map composer: the band the proof draws the legend in, with the
 * same fonts, QR codes and rules, as inches from the trim's top-left corner. The composer flags a marker
 * placed over it (the proof draws every marker on top, so it would hide a row of the key).
 */

let measuringFonts: Promise<PdfFonts> | null = null

/** The proof's fonts, loaded once, only to measure text (nothing is ever saved from this document). */
function fonts(): Promise<PdfFonts> {
  measuringFonts ??= PDFDocument.create()
    .then(embedNotoSans)
    .catch((error: unknown) => {
      measuringFonts = null
      throw error
    })
  return measuringFonts
}

/** The legend's band for these markers (in their legend order); null when there are none. */
export async function legendBandInches(
  specs: PrintSpecs,
  markers: readonly LegendMarker[],
): Promise<MapBand | null> {
  if (markers.length === 0) return null
  const layout = proofPageLayout(specs)
  const qrOuters = markers.map((marker) =>
    marker.shortUrl ? qrGeometry(qrSymbol(marker.shortUrl).size, specs.qrCode.sizeInches).outer : null,
  )
  const { band } = mapLegendLayout(layout.safe, markers, await fonts(), qrOuters)
  const inches = (points: number) => points / POINTS_PER_INCH
  return {
    leftInches: inches(band.x - layout.trim.x),
    topInches: inches(top(layout.trim) - top(band)),
    widthInches: inches(band.width),
    heightInches: inches(band.height),
  }
}
