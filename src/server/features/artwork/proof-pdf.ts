import { createHash } from 'node:crypto'
import {
  type Color,
  fill as fillPath,
  PDFDocument,
  type PDFEmbeddedPage,
  type PDFFont,
  type PDFImage,
  PDFName,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  StandardFonts,
  setFillingRgbColor,
} from '@cantoo/pdf-lib'
import QRCode from 'qrcode'
import sharp from 'sharp'
import { winAnsiText, wrapText } from '#server/lib/pdf-text.ts'
import type { PrintSize, PrintSpecs } from '#shared/artwork.ts'
import { MAX_ARTWORK_PIXELS } from './artwork-file.ts'
import { loadBoundedPdf } from './pdf-safety.ts'
import { addCardPage, type Box, POINTS_PER_INCH, proofPageLayout } from './proof-page.ts'

/**
 * The proof of a month's postcard: page 1 is the print-ready calendar side (the month grid with
 * each sold day's business name, artwork and QR code), the next pages list the sold map icons for the map
 * designer. Pure: artwork is fetched through each line's `load()`, nothing else is read.
 */

export type ProofArtwork = {
  contentType: 'image/png' | 'image/jpeg' | 'application/pdf'
  load: () => Promise<Uint8Array>
}
/**
 * One calendar day; `businessName` null means unsold, and the cell is left clear. `shortUrl` is the line's
 * absolute short link ('https://town.example/go/k7m4qx2'), printed as a QR code where it fits, else as text.
 */
export type ProofDay = {
  date: string
  businessName: string | null
  artwork: ProofArtwork | null
  shortUrl: string | null
}
export type ProofIcon = {
  businessName: string
  /** The line's absolute short link, printed as a QR code where it fits, else as text. */
  shortUrl: string | null
  iconName: string
  /** 'Regular' | 'Premium' */
  sizeLabel: string
  stateLabel: string
  artwork: ProofArtwork | null
}
/**
 * One sold map icon on the map side. Its printed size is the print settings' regular or premium icon; its
 * centre is at (`x`, `y`), fractions of the card's trim box measured from its top-left corner (0 to 1).
 */
export type ProofMapMarker = {
  /** The legend's number (1, 2, …), in the order the legend lists the markers. */
  number: number
  businessName: string
  iconName: string
  size: 'regular' | 'premium'
  artwork: ProofArtwork | null
  /** The line's absolute short link, printed in the legend. */
  shortUrl: string | null
  x: number
  y: number
  /** False: the owner has not placed it yet, and (x, y) is the free position it was given. */
  placed: boolean
}
/** The map side: the mailing's map image (null: none uploaded), its markers, and whether the legend prints. */
export type ProofMap = {
  image: ProofArtwork | null
  legend: boolean
  markers: ProofMapMarker[]
}
/** The sold lines whose artwork is missing, and those with artwork the owner has not approved yet. */
export type ProofDraft = { missing: number; notApproved: number }

export type ProofInput = {
  /** YYYY-MM */
  month: string
  /** 'January 2027' */
  title: string
  productName: string
  /** YYYY-MM-DD: the date the cards are in homes by, printed in the calendar side's header. */
  inHomesDate: string
  specs: PrintSpecs
  /** Any order; dates of the month not listed are drawn as plain cells (the day number only). */
  days: ProofDay[]
  icons: ProofIcon[]
  /** Counts above 0 make the proof a draft, with a band saying so. */
  draft: ProofDraft
  map: ProofMap | null
}

const WEEKDAY_HEADERS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
const CELL_PADDING = 4
const NAME_MAX_SIZE = 7
const THUMBNAIL_INCHES = 0.75
/** A QR code's quiet zone: this many modules of white on every side, which a scanner needs to find it. */
export const QR_QUIET_ZONE_MODULES = 4
/** The narrowest column left of a day's QR code that still holds the day number and the name. */
export const MIN_DAY_TEXT_COLUMN = 18
const LINK_TEXT_MAX_SIZE = 6
export const ARTWORK_UNREADABLE_TEXT = 'artwork could not be read'
/** The header's list of lines whose artwork could not be read starts with this. */
export const ARTWORK_UNREADABLE_HEADER = 'Artwork could not be read:'
export const NO_ICONS_TEXT = 'No map icons sold for this mailing.'

