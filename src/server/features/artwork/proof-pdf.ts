import { createHash } from 'node:crypto'
import {
  type Color,
  cmyk,
  fill as fillPath,
  PDFDocument,
  type PDFEmbeddedPage,
  type PDFFont,
  type PDFImage,
  PDFName,
  type PDFPage,
  PDFString,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  setFillingCmykColor,
} from '@cantoo/pdf-lib'
import sharp from 'sharp'
import { embedNotoSans, type PdfFonts } from '#server/lib/pdf-fonts.ts'
import { fontText, winAnsiText, wrapText } from '#server/lib/pdf-text.ts'
import type { PrintSize, PrintSpecs } from '#shared/artwork.ts'
import { MONTH_NAMES } from '#shared/format.ts'
import { MAX_ARTWORK_PIXELS } from './artwork-file.ts'
import { loadBoundedPdf } from './pdf-safety.ts'
import { drawMapSide, freePositions, type MapSideTools } from './proof-map-page.ts'
import {
  addCardPage,
  type Box,
  type CardPageLayout,
  insetBox,
  POINTS_PER_INCH,
  proofPageLayout,
  right,
  top,
} from './proof-page.ts'
import { type QrGeometry, type QrSymbol, qrGeometry, qrSymbol } from './qr-symbol.ts'

/**
 * The proof of a month's postcard, the file the printer receives: page 1 is the card's calendar side (a
 * header with the product, the month and the in-homes date, then the month grid with each sold day's
 * business name, artwork and QR code, and the owner's house ad on every unsold day); page 2 is the map
 * side (proof-map-page.ts): the map with each sold icon at its place, and the legend with the icons' QR
 * codes or links. Every page is a card page (proof-page.ts): bleed, trim and crop marks. Fonts are
 * embedded (Noto Sans). Pure: artwork is fetched through each line's `load()`, nothing else is read.
 */

export type ProofArtwork = {
  contentType: 'image/png' | 'image/jpeg' | 'application/pdf'
  load: () => Promise<Uint8Array>
}
/**
 * One calendar day; `businessName` null means unsold, and the cell carries the house ad. `shortUrl` is the line's
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
  /** Any order; a date of the month not listed is unsold (the house ad). */
  days: ProofDay[]
  icons: ProofIcon[]
  /** Counts above 0 make the proof a draft, with a band saying so. */
  draft: ProofDraft
  map: ProofMap | null
  /** What fills each unsold day: the owner's image, or else the line of text ({site} already filled in). */
  houseAd: ProofHouseAd
}

export type ProofHouseAd = { text: string; image: ProofArtwork | null }

const WEEKDAY_HEADERS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
const CELL_PADDING = 4
/** Business names print at this size or larger, wherever they are: smaller does not read on a card. */
export const NAME_MIN_SIZE = 6.5
const NAME_MAX_SIZE = 8
const LINK_TEXT_MAX_SIZE = 6
/** The artwork is left out of a cell whose room for it is less than this (points): the name comes first. */
const MIN_ARTWORK_POINTS = 12
const HOUSE_AD_MAX_SIZE = 9
export const ARTWORK_UNREADABLE_TEXT = 'artwork could not be read'
/** The list of lines whose artwork could not be read (in the slug under the card) starts with this. */
export const ARTWORK_UNREADABLE_HEADER = 'Artwork could not be read:'

/** Vector colours in CMYK, black as K only (what a press prints crisp); viewers show them as usual. */
const INK = cmyk(0, 0, 0, 0.9)
const RULE = cmyk(0, 0, 0, 0.3)
const HOUSE_AD_INK = cmyk(0, 0, 0, 0.6)
const WARNING = cmyk(0, 0.9, 0.85, 0.2)
const DRAFT_BAND = cmyk(0, 0.9, 0.85, 0.2)
const DRAFT_TEXT = cmyk(0, 0, 0, 0)

export type { Box } from './proof-page.ts'

type Fonts = PdfFonts
/** Embedded artwork ready to draw; null when it could not be loaded or read. */
type Drawable = { kind: 'image'; image: PDFImage } | { kind: 'page'; page: PDFEmbeddedPage }
type Context = {
  doc: PDFDocument
  fonts: Fonts
  specs: PrintSpecs
  /** The same file at the same size (a business's several days) is embedded once. */
  embedded: Map<string, Promise<Drawable | null>>
  /** The lines whose artwork could not be read, as the slug lists them ("Jan 5 — Bob's Bakery"). */
  unreadable: string[]
}

