import { type PDFDocument, type PDFFont, type PDFImage, type PDFPage, rgb } from '@cantoo/pdf-lib'
import sharp from 'sharp'
import type { PdfFonts } from '#server/lib/pdf-fonts.ts'
import { wrapText } from '#server/lib/pdf-text.ts'
import type { PrintSize, PrintSpecs } from '#shared/artwork.ts'
import { MAX_ARTWORK_PIXELS } from './artwork-file.ts'
import {
  CAPTION_MAX_WIDTH,
  fontText,
  LEGEND_TITLE,
  LINE_HEIGHT,
  legendRowText,
  MIN_TEXT_SIZE,
  mapLegendLayout,
} from './proof-map-legend.ts'
import { POINTS_PER_INCH } from './proof-page.ts'

export {
  CAPTION_MAX_WIDTH,
  type LegendCell,
  type LegendLayout,
  legendLayout,
  MIN_TEXT_SIZE,
} from './proof-map-legend.ts'

/**
 * The card's map side: the mailing's map image covering the page's bleed box, each sold icon as a marker
 * at its saved position with the business name under it, and (when the owner turns it on) a numbered
 * legend with each icon's QR code or short link. proof-pdf.ts hands it the page and how to draw artwork
 * and QR codes, so this module knows nothing of the calendar side.
 */

const CAPTION_SIZE = 7
const CAPTION_MAX_LINES = 3
/** The space between a marker's square and its caption. */
const CAPTION_GAP = 1.5
const BADGE_SIZE = 9

export const NO_MAP_IMAGE_TEXT = 'No map image uploaded for this mailing.'
export const MAP_IMAGE_UNREADABLE_TEXT = 'The map image could not be read.'

const INK = rgb(0.1, 0.1, 0.1)
const RULE = rgb(0.55, 0.55, 0.55)
const PLACEHOLDER = rgb(0.88, 0.88, 0.88)
const NOT_PLACED = rgb(0.75, 0.1, 0.1)

/** A rectangle in PDF points, measured from the page's bottom-left corner. */
export type Box = { x: number; y: number; width: number; height: number }
export type Size = { width: number; height: number }
/** The card page: its size, the trim box (the card as cut) and the safe area inside it. */
export type MapPageLayout = { width: number; height: number; trim: Box; safe: Box }

type Artwork = {
  contentType: 'image/png' | 'image/jpeg' | 'application/pdf'
  load: () => Promise<Uint8Array>
}
/** One marker as the map side needs it (proof-pdf.ts's ProofMapMarker). */
export type MapSideMarker = {
  number: number
  businessName: string
  iconName: string
  size: 'regular' | 'premium'
  artwork: Artwork | null
  shortUrl: string | null
  x: number
  y: number
  placed: boolean
}
export type MapSide = { image: Artwork | null; legend: boolean; markers: MapSideMarker[] }

/** A QR code ready to draw: its side with the quiet zone, and how to draw it into a box that size. */
export type MapQrCode = { outer: number; draw: (page: PDFPage, box: Box) => void }

/** What the map side borrows from the proof: the document, its sizes, artwork and QR drawing. */
export type MapSideTools = {
  doc: PDFDocument
  specs: PrintSpecs
  fonts: MapFonts
  /** Draws the artwork contained in `box`, or a notice when it cannot be read. */
  drawArtwork: (page: PDFPage, artwork: Artwork, box: Box, label: string) => Promise<void>
  qrCode: (shortUrl: string) => MapQrCode
}

export type MapFonts = PdfFonts

// ---------------------------------------------------------------- geometry

export function sizeInPoints(size: PrintSize): Size {
  return { width: size.widthInches * POINTS_PER_INCH, height: size.heightInches * POINTS_PER_INCH }
}

/** The marker's printed square: the print settings' regular or premium icon size. */
export function markerSize(specs: PrintSpecs, size: MapSideMarker['size']): Size {
  return sizeInPoints(size === 'premium' ? specs.premiumIcon : specs.regularIcon)
}

/**
 * The marker's box: centred at (x × trim width, y × trim height) from the trim's top-left corner (x and y
 * are fractions, 0 to 1, clamped to the trim), at its printed size.
 */
