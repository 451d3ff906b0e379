import { inflateSync } from 'node:zlib'
import { PDFDocument, PDFName, type PDFNumber, PDFRawStream, StandardFonts } from '@cantoo/pdf-lib'
import sharp from 'sharp'
import { extractText, getDocumentProxy } from 'unpdf'
import { describe, expect, it } from 'vitest'
import { embedNotoSans } from '#server/lib/pdf-fonts.ts'
import { fontText, winAnsiText } from '#server/lib/pdf-text.ts'
import { DEFAULT_PRINT_SPECS, type PrintSpecs } from '#shared/artwork.ts'
import {
  ARTWORK_UNREADABLE_TEXT,
  calendarWeeks,
  draftBandText,
  NAME_MIN_SIZE,
  type ProofArtwork,
  type ProofDay,
  type ProofIcon,
  type ProofInput,
  planDayCell,
  QR_QUIET_ZONE_MODULES,
  qrGeometry,
  qrRectangles,
  qrSymbol,
  renderProofPdf,
  shortLinkText,
} from './proof-pdf.ts'

// ---------------------------------------------------------------- fixtures

async function notoRegular() {
  return (await embedNotoSans(await PDFDocument.create())).regular
}

function proofInput(overrides: Partial<ProofInput> = {}): ProofInput {
  return {
    month: '2027-01',
    title: 'January 2027',
    productName: 'Townflyer',
    inHomesDate: '2027-01-02',
    specs: DEFAULT_PRINT_SPECS,
    days: [],
    icons: [],
    draft: { missing: 0, notApproved: 0 },
    map: null,
    houseAd: { text: 'Your business here — town.example', image: null },
    ...overrides,
  }
}

function artwork(contentType: ProofArtwork['contentType'], bytes: Uint8Array): ProofArtwork {
  return { contentType, load: async () => bytes }
}

/** Every day of January 2027 unsold, with the given sold days put in place. */
function januaryDays(sold: ProofDay[]): ProofDay[] {
  const byDate = new Map(sold.map((day) => [day.date, day]))
  return calendarWeeks('2027-01')
    .flat()
    .filter((date): date is string => date !== null)
    .map((date) => byDate.get(date) ?? { date, businessName: null, artwork: null, shortUrl: null })
}

function soldDay(
  date: string,
  businessName: string,
  art: ProofArtwork | null = null,
  shortUrl: string | null = null,
): ProofDay {
  return { date, businessName, artwork: art, shortUrl }
}

async function rawImage(width: number, height: number, channels: 3 | 4) {
  const pixels = Buffer.alloc(width * height * channels)
  for (let i = 0; i < pixels.length; i += channels) {
    pixels[i] = (i / channels) % 256
    pixels[i + 1] = 120
    pixels[i + 2] = 200
    if (channels === 4) pixels[i + 3] = 128
  }
  return sharp(pixels, { raw: { width, height, channels } })
}

const pngBytes = async (width = 40, height = 20) =>
  new Uint8Array(await (await rawImage(width, height, 3)).png().toBuffer())
const alphaPngBytes = async () => new Uint8Array(await (await rawImage(30, 30, 4)).png().toBuffer())
const cmykJpegBytes = async () =>
  new Uint8Array(await (await rawImage(50, 50, 3)).toColourspace('cmyk').jpeg().toBuffer())
const greyJpegBytes = async () =>
  new Uint8Array(await (await rawImage(50, 40, 3)).greyscale().jpeg().toBuffer())

async function vectorPdfBytes(text: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const page = doc.addPage([200, 100])
  page.drawText(text, { x: 10, y: 40, size: 18, font: await doc.embedFont(StandardFonts.Helvetica) })
  return doc.save()
}

// ---------------------------------------------------------------- reading the proof back

type TextItem = { str: string; x: number; y: number }

async function pageTexts(bytes: Uint8Array): Promise<string[]> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: false })
  return text
}

/** pdfjs text items of one page (1-based) with their positions. */
async function textItems(bytes: Uint8Array, pageNumber: number): Promise<TextItem[]> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes))
  const content = await (await pdf.getPage(pageNumber)).getTextContent()
  return content.items.flatMap((item) =>
    'str' in item && item.str.trim() !== ''
      ? [{ str: item.str, x: item.transform[4], y: item.transform[5] }]
      : [],
  )
}