/**
 * Renders the proof as PDF bytes. Artwork that cannot be read is noted in its place (and listed under the
 * card) rather than failing the whole proof; a draft (artwork missing or not approved) says so on every
 * page, above the card.
 */
export async function renderProofPdf(input: ProofInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false })
  doc.setTitle(winAnsiText(`${input.productName} proof — ${input.title}`))
  doc.setCreator('Townflyer')
  doc.setProducer('Townflyer')
  const fonts = await embedNotoSans(doc)
  const context: Context = { doc, fonts, specs: input.specs, embedded: new Map(), unreadable: [] }
  const layout = proofPageLayout(input.specs)
  const calendar = await drawCalendarPage(context, input, layout)
  await drawMapPage(context, input)
  drawUnreadableList(context, calendar, layout)
  const band = draftBandText(input.draft)
  if (band) for (const page of doc.getPages()) drawDraftBand(page, layout, fonts.bold, band)
  if (input.specs.cmykForPress) await addCmykOutputIntent(doc)
  return doc.save()
}

// ---------------------------------------------------------------- draft band

/** "DRAFT — 3 missing, 5 not approved", a zero part left out; null when nothing is missing or unapproved. */
export function draftBandText(draft: ProofDraft): string | null {
  const parts = [
    draft.missing > 0 ? `${draft.missing} missing` : null,
    draft.notApproved > 0 ? `${draft.notApproved} not approved` : null,
  ].filter((part) => part !== null)
  return parts.length > 0 ? `DRAFT — ${parts.join(', ')}` : null
}

/** A red band in the slug above the card (outside the bleed), so it cannot be printed as part of it. */
function drawDraftBand(page: PDFPage, layout: CardPageLayout, font: PDFFont, text: string): void {
  const band = layout.topSlug
  if (band.height < 4) return
  page.drawRectangle({ ...band, color: DRAFT_BAND })
  const size = Math.min(fitSingleLine(text, font, band.width - 8, 11), band.height * 0.7)
  const printed = fontText(text, font)
  const width = font.widthOfTextAtSize(printed, size)
  const y = band.y + (band.height - font.heightAtSize(size, { descender: false })) / 2
  page.drawText(printed, { x: band.x + (band.width - width) / 2, y, size, font, color: DRAFT_TEXT })
}

// ---------------------------------------------------------------- CMYK for press

/**
 * The catalogue's output intent for a CMYK press: GTS_PDFX with the CMYK profile the artwork was
 * converted with (libvips' built-in CMYK profile, read back from a converted pixel).
 */
async function addCmykOutputIntent(doc: PDFDocument): Promise<void> {
  const icc = await cmykProfile()
  const profile = doc.context.flateStream(icc, { N: 4 })
  const intent = doc.context.obj({
    Type: 'OutputIntent',
    S: 'GTS_PDFX',
    OutputConditionIdentifier: PDFString.of('CMYK'),
    Info: PDFString.of('The CMYK profile the artwork was converted with'),
    DestOutputProfile: doc.context.register(profile),
  })
  doc.catalog.set(PDFName.of('OutputIntents'), doc.context.obj([intent]))
}

let cmykIcc: Promise<Uint8Array> | null = null

function cmykProfile(): Promise<Uint8Array> {
  cmykIcc ??= (async () => {
    const pixel = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#ffffff' } })
      .toColourspace('cmyk')
      .withIccProfile('cmyk')
      .jpeg()
      .toBuffer()
    const { icc } = await sharp(pixel).metadata()
    if (!icc) throw new Error('sharp embedded no CMYK profile')
    return new Uint8Array(icc)
  })()
  return cmykIcc
}

// ---------------------------------------------------------------- calendar side

/** Where the header's lines end, and the bottom slug where unreadable artwork is listed. */
type CalendarPage = { page: PDFPage }