const INK = rgb(0.1, 0.1, 0.1)
const RULE = rgb(0.75, 0.75, 0.75)
const WARNING = rgb(0.75, 0.1, 0.1)

export type { Box } from './proof-page.ts'

type Fonts = { regular: PDFFont; bold: PDFFont }
/** Embedded artwork ready to draw; null when it could not be loaded or read. */
type Drawable = { kind: 'image'; image: PDFImage } | { kind: 'page'; page: PDFEmbeddedPage }
type Context = {
  doc: PDFDocument
  fonts: Fonts
  specs: PrintSpecs
  /** The same file at the same size (a business's several days) is embedded once. */
  embedded: Map<string, Promise<Drawable | null>>
  /** The lines whose artwork could not be read, as the header lists them ("Jan 5 — Bob's Bakery"). */
  unreadable: string[]
}

/**
 * Renders the proof as PDF bytes. Every page is the postcard's trim size plus its bleed on each side, with
 * the TrimBox and BleedBox set so the printer's software sees where the card is cut. Artwork that cannot be
 * read is noted in its place rather than failing the whole proof.
 */
export async function renderProofPdf(input: ProofInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false })
  doc.setTitle(winAnsiText(`${input.productName} proof — ${input.title}`))
  doc.setCreator('Townflyer')
  doc.setProducer('Townflyer')
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  }
  const context: Context = { doc, fonts, specs: input.specs, embedded: new Map(), unreadable: [] }
  const calendar = await drawCalendarPage(context, input)
  await drawIconPages(context, input)
  drawUnreadableList(context, calendar)
  return doc.save()
}

// ---------------------------------------------------------------- pages

/** Where the calendar page's title ends, so the header can list unreadable artwork beside it. */
type CalendarHeader = {
  page: PDFPage
  safe: Box
  titleBaseline: number
  titleSize: number
  titleWidth: number
}

async function drawCalendarPage(context: Context, input: ProofInput): Promise<CalendarHeader> {
  const layout = proofPageLayout(context.specs)
  const page = addCardPage(context.doc, layout)
  const { safe } = layout
  const weeks = calendarWeeks(input.month)
  const columnWidth = safe.width / 7

  const titleSize = fitSingleLine(input.title, context.fonts.bold, safe.width, 26)
  const titleBaseline = top(safe) - titleSize
  drawText(page, input.title, { x: safe.x, y: titleBaseline, size: titleSize, font: context.fonts.bold })

  const headerSize = Math.min(10, columnWidth / 4)
  const headerBaseline = titleBaseline - titleSize * 0.6 - headerSize * 1.4
  WEEKDAY_HEADERS.forEach((name, column) => {
    const x = safe.x + column * columnWidth + CELL_PADDING
    drawText(page, name, { x, y: headerBaseline, size: headerSize, font: context.fonts.bold })
  })

  const grid = { x: safe.x, y: safe.y, width: safe.width, height: headerBaseline - headerSize * 0.6 - safe.y }
  const rowHeight = grid.height / weeks.length
  const days = new Map(input.days.map((day) => [day.date, day]))
  for (const [row, week] of weeks.entries()) {
    for (const [column, date] of week.entries()) {
      const cell = {
        x: grid.x + column * columnWidth,
        y: top(grid) - (row + 1) * rowHeight,
        width: columnWidth,
        height: rowHeight,
      }
      page.drawRectangle({ ...cell, borderColor: RULE, borderWidth: 0.5 })
      if (date) await drawDayCell(context, page, cell, date, days.get(date))
    }
  }
  const titleWidth = context.fonts.bold.widthOfTextAtSize(winAnsiText(input.title), titleSize)
  return { page, safe, titleBaseline, titleSize, titleWidth }
}

