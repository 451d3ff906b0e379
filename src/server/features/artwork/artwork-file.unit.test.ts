import { crc32 } from 'node:zlib'
import { degrees, PDFDocument } from '@cantoo/pdf-lib'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import {
  ARTWORK_DAMAGED_MESSAGE,
  ARTWORK_PDF_UNREADABLE_MESSAGE,
  ARTWORK_SVG_MESSAGE,
  ARTWORK_TOO_LARGE_MESSAGE,
  ARTWORK_TYPE_MESSAGE,
  MAX_ARTWORK_BYTES,
} from '#shared/artwork.ts'
import {
  ARTWORK_TOO_MANY_PIXELS_MESSAGE,
  ArtworkRejectedError,
  checkPrint,
  type InspectedArtwork,
  inspectArtwork,
  makeThumbnail,
  printWarnings,
} from './artwork-file.ts'

// ---------------------------------------------------------------- fixtures

function canvas(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
}
const png = (width: number, height: number) => canvas(width, height).png().toBuffer()
const jpeg = (width: number, height: number) => canvas(width, height).jpeg().toBuffer()

/** A PDF whose pages have these sizes in points, optionally changed per page. */
async function pdf(pages: [number, number][], edit?: (doc: PDFDocument) => void): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  for (const size of pages) doc.addPage(size)
  edit?.(doc)
  return doc.save({ addDefaultPage: false })
}

const LETTER: [number, number] = [612, 792]

/** A PNG of random pixels: its image data is most of the file, so cutting the file cuts the pixels. */
function noisyPng(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3)
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer()
}

async function rejection(bytes: Uint8Array): Promise<string> {
  try {
    await inspectArtwork(bytes)
  } catch (error) {
    expect(error).toBeInstanceOf(ArtworkRejectedError)
    return (error as Error).message
  }
  throw new Error('the file was accepted')
}

/** A PNG whose header claims width × height (valid IHDR checksum), with a tiny image behind it. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const bytes = Buffer.from(await png(1, 1))
  // Signature (8), then the IHDR chunk: length (4), 'IHDR' (4), width, height, ..., CRC over type + data.
  bytes.writeUInt32BE(width, 16)
  bytes.writeUInt32BE(height, 20)
  bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)), 29)
  return bytes
}

/** Deterministic noise (a linear congruential generator), so no run can stumble on a magic number. */
function noise(length: number): Uint8Array {
  const out = new Uint8Array(length)
  let seed = 12345
  for (let i = 0; i < length; i++) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31
    out[i] = seed >> 16
  }
  return out
}

const text = (s: string) => new TextEncoder().encode(s)
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')

// ---------------------------------------------------------------- inspectArtwork