async function drawCalendarPage(
  context: Context,
  input: ProofInput,
  layout: CardPageLayout,
): Promise<CalendarPage> {
  const page = addCardPage(context.doc, layout)
  const { safe } = layout
  const { regular, bold } = context.fonts
  const weeks = calendarWeeks(input.month)
  const columnWidth = safe.width / 7

  const productSize = fitSingleLine(input.productName, bold, safe.width, 12)
  const productBaseline = top(safe) - productSize
  drawText(page, input.productName, { x: safe.x, y: productBaseline, size: productSize, font: bold })

  const inHomes = `in homes by ${longDate(input.inHomesDate)}`
  const inHomesSize = fitSingleLine(inHomes, regular, safe.width / 2, 11)
  const inHomesWidth = regular.widthOfTextAtSize(fontText(inHomes, regular), inHomesSize)
  const titleSize = fitSingleLine(input.title, bold, safe.width - inHomesWidth - 12, 26)
  const titleBaseline = productBaseline - productSize * 0.4 - titleSize
  drawText(page, input.title, { x: safe.x, y: titleBaseline, size: titleSize, font: bold })
  drawText(page, inHomes, {
    x: safe.x + safe.width - inHomesWidth,
    y: titleBaseline,
    size: inHomesSize,
    font: regular,
  })

  const headerSize = Math.min(10, columnWidth / 4)
  const headerBaseline = titleBaseline - titleSize * 0.4 - headerSize * 1.4
  WEEKDAY_HEADERS.forEach((name, column) => {
    const x = safe.x + column * columnWidth + CELL_PADDING
    drawText(page, name, { x, y: headerBaseline, size: headerSize, font: bold })
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
      if (!date) continue
      const day = days.get(date)
      if (day?.businessName)
        await drawSoldDay(context, page, cell, date, { ...day, businessName: day.businessName })
      else await drawUnsoldDay(context, page, cell, date, input.houseAd)
    }
  }
  return { page }
}

/** In the slug under the card: every line whose artwork could not be read, so no one misses a marked cell. */
function drawUnreadableList(context: Context, calendar: CalendarPage, layout: CardPageLayout): void {
  if (context.unreadable.length === 0) return
  const slug = layout.bottomSlug
  const text = `${ARTWORK_UNREADABLE_HEADER} ${context.unreadable.join('; ')}`
  const lines = fitTextLines(text, context.fonts.regular, slug.width, 3, 7)
  drawLines(calendar.page, lines, context.fonts.regular, slug.x, top(slug), WARNING)
}

/** The day's number in the cell's top-left corner; returns its size. */
function drawDayNumber(context: Context, page: PDFPage, inner: Box, date: string): number {
  const text = String(Number(date.slice(8, 10)))
  const size = Math.min(10, inner.height / 5, inner.width / 3)
  drawText(page, text, { x: inner.x, y: top(inner) - size, size, font: context.fonts.bold })
  return size
}

/** An unsold day: its number, and the house ad (the owner's image, else the text) in the rest of the cell. */
async function drawUnsoldDay(
  context: Context,
  page: PDFPage,
  cell: Box,
  date: string,
  houseAd: ProofHouseAd,
) {
  const inner = insetBox(cell, CELL_PADDING)
  const numberSize = drawDayNumber(context, page, inner, date)
  const area = { ...inner, height: inner.height - numberSize * 1.3 }
  if (area.height <= 0) return
  if (houseAd.image) {
    const drawable = await embedArtwork(context, houseAd.image, area)
    if (drawable) return drawArtwork(page, drawable, area)
  }
  const font = context.fonts.regular
  const fitted = fitTextLines(
    houseAd.text,
    font,
    area.width,
    Math.max(1, Math.floor(area.height / 10)),
    HOUSE_AD_MAX_SIZE,
  )
  const height = textBlockHeight(fitted)
  drawLines(page, fitted, font, area.x, area.y + (area.height + height) / 2, HOUSE_AD_INK)
}

/**
 * Where a sold day's parts go in its cell's inner box (inside the padding). The business name always gets
 * the room it needs at NAME_MIN_SIZE or more; the QR code comes next, and the artwork takes what is left
 * (scaled down from the day square's print size when it must).
 * - 'qr': the code (with its quiet zone) in the top-right corner; the day number left of it, and the name
 *   under the number when it fits beside the code, else across the cell under the code.
 * - 'link': the code does not fit with the name: the number, the name under it, and the short link as
 *   text at the cell's foot.
 * `name` is the name's box (its first line's top at the box's top); `artwork` is null when the room left
 * is less than MIN_ARTWORK_POINTS.
 */