/** Beside the title: every line whose artwork could not be read, so no one misses a marked cell. */
function drawUnreadableList(context: Context, header: CalendarHeader): void {
  if (context.unreadable.length === 0) return
  const { page, safe, titleBaseline, titleSize, titleWidth } = header
  const x = safe.x + titleWidth + 12
  const width = safe.x + safe.width - x
  if (width < 40) return
  const text = `${ARTWORK_UNREADABLE_HEADER} ${context.unreadable.join('; ')}`
  const lines = fitTextLines(text, context.fonts.regular, width, 3, 8)
  drawLines(page, lines, context.fonts.regular, x, titleBaseline + titleSize * 0.8, WARNING)
}

/**
 * A sold day: with its QR code (dayCellLayout), the code in the top-right corner, the day number and the
 * name in the column left of it, the artwork at its print size below; else the number top left, the name
 * under it, the artwork below and the short link as text at the bottom. An unsold day: the number only.
 */
async function drawDayCell(
  context: Context,
  page: PDFPage,
  cell: Box,
  date: string,
  day: ProofDay | undefined,
) {
  const inner = insetBox(cell, CELL_PADDING)
  const symbol = day?.businessName && day.shortUrl ? qrSymbol(day.shortUrl) : null
  const geometry = symbol ? qrGeometry(symbol.size, context.specs.qrCode.sizeInches) : null
  const layout = geometry ? dayCellLayout(inner, sizeInPoints(context.specs.daySquare), geometry.outer) : null
  const textColumn = layout?.kind === 'qr' ? layout.text : inner
  const numberText = String(Number(date.slice(8, 10)))
  const numberSize = Math.min(
    10,
    inner.height / 5,
    inner.width / 3,
    textColumn.width / context.fonts.bold.widthOfTextAtSize(numberText, 1),
  )
  const numberBaseline = top(inner) - numberSize
  drawText(page, numberText, { x: inner.x, y: numberBaseline, size: numberSize, font: context.fonts.bold })
  if (!day?.businessName) return
  const label = `${shortDate(date)} — ${day.businessName}`

  if (layout?.kind === 'qr' && symbol && geometry) {
    drawQrCode(page, symbol, geometry, layout.qr)
    const nameTop = numberBaseline - 2
    const name = fitTextBlock(
      day.businessName,
      context.fonts.regular,
      layout.text.width,
      nameTop - layout.text.y,
    )
    drawLines(page, name, context.fonts.regular, inner.x, nameTop, INK)
    if (day.artwork) {
      const square = fitBox(sizeInPoints(context.specs.daySquare), layout.artwork)
      await drawArtworkOrNotice(context, page, day.artwork, square, label)
    }
    return
  }

  const name = fitTextLines(day.businessName, context.fonts.regular, inner.width, 2, NAME_MAX_SIZE)
  const nameBottom = drawLines(page, name, context.fonts.regular, inner.x, numberBaseline - 2, INK)
  let bottom = inner.y
  if (day.shortUrl) {
    // Under the artwork at the cell's foot (under the name when the cell has no room left).
    const link = fitLinkText(
      shortLinkText(day.shortUrl),
      context.fonts.regular,
      inner.width,
      LINK_TEXT_MAX_SIZE,
    )
    const height = textBlockHeight(link)
    drawLines(page, link, context.fonts.regular, inner.x, Math.min(inner.y + height, nameBottom), INK)
    bottom = inner.y + height + 1
  }
  const space = { x: inner.x, y: bottom, width: inner.width, height: nameBottom - 2 - bottom }
  if (day.artwork && space.height > 1) {
    const square = fitBox(sizeInPoints(context.specs.daySquare), space)
    await drawArtworkOrNotice(context, page, day.artwork, square, label)
  }
}

