import { PDFDocument } from '@cantoo/pdf-lib'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { activePdf, fanOutPdf, flateBombPdf, hasActiveContent } from '#server/test/hostile-files.ts'
import {
  ARTWORK_DAMAGED_MESSAGE,
  ARTWORK_PDF_TOO_MANY_PAGES_MESSAGE,
  ARTWORK_TOO_COMPLEX_MESSAGE,
} from '#shared/artwork.ts'
import { jpegEnd, prepareArtwork } from './artwork-file.ts'
import { checkStreamSizes, loadBoundedPdf, MAX_PDF_PAGES, UnsafePdfError } from './pdf-safety.ts'

async function reason(work: Promise<unknown>): Promise<string> {
  try {
    await work
  } catch (error) {
    if (error instanceof UnsafePdfError) return error.reason
    return (error as Error).message
  }
  return 'accepted'
}

describe('loadBoundedPdf', () => {
  it('refuses a page tree that names a node twice (2^40 pages in a few KB) at once', async () => {
    const bytes = fanOutPdf(40)
    expect(bytes.byteLength).toBeLessThan(8 * 1024)
    const started = performance.now()
    expect(await reason(loadBoundedPdf(bytes))).toBe('page_tree')
    expect(performance.now() - started).toBeLessThan(2_000)
  })

  it('counts a real tree and refuses more than ten pages', async () => {
    const doc = await PDFDocument.create()
    for (let i = 0; i < MAX_PDF_PAGES; i++) doc.addPage([100, 100])
    expect((await loadBoundedPdf(await doc.save())).pageCount).toBe(MAX_PDF_PAGES)
    doc.addPage([100, 100])
    expect(await reason(loadBoundedPdf(await doc.save()))).toBe('too_many_pages')
  })

  it('refuses an object stream or page contents that inflate past the cap, without inflating them whole', () => {
    for (const where of ['objects', 'contents'] as const) {
      const bytes = flateBombPdf(1024, where) // 1 GB of zeros from about 1 MB
      expect(bytes.byteLength).toBeLessThan(2 * 1024 * 1024)
      expect(() => checkStreamSizes(bytes)).toThrow(UnsafePdfError)
    }
    // Under the cap, the same construction passes the check.
    expect(() => checkStreamSizes(flateBombPdf(8, 'contents'))).not.toThrow()
  })

  it('refuses a bomb whose filter name is written with #-escapes', () => {
    const bytes = Buffer.from(flateBombPdf(256, 'contents'))
    const text = bytes.toString('latin1').replace('/Filter /FlateDecode', '/Filter /Fl#61teDecode')
    expect(() => checkStreamSizes(new Uint8Array(Buffer.from(text, 'latin1')))).toThrow(UnsafePdfError)
  })
})

describe('prepareArtwork', () => {
  it('stores a PDF as its first page alone, without scripts, actions, links or attached files', async () => {
    const hostile = await PDFDocument.load(activePdf())
    expect(hostile.getPageCount()).toBe(1)
    expect(hasActiveContent(hostile)).toBe(true)
    const prepared = await prepareArtwork(activePdf())
    expect(prepared.inspected).toMatchObject({ kind: 'pdf', pageCount: 1, pageWidthInches: 2 })
    const stored = await PDFDocument.load(prepared.stored)
    expect(stored.getPageCount()).toBe(1)
    expect(hasActiveContent(stored)).toBe(false)
    const text = Buffer.from(prepared.stored).toString('latin1')
    for (const word of ['JavaScript', 'OpenAction', 'EmbeddedFile', 'a.exe', '/Annots', '/AA'])
      expect(text).not.toContain(word)
  })

  it("gives a page without contents (pdf-lib's own blank page) an empty content stream", async () => {
    const doc = await PDFDocument.create()
    doc.addPage([200, 100])
    const prepared = await prepareArtwork(await doc.save())
    const stored = await PDFDocument.load(prepared.stored)
    expect(stored.getPage(0).node.Contents()).toBeDefined()
  })

  it("refuses the fan-out, more than ten pages and bombs with the buyer's messages", async () => {
    await expect(prepareArtwork(fanOutPdf(24))).rejects.toThrow(ARTWORK_TOO_COMPLEX_MESSAGE)
    await expect(prepareArtwork(flateBombPdf(512, 'objects'))).rejects.toThrow(ARTWORK_TOO_COMPLEX_MESSAGE)
    await expect(prepareArtwork(flateBombPdf(512, 'contents'))).rejects.toThrow(ARTWORK_TOO_COMPLEX_MESSAGE)
    const doc = await PDFDocument.create()
    for (let i = 0; i < 11; i++) doc.addPage([100, 100])
    await expect(prepareArtwork(await doc.save())).rejects.toThrow(ARTWORK_PDF_TOO_MANY_PAGES_MESSAGE)
  })

  it('refuses a truncated JPEG and stores a JPEG without the data after its end', async () => {
    const pixels = Buffer.alloc(300 * 200 * 3)
    for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24
    const jpeg = await sharp(pixels, { raw: { width: 300, height: 200, channels: 3 } })
      .jpeg()
      .toBuffer()
    expect(jpegEnd(jpeg)).toBe(jpeg.byteLength)
    const progressive = await sharp(pixels, { raw: { width: 300, height: 200, channels: 3 } })
      .jpeg({ progressive: true })
      .toBuffer()
    expect(jpegEnd(progressive)).toBe(progressive.byteLength)

    const payload = Buffer.from('a second file riding after the image')
    const withTrailer = new Uint8Array(Buffer.concat([jpeg, Buffer.from('PK\x03\x04'), payload]))
    const prepared = await prepareArtwork(withTrailer)
    expect(Buffer.from(prepared.stored).equals(jpeg)).toBe(true)

    await expect(prepareArtwork(jpeg.subarray(0, Math.floor(jpeg.byteLength * 0.7)))).rejects.toThrow(
      ARTWORK_DAMAGED_MESSAGE,
    )
  })
})