export function markerBox(trim: Box, position: { x: number; y: number }, size: Size): Box {
  const cx = trim.x + clamp01(position.x) * trim.width
  const cy = trim.y + trim.height - clamp01(position.y) * trim.height
  return { x: cx - size.width / 2, y: cy - size.height / 2, width: size.width, height: size.height }
}

/**
 * The caption's box for text `width` × `height`: centred under the marker, CAPTION_GAP below it; above
 * the marker when the trim has no room below; moved sideways to stay inside the trim.
 */
export function captionBox(marker: Box, text: Size, trim: Box): Box {
  const centre = marker.x + marker.width / 2
  const x = clamp(centre - text.width / 2, trim.x, trim.x + trim.width - text.width)
  const below = marker.y - CAPTION_GAP - text.height
  const y =
    below >= trim.y ? below : Math.min(marker.y + marker.height + CAPTION_GAP, top(trim) - text.height)
  return { x, y, width: text.width, height: text.height }
}

/**
 * Where an image of `pixels` goes to cover `box` (scaled to fill it, aspect kept, centred, the overflow
 * cropped), and the part of the image that shows: `crop` in pixels from its top-left corner.
 */
export function coverPlacement(
  pixels: Size,
  box: Box,
): { placed: Box; crop: { left: number; top: number; width: number; height: number } } {
  const scale = Math.max(box.width / pixels.width, box.height / pixels.height)
  const placed = {
    width: pixels.width * scale,
    height: pixels.height * scale,
    x: box.x + (box.width - pixels.width * scale) / 2,
    y: box.y + (box.height - pixels.height * scale) / 2,
  }
  const width = Math.min(pixels.width, Math.round(box.width / scale))
  const height = Math.min(pixels.height, Math.round(box.height / scale))
  const crop = {
    left: Math.max(0, Math.floor((pixels.width - width) / 2)),
    top: Math.max(0, Math.floor((pixels.height - height) / 2)),
    width,
    height,
  }
  return { placed, crop }
}

/** The card's bleed box: the trim box grown by the bleed on every side. */
export function bleedBox(trim: Box, specs: PrintSpecs): Box {
  const bleed = specs.postcard.bleedInches * POINTS_PER_INCH
  return {
    x: trim.x - bleed,
    y: trim.y - bleed,
    width: trim.width + 2 * bleed,
    height: trim.height + 2 * bleed,
  }
}

/** Two capital letters for a placeholder: the first letters of the first two words ("BB" for Bob's Bakery). */
export function initials(name: string): string {
  const words = name.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word))
  const letters = words.slice(0, 2).map((word) => [...word].find((char) => /[\p{L}\p{N}]/u.test(char)) ?? '')
  return letters.join('').toUpperCase() || '?'
}

// ---------------------------------------------------------------- drawing

/**
 * Draws the map side on `page`: the map image (or white with a note in the slug), the legend when on,
 * then the markers with their captions, on top so that no sold icon is ever hidden.
 */
export async function drawMapSide(
  tools: MapSideTools,
  page: PDFPage,
  layout: MapPageLayout,
  map: MapSide,
): Promise<void> {
  const bleed = bleedBox(layout.trim, tools.specs)
  const note = await drawMapImage(tools, page, bleed, map.image)
  if (note) drawSlugNote(tools, page, layout, bleed, note)
  if (map.legend && map.markers.length > 0) drawLegend(tools, page, layout, map.markers)
  for (const marker of map.markers) await drawMarker(tools, page, layout, marker, map.legend)
}

/** Returns the note to print in the slug when there is no usable image. */
async function drawMapImage(
  tools: MapSideTools,
  page: PDFPage,
  bleed: Box,
  image: Artwork | null,
): Promise<string | null> {
  if (!image) return NO_MAP_IMAGE_TEXT
  try {
    const { embedded, placed } = await embedMapImage(tools, image, bleed)
    page.drawImage(embedded, placed)
    return null
  } catch {
    return MAP_IMAGE_UNREADABLE_TEXT
  }
}

/**
 * The map image's visible part only (cropped to the bleed box), at its own pixels or fewer: scaled down
 * only when it has more than the print resolution needs, never up.
 */
