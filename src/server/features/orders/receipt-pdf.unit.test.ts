import { PDFDict, PDFDocument, PDFHexString, PDFName } from '@cantoo/pdf-lib'
import { extractText, getDocumentProxy } from 'unpdf'
import { describe, expect, it } from 'vitest'
import { type PurchaseDocumentInput, purchaseDocumentText, renderPurchaseDocument } from './receipt-pdf.ts'

// ---------------------------------------------------------------- fixtures

const DAY = 'Calendar day — Tuesday, March 2, 2027'
const ICON = 'Map icon — Premium (Coffee cup), March 2027 mailing'

function receiptInput(overrides: Partial<PurchaseDocumentInput> = {}): PurchaseDocumentInput {
  return {
    kind: 'receipt',
    number: 'R-2027-0001',
    date: '2027-03-04',
    seller: {
      name: 'Springfield Townflyer',
      town: 'Springfield',
      region: 'IL',
      email: 'hello@townflyer.example',
      phone: '(555) 010-0199',
      website: 'https://townflyer.example',
    },
    buyer: { businessName: "Bob's Bakery", email: 'bob@bakery.example' },
    purchaseReference: 'P-000123',
    paymentMethod: 'Card',
    lines: [
      { description: DAY, amountCents: 15_000 },
      { description: ICON, amountCents: 15_000 },
    ],
    discountCents: 3_000,
    refunds: [{ description: DAY, amountCents: 15_000, date: '2027-03-10' }],
    payUrl: null,
    ...overrides,
  }
}

function invoiceInput(overrides: Partial<PurchaseDocumentInput> = {}): PurchaseDocumentInput {
  return receiptInput({
    kind: 'invoice',
    number: 'INV-2027-0001',
    dueDate: '2027-03-11',
    // Given on purpose: an invoice never prints a payment method, whatever it is handed.
    paymentMethod: 'Card',
    refunds: [],
    payUrl: 'https://townflyer.example/pay/inv_2027_0001?token=a(b)c',
    ...overrides,
  })
}

function manyLines(count: number) {
  return Array.from({ length: count }, (_, i) => ({
    description: `Calendar day number ${i + 1} of this long purchase`,
    amountCents: 10_000,
  }))
}

// ---------------------------------------------------------------- reading the document back

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim()

/** Each page's text as unpdf extracts it, white space normalised. */
async function pageTexts(bytes: Uint8Array): Promise<string[]> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: false })
  return text.map(normalise)
}

type TextItem = { str: string; x: number; y: number; width: number; page: number }

/** Every drawn string of every page, in drawing order. */
async function textItems(bytes: Uint8Array): Promise<TextItem[]> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes))
  const items: TextItem[] = []
  for (let page = 1; page <= pdf.numPages; page++) {
    const content = await (await pdf.getPage(page)).getTextContent()
    for (const item of content.items)
      if ('str' in item && item.str.trim() !== '')
        items.push({ str: item.str, x: item.transform[4], y: item.transform[5], width: item.width, page })
  }
  return items
}

/** The URI of every link annotation, page by page. */
async function linkUris(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes)
  return doc.getPages().flatMap((page) =>
    (page.node.Annots()?.asArray() ?? [])
      .map((ref) => doc.context.lookup(ref, PDFDict))
      .filter((annot) => annot.get(PDFName.of('Subtype')) === PDFName.of('Link'))
      .map((annot) =>
        annot.lookup(PDFName.of('A'), PDFDict).lookup(PDFName.of('URI'), PDFHexString).decodeText(),
      ),
  )
}

/** Fails unless every part appears in `text`, each after the one before. */
function expectInOrder(text: string, parts: string[]): void {
  let from = 0
  for (const part of parts) {
    const at = text.indexOf(part, from)
    expect(at, `"${part}" after position ${from} in: ${text}`).toBeGreaterThanOrEqual(0)
    from = at + part.length
  }
}

// ---------------------------------------------------------------- tests