/** The calendar's cell geometry read back from page 1: column width from the headers, row height from days. */
function calendarGrid(items: TextItem[]) {
  const find = (str: string) => {
    const item = items.find((candidate) => candidate.str === str)
    if (!item) throw new Error(`no text item "${str}" on the page`)
    return item
  }
  const columnWidth = find('Mon').x - find('Sun').x
  const rowHeight = find('1').y - find('8').y
  /** The items inside a day's cell other than its number: right of and below the number, above the next row. */
  const itemsInCell = (day: number) => {
    const number = find(String(day))
    return items.filter(
      (item) =>
        item !== number &&
        item.x >= number.x - 1 &&
        item.x < number.x + columnWidth - 1 &&
        item.y < number.y &&
        item.y > number.y - rowHeight + 1,
    )
  }
  return { columnWidth, rowHeight, itemsInCell }
}

type Rect = { x: number; y: number; width: number; height: number }

/** A page's (1-based) content stream as text. */
async function pageContent(bytes: Uint8Array, pageNumber: number): Promise<string> {
  const doc = await PDFDocument.load(bytes)
  const contents = doc.getPage(pageNumber - 1).node.Contents()
  const streams = contents && 'asArray' in contents ? contents.asArray() : [contents]
  return streams
    .map((ref) => doc.context.lookup(ref))
    .map((stream) => {
      if (!(stream instanceof PDFRawStream)) return ''
      const raw = Buffer.from(stream.getContents())
      return stream.dict.get(PDFName.of('Filter'))
        ? inflateSync(raw).toString('latin1')
        : raw.toString('latin1')
    })
    .join('\n')
}

/** Where the images are drawn on a page: pdf-lib places each with a translation, then a scale. */
async function imagesOnPage(bytes: Uint8Array, pageNumber: number): Promise<Rect[]> {
  const text = await pageContent(bytes, pageNumber)
  const placed =
    /1 0 0 1 ([-\d.]+) ([-\d.]+) cm\s+1 0 0 1 0 0 cm\s+([\d.]+) 0 0 ([\d.]+) 0 0 cm\s+1 0 0 1 0 0 cm\s+\/Image\S* Do/g
  return [...text.matchAll(placed)].map((match) => ({
    x: Number(match[1]),
    y: Number(match[2]),
    width: Number(match[3]),
    height: Number(match[4]),
  }))
}

/**
 * The QR codes drawn on a page (1-based), read from its content stream: each is the white square over its
 * quiet zone, with the number of black rectangles drawn in it.
 */
async function qrCodesOnPage(bytes: Uint8Array, pageNumber: number): Promise<(Rect & { dark: number })[]> {
  const text = await pageContent(bytes, pageNumber)
  const number = '(-?[\\d.]+)'
  const block = new RegExp(
    `0 0 0 0 k\\s+${number} ${number} ${number} ${number} re\\s+f\\s+0 0 0 1 k\\s+((?:[-\\d. ]+ re\\s+)+)f`,
    'g',
  )
  return [...text.matchAll(block)].map((match) => ({
    x: Number(match[1]),
    y: Number(match[2]),
    width: Number(match[3]),
    height: Number(match[4]),
    dark: (match[5]?.match(/ re/g) ?? []).length,
  }))
}

type ImageInfo = { width: number; height: number; colorSpace: string; hasSoftMask: boolean }

/** Every image XObject in the file, with its pixel size and colour space. */
async function embeddedImages(bytes: Uint8Array): Promise<ImageInfo[]> {
  const doc = await PDFDocument.load(bytes)
  return doc.context
    .enumerateIndirectObjects()
    .flatMap(([, object]) => (object instanceof PDFRawStream ? [object.dict] : []))
    .filter((dict) => dict.get(PDFName.of('Subtype')) === PDFName.of('Image'))
    .filter((dict) => dict.get(PDFName.of('SMaskInData')) === undefined)
    .map((dict) => ({
      width: (dict.get(PDFName.of('Width')) as PDFNumber).asNumber(),
      height: (dict.get(PDFName.of('Height')) as PDFNumber).asNumber(),
      colorSpace: String(dict.get(PDFName.of('ColorSpace'))),
      hasSoftMask: dict.get(PDFName.of('SMask')) !== undefined,
    }))
}

// ---------------------------------------------------------------- tests

