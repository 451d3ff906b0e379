import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PDFDocument } from '@cantoo/pdf-lib'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_PRINT_SPECS } from '#shared/artwork.ts'
import {
  bleedBox,
  CAPTION_MAX_WIDTH,
  captionBox,
  coverPlacement,
  freePositions,
  initials,
  legendLayout,
  MIN_TEXT_SIZE,
  markerBox,
  markerSize,
  NO_MAP_IMAGE_TEXT,
} from './proof-map-page.ts'
import { type ProofInput, type ProofMap, type ProofMapMarker, renderProofPdf } from './proof-pdf.ts'

const INCH = 72
const trim = { x: 9, y: 9, width: 8.5 * INCH, height: 11 * INCH }
const safe = { x: 27, y: 27, width: 8 * INCH, height: 10.5 * INCH }

function inside(inner: { x: number; y: number; width: number; height: number }, outer: typeof inner) {
  const e = 1e-6
  return (
    inner.x >= outer.x - e &&
    inner.y >= outer.y - e &&
    inner.x + inner.width <= outer.x + outer.width + e &&
    inner.y + inner.height <= outer.y + outer.height + e
  )
}

describe('the map side’s geometry', () => {
  it('centres a marker at its fractions of the trim box, measured from the top-left corner', () => {
    const size = markerSize(DEFAULT_PRINT_SPECS, 'regular')
    expect(size).toEqual({ width: 36, height: 36 })
    expect(markerSize(DEFAULT_PRINT_SPECS, 'premium')).toEqual({ width: 54, height: 54 })
    const box = markerBox(trim, { x: 0.25, y: 0.1 }, size)
    expect(box.x + box.width / 2).toBeCloseTo(9 + 0.25 * 612)
    expect(box.y + box.height / 2).toBeCloseTo(9 + 792 - 0.1 * 792)
    expect(box.width).toBe(36)
    // Out-of-range positions stay on the card.
    const corner = markerBox(trim, { x: 2, y: -1 }, size)
    expect(corner.x + 18).toBeCloseTo(9 + 612)
    expect(corner.y + 18).toBeCloseTo(9 + 792)
  })

  it('puts the caption centred just under the marker, above it at the foot, and never off the trim', () => {
    const marker = { x: 200, y: 400, width: 36, height: 36 }
    const caption = captionBox(marker, { width: 60, height: 9 }, trim)
    expect(caption.x + 30).toBeCloseTo(218)
    expect(caption.y + caption.height).toBeLessThan(400)
    expect(caption.y + caption.height).toBeGreaterThan(396)
    const low = captionBox({ ...marker, y: 12 }, { width: 60, height: 9 }, trim)
    expect(low.y).toBeGreaterThanOrEqual(12 + 36)
    const edge = captionBox({ ...marker, x: 0 }, { width: 100, height: 9 }, trim)
    expect(edge.x).toBe(trim.x)
    const right = captionBox({ ...marker, x: 600 }, { width: 100, height: 9 }, trim)
    expect(right.x + right.width).toBeCloseTo(trim.x + trim.width)
  })

  it('puts QR codes in the legend when their rows fit a third of the safe height, in the safe area', () => {
    const legend = legendLayout(safe, 6, 55, () => 100)
    expect(legend.kind).toBe('qr')
    expect(legend.band.height).toBeLessThanOrEqual(safe.height / 3)
    expect(inside(legend.band, safe)).toBe(true)
    for (const cell of legend.cells) {
      expect(cell.qr).not.toBeNull()
      expect(inside(cell.box, legend.band)).toBe(true)
      expect(cell.text.width).toBeGreaterThanOrEqual(1.1 * INCH - 1e-6)
    }
    // No two rows overlap.
    for (const [i, a] of legend.cells.entries())
      for (const b of legend.cells.slice(i + 1)) {
        const apart =
          a.box.x + a.box.width <= b.box.x ||
          b.box.x + b.box.width <= a.box.x ||
          a.box.y + a.box.height <= b.box.y ||
          b.box.y + b.box.height <= a.box.y
        expect(apart).toBe(true)
      }
  })

  it('holds the codes of up to 12 icons at the default sizes (a 0.6 in code of 29 modules)', () => {
    const outer = 0.6 * INCH * (37 / 29)
    expect(legendLayout(safe, 12, outer, () => 100)).toMatchObject({ kind: 'qr', columns: 3, rows: 4 })
    expect(legendLayout(safe, 13, outer, () => 100).kind).toBe('link')
  })

  it('prints links as text when the codes would not fit, in several columns, shrinking to 6.5 pt', () => {
    const many = legendLayout(safe, 26, 55, (size) => size * 20)
    expect(many.kind).toBe('link')
    expect(many.cells.every((cell) => cell.qr === null)).toBe(true)
    expect(many.columns).toBeGreaterThan(1)
    expect(many.size).toBeLessThanOrEqual(8)
    expect(many.size).toBeGreaterThanOrEqual(MIN_TEXT_SIZE)
    for (const cell of many.cells) expect(inside(cell.box, safe)).toBe(true)
    const wide = legendLayout(safe, 60, null, (size) => size * 40)
    expect(wide.size).toBe(MIN_TEXT_SIZE)
    expect(wide.cells).toHaveLength(60)
  })

  it('covers the bleed box with the image, cropping the overflow and never scaling the pixels up', () => {
    const bleed = bleedBox(trim, DEFAULT_PRINT_SPECS)
    expect(bleed).toEqual({ x: 0, y: 0, width: 630, height: 810 })
    const { placed, crop } = coverPlacement({ width: 3000, height: 2000 }, bleed)
    expect(placed.height).toBeCloseTo(810)
    expect(placed.width).toBeGreaterThan(630)
    expect(placed.x + placed.width / 2).toBeCloseTo(315)
    expect(crop.height).toBe(2000)
    expect(crop.width).toBe(Math.round((630 / 810) * 2000))
    expect(crop.left).toBe(Math.floor((3000 - crop.width) / 2))
  })

  it('takes initials from the first two words, and spreads unplaced markers apart', () => {
    expect(initials("Bob's Bakery")).toBe('BB')
    expect(initials('  joe ')).toBe('J')
    expect(initials('& Co')).toBe('C')
    const spots = freePositions(8)
    expect(new Set(spots.map((p) => `${p.x},${p.y}`)).size).toBe(8)
    for (const p of spots) {
      expect(p.x).toBeGreaterThan(0)
      expect(p.x).toBeLessThan(1)
    }
  })
})