describe('renderPurchaseDocument: a receipt', () => {
  it('shows the header, seller, buyer, lines, discount, refund and net paid in order', async () => {
    const pages = await pageTexts(await renderPurchaseDocument(receiptInput()))
    expect(pages).toHaveLength(1)
    expectInOrder(pages[0] ?? '', [
      'Receipt',
      'Receipt R-2027-0001',
      'Paid March 4, 2027',
      'Springfield Townflyer',
      'Springfield, IL',
      'hello@townflyer.example',
      '(555) 010-0199',
      'https://townflyer.example',
      'Billed to',
      "Bob's Bakery",
      'bob@bakery.example',
      'Purchase P-000123',
      'Payment method: Card',
      DAY,
      '$150',
      ICON,
      '$150',
      'Subtotal $330',
      'Bulk discount -$30',
      'Total $300',
      `Refund — ${DAY} (March 10, 2027) -$150`,
      'Net paid $150',
    ])
    expect(pages[0]).not.toContain('Due by')
    expect(pages[0]).not.toContain('Amount due')
  })

  it('prints cents only when there are cents, and no discount or net line when there are none', async () => {
    const input = receiptInput({
      lines: [{ description: DAY, amountCents: 15_050 }],
      discountCents: 0,
      refunds: [],
      paymentMethod: 'TEST MODE (no card charged)',
    })
    const [text] = await pageTexts(await renderPurchaseDocument(input))
    expectInOrder(text ?? '', [
      'Payment method: TEST MODE (no card charged)',
      `${DAY} $150.50`,
      'Total $150.50',
    ])
    for (const absent of ['Subtotal', 'Bulk discount', 'Refund', 'Net paid'])
      expect(text).not.toContain(absent)
  })

  it('leaves out a phone the seller does not have', () => {
    const input = receiptInput({ seller: { ...receiptInput().seller, phone: null } })
    expect(purchaseDocumentText(input)).not.toContain('(555) 010-0199')
    expectInOrder(purchaseDocumentText(input).join('\n'), [
      'hello@townflyer.example',
      'https://townflyer.example',
    ])
  })

  it('is US Letter portrait with the title and the dates of the receipt in its metadata', async () => {
    const doc = await PDFDocument.load(await renderPurchaseDocument(receiptInput()), {
      updateMetadata: false,
    })
    expect(doc.getPage(0).getSize()).toEqual({ width: 612, height: 792 })
    expect(doc.getTitle()).toBe('Receipt R-2027-0001')
    expect(doc.getCreationDate()?.toISOString()).toBe('2027-03-04T00:00:00.000Z')
    expect(doc.getModificationDate()?.toISOString()).toBe('2027-03-04T00:00:00.000Z')
  })

  it('gives identical bytes for the same input', async () => {
    const first = await renderPurchaseDocument(receiptInput())
    const second = await renderPurchaseDocument(receiptInput())
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true)
    const otherDate = await renderPurchaseDocument(receiptInput({ date: '2027-03-05' }))
    expect(Buffer.from(first).equals(Buffer.from(otherDate))).toBe(false)
  })
})

describe('renderPurchaseDocument: an invoice', () => {
  it('shows the issue and due dates, the amount due and the pay link, and no payment method', async () => {
    const input = invoiceInput()
    const [text] = await pageTexts(await renderPurchaseDocument(input))
    expectInOrder(text ?? '', [
      'Invoice',
      'Invoice INV-2027-0001',
      'Issued March 4, 2027',
      'Due by March 11, 2027',
      'Billed to',
      'Purchase P-000123',
      'Subtotal $330',
      'Bulk discount -$30',
      'Amount due $300',
      `Pay online: ${input.payUrl}`,
    ])
    for (const absent of ['Payment method', 'Paid ', 'Total', 'Receipt']) expect(text).not.toContain(absent)
  })

  it('makes the pay URL a link', async () => {
    const input = invoiceInput()
    expect(await linkUris(await renderPurchaseDocument(input))).toEqual([input.payUrl])
  })

  it('leaves out the due date and pay link when there are none, and links no other kind of URL', async () => {
    const withoutBoth = purchaseDocumentText(invoiceInput({ dueDate: null, payUrl: null })).join('\n')
    expect(withoutBoth).not.toContain('Due by')
    expect(withoutBoth).not.toContain('Pay online')

    const bytes = await renderPurchaseDocument(invoiceInput({ payUrl: 'javascript:alert(1)' }))
    expect(await linkUris(bytes)).toEqual([])
    expect((await pageTexts(bytes))[0]).toContain('Pay online: javascript:alert(1)')
  })

  it('with credits, shows the total, each credit and the amount due after them', () => {
    const input = invoiceInput({ refunds: [{ description: ICON, amountCents: 5_000, date: '2027-03-06' }] })
    expectInOrder(purchaseDocumentText(input).join('\n'), [
      'Total  $300',
      `Refund — ${ICON} (March 6, 2027)  -$50`,
      'Amount due  $250',
    ])
  })
})