/**
 * Where a sold day's QR code goes in its cell's inner box (inside the padding), or 'link' when it does not
 * fit: 'qr' puts the code with its quiet zone (`qrOuter` points a side) in the top-right corner, the number
 * and the name in the column left of it (`text`, at least MIN_DAY_TEXT_COLUMN wide) and the artwork below,
 * where the day square fits at its print size. Otherwise the short link is printed as text.
 */
export type DayCellLayout = { kind: 'qr'; qr: Box; text: Box; artwork: Box } | { kind: 'link' }

export function dayCellLayout(inner: Box, daySquare: Size, qrOuter: number): DayCellLayout {
  const textWidth = inner.width - qrOuter
  const bandBottom = top(inner) - qrOuter
  if (
    textWidth < MIN_DAY_TEXT_COLUMN ||
    daySquare.width > inner.width ||
    daySquare.height > bandBottom - inner.y
  )
    return { kind: 'link' }
  return {
    kind: 'qr',
    qr: { x: inner.x + textWidth, y: bandBottom, width: qrOuter, height: qrOuter },
    text: { x: inner.x, y: bandBottom, width: textWidth, height: qrOuter },
    artwork: { x: inner.x, y: inner.y, width: inner.width, height: bandBottom - inner.y },
  }
}

async function drawIconPages(context: Context, input: ProofInput): Promise<void> {
  const layout = proofPageLayout(context.specs)
  const { safe } = layout
  const fonts = context.fonts
  const thumbnail = Math.min(THUMBNAIL_INCHES * POINTS_PER_INCH, safe.width / 6)
  const symbols = input.icons.map((icon) => (icon.shortUrl ? qrSymbol(icon.shortUrl) : null))
  const modules = Math.max(0, ...symbols.map((symbol) => symbol?.size ?? 0))
  const qrOuter = modules > 0 ? qrGeometry(modules, context.specs.qrCode.sizeInches).outer : 0
  const link = modules > 0 ? iconLinkColumn(safe, qrOuter) : null
  const rowHeight = Math.max(thumbnail, link?.kind === 'qr' ? qrOuter : 0) + 8
  const columns = iconColumns(safe, thumbnail, link)
  const heading = `Map icons — ${input.title}`

  let page = addCardPage(context.doc, layout)
  let cursor = drawIconPageHeading(page, fonts, safe, heading, input.icons.length > 0 ? columns : null)
  if (input.icons.length === 0) {
    drawText(page, NO_ICONS_TEXT, { x: safe.x, y: cursor - 14, size: 11, font: fonts.regular })
    return
  }
  for (const [index, icon] of input.icons.entries()) {
    if (cursor - rowHeight < safe.y) {
      page = addCardPage(context.doc, layout)
      cursor = drawIconPageHeading(page, fonts, safe, `${heading} (continued)`, columns)
    }
    const row = { x: safe.x, y: cursor - rowHeight, width: safe.width, height: rowHeight }
    await drawIconRow(context, page, row, thumbnail, columns, icon, symbols[index] ?? null)
    cursor = row.y
  }
}

/**
 * The icon pages' last column: each icon's QR code when the widest (with its quiet zone, `qrOuter` points)
 * takes at most a quarter of the safe width and its row a third of the safe height; else its short link as
 * text.
 */
export function iconLinkColumn(safe: Size, qrOuter: number): { kind: 'qr' | 'link'; width: number } {
  if (qrOuter <= safe.width / 4 && qrOuter + 8 <= safe.height / 3) return { kind: 'qr', width: qrOuter }
  return { kind: 'link', width: safe.width * 0.2 }
}

type IconColumn = { label: string; x: number; width: number }

/**
 * Thumbnail, then business, icon, size and artwork state sharing the width left of the last column, the
 * QR code or link (when the icons have short links).
 */