// ---------------------------------------------------------------- the rendered page

let dir: string

/** A command this test needs, or a failure saying which Debian package provides it (never a skip). */
function run(command: string, args: string[], debianPackage: string): string {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  if ((result.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT')
    throw new Error(
      `${command} is not installed: install the Debian package ${debianPackage} (apt-get install ${debianPackage})`,
    )
  if (result.error) throw result.error
  expect(result.status).toBe(0)
  return result.stdout
}

function writePdf(pdf: Uint8Array): string {
  const file = path.join(dir, `map-${Date.now()}-${Math.random().toString(36).slice(2)}.pdf`)
  fs.writeFileSync(file, pdf)
  return file
}

type TextLine = { text: string; xMin: number; yMin: number; xMax: number; yMax: number }

/** Page 2's text lines with their boxes, in points from the page's top-left (pdftotext -bbox-layout). */
function textLines(file: string): TextLine[] {
  const xml = run('pdftotext', ['-f', '2', '-l', '2', '-bbox-layout', file, '-'], 'poppler-utils')
  const lines: TextLine[] = []
  for (const match of xml.matchAll(/<line ([^>]*)>([\s\S]*?)<\/line>/g)) {
    const attrs = Object.fromEntries(
      [...(match[1] ?? '').matchAll(/(\w+)="([\d.]+)"/g)].map((a) => [a[1], Number(a[2])]),
    )
    const words = [...(match[2] ?? '').matchAll(/<word[^>]*>([^<]*)<\/word>/g)].map((w) =>
      (w[1] ?? '').replace(/&apos;/g, "'").replace(/&amp;/g, '&'),
    )
    lines.push({
      text: words.join(' '),
      xMin: attrs.xMin,
      yMin: attrs.yMin,
      xMax: attrs.xMax,
      yMax: attrs.yMax,
    })
  }
  return lines
}

const logo = async (colour: string) =>
  new Uint8Array(
    await sharp({ create: { width: 300, height: 300, channels: 3, background: colour } })
      .png()
      .toBuffer(),
  )

function marker(overrides: Partial<ProofMapMarker> & Pick<ProofMapMarker, 'number' | 'businessName'>) {
  return {
    iconName: 'Pin',
    size: 'regular' as const,
    artwork: null,
    shortUrl: `https://town.example/go/k7m4qx${overrides.number}`,
    x: 0.5,
    y: 0.5,
    placed: true,
    ...overrides,
  }
}

let mapImage: Uint8Array
let markers: ProofMapMarker[]

function input(map: ProofMap | null): ProofInput {
  return {
    month: '2027-01',
    title: 'January 2027',
    productName: 'Townflyer',
    houseAd: { text: 'Your business here — town.example', image: null },
    inHomesDate: '2027-01-02',
    specs: DEFAULT_PRINT_SPECS,
    days: [],
    icons: [],
    draft: { missing: 0, notApproved: 0 },
    map,
  }
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proof-map-'))
  mapImage = new Uint8Array(
    await sharp({ create: { width: 600, height: 400, channels: 3, background: '#bcd5e8' } })
      .png()
      .toBuffer(),
  )
  const green = await logo('#16a34a')
  markers = [
    marker({ number: 1, businessName: "Bob's Bakery", x: 0.2, y: 0.15 }),
    marker({
      number: 2,
      businessName: 'Corner Hardware',
      size: 'premium',
      x: 0.7,
      y: 0.3,
      artwork: { contentType: 'image/png', load: async () => green },
    }),
    marker({ number: 3, businessName: 'Mill Pond Books', x: 0.4, y: 0.55, placed: false }),
  ]
})

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

// Rendering and reading back take seconds each on a busy machine.
describe('the map side as printed', { timeout: 60_000 }, () => {
  it('prints each business name centred just under its marker, within 0.15 in of its saved position', async () => {
    const map = {
      image: { contentType: 'image/png' as const, load: async () => mapImage },
      legend: true,
      markers,
    }
    const pdf = await renderProofPdf(input(map))
    const doc = await PDFDocument.load(pdf)
    const [calendar, mapSide] = doc.getPages()
    expect(doc.getPageCount()).toBe(2)
    expect(mapSide?.getTrimBox()).toEqual(calendar?.getTrimBox())
    expect(mapSide?.getBleedBox()).toEqual(calendar?.getBleedBox())
    expect(mapSide?.getMediaBox()).toEqual(calendar?.getMediaBox())
    const trimBox = mapSide?.getTrimBox() as { x: number; y: number; width: number; height: number }
    const pageHeight = mapSide?.getHeight() as number
    const lines = textLines(writePdf(pdf))
    for (const m of markers) {
      const caption = lines.find((line) => line.text === m.businessName)
      expect(caption, m.businessName).toBeDefined()
      if (!caption) continue
      const side = (m.size === 'premium' ? 0.75 : 0.5) * INCH
      const centreX = trimBox.x + m.x * trimBox.width
      // pdftotext measures from the page's top; the trim's top-left is (trim.x, page height − trim top).
      const trimTop = pageHeight - (trimBox.y + trimBox.height)
      const markerBottom = trimTop + m.y * trimBox.height + side / 2
      expect(Math.abs((caption.xMin + caption.xMax) / 2 - centreX)).toBeLessThan(0.15 * INCH)
      expect(Math.abs(caption.yMin - markerBottom)).toBeLessThan(0.15 * INCH)
      expect(caption.yMax - caption.yMin).toBeGreaterThanOrEqual(MIN_TEXT_SIZE)
      expect(caption.xMax - caption.xMin).toBeLessThanOrEqual(CAPTION_MAX_WIDTH + 1)
    }
    // The legend: its title, each number with its business, inside the safe area.
    const texts = lines.map((line) => line.text)
    expect(texts).toContain('Map key')
    for (const m of markers) expect(texts).toContain(`${m.number} ${m.businessName}`)
    expect(texts.join('\n')).not.toContain(NO_MAP_IMAGE_TEXT)
    // The captions' and legend's font travels with the file.
    const fonts = run('pdffonts', ['-f', '2', '-l', '2', writePdf(pdf)], 'poppler-utils')
    const noto = fonts.split('\n').filter((line) => line.includes('NotoSans'))
    expect(noto.length).toBeGreaterThanOrEqual(2)
    for (const line of noto) expect(line).toMatch(/CID TrueType\s+Identity-H\s+yes/)
  })

  it('embeds the map image cropped to the page at no more than its own pixels', async () => {
    const map = {
      image: { contentType: 'image/png' as const, load: async () => mapImage },
      legend: false,
      markers,
    }
    const file = writePdf(await renderProofPdf(input(map)))
    const list = run('pdfimages', ['-list', '-f', '2', '-l', '2', file], 'poppler-utils')
    const sizes = list
      .split('\n')
      .slice(2)
      .filter(Boolean)
      .map((row) => row.trim().split(/\s+/).slice(3, 5).map(Number) as [number, number])
    // The 600 × 400 image covers a page taller than wide: all 400 rows, the middle 311 columns.
    expect(sizes).toContainEqual([Math.round((630 / 810) * 400), 400])
    for (const [width, height] of sizes) {
      expect(width).toBeLessThanOrEqual(600)
      expect(height).toBeLessThanOrEqual(400)
    }
  })

  it('leaves out the legend and the numbers when the legend is off', async () => {
    const map = { image: null, legend: false, markers }
    const lines = textLines(writePdf(await renderProofPdf(input(map))))
    const texts = lines.map((line) => line.text)
    expect(texts).not.toContain('Map key')
    for (const m of markers) {
      expect(texts).toContain(m.businessName)
      expect(texts).not.toContain(`${m.number} ${m.businessName}`)
      expect(texts).not.toContain(String(m.number))
    }
    expect(texts.join(' ')).not.toContain('/go/')
    // No image: the note sits outside the trim box.
    const note = lines.find((line) => line.text === NO_MAP_IMAGE_TEXT)
    expect(note).toBeDefined()
    expect(note && note.yMin > 801 - 9).toBe(true)
  })

  it('draws the sold icons unplaced, numbered, with their legend, when the map’s data is missing', async () => {
    const pdf = await renderProofPdf({
      ...input(null),
      icons: [
        {
          businessName: 'Harbour Fish Bar',
          shortUrl: 'https://town.example/go/abcdefg',
          iconName: 'Fish',
          sizeLabel: 'Premium',
          stateLabel: 'Missing',
          artwork: null,
        },
      ],
    })
    const texts = textLines(writePdf(pdf)).map((line) => line.text)
    expect(texts).toContain('Harbour Fish Bar')
    expect(texts).toContain('1 Harbour Fish Bar')
    expect(texts).toContain(NO_MAP_IMAGE_TEXT)
    expect(texts).toContain('HF')
  })
})
