import type { PDFFont } from '@cantoo/pdf-lib'
import type { PdfFonts } from '#server/lib/pdf-fonts.ts'
import { fontText as plainFontText } from '#server/lib/pdf-text.ts'
import { type Box, POINTS_PER_INCH } from './proof-page.ts'

/**
 * The map side's numbered legend ("Map key"): where it goes and how its rows are laid out. Shared by the
 * proof, which draws it, and the map composer, which shows the owner the band it covers. Measures only;
 * drawing is proof-map-page.ts's.
 */

/** Captions and legend text never print smaller than this. */
export const MIN_TEXT_SIZE = 6.5
/** A caption wraps to lines no wider than this. */
export const CAPTION_MAX_WIDTH = 1.5 * POINTS_PER_INCH
export const LINE_HEIGHT = 1.2
const LEGEND_MAX_SIZE = 8
const LEGEND_PADDING = 6
const LEGEND_GAP = 6
export const LEGEND_TITLE = 'Map key'
/** The legend takes at most this share of the safe area's height when it holds QR codes. */
const LEGEND_QR_MAX_SHARE = 1 / 3
/** The narrowest text beside a legend row's QR code. */
const LEGEND_MIN_TEXT = 1.1 * POINTS_PER_INCH
/** Between a legend row's QR code and its text. */
const QR_TEXT_GAP = 4

/** A legend row's parts: the QR code box (null when links print as text) and the text's box beside it. */
export type LegendCell = { box: Box; qr: Box | null; text: Box }
export type LegendLayout = {
  kind: 'qr' | 'link'
  /** The white box the legend is drawn in, at the bottom of the safe area. */
  band: Box
  /** The title's baseline and size. */
  title: { x: number; y: number; size: number }
  /** Text size of the rows. */
  size: number
  columns: number
  rows: number
  cells: LegendCell[]
}

/**
 * The legend: a band across the bottom of the safe area, its rows in columns (filled top to bottom,
 * then left to right). With `qrOuter` (the widest QR code's side with its quiet zone), each row holds
 * its code when every row fits in a band of at most a third of the safe height with at least
 * LEGEND_MIN_TEXT beside the code; otherwise each row is the number, the business and its link in text
 * at the largest size from LEGEND_MAX_SIZE down to MIN_TEXT_SIZE at which `textWidth(size)` (the widest
 * row's text) fits its column in a band of at most half the safe height. When even the floor does not
 * fit, rows are 1.5 in wide and may take three lines (a name wrapped over two, then the link).
 */
export function legendLayout(
  safe: Box,
  count: number,
  qrOuter: number | null,
  textWidth: (size: number) => number,
): LegendLayout {
  if (qrOuter !== null) {
    const layout = qrLegend(safe, count, qrOuter)
    if (layout) return layout
  }
  return linkLegend(safe, count, textWidth)
}

function qrLegend(safe: Box, count: number, qrOuter: number): LegendLayout | null {
  const inner = safe.width - 2 * LEGEND_PADDING
  const columns = Math.max(
    1,
    Math.floor((inner + LEGEND_GAP) / (qrOuter + QR_TEXT_GAP + LEGEND_MIN_TEXT + LEGEND_GAP)),
  )
  const rows = Math.ceil(count / columns)
  const titleSize = LEGEND_MAX_SIZE
  const height = 2 * LEGEND_PADDING + titleSize * 1.6 + rows * qrOuter + (rows - 1) * 2
  if (height > safe.height * LEGEND_QR_MAX_SHARE) return null
  return gridLegend(safe, count, {
    kind: 'qr',
    columns,
    rowHeight: qrOuter,
    rowGap: 2,
    size: LEGEND_MAX_SIZE,
    qrOuter,
  })
}

function linkLegend(safe: Box, count: number, textWidth: (size: number) => number): LegendLayout {
  const inner = safe.width - 2 * LEGEND_PADDING
  let best: { size: number; columns: number; lines: number } | null = null
  for (let size = LEGEND_MAX_SIZE; size >= MIN_TEXT_SIZE && !best; size -= 0.5) {
    // Two lines a row (the business, then its link), in as few columns as hold the widest row.
    const wanted = textWidth(size)
    const columns = Math.max(1, Math.floor((inner + LEGEND_GAP) / (wanted + LEGEND_GAP)))
    const rows = Math.ceil(count / columns)
    const height = 2 * LEGEND_PADDING + size * 1.6 + rows * (2 * size * LINE_HEIGHT + 2)
    if (wanted <= inner && height <= safe.height / 2) best = { size, columns, lines: 2 }
  }
  // Even the floor does not fit: the floor size, in as many columns as keep a row 1.5 in wide.
  best ??= {
    size: MIN_TEXT_SIZE,
    columns: Math.max(1, Math.floor((inner + LEGEND_GAP) / (CAPTION_MAX_WIDTH + LEGEND_GAP))),
    lines: 3,
  }
  const rowHeight = best.lines * best.size * LINE_HEIGHT
  return gridLegend(safe, count, {
    kind: 'link',
    columns: best.columns,
    rowHeight,
    rowGap: 2,
    size: best.size,
    qrOuter: 0,
  })
}