function iconColumns(
  safe: Box,
  thumbnail: number,
  link: { kind: 'qr' | 'link'; width: number } | null,
): IconColumn[] {
  const shares: [string, number][] = [
    ['Business', 0.36],
    ['Map icon', 0.26],
    ['Size', 0.14],
    ['Artwork', 0.24],
  ]
  const linkWidth = link ? link.width + 12 : 0
  const textWidth = safe.width - thumbnail - 12 - linkWidth
  let x = safe.x + thumbnail + 12
  const columns = shares.map(([label, share]) => {
    const column = { label, x, width: textWidth * share - 6 }
    x += textWidth * share
    return column
  })
  if (link)
    columns.push({
      label: link.kind === 'qr' ? 'QR code' : 'Link',
      x: safe.x + safe.width - link.width,
      width: link.width,
    })
  return columns
}

/** Draws the heading (and the column labels when there are rows); returns the y where rows start. */
function drawIconPageHeading(
  page: PDFPage,
  fonts: Fonts,
  safe: Box,
  heading: string,
  columns: IconColumn[] | null,
) {
  const size = fitSingleLine(heading, fonts.bold, safe.width, 16)
  const baseline = top(safe) - size
  drawText(page, heading, { x: safe.x, y: baseline, size, font: fonts.bold })
  if (!columns) return baseline - size * 0.5
  const labelBaseline = baseline - size - 8
  for (const column of columns) {
    const labelSize = fitSingleLine(column.label, fonts.bold, column.width, 9)
    drawText(page, column.label, { x: column.x, y: labelBaseline, size: labelSize, font: fonts.bold })
  }
  const ruleY = labelBaseline - 5
  page.drawLine({ start: { x: safe.x, y: ruleY }, end: { x: safe.x + safe.width, y: ruleY }, color: RULE })
  return ruleY
}

async function drawIconRow(
  context: Context,
  page: PDFPage,
  row: Box,
  thumbnailSize: number,
  columns: IconColumn[],
  icon: ProofIcon,
  symbol: QrSymbol | null,
) {
  const thumbnail = { x: row.x, y: top(row) - 4 - thumbnailSize, width: thumbnailSize, height: thumbnailSize }
  page.drawRectangle({ ...thumbnail, borderColor: RULE, borderWidth: 0.5 })
  if (icon.artwork)
    await drawArtworkOrNotice(
      context,
      page,
      icon.artwork,
      insetBox(thumbnail, 2),
      `${icon.iconName} — ${icon.businessName}`,
    )
  const texts = [icon.businessName, icon.iconName, icon.sizeLabel, icon.stateLabel]
  columns.slice(0, texts.length).forEach((column, index) => {
    const fitted = fitTextLines(texts[index] ?? '', context.fonts.regular, column.width, 2, 9)
    drawLines(page, fitted, context.fonts.regular, column.x, top(row) - 4, INK)
  })
  const linkColumn = columns[texts.length]
  if (linkColumn && symbol && icon.shortUrl) {
    if (linkColumn.label === 'QR code') {
      const geometry = qrGeometry(symbol.size, context.specs.qrCode.sizeInches)
      const box = { x: linkColumn.x + linkColumn.width - geometry.outer, y: top(row) - 4 - geometry.outer }
      drawQrCode(page, symbol, geometry, { ...box, width: geometry.outer, height: geometry.outer })
    } else {
      const fitted = fitLinkText(shortLinkText(icon.shortUrl), context.fonts.regular, linkColumn.width, 9)
      drawLines(page, fitted, context.fonts.regular, linkColumn.x, top(row) - 4, INK)
    }
  }
  page.drawLine({
    start: { x: row.x, y: row.y },
    end: { x: row.x + row.width, y: row.y },
    color: RULE,
    thickness: 0.5,
  })
}

// ---------------------------------------------------------------- QR codes

/** A short link's QR symbol (error correction M): `size` modules a side, `dark(row, column)` per module. */
export type QrSymbol = { size: number; dark: (row: number, column: number) => boolean }

export function qrSymbol(text: string): QrSymbol {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' })
  return { size: modules.size, dark: (row, column) => Boolean(modules.get(row, column)) }
}