describe('renderProofPdf page size and boxes', () => {
  it('is the postcard plus bleed (630 × 810 pt for 8.5 × 11 in with 0.125 in bleed) in a 0.375 in slug, trim box inside', async () => {
    const doc = await PDFDocument.load(await renderProofPdf(proofInput()))
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(2)
    for (const page of doc.getPages()) {
      expect(page.getSize()).toEqual({ width: 630 + 54, height: 810 + 54 })
      expect(page.getTrimBox()).toEqual({ x: 27 + 9, y: 27 + 9, width: 612, height: 792 })
      expect(page.getBleedBox()).toEqual({ x: 27, y: 27, width: 630, height: 810 })
    }
  })

  it('follows custom print specs (6 × 9 in with 0.25 in bleed → 468 × 684 pt)', async () => {
    const specs: PrintSpecs = {
      ...DEFAULT_PRINT_SPECS,
      postcard: { widthInches: 6, heightInches: 9, bleedInches: 0.25, safeInches: 0.25 },
    }
    const doc = await PDFDocument.load(await renderProofPdf(proofInput({ specs })))
    const page = doc.getPage(0)
    expect(page.getSize()).toEqual({ width: 468 + 54, height: 684 + 54 })
    expect(page.getTrimBox()).toEqual({ x: 27 + 18, y: 27 + 18, width: 432, height: 648 })
  })

  it('sets the title, creator and producer', async () => {
    const bytes = await renderProofPdf(proofInput({ productName: 'Main Street Calendar' }))
    const doc = await PDFDocument.load(bytes, { updateMetadata: false }) // else load() stamps its own
    expect(doc.getTitle()).toBe('Main Street Calendar proof — January 2027')
    expect(doc.getCreator()).toBe('Townflyer')
    expect(doc.getProducer()).toBe('Townflyer')
  })

  it('keeps all text inside the safe area (0.25 in inside the trim)', async () => {
    const bytes = await renderProofPdf(
      proofInput({ days: januaryDays([soldDay('2027-01-31', 'Bottom Right Corner Business')]) }),
    )
    const safe = 27 + 9 + 18
    for (const item of await textItems(bytes, 1)) {
      expect(item.x).toBeGreaterThanOrEqual(safe - 0.01)
      expect(item.x).toBeLessThan(684 - safe)
      expect(item.y).toBeGreaterThanOrEqual(safe - 0.01)
      expect(item.y).toBeLessThan(864 - safe)
    }
  })
})

describe('renderProofPdf calendar page', () => {
  const sold = [
    soldDay('2027-01-01', "Bob's Hardware"),
    soldDay('2027-01-05', 'Main Street Bakery'),
    soldDay('2027-01-16', 'Riverside Veterinary Clinic and Pet Supplies of the Greater Valley Area'),
    soldDay('2027-01-31', 'Café Olé'),
  ]

  it('shows the title, the weekday headers and every sold business name', async () => {
    const [first] = await pageTexts(await renderProofPdf(proofInput({ days: januaryDays(sold) })))
    expect(first).toContain('January 2027')
    for (const weekday of ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']) expect(first).toContain(weekday)
    expect(first).toContain("Bob's Hardware")
    expect(first).toContain('Main Street Bakery')
    expect(first).toContain('Café Olé')
  })

  it('puts each business name in its own day cell, just under the day number', async () => {
    const items = await textItems(await renderProofPdf(proofInput({ days: januaryDays(sold) })), 1)
    const grid = calendarGrid(items)
    expect(grid.columnWidth).toBeGreaterThan(50)
    expect(grid.rowHeight).toBeGreaterThan(50)
    for (const day of sold) {
      const inCell = grid.itemsInCell(Number(day.date.slice(8)))
      // A long name may wrap onto two lines (two text items); joined, they are the whole name.
      expect(inCell.map((item) => item.str).join(' ')).toBe(day.businessName)
    }
  })

  it('keeps a very long name whole, in its cell', async () => {
    const long =
      'Riverside Veterinary Clinic and Pet Supplies of the Greater Valley Area, Open Seven Days a Week'
    const items = await textItems(
      await renderProofPdf(proofInput({ days: januaryDays([soldDay('2027-01-20', long)]) })),
      1,
    )
    const inCell = calendarGrid(items).itemsInCell(20)
    expect(inCell.map((item) => item.str).join(' ')).toBe(long)
  })

  it('fills unsold days with the house ad text, and sold days with their own names only', async () => {
    const items = await textItems(await renderProofPdf(proofInput({ days: januaryDays(sold) })), 1)
    const grid = calendarGrid(items)
    for (const day of [2, 3, 4, 6, 15, 17, 30])
      expect(
        grid
          .itemsInCell(day)
          .map((item) => item.str)
          .join(' '),
      ).toBe('Your business here — town.example')
    expect(
      grid
        .itemsInCell(1)
        .map((item) => item.str)
        .join(' '),
    ).toBe("Bob's Hardware")
  })

  it('fills unsold days with the house ad image when there is one, drawn once', async () => {
    const image = artwork('image/png', await pngBytes(200, 100))
    const bytes = await renderProofPdf(
      proofInput({ days: januaryDays(sold), houseAd: { text: 'Not printed', image } }),
    )
    expect(await pageTexts(bytes).then(([first]) => first)).not.toContain('Not printed')
    expect(await imagesOnPage(bytes, 1)).toHaveLength(31 - sold.length)
    expect(await embeddedImages(bytes)).toHaveLength(1)
  })

  it('prints the header: product, month and the in-homes date', async () => {
    const [first] = await pageTexts(await renderProofPdf(proofInput({ productName: 'Main Street Calendar' })))
    expect(first).toContain('Main Street Calendar')
    expect(first).toContain('January 2027')
    expect(first).toContain('in homes by January 2')
  })

  it('draws the weeks Sunday first: January 2027 starts on a Friday, the 31st alone in a sixth week', async () => {
    const weeks = calendarWeeks('2027-01')
    expect(weeks).toHaveLength(6)
    expect(weeks[0]).toEqual([null, null, null, null, null, '2027-01-01', '2027-01-02'])
    expect(weeks[5]).toEqual(['2027-01-31', null, null, null, null, null, null])
    expect(calendarWeeks('2026-02')).toHaveLength(4) // Sunday the 1st, 28 days
    expect(calendarWeeks('2027-03')).toHaveLength(5) // Monday the 1st, 31 days

    const items = await textItems(await renderProofPdf(proofInput({ days: januaryDays([]) })), 1)
    const x = (str: string) => items.find((item) => item.str === str)?.x ?? Number.NaN
    expect(Math.abs(x('1') - x('Fri'))).toBeLessThan(1)
    expect(Math.abs(x('31') - x('Sun'))).toBeLessThan(1)
    const numbers = items.filter((item) => /^\d+$/.test(item.str)).map((item) => Number(item.str))
    expect(numbers.filter((n) => n !== 2027).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 31 }, (_, i) => i + 1),
    )
  })

  it('refuses a month that is not YYYY-MM', async () => {
    await expect(renderProofPdf(proofInput({ month: '2027-13' }))).rejects.toThrow(/YYYY-MM/)
  })
})