describe('inspectArtwork refuses what cannot be used', () => {
  it('refuses SVG, with or without an XML prolog, comments or a DOCTYPE', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'
    expect(await rejection(text(svg))).toBe(ARTWORK_SVG_MESSAGE)
    expect(await rejection(text(`<?xml version="1.0" encoding="UTF-8"?>\n${svg}`))).toBe(ARTWORK_SVG_MESSAGE)
    expect(
      await rejection(
        text(
          `\uFEFF<?xml version="1.0"?>\n<!-- Generator: Adobe Illustrator -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [<!ENTITY a "b>">]>\n  ${svg}`,
        ),
      ),
    ).toBe(ARTWORK_SVG_MESSAGE)
    expect(await rejection(text('<svg:svg xmlns:svg="http://www.w3.org/2000/svg"/>'))).toBe(
      ARTWORK_SVG_MESSAGE,
    )
    expect(await rejection(Buffer.from(`\uFEFF${svg}`, 'utf16le'))).toBe(ARTWORK_SVG_MESSAGE)
  })

  it('refuses HTML (even with an inline <svg>) and other XML with the type message', async () => {
    expect(await rejection(text('<!doctype html><html><body><svg></svg></body></html>'))).toBe(
      ARTWORK_TYPE_MESSAGE,
    )
    expect(await rejection(text('<html><script>alert(1)</script></html>'))).toBe(ARTWORK_TYPE_MESSAGE)
    expect(await rejection(text('<?xml version="1.0"?><note>svg</note>'))).toBe(ARTWORK_TYPE_MESSAGE)
    expect(await rejection(text('hello <svg>'))).toBe(ARTWORK_TYPE_MESSAGE)
  })

  it('refuses GIF, WebP, zip, empty files and random bytes with the type message', async () => {
    expect(await rejection(GIF)).toBe(ARTWORK_TYPE_MESSAGE)
    expect(await rejection(await canvas(10, 10).webp().toBuffer())).toBe(ARTWORK_TYPE_MESSAGE)
    expect(await rejection(Buffer.from('PK\x05\x06\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0', 'latin1'))).toBe(
      ARTWORK_TYPE_MESSAGE,
    )
    expect(await rejection(new Uint8Array(0))).toBe(ARTWORK_TYPE_MESSAGE)
    expect(await rejection(noise(4096))).toBe(ARTWORK_TYPE_MESSAGE)
  })

  it('refuses image polyglots and broken images with the type message', async () => {
    const valid = await png(20, 20)
    expect(await rejection(Buffer.concat([valid, Buffer.from('<script>alert(1)</script>')]))).toBe(
      ARTWORK_TYPE_MESSAGE,
    )
    expect(await rejection(valid.subarray(0, 30))).toBe(ARTWORK_TYPE_MESSAGE)
    // A JPEG start-of-image marker and nothing sharp can read.
    expect(await rejection(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), noise(100)]))).toBe(
      ARTWORK_TYPE_MESSAGE,
    )
  })

  it('refuses files over 20 MB before looking at their content', async () => {
    const tooBig = new Uint8Array(MAX_ARTWORK_BYTES + 1)
    tooBig.set(await png(10, 10))
    expect(await rejection(tooBig)).toBe(ARTWORK_TOO_LARGE_MESSAGE)
    expect(await rejection(new Uint8Array(MAX_ARTWORK_BYTES + 1))).toBe(ARTWORK_TOO_LARGE_MESSAGE)
    // Exactly the limit is not "over" it: it is refused for its (empty) content instead.
    expect(await rejection(new Uint8Array(MAX_ARTWORK_BYTES))).toBe(ARTWORK_TYPE_MESSAGE)
  })

  it('refuses images with huge pixel counts from their header, before decoding them', async () => {
    expect(await rejection(await pngClaiming(100_000, 100_000))).toBe(ARTWORK_TOO_MANY_PIXELS_MESSAGE)
    expect(await rejection(await pngClaiming(8001, 8000))).toBe(ARTWORK_TOO_MANY_PIXELS_MESSAGE)
  })

  it('refuses PDFs that cannot be opened: garbage after the header, no pages, encrypted', async () => {
    expect(await rejection(text('%PDF-1.7\nthis is not really a PDF'))).toBe(ARTWORK_PDF_UNREADABLE_MESSAGE)
    expect(await rejection(Buffer.concat([Buffer.from('%PDF-1.4\n'), noise(2000)]))).toBe(
      ARTWORK_PDF_UNREADABLE_MESSAGE,
    )
    expect(await rejection(await pdf([]))).toBe(ARTWORK_PDF_UNREADABLE_MESSAGE)
    const encrypted = await pdf([LETTER], (doc) => {
      doc.context.trailerInfo.Encrypt = doc.context.register(
        doc.context.obj({ Filter: 'Standard', V: 1, R: 2 }),
      )
    })
    expect(Buffer.from(encrypted).toString('latin1')).toContain('/Encrypt')
    expect(await rejection(encrypted)).toBe(ARTWORK_PDF_UNREADABLE_MESSAGE)
  })
})