/**
 * A QR code's printed measures in points: the symbol is `sizeInches` a side across its `modules`, and the
 * quiet zone of QR_QUIET_ZONE_MODULES modules on every side comes on top of it (`outer`).
 */
export type QrGeometry = { modules: number; module: number; symbol: number; quietZone: number; outer: number }

export function qrGeometry(modules: number, sizeInches: number): QrGeometry {
  const symbol = sizeInches * POINTS_PER_INCH
  const module = symbol / modules
  const quietZone = QR_QUIET_ZONE_MODULES * module
  return { modules, module, symbol, quietZone, outer: symbol + 2 * quietZone }
}

/** A run of dark modules in module units from the symbol's top-left: `height` rows of the same run. */
export type QrRectangle = { row: number; column: number; width: number; height: number }

/**
 * The dark modules as few rectangles: each horizontal run of dark modules is one, and a run repeated
 * exactly on the rows below it grows down instead of starting another.
 */
export function qrRectangles(symbol: QrSymbol): QrRectangle[] {
  const all: QrRectangle[] = []
  let open = new Map<string, QrRectangle>()
  for (let row = 0; row < symbol.size; row++) {
    const next = new Map<string, QrRectangle>()
    let column = 0
    while (column < symbol.size) {
      if (!symbol.dark(row, column)) {
        column++
        continue
      }
      const start = column
      while (column < symbol.size && symbol.dark(row, column)) column++
      const key = `${start}:${column}`
      const above = open.get(key)
      if (above) {
        above.height++
        next.set(key, above)
      } else {
        const rectangle = { row, column: start, width: column - start, height: 1 }
        all.push(rectangle)
        next.set(key, rectangle)
      }
    }
    open = next
  }
  return all
}

/** Dark on light: a white square over `box` (the quiet zone included), the dark modules in pure black. */
function drawQrCode(page: PDFPage, symbol: QrSymbol, geometry: QrGeometry, box: Box): void {
  const left = box.x + geometry.quietZone
  const symbolTop = top(box) - geometry.quietZone
  const m = geometry.module
  page.pushOperators(
    pushGraphicsState(),
    setFillingRgbColor(1, 1, 1),
    rectangle(box.x, box.y, box.width, box.height),
    fillPath(),
    setFillingRgbColor(0, 0, 0),
    ...qrRectangles(symbol).map((r) =>
      rectangle(left + r.column * m, symbolTop - (r.row + r.height) * m, r.width * m, r.height * m),
    ),
    fillPath(),
    popGraphicsState(),
  )
}

/** A short link as printed beside an ad: without its scheme ('town.example/go/k7m4qx2'). */
export function shortLinkText(shortUrl: string): string {
  return shortUrl.replace(/^https?:\/\//i, '')
}

// ---------------------------------------------------------------- calendar

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** "Jan 5" for 2027-01-05. */
function shortDate(date: string): string {
  return `${SHORT_MONTHS[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}`
}

/** The month's weeks, Sunday first: each a row of 7 dates (YYYY-MM-DD), null outside the month. */
export function calendarWeeks(month: string): (string | null)[][] {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month)
  if (!match) throw new Error(`Expected a month as YYYY-MM, got "${month}"`)
  const year = Number(match[1])
  const monthIndex = Number(match[2]) - 1
  const firstWeekday = new Date(Date.UTC(year, monthIndex, 1)).getUTCDay()
  const dayCount = new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate()
  const cells: (string | null)[] = Array.from({ length: firstWeekday }, () => null)
  for (let day = 1; day <= dayCount; day++) cells.push(`${month}-${String(day).padStart(2, '0')}`)
  while (cells.length % 7 !== 0) cells.push(null)
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7))
}

// ---------------------------------------------------------------- artwork