export type DayCellPlan = {
  kind: 'qr' | 'link'
  qr: Box | null
  name: Box
  fitted: FittedText
  link: Box | null
  linkText: FittedText | null
  artwork: Box | null
}

export function planDayCell(
  inner: Box,
  numberSize: number,
  font: PDFFont,
  name: string,
  qrOuter: number | null,
  linkText: string | null,
): DayCellPlan {
  const numberBottom = top(inner) - numberSize * 1.2
  if (qrOuter !== null && qrOuter <= inner.width - numberSize * 1.5 && qrOuter < inner.height) {
    const qr = { x: right(inner) - qrOuter, y: top(inner) - qrOuter, width: qrOuter, height: qrOuter }
    const column = { x: inner.x, y: qr.y, width: inner.width - qrOuter - 2, height: numberBottom - qr.y }
    const beside = fitName(name, font, column.width, column.height)
    if (beside.fits) {
      const artwork = { x: inner.x, y: inner.y, width: inner.width, height: qr.y - 2 - inner.y }
      return {
        kind: 'qr',
        qr,
        name: column,
        fitted: beside.text,
        link: null,
        linkText: null,
        artwork: roomFor(artwork),
      }
    }
    const below = { x: inner.x, y: inner.y, width: inner.width, height: qr.y - 1 - inner.y }
    const under = fitName(name, font, below.width, below.height)
    if (under.fits) {
      const nameBox = {
        ...below,
        y: top(below) - textBlockHeight(under.text),
        height: textBlockHeight(under.text),
      }
      const artwork = { ...below, height: nameBox.y - 1 - inner.y }
      return {
        kind: 'qr',
        qr,
        name: nameBox,
        fitted: under.text,
        link: null,
        linkText: null,
        artwork: roomFor(artwork),
      }
    }
  }
  const link = linkText ? fitLinkText(linkText, font, inner.width, LINK_TEXT_MAX_SIZE) : null
  const linkHeight = link ? textBlockHeight(link) : 0
  const nameArea = {
    x: inner.x,
    y: inner.y + linkHeight,
    width: inner.width,
    height: numberBottom - 1 - inner.y - linkHeight,
  }
  const fitted = fitName(name, font, nameArea.width, nameArea.height)
  const nameHeight = textBlockHeight(fitted.text)
  const nameBox = { ...nameArea, y: top(nameArea) - nameHeight, height: nameHeight }
  const artwork = {
    x: inner.x,
    y: inner.y + linkHeight + 1,
    width: inner.width,
    height: nameBox.y - 2 - inner.y - linkHeight,
  }
  return {
    kind: 'link',
    qr: null,
    name: nameBox,
    fitted: fitted.text,
    link: link ? { x: inner.x, y: inner.y, width: inner.width, height: linkHeight } : null,
    linkText: link,
    artwork: roomFor(artwork),
  }
}

function roomFor(box: Box): Box | null {
  return box.height >= MIN_ARTWORK_POINTS && box.width >= MIN_ARTWORK_POINTS ? box : null
}

/** A sold day: its number, name, QR code (or short link) and artwork, as planDayCell places them. */
async function drawSoldDay(
  context: Context,
  page: PDFPage,
  cell: Box,
  date: string,
  day: ProofDay & { businessName: string },
) {
  const inner = insetBox(cell, CELL_PADDING)
  const numberSize = drawDayNumber(context, page, inner, date)
  const symbol = day.shortUrl ? qrSymbol(day.shortUrl) : null
  const geometry = symbol ? qrGeometry(symbol.size, context.specs.qrCode.sizeInches) : null
  const font = context.fonts.regular
  const link = day.shortUrl ? shortLinkText(day.shortUrl) : null
  const plan = planDayCell(inner, numberSize, font, day.businessName, geometry?.outer ?? null, link)
  if (plan.qr && symbol && geometry) drawQrCode(page, symbol, geometry, plan.qr)
  drawLines(page, plan.fitted, font, plan.name.x, top(plan.name), INK)
  if (plan.link && plan.linkText) drawLines(page, plan.linkText, font, plan.link.x, top(plan.link), INK)
  if (day.artwork && plan.artwork) {
    const square = fitBox(sizeInPoints(context.specs.daySquare), plan.artwork)
    await drawArtworkOrNotice(context, page, day.artwork, square, `${shortDate(date)} — ${day.businessName}`)
  }
}