describe('inspectArtwork reads what can be used', () => {
  it('reads PNG and JPEG sizes by content', async () => {
    expect(await inspectArtwork(await png(640, 480))).toEqual({
      kind: 'image',
      mime: 'image/png',
      ext: 'png',
      widthPx: 640,
      heightPx: 480,
    })
    expect(await inspectArtwork(await jpeg(300, 1200))).toEqual({
      kind: 'image',
      mime: 'image/jpeg',
      ext: 'jpg',
      widthPx: 300,
      heightPx: 1200,
    })
    expect(await inspectArtwork(new Uint8Array(await png(8000, 1)))).toMatchObject({
      widthPx: 8000,
      heightPx: 1,
    })
  })

  it('reads bytes that are a view into a larger buffer (as a multipart parser may hand them over)', async () => {
    const padded = (bytes: Uint8Array) => {
      const big = new Uint8Array(bytes.byteLength + 64)
      big.set(bytes, 32)
      return big.subarray(32, 32 + bytes.byteLength)
    }
    expect(await inspectArtwork(padded(await png(50, 40)))).toMatchObject({ widthPx: 50, heightPx: 40 })
    expect(await inspectArtwork(padded(await pdf([LETTER])))).toMatchObject({ kind: 'pdf', pageCount: 1 })
    const thumb = await makeThumbnail(padded(await png(640, 320)))
    expect((await sharp(thumb as Uint8Array).metadata()).width).toBe(320)
  })

  it('reports a 90° EXIF-rotated photo upright: width and height swapped', async () => {
    const rotated = await canvas(400, 100).jpeg().withMetadata({ orientation: 6 }).toBuffer()
    expect((await sharp(rotated).metadata()).width).toBe(400)
    expect(await inspectArtwork(rotated)).toMatchObject({ mime: 'image/jpeg', widthPx: 100, heightPx: 400 })
  })

  it('reads a PDF: page count and the first page size in inches', async () => {
    expect(await inspectArtwork(await pdf([LETTER]))).toEqual({
      kind: 'pdf',
      mime: 'application/pdf',
      ext: 'pdf',
      pageCount: 1,
      pageWidthInches: 8.5,
      pageHeightInches: 11,
    })
    expect(await inspectArtwork(await pdf([[100, 50], LETTER, LETTER]))).toMatchObject({
      pageCount: 3,
      pageWidthInches: 1.39,
      pageHeightInches: 0.69,
    })
  })

  it('uses the CropBox when there is one, and a rotated page upright', async () => {
    const cropped = await pdf([LETTER], (doc) => doc.getPage(0).setCropBox(36, 36, 144, 72))
    expect(await inspectArtwork(cropped)).toMatchObject({ pageWidthInches: 2, pageHeightInches: 1 })
    const rotated = await pdf([LETTER], (doc) => doc.getPage(0).setRotation(degrees(90)))
    expect(await inspectArtwork(rotated)).toMatchObject({ pageWidthInches: 11, pageHeightInches: 8.5 })
  })
})

// ---------------------------------------------------------------- checkPrint

const image = (widthPx: number, heightPx: number): InspectedArtwork => ({
  kind: 'image',
  mime: 'image/png',
  ext: 'png',
  widthPx,
  heightPx,
})
const pdfFile = (pageCount: number, pageWidthInches: number, pageHeightInches: number): InspectedArtwork => ({
  kind: 'pdf',
  mime: 'application/pdf',
  ext: 'pdf',
  pageCount,
  pageWidthInches,
  pageHeightInches,
})
const DAY = { widthInches: 1, heightInches: 1 }
const PREMIUM = { widthInches: 0.75, heightInches: 0.75 }