describe('renderPurchaseDocument layout', () => {
  it('flows 60 lines onto a second page, every line and the total included', async () => {
    const bytes = await renderPurchaseDocument(
      receiptInput({ lines: manyLines(60), discountCents: 0, refunds: [] }),
    )
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(2)
    const pages = await pageTexts(bytes)
    const all = pages.join(' ')
    for (let i = 1; i <= 60; i++) expect(all).toContain(`Calendar day number ${i} of this long purchase $100`)
    expect(pages[1]).toContain('Total $6,000')
    for (const item of await textItems(bytes)) {
      // Inside the 2/3 in margins of the Letter page.
      expect(item.y).toBeGreaterThanOrEqual(48 - 0.01)
      expect(item.y).toBeLessThan(792 - 48)
    }
  })

  it('wraps a long description inside its column, left of the amount', async () => {
    const long = `${ICON}, with a custom note about the artwork that runs on and on well past one line of the table column`
    const bytes = await renderPurchaseDocument(
      receiptInput({ lines: [{ description: long, amountCents: 15_000 }], discountCents: 0, refunds: [] }),
    )
    const items = await textItems(bytes)
    const amount = items.find((item) => item.str === '$150')
    const words = new Set(long.split(' '))
    const descriptionItems = items.filter((item) => item.str.split(' ').every((word) => words.has(word)))
    expect(descriptionItems.length).toBeGreaterThan(1)
    expect(descriptionItems.map((item) => item.str).join(' ')).toBe(long)
    for (const item of descriptionItems) expect(item.x + item.width).toBeLessThan(amount?.x ?? 0)
    expect(amount?.y).toBe(descriptionItems[0]?.y) // the amount on the first line
  })
})

describe('text the standard fonts cannot draw', () => {
  it('renders a business name with emoji and CJK, keeping its Latin letters', async () => {
    const input = receiptInput({
      buyer: { businessName: '☕ Café 東京 🍣👨‍👩‍👧', email: 'cafe@example.com' },
    })
    const [text] = await pageTexts(await renderPurchaseDocument(input))
    expect(text).toContain('Café')
    expect(purchaseDocumentText(input)).toContain('? Café ?? ????')
  })
})

describe('purchaseDocumentText', () => {
  const cases: [string, PurchaseDocumentInput][] = [
    ['a receipt', receiptInput()],
    ['an invoice', invoiceInput()],
    ['60 lines over two pages', receiptInput({ lines: manyLines(60) })],
    ['an emoji name', receiptInput({ buyer: { businessName: 'Sushi 🍣 Bar', email: 'sushi@example.com' } })],
  ]
  it.each(cases)('is the text the PDF draws: %s', async (_, input) => {
    const drawn = (await textItems(await renderPurchaseDocument(input))).map((item) => item.str).join(' ')
    expect(normalise(drawn)).toBe(normalise(purchaseDocumentText(input).join(' ')))
  })

  it('gives the lines of the document, in order', () => {
    expect(purchaseDocumentText(receiptInput())).toEqual([
      'Receipt',
      'Receipt R-2027-0001',
      'Paid March 4, 2027',
      'Springfield Townflyer',
      'Springfield, IL',
      'hello@townflyer.example',
      '(555) 010-0199',
      'https://townflyer.example',
      'Billed to',
      "Bob's Bakery",
      'bob@bakery.example',
      'Purchase P-000123',
      'Payment method: Card',
      'Item  Amount',
      `${DAY}  $150`,
      `${ICON}  $150`,
      'Subtotal  $330',
      'Bulk discount  -$30',
      'Total  $300',
      `Refund — ${DAY} (March 10, 2027)  -$150`,
      'Net paid  $150',
    ])
  })

  it('refuses a date or an amount outside the contract', () => {
    expect(() => purchaseDocumentText(receiptInput({ date: '2027-02-30' }))).toThrow(/YYYY-MM-DD/)
    expect(() => purchaseDocumentText(receiptInput({ discountCents: -1 }))).toThrow(/discount/)
    expect(() =>
      purchaseDocumentText(receiptInput({ lines: [{ description: DAY, amountCents: 10.5 }] })),
    ).toThrow(/line amount/)
    expect(() =>
      purchaseDocumentText(
        receiptInput({ refunds: [{ description: DAY, amountCents: 0, date: '2027-03-10' }] }),
      ),
    ).toThrow(/refund amount/)
  })
})