// ---------------------------------------------------------------- map side

/**
 * Page 2, the card's map side (proof-map-page.ts). Without the map's data, the sold icons are drawn
 * unplaced on white, numbered, with the legend.
 */
async function drawMapPage(context: Context, input: ProofInput): Promise<void> {
  const layout = proofPageLayout(context.specs)
  const page = addCardPage(context.doc, layout)
  const { specs } = context
  const tools: MapSideTools = {
    doc: context.doc,
    specs,
    fonts: context.fonts,
    drawArtwork: (target, artwork, box, label) => drawArtworkOrNotice(context, target, artwork, box, label),
    qrCode: (shortUrl) => {
      const symbol = qrSymbol(shortUrl)
      const geometry = qrGeometry(symbol.size, specs.qrCode.sizeInches)
      return { outer: geometry.outer, draw: (target, box) => drawQrCode(target, symbol, geometry, box) }
    },
  }
  await drawMapSide(tools, page, layout, input.map ?? unplacedMap(input.icons))
}

/** The sold icons as markers not yet placed, at free positions, with the legend on. */
function unplacedMap(icons: ProofIcon[]): ProofMap {
  const positions = freePositions(icons.length)
  return {
    image: null,
    legend: true,
    markers: icons.map((icon, index) => ({
      number: index + 1,
      businessName: icon.businessName,
      iconName: icon.iconName,
      size: icon.sizeLabel === 'Premium' ? 'premium' : 'regular',
      artwork: icon.artwork,
      shortUrl: icon.shortUrl,
      ...(positions[index] ?? { x: 0.5, y: 0.5 }),
      placed: false,
    })),
  }
}

// ---------------------------------------------------------------- QR codes

export { QR_QUIET_ZONE_MODULES, type QrGeometry, type QrSymbol, qrGeometry, qrSymbol } from './qr-symbol.ts'

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
    setFillingCmykColor(0, 0, 0, 0),
    rectangle(box.x, box.y, box.width, box.height),
    fillPath(),
    setFillingCmykColor(0, 0, 0, 1),
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

/** "January 2" for 2027-01-02 (the in-homes date in the card's header). */
export function longDate(date: string): string {
  return `${MONTH_NAMES[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}`
}

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
  const maxPixels = maxImagePixels(box, context.specs.dpi)
  const digest = createHash('sha256').update(bytes).digest('hex')
  const key = `${artwork.contentType}:${digest}:${maxPixels.width}x${maxPixels.height}`
  let embedded = context.embedded.get(key)
  if (!embedded) {
    const colour = context.specs.cmykForPress ? 'cmyk' : 'srgb'
    embedded = embedBytes(context.doc, artwork.contentType, bytes, maxPixels, colour).catch(() => null)
    context.embedded.set(key, embedded)
  }
  return embedded
}

/**
 * An image keeps its own pixels unless it has more than RESOLUTION_HEADROOM times what the print needs
 * (`box` at `dpi`) on a side: then it is scaled down to that headroom, never to less than the print needs,
 * and never up. The headroom keeps any resampling far from the printed resolution, and the limit keeps a
 * 4000 px photo in a one-inch square from weighing on the file and the render.
 */
export const RESOLUTION_HEADROOM = 2

export function maxImagePixels(box: { width: number; height: number }, dpi: number) {
  const need = (points: number) => Math.max(1, Math.ceil((points / POINTS_PER_INCH) * dpi))
  return { width: need(box.width) * RESOLUTION_HEADROOM, height: need(box.height) * RESOLUTION_HEADROOM }
}

/**
 * PDFs go in as vector (their first page, colours as the file has them); images are re-encoded by sharp
 * first: turned upright, flattened onto white, converted to sRGB, or for a CMYK press to CMYK with
 * libvips' CMYK profile (a JPEG), and scaled down by maxImagePixels' rule. `embed()` runs now so a broken
 * file fails here, not at save.
 */