describe('checkPrint for images', () => {
  it('300 × 300 pixels in a 1 in square at 300 DPI is ok', () => {
    expect(checkPrint(image(300, 300), DAY, 300)).toEqual({
      level: 'ok',
      printSize: DAY,
      requiredDpi: 300,
      minWidthPx: 300,
      minHeightPx: 300,
      widthPx: 300,
      heightPx: 300,
      effectiveDpi: 300,
      pageWidthInches: null,
      pageHeightInches: null,
      pageCount: null,
      fileAspect: 1,
      slotAspect: 1,
      aspectMismatch: false,
      messages: [
        'Your image is 300 × 300 pixels: at 1 × 1 in it prints at 300 dots per inch, which is sharp.',
      ],
    })
    expect(checkPrint(image(1200, 1200), DAY, 300).messages).toEqual([
      'Your image is 1200 × 1200 pixels: at 1 × 1 in it prints at 1200 dots per inch, which is sharp.',
    ])
  })

  it('120 × 120 pixels in a 1 in square is a warning, with the figures and what to upload', () => {
    const check = checkPrint(image(120, 120), DAY, 300)
    expect(check).toMatchObject({
      level: 'warning',
      effectiveDpi: 120,
      minWidthPx: 300,
      aspectMismatch: false,
    })
    expect(check.messages).toEqual([
      'Your image is 120 × 120 pixels. Printed at 1 × 1 in, that is 120 dots per inch, so it will look blurry and jagged in print.',
      'For a sharp print, upload an image of at least 300 × 300 pixels (300 DPI), or a PDF of your logo.',
    ])
    expect(checkPrint(image(299, 299), DAY, 300)).toMatchObject({ level: 'warning', effectiveDpi: 299 })
  })

  it('a 0.75 in premium icon needs 225 pixels', () => {
    expect(checkPrint(image(225, 225), PREMIUM, 300)).toMatchObject({
      level: 'ok',
      minWidthPx: 225,
      minHeightPx: 225,
      effectiveDpi: 300,
    })
    const small = checkPrint(image(200, 200), PREMIUM, 300)
    expect(small).toMatchObject({ level: 'warning', effectiveDpi: 266 })
    expect(small.messages[0]).toContain('Printed at 0.75 × 0.75 in, that is 266 dots per inch')
    expect(small.messages[1]).toContain('at least 225 × 225 pixels (300 DPI)')
  })

  it('rounds the required pixels up, without floating point surprises', () => {
    expect(checkPrint(image(90, 90), { widthInches: 0.3, heightInches: 0.3 }, 300)).toMatchObject({
      level: 'ok',
      minWidthPx: 90,
      effectiveDpi: 300,
    })
    expect(checkPrint(image(500, 500), { widthInches: 1.001, heightInches: 1.001 }, 300)).toMatchObject({
      minWidthPx: 301,
      minHeightPx: 301,
    })
  })

  it('a much wider image in a square is a warning: empty space above and below', () => {
    const check = checkPrint(image(1200, 300), DAY, 300)
    expect(check).toMatchObject({ level: 'warning', fileAspect: 4, slotAspect: 1, aspectMismatch: true })
    // Fitted, it fills the width: 1200 pixels across 1 inch.
    expect(check.effectiveDpi).toBe(1200)
    expect(check.messages).toEqual([
      'Your image is 1200 × 300 pixels: at 1 × 0.25 in (fitted into the 1 × 1 in space) it prints at 1200 dots per inch, which is sharp.',
      'Your file is much wider than the space (4.0 : 1 against 1 : 1). It will be shrunk to fit, with empty space above and below. A logo closer to square fits best.',
    ])
  })

  it('a much taller image in a square is a warning: empty space left and right', () => {
    const check = checkPrint(image(300, 1200), DAY, 300)
    expect(check).toMatchObject({ level: 'warning', aspectMismatch: true, effectiveDpi: 1200 })
    expect(check.messages[1]).toBe(
      'Your file is much taller than the space (1 : 4.0 against 1 : 1). It will be shrunk to fit, with empty space on the left and right. A logo closer to square fits best.',
    )
  })

  it('names a non-square space by its shape, and a small different shape gives both warnings', () => {
    const wide = { widthInches: 2, heightInches: 1 }
    expect(checkPrint(image(600, 300), wide, 300)).toMatchObject({ level: 'ok', aspectMismatch: false })
    const check = checkPrint(image(100, 100), wide, 300)
    expect(check).toMatchObject({ level: 'warning', aspectMismatch: true, effectiveDpi: 100 })
    expect(check.messages).toEqual([
      'Your image is 100 × 100 pixels. Printed at 1 × 1 in (fitted into the 2 × 1 in space), that is 100 dots per inch, so it will look blurry and jagged in print.',
      'For a sharp print, upload an image of at least 600 × 300 pixels (300 DPI), or a PDF of your logo.',
      'Your file is much taller than the space (1.0 : 1 against 2 : 1). It will be shrunk to fit, with empty space on the left and right. A logo closer to 2 : 1 fits best.',
    ])
  })

  it('a shape up to 1.5 times different is not a mismatch', () => {
    expect(checkPrint(image(450, 300), DAY, 300)).toMatchObject({ level: 'ok', aspectMismatch: false })
    expect(checkPrint(image(451, 300), DAY, 300)).toMatchObject({ level: 'warning', aspectMismatch: true })
  })
})