/** Draws the artwork contained in `box`; if it cannot be read, a short notice in its place. */
async function drawArtworkOrNotice(
  context: Context,
  page: PDFPage,
  artwork: ProofArtwork,
  box: Box,
  label: string,
) {
  const drawable = await embedArtwork(context, artwork, box)
  if (drawable) return drawArtwork(page, drawable, box)
  context.unreadable.push(label)
  const notice = fitTextLines(ARTWORK_UNREADABLE_TEXT, context.fonts.regular, box.width, 2, 6)
  drawLines(page, notice, context.fonts.regular, box.x, top(box), WARNING)
}

function drawArtwork(page: PDFPage, drawable: Drawable, box: Box): void {
  const source = drawable.kind === 'image' ? drawable.image : drawable.page
  const placed = containBox(source, box)
  if (drawable.kind === 'image') page.drawImage(drawable.image, placed)
  else page.drawPage(drawable.page, placed)
}

/** Loads and embeds once per file and size; null (never a throw) when the file cannot be used. */
async function embedArtwork(context: Context, artwork: ProofArtwork, box: Box): Promise<Drawable | null> {
  let bytes: Uint8Array
  try {
    bytes = await artwork.load()
  } catch {
    return null
  }
  const maxPixels = {
    width: Math.max(1, Math.ceil((box.width / POINTS_PER_INCH) * context.specs.dpi)),
    height: Math.max(1, Math.ceil((box.height / POINTS_PER_INCH) * context.specs.dpi)),
  }
  const digest = createHash('sha256').update(bytes).digest('hex')
  const key = `${artwork.contentType}:${digest}:${maxPixels.width}x${maxPixels.height}`
  let embedded = context.embedded.get(key)
  if (!embedded) {
    embedded = embedBytes(context.doc, artwork.contentType, bytes, maxPixels).catch(() => null)
    context.embedded.set(key, embedded)
  }
  return embedded
}

/**
 * PDFs go in as vector (their first page); images are re-encoded by sharp first: turned upright, flattened
 * onto white, converted to sRGB (CMYK and greyscale included) and scaled down to what prints sharp at the
 * printed size, so the proof stays small. `embed()` runs now so a broken file fails here, not at save.
 */