async function embedBytes(
  doc: PDFDocument,
  contentType: ProofArtwork['contentType'],
  bytes: Uint8Array,
  maxPixels: { width: number; height: number },
  colour: 'srgb' | 'cmyk',
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
  if (colour === 'cmyk') {
    // Converted with libvips' CMYK profile, which the output intent declares once for the whole file
    // rather than in each image (it is about 1 MB).
    const cmykJpeg = withoutIccProfile(await pipeline.toColourspace('cmyk').jpeg({ quality: 92 }).toBuffer())
    const image = await doc.embedJpg(cmykJpeg)
    await image.embed()
    return { kind: 'image', image }
  }
  pipeline.toColourspace('srgb')
  const image =
    contentType === 'image/jpeg'
      ? await doc.embedJpg(await pipeline.jpeg({ quality: 90 }).toBuffer())
      : await doc.embedPng(await pipeline.png().toBuffer())
  await image.embed()
  return { kind: 'image', image }
}

/** A JPEG without its APP2 ICC_PROFILE segments (libvips attaches the CMYK profile it converted with). */
export function withoutIccProfile(jpeg: Uint8Array): Uint8Array {
  const kept: Uint8Array[] = [jpeg.subarray(0, 2)]
  let at = 2
  while (at + 4 <= jpeg.length && jpeg[at] === 0xff) {
    const marker = jpeg[at + 1] as number
    if (marker === 0xda) break // start of scan: the rest is image data
    const length = ((jpeg[at + 2] as number) << 8) | (jpeg[at + 3] as number)
    const segment = jpeg.subarray(at, at + 2 + length)
    const isIcc =
      marker === 0xe2 && Buffer.from(segment.subarray(4, 16)).toString('latin1') === 'ICC_PROFILE\0'
    if (!isIcc) kept.push(segment)
    at += 2 + length
  }
  kept.push(jpeg.subarray(at))
  return Buffer.concat(kept)
}

// ---------------------------------------------------------------- geometry

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
  page.drawText(fontText(text, options.font), { ...options, color: INK })
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
  if (size >= 4) return { size, lines: [fontText(text, font)] }
  return fitTextLines(text, font, width, 2, maxSize)
}

/**
 * A business name wrapped to `width` with its words whole, at the largest size from NAME_MAX_SIZE down to
 * NAME_MIN_SIZE (in quarter points) whose lines fit `height`. `fits` is false when none does: then the
 * text is at the largest size that fits, below the floor and with long words broken if it must (only a
 * card too small for its names comes to that), at 3 pt at least.
 */
function fitName(
  text: string,
  font: PDFFont,
  width: number,
  height: number,
): { fits: boolean; text: FittedText } {
  const clean = fontText(text, font).replace(/\s+/g, ' ').trim() || '?'
  const longestWord = Math.max(...clean.split(' ').map((word) => font.widthOfTextAtSize(word, 1)))
  for (let size = NAME_MAX_SIZE; size >= NAME_MIN_SIZE; size -= 0.25) {
    const lines = wrapText(clean, font, size, width)
    if (longestWord * size <= width && textBlockHeight({ size, lines }) <= height)
      return { fits: true, text: { size, lines } }
  }
  let size = NAME_MIN_SIZE
  let lines = wrapText(clean, font, size, width)
  while (textBlockHeight({ size, lines }) > height && size > 3) {
    size -= 0.25
    lines = wrapText(clean, font, size, width)
  }
  return { fits: false, text: { size, lines } }
}

/** The largest size (up to `maxSize`) at which one line of text fits `width`. */
function fitSingleLine(text: string, font: PDFFont, width: number, maxSize: number): number {
  const atOne = font.widthOfTextAtSize(fontText(text, font), 1)
  return atOne > 0 ? Math.min(maxSize, width / atOne) : maxSize
}

/**
 * Wraps text to at most `maxLines` lines of `width`, shrinking the font (from `maxSize`, in quarter
 * points) until it fits. The text is never cut: a word too long for a line is broken across lines.
 */
function fitTextLines(text: string, font: PDFFont, width: number, maxLines: number, maxSize: number) {
  const clean = fontText(text, font).replace(/\s+/g, ' ').trim() || '?'
  let size = maxSize
  let lines = wrapText(clean, font, size, width)
  while (lines.length > maxLines && size > 0.5) {
    size -= 0.25
    lines = wrapText(clean, font, size, width)
  }
  return { size, lines }
}