async function embedMapImage(
  tools: MapSideTools,
  image: Artwork,
  bleed: Box,
): Promise<{ embedded: PDFImage; placed: Box }> {
  if (image.contentType === 'application/pdf') throw new Error('A map image is a PNG or JPEG')
  const bytes = await image.load()
  const options = { limitInputPixels: MAX_ARTWORK_PIXELS, sequentialRead: true }
  const { autoOrient } = await sharp(bytes, options).metadata()
  const { crop } = coverPlacement(autoOrient, bleed)
  const needed = {
    width: Math.ceil((bleed.width / POINTS_PER_INCH) * tools.specs.dpi),
    height: Math.ceil((bleed.height / POINTS_PER_INCH) * tools.specs.dpi),
  }
  const pipeline = sharp(bytes, options)
    .autoOrient()
    .extract(crop)
    .resize({ ...needed, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
  const embedded =
    image.contentType === 'image/jpeg'
      ? await tools.doc.embedJpg(await pipeline.jpeg({ quality: 90 }).toBuffer())
      : await tools.doc.embedPng(await pipeline.png().toBuffer())
  return { embedded, placed: bleed }
}

/** A small note outside the bleed box when the page has room there, else in the bleed's bottom band. */
function drawSlugNote(tools: MapSideTools, page: PDFPage, layout: MapPageLayout, bleed: Box, note: string) {
  const font = tools.fonts.regular
  const size = MIN_TEXT_SIZE
  const below = bleed.y
  const y =
    below >= size * 1.5
      ? (below - size) / 2 + size * 0.25
      : (layout.trim.y - bleed.y - size) / 2 + bleed.y + 1
  page.drawText(fontText(font, note), { x: layout.trim.x, y: Math.max(1, y), size, font, color: NOT_PLACED })
}

async function drawMarker(
  tools: MapSideTools,
  page: PDFPage,
  layout: MapPageLayout,
  marker: MapSideMarker,
  numbered: boolean,
) {
  const box = markerBox(layout.trim, marker, markerSize(tools.specs, marker.size))
  page.drawRectangle({ ...box, color: rgb(1, 1, 1) })
  if (marker.artwork)
    await tools.drawArtwork(page, marker.artwork, box, `${marker.iconName} — ${marker.businessName}`)
  else drawPlaceholder(tools, page, box, marker.businessName)
  page.drawRectangle({
    ...box,
    borderColor: marker.placed ? RULE : NOT_PLACED,
    borderWidth: marker.placed ? 0.5 : 1,
    ...(marker.placed ? {} : { borderDashArray: [2, 1.5] }),
  })
  if (numbered) drawBadge(tools, page, box, marker.number)
  drawCaption(tools, page, layout, box, marker.businessName)
}

function drawPlaceholder(tools: MapSideTools, page: PDFPage, box: Box, businessName: string) {
  page.drawRectangle({ ...box, color: PLACEHOLDER })
  const font = tools.fonts.bold
  const text = fontText(font, initials(businessName))
  const size = Math.min(box.height * 0.45, (box.width * 0.8) / Math.max(1, font.widthOfTextAtSize(text, 1)))
  const width = font.widthOfTextAtSize(text, size)
  page.drawText(text, {
    x: box.x + (box.width - width) / 2,
    y: box.y + (box.height - size * 0.7) / 2,
    size,
    font,
    color: INK,
  })
}

/** The legend's number in a dark circle on the marker's top-left corner. */
function drawBadge(tools: MapSideTools, page: PDFPage, box: Box, number: number) {
  const text = String(number)
  const font = tools.fonts.bold
  const size = 6.5
  const radius = Math.max(BADGE_SIZE / 2, (font.widthOfTextAtSize(text, size) + 3) / 2)
  const centre = { x: box.x, y: top(box) }
  page.drawEllipse({
    ...centre,
    xScale: radius,
    yScale: BADGE_SIZE / 2,
    color: INK,
    borderColor: rgb(1, 1, 1),
    borderWidth: 0.5,
  })
  page.drawText(text, {
    x: centre.x - font.widthOfTextAtSize(text, size) / 2,
    y: centre.y - size * 0.36,
    size,
    font,
    color: rgb(1, 1, 1),
  })
}

/** The business name centred under the marker on a light backing, so it reads over any map. */
function drawCaption(tools: MapSideTools, page: PDFPage, layout: MapPageLayout, marker: Box, name: string) {
  const font = tools.fonts.regular
  const fitted = fitCaption(font, fontText(font, name))
  const widths = fitted.lines.map((line) => font.widthOfTextAtSize(line, fitted.size))
  const text = {
    width: Math.max(...widths) + 2,
    height: fitted.lines.length * fitted.size * LINE_HEIGHT + 1,
  }
  const box = captionBox(marker, text, layout.trim)
  page.drawRectangle({ ...box, color: rgb(1, 1, 1), opacity: 0.8 })
  fitted.lines.forEach((line, index) => {
    page.drawText(line, {
      x: box.x + (box.width - (widths[index] ?? 0)) / 2,
      y: top(box) - 0.5 - fitted.size * (index + 0.85) - index * fitted.size * (LINE_HEIGHT - 1),
      size: fitted.size,
      font,
      color: INK,
    })
  })
}

/** The caption at CAPTION_SIZE in lines of at most CAPTION_MAX_WIDTH, shrinking to the floor if needed. */
function fitCaption(font: PDFFont, text: string): { size: number; lines: string[] } {
  let size = CAPTION_SIZE
  let lines = wrapText(text, font, size, CAPTION_MAX_WIDTH)
  while (lines.length > CAPTION_MAX_LINES && size > MIN_TEXT_SIZE) {
    size = Math.max(MIN_TEXT_SIZE, size - 0.25)
    lines = wrapText(text, font, size, CAPTION_MAX_WIDTH)
  }
  return { size, lines }
}

function drawLegend(tools: MapSideTools, page: PDFPage, layout: MapPageLayout, markers: MapSideMarker[]) {
  const regular = tools.fonts.regular
  const bold = tools.fonts.bold
  const codes = markers.map((marker) => (marker.shortUrl ? tools.qrCode(marker.shortUrl) : null))
  const legend = mapLegendLayout(
    layout.safe,
    markers,
    tools.fonts,
    codes.map((code) => code?.outer ?? null),
  )
  page.drawRectangle({ ...legend.band, color: rgb(1, 1, 1), borderColor: RULE, borderWidth: 0.5 })
  page.drawText(LEGEND_TITLE, { ...legend.title, font: bold, color: INK })
  markers.forEach((marker, index) => {
    const cell = legend.cells[index]
    if (!cell) return
    const code = codes[index]
    if (cell.qr && code) code.draw(page, cell.qr)
    const [name = '', link = ''] = legendRowText(tools.fonts, marker)
    const lines: { text: string; font: PDFFont }[] = [
      ...wrapText(name, bold, legend.size, cell.text.width).map((text) => ({ text, font: bold })),
      ...(cell.qr || !link ? [] : wrapText(link, regular, legend.size, cell.text.width)).map((text) => ({
        text,
        font: regular,
      })),
    ]
    const fit = Math.max(1, Math.floor(cell.text.height / (legend.size * LINE_HEIGHT)))
    lines.slice(0, cell.qr ? fit : Math.max(fit, lines.length)).forEach((line, row) => {
      page.drawText(line.text, {
        x: cell.text.x,
        y: top(cell.text) - legend.size * (row + 1) * LINE_HEIGHT + legend.size * 0.2,
        size: legend.size,
        font: line.font,
        color: INK,
      })
    })
  })
}

// ---------------------------------------------------------------- helpers

function top(box: Box): number {
  return box.y + box.height
}

function clamp(value: number, min: number, max: number): number {
  return Math.max(min, Math.min(max, value))
}

function clamp01(value: number): number {
  return Number.isFinite(value) ? clamp(value, 0, 1) : 0.5
}

/**
 * Positions for markers the owner has not placed: rows of six across the top of the card, a tenth of its
 * height apart, so each is seen and none covers another.
 */
export function freePositions(count: number): { x: number; y: number }[] {
  const columns = 6
  return Array.from({ length: count }, (_, index) => ({
    x: (index % columns) / columns + 1 / (2 * columns),
    y: 0.1 + Math.floor(index / columns) * 0.1,
  }))
}