describe('checkPrint for PDFs', () => {
  it('a page close to its space is ok: it opens and is scaled to fit, no DPI figure', () => {
    expect(checkPrint(pdfFile(1, 1.5, 2), DAY, 300)).toEqual({
      level: 'ok',
      printSize: DAY,
      requiredDpi: 300,
      minWidthPx: 300,
      minHeightPx: 300,
      widthPx: null,
      heightPx: null,
      effectiveDpi: null,
      pageWidthInches: 1.5,
      pageHeightInches: 2,
      pageCount: 1,
      fileAspect: 1.5 / 2,
      slotAspect: 1,
      aspectMismatch: false,
      messages: ['Your PDF opens and has 1 page of 1.5 × 2 in; it will be scaled to fit the 1 × 1 in space.'],
    })
  })

  it('a letter page in a 1 in square is a warning: shrunk about 11 times, its text is unreadable', () => {
    const check = checkPrint(pdfFile(1, 8.5, 11), DAY, 300)
    expect(check).toMatchObject({ level: 'warning', aspectMismatch: false, effectiveDpi: null })
    expect(check.messages).toEqual([
      'Your PDF opens and has 1 page of 8.5 × 11 in; it will be scaled to fit the 1 × 1 in space.',
      'This PDF page is 8.5 × 11 in; it will be shrunk to fit 1 × 1 in (about 11 times smaller), so its text will be too small to read. Please export your logo on a page the size of your ad.',
    ])
  })

  it('warns from 3 times the space on either side, not below', () => {
    expect(checkPrint(pdfFile(1, 2.9, 2.9), DAY, 300).level).toBe('ok')
    expect(checkPrint(pdfFile(1, 3, 2.5), DAY, 300).level).toBe('warning')
    expect(checkPrint(pdfFile(1, 2.5, 3), DAY, 300).level).toBe('warning')
    // Floating point: 2.25 in is exactly 3 times 0.75 in.
    expect(checkPrint(pdfFile(1, 2.25, 2.25), PREMIUM, 300).messages[1]).toBe(
      'This PDF page is 2.25 × 2.25 in; it will be shrunk to fit 0.75 × 0.75 in (about 3 times smaller), so its text will be too small to read. Please export your logo on a page the size of your ad.',
    )
    expect(checkPrint(pdfFile(1, 0.5, 0.5), DAY, 300).level).toBe('ok')
  })

  it('a PDF of several pages says only the first page is used, before the size advice', () => {
    const check = checkPrint(pdfFile(3, 8.5, 11), PREMIUM, 300)
    expect(check).toMatchObject({ level: 'warning', pageCount: 3 })
    expect(check.messages).toEqual([
      'Your PDF opens and has 3 pages; its first page, 8.5 × 11 in, will be scaled to fit the 0.75 × 0.75 in space.',
      'Only the first page is used.',
      'This PDF page is 8.5 × 11 in; it will be shrunk to fit 0.75 × 0.75 in (about 15 times smaller), so its text will be too small to read. Please export your logo on a page the size of your ad.',
    ])
    expect(checkPrint(pdfFile(2, 1, 1), DAY, 300)).toMatchObject({ level: 'ok' })
  })

  it('a page both much larger and of another shape gets both warnings, the shape last', () => {
    const check = checkPrint(pdfFile(1, 11, 2), DAY, 300)
    expect(check.messages).toEqual([
      'Your PDF opens and has 1 page of 11 × 2 in; it will be scaled to fit the 1 × 1 in space.',
      'This PDF page is 11 × 2 in; it will be shrunk to fit 1 × 1 in (about 11 times smaller), so its text will be too small to read. Please export your logo on a page the size of your ad.',
      'Your file is much wider than the space (5.5 : 1 against 1 : 1). It will be shrunk to fit, with empty space above and below. A logo closer to square fits best.',
    ])
  })

  it('a PDF of a very different shape is a warning', () => {
    const check = checkPrint(pdfFile(1, 2, 0.5), DAY, 300)
    expect(check).toMatchObject({ level: 'warning', aspectMismatch: true, effectiveDpi: null })
    expect(check.messages).toHaveLength(2)
    expect(check.messages[1]).toBe(
      'Your file is much wider than the space (4.0 : 1 against 1 : 1). It will be shrunk to fit, with empty space above and below. A logo closer to square fits best.',
    )
  })
})

