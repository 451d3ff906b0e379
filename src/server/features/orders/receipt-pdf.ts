import {
  type Color,
  PageSizes,
  PDFDocument,
  type PDFFont,
  PDFHexString,
  type PDFPage,
  rgb,
  StandardFonts,
} from '@cantoo/pdf-lib'
import { winAnsiText, wrapText } from '#server/lib/pdf-text.ts'
import { isIsoDate } from '#shared/dates.ts'
import { formatPrice, MONTH_NAMES } from '#shared/format.ts'

/**
 * A purchase's receipt (paid) or invoice (to pay) as a PDF, and the same document as plain lines for
 * e-mails that quote it. Pure: everything printed comes from the input. Both outputs are built from one
 * model, so the e-mail never says something the PDF does not.
 */

export type DocumentLine = {
  /** e.g. 'Calendar day — Tuesday, March 2, 2027' or 'Map icon — Premium (Coffee cup), March 2027 mailing' */
  description: string
  /** What was charged for the line, in integer cents (≥ 0). */
  amountCents: number
}
export type DocumentRefund = {
  description: string
  /** > 0; printed as a negative line. */
  amountCents: number
  /** YYYY-MM-DD */
  date: string
}
export type PurchaseDocumentInput = {
  kind: 'receipt' | 'invoice'
  /** 'R-2027-0001' for a receipt, 'INV-2027-0001' for an invoice */
  number: string
  /** YYYY-MM-DD: date paid (receipt) or date issued (invoice) */
  date: string
  /** invoice only: YYYY-MM-DD due date, printed as 'Due by …' */
  dueDate?: string | null
  seller: { name: string; town: string; region: string; email: string; phone: string | null; website: string }
  buyer: { businessName: string; email: string }
  /** the purchase's reference shown to buyers, e.g. 'P-000123' */
  purchaseReference: string
  /** receipt: 'Card', 'TEST MODE (no card charged)', 'Cash or cheque', 'Free feature'; invoice: null */
  paymentMethod: string | null
  lines: DocumentLine[]
  /** the bulk discount already taken off the lines, in cents (≥ 0); printed as a negative line when > 0 */
  discountCents: number
  refunds: DocumentRefund[]
  /** invoice only: the pay link printed in full (and as a link annotation) */
  payUrl?: string | null
}

// ---------------------------------------------------------------- the model

/** A table row: a label that wraps in its column and an amount right-aligned on its first line. */
type Row = { label: string; amount: string; strong: boolean }
type PurchaseDocument = {
  title: string
  heading: string
  /** Left of the seller at the top: 'Paid …' or 'Issued …' and 'Due by …'. */
  dates: string[]
  seller: string[]
  billedTo: string[]
  purchase: string[]
  items: Row[]
  totals: Row[]
  payLink: { label: string; url: string } | null
}

const ITEM_HEADER: Row = { label: 'Item', amount: 'Amount', strong: true }