describe('renderProofPdf artwork', () => {
  it('embeds PNG, PNG with alpha, CMYK and greyscale JPEG as RGB images, and a PDF as vector', async () => {
    const days = januaryDays([
      soldDay('2027-01-04', 'Png Shop', artwork('image/png', await pngBytes())),
      soldDay('2027-01-05', 'Alpha Shop', artwork('image/png', await alphaPngBytes())),
      soldDay('2027-01-06', 'Cmyk Shop', artwork('image/jpeg', await cmykJpegBytes())),
      soldDay('2027-01-07', 'Grey Shop', artwork('image/jpeg', await greyJpegBytes())),
      soldDay('2027-01-08', 'Vector Shop', artwork('application/pdf', await vectorPdfBytes('VECTORLOGO'))),
    ])
    const bytes = await renderProofPdf(proofInput({ days }))

    const images = await embeddedImages(bytes)
    expect(images).toHaveLength(4)
    for (const image of images) {
      expect(image.colorSpace).toBe('/DeviceRGB')
      expect(image.hasSoftMask).toBe(false) // flattened onto white
    }
    const [first] = await pageTexts(bytes)
    expect(first).toContain('VECTORLOGO') // the PDF's own text: embedded as vector, not rasterised
    expect(first).not.toContain(ARTWORK_UNREADABLE_TEXT)
    expect((await PDFDocument.load(bytes)).getPageCount()).toBeGreaterThanOrEqual(2)
  })

  it('scales a far larger image down to twice what prints sharp in its square (2 × 300 dpi × its size)', async () => {
    const big = artwork('image/png', await pngBytes(2400, 1200))
    const bytes = await renderProofPdf(
      proofInput({ days: januaryDays([soldDay('2027-01-05', 'Big Shop', big)]) }),
    )
    const [image] = await embeddedImages(bytes)
    const [placed] = await imagesOnPage(bytes, 1)
    expect(image).toBeDefined()
    expect(image?.width).toBeLessThanOrEqual(600)
    // Never below what the print needs: 300 dpi over the width it is drawn at.
    expect(image?.width).toBeGreaterThanOrEqual(Math.floor(((placed?.width ?? 0) / 72) * 300))
    expect(image?.height).toBe((image?.width ?? 0) / 2) // aspect kept
  })

  it('never upsamples: a small image is embedded with its own pixels', async () => {
    const small = artwork('image/png', await pngBytes(40, 20))
    const bytes = await renderProofPdf(
      proofInput({ days: januaryDays([soldDay('2027-01-05', 'Small Shop', small)]) }),
    )
    const [image] = await embeddedImages(bytes)
    expect(image).toMatchObject({ width: 40, height: 20 })
  })

  it('embeds a file used on several days once', async () => {
    const png = await pngBytes()
    const days = januaryDays(
      ['2027-01-04', '2027-01-11', '2027-01-18'].map((date) =>
        soldDay(date, 'Weekly Shop', artwork('image/png', png)),
      ),
    )
    expect(await embeddedImages(await renderProofPdf(proofInput({ days })))).toHaveLength(1)
  })

  it('notes unreadable artwork in its cell instead of failing the proof', async () => {
    const corrupt = new TextEncoder().encode('this is not an image')
    const days = januaryDays([
      soldDay('2027-01-04', 'Broken Png', artwork('image/png', corrupt)),
      soldDay('2027-01-05', 'Broken Pdf', artwork('application/pdf', corrupt)),
      soldDay('2027-01-06', 'Lost File', {
        contentType: 'image/jpeg',
        load: () => Promise.reject(new Error('storage is down')),
      }),
      soldDay('2027-01-07', 'Fine Shop', artwork('image/png', await pngBytes())),
    ])
    const bytes = await renderProofPdf(proofInput({ days }))
    const grid = calendarGrid(await textItems(bytes, 1))
    for (const day of [4, 5, 6]) {
      const text = grid
        .itemsInCell(day)
        .map((item) => item.str)
        .join(' ')
      expect(text).toContain('could not be')
    }
    expect(grid.itemsInCell(7).map((item) => item.str)).toEqual(['Fine Shop'])
    expect(await embeddedImages(bytes)).toHaveLength(1)
  })

  it('fits the day square into a cell smaller than it', async () => {
    const specs: PrintSpecs = {
      ...DEFAULT_PRINT_SPECS,
      daySquare: { widthInches: 3, heightInches: 3 },
      postcard: { widthInches: 6, heightInches: 9, bleedInches: 0.25, safeInches: 0.25 },
    }
    const days = januaryDays([
      soldDay('2027-01-05', 'Square Shop', artwork('image/png', await pngBytes(1000, 1000))),
    ])
    const bytes = await renderProofPdf(proofInput({ specs, days }))
    const [image] = await embeddedImages(bytes)
    // The cell is under an inch wide here, so far fewer than 3 in × 300 dpi = 900 pixels are kept (at most
    // twice what the drawn size needs).
    const [placed] = await imagesOnPage(bytes, 1)
    expect(image?.width).toBeLessThanOrEqual(Math.ceil(((placed?.width ?? 0) / 72) * 300) * 2)
    expect(image?.width).toBeLessThan(900)
  })
})