async function embedBytes(
  doc: PDFDocument,
  contentType: ProofArtwork['contentType'],
  bytes: Uint8Array,
  maxPixels: { width: number; height: number },
): Promise<Drawable> {
  if (contentType === 'application/pdf') {
    // Within the limits of pdf-safety.ts: a file stored before those limits may still be hostile.
    const { doc: source } = await loadBoundedPdf(bytes)
    const first = source.getPage(0)
    // A page without contents is a blank page (pdf-lib cannot embed it as it is).
    if (!first.node.get(PDFName.of('Contents')))
      first.node.set(PDFName.of('Contents'), source.context.register(source.context.flateStream('')))
    // Tried on a scratch document first: a page that fails to embed stays registered in its document and
    // would fail the whole proof at save.
    const scratch = await PDFDocument.create()
    await (await scratch.embedPage(first)).embed()
    const page = await doc.embedPage(first)
    if (!(page.width > 0 && page.height > 0)) throw new Error('The PDF has no page with a size')
    await page.embed()
    return { kind: 'page', page }
  }
  const pipeline = sharp(bytes, { limitInputPixels: MAX_ARTWORK_PIXELS })
    .autoOrient()
    .resize({ ...maxPixels, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
  const image =
    contentType === 'image/jpeg'
      ? await doc.embedJpg(await pipeline.jpeg({ quality: 90 }).toBuffer())
      : await doc.embedPng(await pipeline.png().toBuffer())
  await image.embed()
  return { kind: 'image', image }
}

// ---------------------------------------------------------------- geometry

function top(box: Box): number {
  return box.y + box.height
}

function insetBox(box: Box, inset: number): Box {
  return {
    x: box.x + inset,
    y: box.y + inset,
    width: Math.max(0, box.width - 2 * inset),
    height: Math.max(0, box.height - 2 * inset),
  }
}

function sizeInPoints(size: PrintSize): Size {
  return { width: size.widthInches * POINTS_PER_INCH, height: size.heightInches * POINTS_PER_INCH }
}

export type Size = { width: number; height: number }

/** `size` scaled up or down to fill `box` with its aspect kept ("contain"), centred. */
function containBox(size: Size, box: Box): Box {
  return centredIn(size, Math.min(box.width / size.width, box.height / size.height), box)
}

/** `size` centred in `box`: at its own size when it fits, else scaled down to fit with its aspect kept. */
function fitBox(size: Size, box: Box): Box {
  return centredIn(size, Math.min(1, box.width / size.width, box.height / size.height), box)
}

function centredIn(size: Size, scale: number, box: Box): Box {
  const width = size.width * scale
  const height = size.height * scale
  return { x: box.x + (box.width - width) / 2, y: box.y + (box.height - height) / 2, width, height }
}

// ---------------------------------------------------------------- text

type FittedText = { size: number; lines: string[] }

function drawText(
  page: PDFPage,
  text: string,
  options: { x: number; y: number; size: number; font: PDFFont },
) {
  page.drawText(winAnsiText(text), { ...options, color: INK })
}

/** Draws lines top-down with their first baseline one size below `topY`; returns the last line's bottom. */
function drawLines(page: PDFPage, fitted: FittedText, font: PDFFont, x: number, topY: number, color: Color) {
  const lineHeight = fitted.size * 1.15
  fitted.lines.forEach((line, index) => {
    page.drawText(line, { x, y: topY - fitted.size - index * lineHeight, size: fitted.size, font, color })
  })
  return topY - fitted.size - (fitted.lines.length - 1) * lineHeight - fitted.size * 0.25
}

/** The height drawLines takes for `fitted`, from the first line's top to the last one's descent. */
function textBlockHeight(fitted: FittedText): number {
  return fitted.size * 1.25 + (fitted.lines.length - 1) * fitted.size * 1.15
}

/** A short link on one line when it reads at 4 pt or more, else broken over two lines. */
function fitLinkText(text: string, font: PDFFont, width: number, maxSize: number): FittedText {
  const size = fitSingleLine(text, font, width, maxSize)
  if (size >= 4) return { size, lines: [winAnsiText(text)] }
  return fitTextLines(text, font, width, 2, maxSize)
}

/**
 * Wraps text to `width` in as many lines as `height` holds, shrinking the font from NAME_MAX_SIZE to fit;
 * it starts small enough (down to 4 pt) for its longest word to fit a line whole.
 */
function fitTextBlock(text: string, font: PDFFont, width: number, height: number): FittedText {
  const clean = winAnsiText(text).replace(/\s+/g, ' ').trim() || '?'
  const longestWord = Math.max(...clean.split(' ').map((word) => font.widthOfTextAtSize(word, 1)))
  let size = Math.min(NAME_MAX_SIZE, Math.max(4, Math.floor((width / longestWord) * 4) / 4))
  let lines = wrapText(clean, font, size, width)
  while (textBlockHeight({ size, lines }) > height && size > 0.5) {
    size -= 0.25
    lines = wrapText(clean, font, size, width)
  }
  return { size, lines }
}

/** The largest size (up to `maxSize`) at which one line of text fits `width`. */
function fitSingleLine(text: string, font: PDFFont, width: number, maxSize: number): number {
  const atOne = font.widthOfTextAtSize(winAnsiText(text), 1)
  return atOne > 0 ? Math.min(maxSize, width / atOne) : maxSize
}

/**
 * Wraps text to at most `maxLines` lines of `width`, shrinking the font (from `maxSize`, in quarter
 * points) until it fits. The text is never cut: a word too long for a line is broken across lines.
 */
function fitTextLines(text: string, font: PDFFont, width: number, maxLines: number, maxSize: number) {
  const clean = winAnsiText(text).replace(/\s+/g, ' ').trim() || '?'
  let size = maxSize
  let lines = wrapText(clean, font, size, width)
  while (lines.length > maxLines && size > 0.5) {
    size -= 0.25
    lines = wrapText(clean, font, size, width)
  }
  return { size, lines }
}