/** Builds what the document says; every string is already one the standard font can draw. */
function buildPurchaseDocument(input: PurchaseDocumentInput): PurchaseDocument {
  assertAmounts(input)
  const isInvoice = input.kind === 'invoice'
  const title = isInvoice ? 'Invoice' : 'Receipt'
  const dueDate = isInvoice && input.dueDate ? input.dueDate : null
  const { seller, buyer } = input

  const totalCents = sum(input.lines.map((line) => line.amountCents))
  const refundedCents = sum(input.refunds.map((refund) => refund.amountCents))
  const items = input.lines.map((line) => row(line.description, money(line.amountCents)))
  const totals: Row[] = []
  if (input.discountCents > 0) {
    totals.push(row('Subtotal', money(totalCents + input.discountCents)))
    totals.push(row('Bulk discount', money(-input.discountCents)))
  }
  // The last row is always what the buyer has paid (receipt) or still owes (invoice): an invoice with
  // credits shows its total, the credits, then the amount due after them.
  const hasRefunds = input.refunds.length > 0
  totals.push(row(isInvoice && !hasRefunds ? 'Amount due' : 'Total', money(totalCents), true))
  for (const refund of input.refunds)
    totals.push(
      row(`Refund — ${refund.description} (${formatLongDate(refund.date)})`, money(-refund.amountCents)),
    )
  if (hasRefunds)
    totals.push(row(isInvoice ? 'Amount due' : 'Net paid', money(totalCents - refundedCents), true))

  const payUrl = isInvoice ? cleanText(input.payUrl ?? '') : ''
  return {
    title,
    heading: cleanText(`${title} ${input.number}`),
    dates: [
      `${isInvoice ? 'Issued' : 'Paid'} ${formatLongDate(input.date)}`,
      ...(dueDate ? [`Due by ${formatLongDate(dueDate)}`] : []),
    ],
    seller: nonEmpty([
      seller.name,
      [seller.town, seller.region]
        .map((part) => part.trim())
        .filter(Boolean)
        .join(', '),
      seller.email,
      seller.phone ?? '',
      seller.website,
    ]),
    billedTo: nonEmpty(['Billed to', buyer.businessName, buyer.email]),
    purchase: nonEmpty([
      `Purchase ${input.purchaseReference}`,
      !isInvoice && input.paymentMethod ? `Payment method: ${input.paymentMethod}` : '',
    ]),
    items,
    totals,
    payLink: payUrl ? { label: 'Pay online:', url: payUrl } : null,
  }
}

/** What the document says, as plain lines, in order: the same strings the PDF draws. Used by tests and by e-mails that quote a receipt. */
export function purchaseDocumentText(input: PurchaseDocumentInput): string[] {
  const document = buildPurchaseDocument(input)
  const rowText = (r: Row) => `${r.label}  ${r.amount}`
  return [
    document.title,
    document.heading,
    ...document.dates,
    ...document.seller,
    ...document.billedTo,
    ...document.purchase,
    rowText(ITEM_HEADER),
    ...document.items.map(rowText),
    ...document.totals.map(rowText),
    ...(document.payLink ? [`${document.payLink.label} ${document.payLink.url}`] : []),
  ]
}

function row(label: string, amount: string, strong = false): Row {
  return { label: cleanText(label), amount, strong }
}

function nonEmpty(texts: string[]): string[] {
  return texts.map(cleanText).filter((text) => text !== '')
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0)
}

/** '$150', '$150.50', '-$30': the figure the buyer was charged, as every other page and e-mail shows it. */
function money(cents: number): string {
  return formatPrice(cents / 100)
}

/** A money document that does not add up is worse than none: refuse amounts outside the contract. */
function assertAmounts(input: PurchaseDocumentInput): void {
  const check = (cents: number, min: number, what: string) => {
    if (!Number.isSafeInteger(cents) || cents < min)
      throw new Error(`Expected ${what} as integer cents ≥ ${min}, got ${cents}`)
  }
  for (const line of input.lines) check(line.amountCents, 0, 'a line amount')
  check(input.discountCents, 0, 'the discount')
  for (const refund of input.refunds) check(refund.amountCents, 1, 'a refund amount')
}

/** 'March 4, 2027' for 2027-03-04: a plain date, never read as local time. */
function formatLongDate(day: string): string {
  if (!isIsoDate(day)) throw new Error(`Expected a date as YYYY-MM-DD, got "${day}"`)
  const [year, month, date] = day.split('-').map(Number)
  return `${MONTH_NAMES[(month ?? 1) - 1]} ${date}, ${year}`
}

// ---------------------------------------------------------------- the PDF

const [PAGE_WIDTH, PAGE_HEIGHT] = PageSizes.Letter
const MARGIN = 48
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN
const RIGHT_EDGE = PAGE_WIDTH - MARGIN
const SELLER_WIDTH = 220
const AMOUNT_WIDTH = 110
const LABEL_WIDTH = CONTENT_WIDTH - AMOUNT_WIDTH - 12
const LEADING = 1.25
const ROW_PADDING = 3
const BODY_SIZE = 10