describe('QR codes', () => {
  const url = 'http://localhost:3000/go/k7m4qx2'

  it('measures the symbol without its quiet zone: 4 modules of white are added on every side', () => {
    const symbol = qrSymbol(url)
    expect(symbol.size).toBe(29) // version 3 at error correction M
    const geometry = qrGeometry(symbol.size, 0.6)
    expect(QR_QUIET_ZONE_MODULES).toBe(4)
    expect(geometry.symbol).toBeCloseTo(43.2) // 0.6 in
    expect(geometry.module).toBeCloseTo(43.2 / 29)
    expect(geometry.quietZone).toBeCloseTo((4 * 43.2) / 29)
    // 29 + 2 × 4 = 37 modules across: 0.6 in × 37 / 29 = 0.766 in = 55.1 pt
    expect(geometry.outer).toBeCloseTo((43.2 * 37) / 29)
  })

  it('draws the dark modules as rectangles that cover them exactly, far fewer than the modules', () => {
    const symbol = qrSymbol(url)
    const covered = new Set<string>()
    const rectangles = qrRectangles(symbol)
    for (const r of rectangles)
      for (let row = r.row; row < r.row + r.height; row++)
        for (let column = r.column; column < r.column + r.width; column++) {
          const key = `${row}:${column}`
          expect(covered.has(key)).toBe(false)
          covered.add(key)
        }
    let dark = 0
    for (let row = 0; row < symbol.size; row++)
      for (let column = 0; column < symbol.size; column++)
        if (symbol.dark(row, column)) {
          dark++
          expect(covered.has(`${row}:${column}`)).toBe(true)
        }
    expect(covered.size).toBe(dark)
    expect(rectangles.length).toBeLessThan(dark / 2)
  })

  it('prints a link without its scheme', () => {
    expect(shortLinkText('https://town.example/go/k7m4qx2')).toBe('town.example/go/k7m4qx2')
    expect(shortLinkText(url)).toBe('localhost:3000/go/k7m4qx2')
  })

  it('puts a day’s QR code top right with the name beside it when the name fits there at 6.5 pt or more', async () => {
    const font = await notoRegular()
    const inner = { x: 100, y: 200, width: 74, height: 106 }
    const plan = planDayCell(inner, 10, font, 'Pizza', 55, 'town.example/go/k7m4qx2')
    expect(plan.kind).toBe('qr')
    expect(plan.qr).toEqual({ x: 119, y: 251, width: 55, height: 55 })
    expect(plan.name.x + plan.name.width).toBeLessThanOrEqual(119)
    expect(plan.fitted.size).toBeGreaterThanOrEqual(NAME_MIN_SIZE)
    expect(plan.artwork?.y).toBe(200)
    expect(plan.link).toBeNull()
  })

  it('moves a name too wide for the column beside the code under it, and the artwork shrinks', async () => {
    const font = await notoRegular()
    const inner = { x: 0, y: 0, width: 74, height: 106 }
    const plan = planDayCell(inner, 10, font, 'Main Street Hardware & Garden Supply', 55, 'x.example/go/a')
    expect(plan.kind).toBe('qr')
    expect(plan.fitted.size).toBeGreaterThanOrEqual(NAME_MIN_SIZE)
    expect(plan.name.y + plan.name.height).toBeLessThanOrEqual(106 - 55)
    expect(plan.fitted.lines.every((line) => font.widthOfTextAtSize(line, plan.fitted.size) <= 74)).toBe(true)
    expect(plan.artwork && plan.artwork.y + plan.artwork.height).toBeLessThanOrEqual(plan.name.y)
  })

  it('prints the link as text when the code and the name do not both fit', async () => {
    const font = await notoRegular()
    const narrow = { x: 0, y: 0, width: 60, height: 200 }
    expect(planDayCell(narrow, 10, font, 'Pizza', 55, 'x.example/go/a').kind).toBe('link')
    const short = { x: 0, y: 0, width: 74, height: 60 }
    const plan = planDayCell(
      short,
      10,
      font,
      'The Very Long Named Family Dentistry Practice',
      55,
      'x.example/go/a',
    )
    expect(plan.kind).toBe('link')
    expect(plan.qr).toBeNull()
    expect(plan.fitted.size).toBeGreaterThanOrEqual(NAME_MIN_SIZE)
    expect(plan.link).not.toBeNull()
  })
})