describe('printWarnings', () => {
  it('names what is wrong, in the check’s own words, and nothing for a file that prints well', () => {
    expect(printWarnings(checkPrint(image(300, 300), DAY, 300))).toEqual([])
    expect(printWarnings(checkPrint(pdfFile(3, 1, 1), PREMIUM, 300))).toEqual([])
    expect(printWarnings(checkPrint(pdfFile(3, 8.5, 11), PREMIUM, 300))).toEqual([
      'This PDF page is 8.5 × 11 in; it will be shrunk to fit 0.75 × 0.75 in (about 15 times smaller), so its text will be too small to read. Please export your logo on a page the size of your ad.',
    ])
    expect(printWarnings(checkPrint(image(120, 120), DAY, 300))).toEqual([
      'Your image is 120 × 120 pixels. Printed at 1 × 1 in, that is 120 dots per inch, so it will look blurry and jagged in print.',
      'For a sharp print, upload an image of at least 300 × 300 pixels (300 DPI), or a PDF of your logo.',
    ])
    // Sharp but much wider: the shape's advice only, not the 'which is sharp' summary.
    expect(printWarnings(checkPrint(image(1200, 300), DAY, 300))).toEqual([
      'Your file is much wider than the space (4.0 : 1 against 1 : 1). It will be shrunk to fit, with empty space above and below. A logo closer to square fits best.',
    ])
    expect(printWarnings(checkPrint(image(100, 100), { widthInches: 2, heightInches: 1 }, 300))).toHaveLength(
      3,
    )
    expect(printWarnings(checkPrint(pdfFile(1, 11, 2), DAY, 300))).toEqual([
      'This PDF page is 11 × 2 in; it will be shrunk to fit 1 × 1 in (about 11 times smaller), so its text will be too small to read. Please export your logo on a page the size of your ad.',
      'Your file is much wider than the space (5.5 : 1 against 1 : 1). It will be shrunk to fit, with empty space above and below. A logo closer to square fits best.',
    ])
  })
})

// ---------------------------------------------------------------- makeThumbnail

describe('makeThumbnail', () => {
  const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

  async function size(thumbnail: Uint8Array | null) {
    expect(thumbnail).not.toBeNull()
    expect([...(thumbnail as Uint8Array).subarray(0, 8)]).toEqual(PNG_SIGNATURE)
    const { format, width, height } = await sharp(thumbnail as Uint8Array).metadata()
    return { format, width, height }
  }

  it('makes a PNG at most 320 pixels on its longest side', async () => {
    const big = await jpeg(1000, 500)
    expect(await size(await makeThumbnail(big))).toEqual({
      format: 'png',
      width: 320,
      height: 160,
    })
    const tall = await png(200, 2000)
    expect(await size(await makeThumbnail(tall))).toEqual({
      format: 'png',
      width: 32,
      height: 320,
    })
  })

  it('never enlarges a small image, and turns a rotated photo upright', async () => {
    const small = await png(100, 60)
    expect(await size(await makeThumbnail(small))).toMatchObject({
      width: 100,
      height: 60,
    })
    const rotated = await canvas(400, 100).jpeg().withMetadata({ orientation: 6 }).toBuffer()
    expect(await size(await makeThumbnail(rotated))).toMatchObject({
      width: 80,
      height: 320,
    })
  })

  it('refuses bytes sharp cannot read to their end, as damaged', async () => {
    await expect(makeThumbnail(noise(500))).rejects.toThrow(ARTWORK_DAMAGED_MESSAGE)
    const whole = await noisyPng(400, 300)
    await expect(makeThumbnail(whole.subarray(0, Math.floor(whole.byteLength * 0.6)))).rejects.toThrow(
      ARTWORK_DAMAGED_MESSAGE,
    )
  })
})