const INK = rgb(0.1, 0.1, 0.1)
const MUTED = rgb(0.4, 0.4, 0.4)
const RULE = rgb(0.75, 0.75, 0.75)
const LINK = rgb(0.05, 0.3, 0.7)

type Fonts = { regular: PDFFont; bold: PDFFont }
type TextStyle = { font: PDFFont; size: number; color: Color }
/** Where the next line goes: pages are added as the text runs past the bottom margin. */
type Flow = { doc: PDFDocument; fonts: Fonts; page: PDFPage; y: number }

/**
 * Renders the document on US Letter pages. The same input always gives the same bytes: the PDF's dates
 * come from `input.date`, never the clock, so a re-sent receipt is the receipt the buyer already has.
 */
export async function renderPurchaseDocument(input: PurchaseDocumentInput): Promise<Uint8Array> {
  const document = buildPurchaseDocument(input)
  const doc = await PDFDocument.create({ updateMetadata: false })
  doc.setTitle(document.heading)
  doc.setCreator('Townflyer')
  doc.setProducer('Townflyer')
  const stamp = new Date(`${input.date}T00:00:00Z`)
  doc.setCreationDate(stamp)
  doc.setModificationDate(stamp)
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  }
  const flow: Flow = { doc, fonts, page: doc.addPage(PageSizes.Letter), y: PAGE_HEIGHT - MARGIN }
  const body = { font: fonts.regular, size: BODY_SIZE, color: INK }
  const strong = { ...body, font: fonts.bold }
  const muted = { font: fonts.bold, size: 9, color: MUTED }

  drawTopSection(flow, document)
  flow.y -= 24
  drawParagraphs(flow, document.billedTo, (index) => (index === 0 ? muted : index === 1 ? strong : body))
  flow.y -= 8
  drawParagraphs(flow, document.purchase, () => body)
  flow.y -= 20

  drawRow(flow, ITEM_HEADER, muted)
  drawRule(flow, 0.75)
  for (const item of document.items) {
    drawRow(flow, item, body)
    drawRule(flow, 0.5)
  }
  for (const total of document.totals) {
    if (total.strong) drawRule(flow, 1)
    drawRow(flow, total, total.strong ? { ...strong, size: 11 } : body)
  }
  if (document.payLink) {
    flow.y -= 20
    drawPayLink(flow, document.payLink, strong, { ...body, color: LINK })
  }
  return doc.save()
}

/** The title, number and dates on the left; the seller on the right, as letterheads have it. */
function drawTopSection(flow: Flow, document: PurchaseDocument): void {
  const { regular, bold } = flow.fonts
  const top = flow.y
  drawParagraph(flow, document.title, { font: bold, size: 24, color: INK }, MARGIN, CONTENT_WIDTH / 2)
  flow.y -= 4
  drawParagraph(flow, document.heading, { font: bold, size: 12, color: INK }, MARGIN, CONTENT_WIDTH / 2)
  for (const text of document.dates)
    drawParagraph(flow, text, { font: regular, size: BODY_SIZE, color: INK }, MARGIN, CONTENT_WIDTH / 2)
  const leftBottom = flow.y

  flow.y = top
  document.seller.forEach((text, index) => {
    const style = { font: index === 0 ? bold : regular, size: BODY_SIZE, color: index === 0 ? INK : MUTED }
    drawParagraph(flow, text, style, RIGHT_EDGE - SELLER_WIDTH, SELLER_WIDTH, 'right')
  })
  flow.y = Math.min(leftBottom, flow.y)
}

function drawParagraphs(flow: Flow, texts: string[], styleOf: (index: number) => TextStyle): void {
  texts.forEach((text, index) => {
    drawParagraph(flow, text, styleOf(index), MARGIN, CONTENT_WIDTH)
  })
}