describe('renderProofPdf QR codes', () => {
  // January 2041 starts on a Tuesday: five week rows, tall enough for the QR code and the day square.
  const fiveWeeks = (sold: ProofDay[]) => {
    const byDate = new Map(sold.map((day) => [day.date, day]))
    return calendarWeeks('2041-01')
      .flat()
      .filter((date): date is string => date !== null)
      .map((date) => byDate.get(date) ?? { date, businessName: null, artwork: null, shortUrl: null })
  }
  const url = (code: string) => `http://localhost:3000/go/${code}`

  it('draws each sold day’s QR code inside its cell, clear of its text and artwork, and no link text', async () => {
    const png = artwork('image/png', await pngBytes(300, 300))
    const days = fiveWeeks([
      soldDay('2041-01-01', "Bob's Bakery", png, url('k7m4qx2')),
      soldDay('2041-01-18', 'Riverside Veterinary Clinic', null, url('abcdef2')),
    ])
    const bytes = await renderProofPdf(proofInput({ month: '2041-01', title: 'January 2041', days }))
    const [first] = await pageTexts(bytes)
    expect(first).not.toContain('/go/')
    const codes = await qrCodesOnPage(bytes, 1)
    expect(codes).toHaveLength(2)
    const outer = qrGeometry(29, DEFAULT_PRINT_SPECS.qrCode.sizeInches).outer
    for (const code of codes) {
      expect(code.width).toBeCloseTo(outer)
      expect(code.height).toBeCloseTo(outer)
      expect(code.dark).toBeGreaterThan(50)
    }
    const items = await textItems(bytes, 1)
    const grid = calendarGrid(items)
    for (const [index, day] of [1, 18].entries()) {
      const number = items.find((item) => item.str === String(day)) as TextItem
      const code = codes[index] as Rect
      // In the number's cell, inside its padding (4 pt), in the top-right corner.
      const cellLeft = number.x - 4
      expect(code.x + code.width).toBeCloseTo(cellLeft + grid.columnWidth - 4)
      expect(code.x).toBeGreaterThan(number.x)
      for (const item of [number, ...grid.itemsInCell(day)]) expect(item.x).toBeLessThan(code.x)
    }
    // The artwork, at most its print size (1 in), sits below the code and inside the cell's padding.
    const [image] = await imagesOnPage(bytes, 1)
    const code = codes[0] as Rect
    expect(image?.width).toBeLessThanOrEqual(72.01)
    expect(image?.width).toBeGreaterThan(24)
    expect((image?.y ?? 0) + (image?.height ?? 0)).toBeLessThanOrEqual(code.y + 0.01)
    expect(image?.x).toBeGreaterThanOrEqual(code.x + code.width - grid.columnWidth + 8 - 0.01)
  })

  it('prints the short link as text where the QR code does not fit beside the number (a 1 in code)', async () => {
    const specs: PrintSpecs = { ...DEFAULT_PRINT_SPECS, qrCode: { sizeInches: 1 } }
    const days = januaryDays([soldDay('2027-01-05', 'Main Street Bakery', null, url('k7m4qx2'))])
    const bytes = await renderProofPdf(proofInput({ specs, days }))
    expect(await qrCodesOnPage(bytes, 1)).toEqual([])
    const [first] = await pageTexts(bytes)
    expect(first).toContain('localhost:3000/go/k7m4qx2')
    expect(first).not.toContain('http://')
    const grid = calendarGrid(await textItems(bytes, 1))
    expect(grid.itemsInCell(5).map((item) => item.str)).toEqual([
      'Main Street Bakery',
      'localhost:3000/go/k7m4qx2',
    ])
  })

  it('prints the link as text when the name would not fit with the code at 6.5 pt', async () => {
    const specs: PrintSpecs = {
      ...DEFAULT_PRINT_SPECS,
      postcard: { widthInches: 6, heightInches: 4, bleedInches: 0.125, safeInches: 0.25 },
    }
    const long = 'Riverside Veterinary Clinic and Pet Supplies of the Greater Valley Area'
    const days = fiveWeeks([soldDay('2041-01-08', long, null, url('k7m4qx2'))])
    const bytes = await renderProofPdf(proofInput({ month: '2041-01', specs, days }))
    expect(await qrCodesOnPage(bytes, 1)).toEqual([])
    // Broken over two lines in so narrow a cell.
    expect((await pageTexts(bytes))[0]?.replace(/\s+/g, '')).toContain('localhost:3000/go/k7m4qx2')
  })

  it('puts each map icon’s QR code in the map side’s legend, or its link when the codes do not fit', async () => {
    const icon: ProofIcon = {
      businessName: 'Main Street Bakery',
      iconName: 'Coffee Cup',
      sizeLabel: 'Premium',
      stateLabel: 'Approved',
      artwork: null,
      shortUrl: url('k7m4qx2'),
    }
    const fits = await renderProofPdf(proofInput({ icons: [icon, { ...icon, shortUrl: url('abcdef2') }] }))
    const codes = await qrCodesOnPage(fits, 2)
    expect(codes).toHaveLength(2)
    // In the legend at the foot of the safe area, each beside its row's number and business.
    for (const code of codes) expect(code.y).toBeGreaterThanOrEqual(27)
    expect((await pageTexts(fits))[1]?.replace(/\s+/g, ' ')).toContain('1 Main Street Bakery')
    expect((await pageTexts(fits))[1]).not.toContain('/go/')

    const small: PrintSpecs = {
      ...DEFAULT_PRINT_SPECS,
      postcard: { widthInches: 4, heightInches: 6, bleedInches: 0.125, safeInches: 0.25 },
      qrCode: { sizeInches: 2 },
    }
    const tooLarge = await renderProofPdf(proofInput({ specs: small, icons: [icon] }))
    expect(await qrCodesOnPage(tooLarge, 2)).toEqual([])
    expect((await pageTexts(tooLarge))[1]?.replace(/\s+/g, '')).toContain('localhost:3000/go/k7m4qx2')
  })
})