function gridLegend(
  safe: Box,
  count: number,
  grid: {
    kind: 'qr' | 'link'
    columns: number
    rowHeight: number
    rowGap: number
    size: number
    qrOuter: number
  },
): LegendLayout {
  const columns = Math.max(1, Math.min(grid.columns, count))
  const rows = Math.max(1, Math.ceil(count / columns))
  const titleSize = LEGEND_MAX_SIZE
  const titleBlock = titleSize * 1.6
  const height = Math.min(
    safe.height,
    2 * LEGEND_PADDING + titleBlock + rows * grid.rowHeight + (rows - 1) * grid.rowGap,
  )
  const band = { x: safe.x, y: safe.y, width: safe.width, height }
  const inner = band.width - 2 * LEGEND_PADDING
  const columnWidth = (inner - (columns - 1) * LEGEND_GAP) / columns
  const firstRowTop = top(band) - LEGEND_PADDING - titleBlock
  const cells: LegendCell[] = []
  for (let index = 0; index < count; index++) {
    const column = Math.floor(index / rows)
    const row = index % rows
    const box = {
      x: band.x + LEGEND_PADDING + column * (columnWidth + LEGEND_GAP),
      y: firstRowTop - (row + 1) * grid.rowHeight - row * grid.rowGap,
      width: columnWidth,
      height: grid.rowHeight,
    }
    const qr = grid.kind === 'qr' ? { x: box.x, y: box.y, width: grid.qrOuter, height: grid.qrOuter } : null
    const text = qr
      ? { ...box, x: box.x + qr.width + QR_TEXT_GAP, width: box.width - qr.width - QR_TEXT_GAP }
      : box
    cells.push({ box, qr, text })
  }
  return {
    kind: grid.kind,
    band,
    title: { x: band.x + LEGEND_PADDING, y: top(band) - LEGEND_PADDING - titleSize, size: titleSize },
    size: grid.size,
    columns,
    rows,
    cells,
  }
}

/** What a marker prints in the legend: its number, the business and its short link. */
export type LegendMarker = { number: number; businessName: string; shortUrl: string | null }

/** Text `font` can draw (pdf-text.ts fontText), its runs of spaces collapsed; '?' when nothing is left. */
export function fontText(font: PDFFont, text: string): string {
  return plainFontText(text, font).replace(/ +/g, ' ').trim() || '?'
}

/** A short link as printed: without its scheme ('town.example/go/k7m4qx2'). */
function linkText(shortUrl: string): string {
  return shortUrl.replace(/^https?:\/\//i, '')
}

/** A legend row's two lines: "3  Business name" in bold, then the link (empty without one). */
export function legendRowText(fonts: PdfFonts, marker: LegendMarker): [string, string] {
  return [
    `${marker.number}  ${fontText(fonts.bold, marker.businessName)}`,
    marker.shortUrl ? fontText(fonts.regular, linkText(marker.shortUrl)) : '',
  ]
}

/**
 * The legend of these markers as the proof draws it: `qrOuters` is each marker's QR code side with its
 * quiet zone (null without a short link); rows carry the codes when they fit, else the links as text.
 */
export function mapLegendLayout(
  safe: Box,
  markers: readonly LegendMarker[],
  fonts: PdfFonts,
  qrOuters: readonly (number | null)[],
): LegendLayout {
  const qrOuter = Math.max(0, ...qrOuters.map((outer) => outer ?? 0))
  const widest = (size: number) =>
    Math.max(
      ...markers.map((marker) => {
        const [name, link] = legendRowText(fonts, marker)
        return Math.max(fonts.bold.widthOfTextAtSize(name, size), fonts.regular.widthOfTextAtSize(link, size))
      }),
    )
  return legendLayout(safe, markers.length, qrOuter > 0 ? qrOuter : null, widest)
}

function top(box: Box): number {
  return box.y + box.height
}