/** A label wrapped in its column, the amount right-aligned on the label's first line. */
function drawRow(flow: Flow, item: Row, style: TextStyle): void {
  const lines = wrapText(item.label, style.font, style.size, LABEL_WIDTH)
  // Keeps a row whole on a page when it can, so an amount never sits apart from its label.
  ensureSpace(flow, Math.min(lines.length * style.size * LEADING + 2 * ROW_PADDING, PAGE_HEIGHT / 2))
  flow.y -= ROW_PADDING
  const first = { page: flow.page, baseline: flow.y - style.size }
  for (const line of lines) drawLine(flow, line, style, MARGIN)
  const amountWidth = style.font.widthOfTextAtSize(item.amount, style.size)
  first.page.drawText(item.amount, { ...style, x: RIGHT_EDGE - amountWidth, y: first.baseline })
  flow.y -= ROW_PADDING
}

/** 'Pay online:' then the URL in full, each of its lines a link when the URL is one a reader may open. */
function drawPayLink(
  flow: Flow,
  payLink: { label: string; url: string },
  labelStyle: TextStyle,
  urlStyle: TextStyle,
): void {
  drawParagraph(flow, payLink.label, labelStyle, MARGIN, CONTENT_WIDTH)
  const linkable = /^https?:\/\/[\x21-\x7e]+$/.test(payLink.url)
  for (const line of wrapText(payLink.url, urlStyle.font, urlStyle.size, CONTENT_WIDTH)) {
    const baseline = drawLine(flow, line, urlStyle, MARGIN)
    if (!linkable) continue
    const width = urlStyle.font.widthOfTextAtSize(line, urlStyle.size)
    addLinkAnnotation(flow, payLink.url, [MARGIN, baseline - 2, MARGIN + width, baseline + urlStyle.size])
  }
}

function addLinkAnnotation(flow: Flow, url: string, rect: [number, number, number, number]): void {
  const { context } = flow.doc
  // A hex string: pdf-lib writes a literal string's text as given, so a ')' or '\' in the URL would end it.
  const uri = PDFHexString.of(Buffer.from(url, 'latin1').toString('hex'))
  const annotation = context.obj({
    Type: 'Annot',
    Subtype: 'Link',
    Rect: rect,
    Border: [0, 0, 0],
    A: { Type: 'Action', S: 'URI', URI: uri },
  })
  flow.page.node.addAnnot(context.register(annotation))
}

function drawParagraph(
  flow: Flow,
  text: string,
  style: TextStyle,
  x: number,
  width: number,
  align: 'left' | 'right' = 'left',
): void {
  for (const line of wrapText(text, style.font, style.size, width)) {
    const lineX = align === 'right' ? x + width - style.font.widthOfTextAtSize(line, style.size) : x
    drawLine(flow, line, style, lineX)
  }
}

/** Draws one line below the flow's position, on a new page if it would cross the bottom margin; returns its baseline. */
function drawLine(flow: Flow, text: string, style: TextStyle, x: number): number {
  ensureSpace(flow, style.size * LEADING)
  const baseline = flow.y - style.size
  flow.page.drawText(text, { ...style, x, y: baseline })
  flow.y -= style.size * LEADING
  return baseline
}

function drawRule(flow: Flow, thickness: number): void {
  flow.page.drawLine({
    start: { x: MARGIN, y: flow.y },
    end: { x: RIGHT_EDGE, y: flow.y },
    color: RULE,
    thickness,
  })
}

function ensureSpace(flow: Flow, height: number): void {
  if (flow.y - height >= MARGIN) return
  flow.page = flow.doc.addPage(PageSizes.Letter)
  flow.y = PAGE_HEIGHT - MARGIN
}

// ---------------------------------------------------------------- text the standard font can draw

/** One space between words, no ends: the wrapped PDF and the plain lines then hold the same words. */
function cleanText(text: string): string {
  return winAnsiText(text).replace(/ +/g, ' ').trim()
}