describe('renderProofPdf map side without the map’s data', () => {
  const icons: ProofIcon[] = [
    {
      businessName: 'Main Street Bakery',
      iconName: 'Coffee Cup',
      sizeLabel: 'Premium',
      stateLabel: 'Approved',
      artwork: null,
      shortUrl: null,
    },
    {
      businessName: "Bob's Hardware",
      iconName: 'Hammer',
      sizeLabel: 'Regular',
      stateLabel: 'Missing',
      artwork: null,
      shortUrl: null,
    },
  ]

  it('draws each sold icon as a marker with its artwork, numbered in the legend', async () => {
    const png = artwork('image/png', await pngBytes())
    const withArt = icons.map((icon, index) => (index === 0 ? { ...icon, artwork: png } : icon))
    const bytes = await renderProofPdf(proofInput({ icons: withArt }))
    const [, second] = await pageTexts(bytes)
    for (const text of ['Main Street Bakery', '1 Main Street Bakery', "Bob's Hardware", "2 Bob's Hardware"])
      expect(second?.replace(/\s+/g, ' ')).toContain(text)
    expect(await embeddedImages(bytes)).toHaveLength(1) // the bakery's artwork in its marker
    // The premium marker (0.75 in) holds the artwork contained in it.
    const [placed] = await imagesOnPage(bytes, 2)
    expect(Math.max(placed?.width ?? 0, placed?.height ?? 0)).toBeCloseTo(54)
  })

  it('is the card’s map side even when no icons were sold: no legend, the missing map noted', async () => {
    const [, second] = await pageTexts(await renderProofPdf(proofInput()))
    expect(second).toContain('No map image uploaded for this mailing.')
    expect(second).not.toContain('Map key')
  })

  it('keeps 40 icons on the one map side, every one in the legend', async () => {
    const many = Array.from(
      { length: 40 },
      (_, i) => ({ ...icons[1], businessName: `Shop Number ${i + 1}` }) as ProofIcon,
    )
    const bytes = await renderProofPdf(proofInput({ icons: many }))
    const pages = await pageTexts(bytes)
    expect(pages).toHaveLength(2)
    for (let i = 1; i <= 40; i++) expect(pages[1]?.split('\n')).toContain(`${i} Shop Number ${i}`)
  })
})

