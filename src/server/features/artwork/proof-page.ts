import {
  lineTo,
  moveTo,
  PDFDict,
  type PDFDocument,
  PDFName,
  PDFNumber,
  PDFOperator,
  PDFOperatorNames,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  setLineWidth,
  stroke,
} from '@cantoo/pdf-lib'
import type { PrintSpecs } from '#shared/artwork.ts'

/**
 * One page of the printed card, as a printer's software reads it: the MediaBox holds the BleedBox (the
 * card's trim size plus its bleed on each side) with a slug around it, and the slug carries the crop marks
 * (and the draft band, when there is one), so nothing a press operator reads as a mark lands on the card.
 * Every side of the card (the calendar side, the map side) is laid out with this.
 */

export const POINTS_PER_INCH = 72
/** The margin around the bleed box where the crop marks are drawn (never printed on the card). */
export const SLUG_INCHES = 0.375
/** Crop marks start this far outside the bleed box, so a bled image never touches them. */
export const CROP_MARK_OFFSET_INCHES = 1 / 24
export const CROP_MARK_LENGTH_INCHES = 0.25
export const CROP_MARK_WIDTH_POINTS = 0.25

/** A rectangle in PDF points, measured from the page's bottom-left corner. */
export type Box = { x: number; y: number; width: number; height: number }
export type Segment = { from: { x: number; y: number }; to: { x: number; y: number } }

export type CardPageLayout = {
  /** The MediaBox: the whole sheet, the slug included. */
  width: number
  height: number
  /** The card with its bleed on each side (BleedBox). */
  bleed: Box
  /** Where the card is cut (TrimBox). */
  trim: Box
  /** Inside the trim by the safe margin: text, QR codes and the grid stay in here. */
  safe: Box
  /** Eight lines, two at each trim corner, extending the trim's edges outward, outside the bleed box. */
  cropMarks: Segment[]
  /** The strip of slug above the bleed box, between the top crop marks: the draft band goes here. */
  topSlug: Box
  /** The same strip under the bleed box: notes for the printer (artwork that could not be read). */
  bottomSlug: Box
}

/**
 * The page of each side of the card from the print settings: trim size, bleed and safe margin (inches).
 * The safe margin is kept to a tenth of the trim's shorter side at most, so a tiny card still has room.
 */
export function proofPageLayout(specs: PrintSpecs): CardPageLayout {
  const { widthInches, heightInches, bleedInches, safeInches } = specs.postcard
  const slug = SLUG_INCHES * POINTS_PER_INCH
  const bleedPoints = bleedInches * POINTS_PER_INCH
  const trim = {
    x: slug + bleedPoints,
    y: slug + bleedPoints,
    width: widthInches * POINTS_PER_INCH,
    height: heightInches * POINTS_PER_INCH,
  }
  const bleed = insetBox(trim, -bleedPoints)
  const margin = Math.min(safeInches * POINTS_PER_INCH, trim.width / 10, trim.height / 10)
  const width = bleed.width + 2 * slug
  const height = bleed.height + 2 * slug
  const markGap = CROP_MARK_OFFSET_INCHES * POINTS_PER_INCH
  return {
    width,
    height,
    bleed,
    trim,
    safe: insetBox(trim, margin),
    cropMarks: cropMarkSegments(trim, bleed),
    topSlug: {
      x: trim.x + markGap,
      y: top(bleed) + markGap,
      width: Math.max(0, trim.width - 2 * markGap),
      height: Math.max(0, height - top(bleed) - 2 * markGap),
    },
    bottomSlug: {
      x: trim.x + markGap,
      y: markGap,
      width: Math.max(0, trim.width - 2 * markGap),
      height: Math.max(0, bleed.y - 2 * markGap),
    },
  }
}

/** At each trim corner, the trim's two edges continued outward, from just outside the bleed box. */
export function cropMarkSegments(trim: Box, bleed: Box): Segment[] {
  const gap = CROP_MARK_OFFSET_INCHES * POINTS_PER_INCH
  const length = CROP_MARK_LENGTH_INCHES * POINTS_PER_INCH
  const left = bleed.x - gap
  const outerRight = right(bleed) + gap
  const bottom = bleed.y - gap
  const upper = top(bleed) + gap
  const segments: Segment[] = []
  for (const y of [trim.y, top(trim)]) {
    segments.push({ from: { x: left, y }, to: { x: left - length, y } })
    segments.push({ from: { x: outerRight, y }, to: { x: outerRight + length, y } })
  }
  for (const x of [trim.x, right(trim)]) {
    segments.push({ from: { x, y: bottom }, to: { x, y: bottom - length } })
    segments.push({ from: { x, y: upper }, to: { x, y: upper + length } })
  }
  return segments
}

/** A page of the card: its boxes set and its crop marks drawn in registration black. */
export function addCardPage(doc: PDFDocument, layout: CardPageLayout): PDFPage {
  const page = doc.addPage([layout.width, layout.height])
  const { bleed, trim } = layout
  page.setBleedBox(bleed.x, bleed.y, bleed.width, bleed.height)
  page.setTrimBox(trim.x, trim.y, trim.width, trim.height)
  drawCropMarks(doc, page, layout.cropMarks)
  return page
}

/**
 * Registration black: the Separation colour space 'All', which a RIP prints on every plate, so the marks
 * show on each plate for the press operator to cut to.
 */
function registrationColourSpace(doc: PDFDocument) {
  const tint = doc.context.obj({
    FunctionType: 2,
    Domain: [0, 1],
    C0: [0, 0, 0, 0],
    C1: [1, 1, 1, 1],
    N: 1,
  })
  return doc.context.obj([PDFName.of('Separation'), PDFName.of('All'), PDFName.of('DeviceCMYK'), tint])
}

const REGISTRATION = PDFName.of('Registration')

function drawCropMarks(doc: PDFDocument, page: PDFPage, segments: Segment[]): void {
  const { Resources } = page.node.normalizedEntries()
  const existing = Resources.lookupMaybe(PDFName.of('ColorSpace'), PDFDict)
  const colourSpaces = existing ?? doc.context.obj({})
  colourSpaces.set(REGISTRATION, registrationColourSpace(doc))
  Resources.set(PDFName.of('ColorSpace'), colourSpaces)
  page.pushOperators(
    pushGraphicsState(),
    setLineWidth(CROP_MARK_WIDTH_POINTS),
    PDFOperator.of(PDFOperatorNames.StrokingColorspace, [REGISTRATION]),
    PDFOperator.of(PDFOperatorNames.StrokingColorN, [PDFNumber.of(1)]),
    ...segments.flatMap((s) => [moveTo(s.from.x, s.from.y), lineTo(s.to.x, s.to.y)]),
    stroke(),
    popGraphicsState(),
  )
}

/** The box's top edge (PDF points grow upward). */
export function top(box: Box): number {
  return box.y + box.height
}

export function right(box: Box): number {
  return box.x + box.width
}

/** The box less `inset` on every side (never a negative size). */
export function insetBox(box: Box, inset: number): Box {
  return {
    x: box.x + inset,
    y: box.y + inset,
    width: Math.max(0, box.width - 2 * inset),
    height: Math.max(0, box.height - 2 * inset),
  }
}