describe('text the standard fonts cannot draw', () => {
  it('does not throw on emoji and CJK business names, and keeps the Latin letters', async () => {
    const name = '☕ Café 東京 Sushi 🍣👨‍👩‍👧'
    const days = januaryDays([soldDay('2027-01-05', name)])
    const icons: ProofIcon[] = [
      {
        businessName: name,
        iconName: '寿司 🍣',
        sizeLabel: 'Regular',
        stateLabel: 'Received',
        artwork: null,
        shortUrl: null,
      },
    ]
    const bytes = await renderProofPdf(proofInput({ title: 'January 2027 ✨', days, icons }))
    const [first, second] = await pageTexts(bytes)
    expect(first).toContain('Café')
    expect(first).toContain('Sushi')
    expect(second).toContain('Sushi')
  })

  it('keeps WinAnsi characters, takes base letters where it can, else "?"', () => {
    expect(winAnsiText("Bob's Café — “Ümlaut” €5 ½ œ")).toBe("Bob's Café — “Ümlaut” €5 ½ œ")
    expect(winAnsiText('Łódź Őr ﬁsh Ｂ')).toBe('Lódz Or fish B')
    expect(winAnsiText('Cafe\u0301')).toBe('Café') // decomposed input is composed first
    expect(winAnsiText('東京 🍣 👍🏽 ❤️')).toBe('?? ? ? ?')
    expect(winAnsiText('tab\there\nnew')).toBe('tab here new')
  })

  it('only ever returns characters Helvetica can encode', async () => {
    const doc = await PDFDocument.create()
    const font = await doc.embedFont(StandardFonts.Helvetica)
    const ascii = Array.from({ length: 0x3000 }, (_, code) => String.fromCodePoint(code)).join('')
    const sample = `${ascii}😀𝒜`
    expect(() => font.encodeText(winAnsiText(sample))).not.toThrow()
    const supported = new Set(font.getCharacterSet())
    for (const code of supported)
      expect(winAnsiText(String.fromCodePoint(code))).toBe(String.fromCodePoint(code))
  })
})

describe('the draft band', () => {
  it('says what is missing and not approved, leaving a zero part out, and nothing for a final proof', () => {
    expect(draftBandText({ missing: 3, notApproved: 5 })).toBe('DRAFT — 3 missing, 5 not approved')
    expect(draftBandText({ missing: 3, notApproved: 0 })).toBe('DRAFT — 3 missing')
    expect(draftBandText({ missing: 0, notApproved: 5 })).toBe('DRAFT — 5 not approved')
    expect(draftBandText({ missing: 0, notApproved: 0 })).toBeNull()
  })

  it('prints on every page of a draft, above the card, and on none of a final proof', async () => {
    const draft = await renderProofPdf(proofInput({ draft: { missing: 1, notApproved: 2 } }))
    const texts = await pageTexts(draft)
    expect(texts.length).toBeGreaterThanOrEqual(2)
    for (const text of texts) expect(text).toContain('DRAFT — 1 missing, 2 not approved')
    for (const item of (await textItems(draft, 1)).filter((i) => i.str.startsWith('DRAFT')))
      expect(item.y).toBeGreaterThan(27 + 810) // above the bleed box
    for (const text of await pageTexts(await renderProofPdf(proofInput())))
      expect(text).not.toContain('DRAFT')
  })
})

describe('text the embedded font cannot draw', () => {
  it('keeps what Noto Sans latin has, takes base letters where it can, else "?"', async () => {
    const font = await notoRegular()
    expect(fontText("Bob's Café — “Ümlaut” €5 œ", font)).toBe("Bob's Café — “Ümlaut” €5 œ")
    expect(fontText('Łódź Őr ﬁsh', font)).toBe('Lódz Or fish')
    expect(fontText('東京 🍣 👍🏽', font)).toBe('?? ? ?')
    expect(() => font.encodeText(fontText('東京 🍣 ❤️ Ωmega', font))).not.toThrow()
  })
})
