import type { PDFDocument } from '@cantoo/pdf-lib'
import { fileTypeFromBuffer } from 'file-type'
import sharp from 'sharp'
import { detectImage } from '#server/lib/uploaded-images.ts'
import {
  ARTWORK_DAMAGED_MESSAGE,
  ARTWORK_PDF_TOO_MANY_PAGES_MESSAGE,
  ARTWORK_PDF_UNREADABLE_MESSAGE,
  ARTWORK_SVG_MESSAGE,
  ARTWORK_TOO_COMPLEX_MESSAGE,
  ARTWORK_TOO_LARGE_MESSAGE,
  ARTWORK_TYPE_MESSAGE,
  MAX_ARTWORK_BYTES,
  type PrintCheck,
  type PrintSize,
} from '#shared/artwork.ts'
import { loadBoundedPdf, rewriteFirstPage, UnsafePdfError } from './pdf-safety.ts'

/**
 * Artwork files: what an uploaded file is, decided by its content, and how it will print in a
 * line's space. Pure: bytes in, facts and plain-words advice out (no database, no storage, no HTTP).
 */

export type InspectedArtwork =
  | { kind: 'image'; mime: 'image/png' | 'image/jpeg'; ext: 'png' | 'jpg'; widthPx: number; heightPx: number }
  | {
      kind: 'pdf'
      mime: 'application/pdf'
      ext: 'pdf'
      pageCount: number
      pageWidthInches: number
      pageHeightInches: number
    }

/** An upload that cannot be used at all; `message` is shown to the buyer as is. */
export class ArtworkRejectedError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ArtworkRejectedError'
  }
}

/**
 * The most pixels an image may have (6000 × 6000, 36 million). The whole card at 300 dots per inch is
 * 2550 × 3300, so a logo needs far fewer; the limit stops a small file that decodes to gigabytes of pixels
 * (a decompression bomb) before sharp decodes it, and keeps the worst case (16-bit RGBA, interlaced, which
 * must be decoded whole: 8 bytes a pixel, 288 MB) under a file job's memory ceiling.
 */
export const MAX_ARTWORK_PIXELS = 6000 * 6000
export const ARTWORK_TOO_MANY_PIXELS_MESSAGE =
  'This image has too many pixels to process. Please upload an image of at most 6000 × 6000 pixels (a logo needs far fewer), or a PDF of your logo.'

/** The longest side of a thumbnail, in pixels. */
const THUMBNAIL_MAX_PX = 320

/** Two shapes (width/height) differ "very much" when one is more than this many times the other. */
const ASPECT_MISMATCH_RATIO = 1.5

const POINTS_PER_INCH = 72
/** How much of a text file is read to find its root element. */
const TEXT_SNIFF_BYTES = 64 * 1024

// ---------------------------------------------------------------- inspect

/**
 * Decides the type by content (never the name): PNG, JPEG or PDF. Refuses with an ArtworkRejectedError:
 * too large (checked first, before any decoding) → ARTWORK_TOO_LARGE_MESSAGE; SVG → ARTWORK_SVG_MESSAGE;
 * anything else, images sharp cannot read the size of, and image polyglots (markup inside, data after a
 * PNG's end: the media upload rules) → ARTWORK_TYPE_MESSAGE; images over MAX_ARTWORK_PIXELS →
 * ARTWORK_TOO_MANY_PIXELS_MESSAGE; PDFs pdf-lib cannot load, encrypted, or without pages →
 * ARTWORK_PDF_UNREADABLE_MESSAGE.
 */
export async function inspectArtwork(bytes: Uint8Array): Promise<InspectedArtwork> {
  if (bytes.byteLength > MAX_ARTWORK_BYTES) throw new ArtworkRejectedError(ARTWORK_TOO_LARGE_MESSAGE)
  if (bytes.byteLength === 0) throw new ArtworkRejectedError(ARTWORK_TYPE_MESSAGE)

  const detected = await fileTypeFromBuffer(bytes)
  if (detected?.mime === 'application/pdf') return inspectPdf(bytes)
  if (detected?.mime === 'image/png' || detected?.mime === 'image/jpeg') return inspectImage(bytes)
  // SVG is text: file-type knows at most its XML prolog, and may take a UTF-16 byte order mark for audio.
  if (isSvg(bytes)) throw new ArtworkRejectedError(ARTWORK_SVG_MESSAGE)
  throw new ArtworkRejectedError(ARTWORK_TYPE_MESSAGE)
}

async function inspectImage(bytes: Uint8Array): Promise<InspectedArtwork> {
  // The media upload rules: PNG or JPEG by magic bytes, and no markup riding along.
  const image = await detectImage(bytes)
  if (image?.mime !== 'image/png' && image?.mime !== 'image/jpeg')
    throw new ArtworkRejectedError(ARTWORK_TYPE_MESSAGE)

  // The header only (no pixels are decoded), so the pixel limit can be checked here with its own message.
  const metadata = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw new ArtworkRejectedError(ARTWORK_TYPE_MESSAGE)
    })
  const expectedFormat = image.mime === 'image/png' ? 'png' : 'jpeg'
  const { width, height } = metadata.autoOrient ?? metadata
  if (metadata.format !== expectedFormat || !(width > 0) || !(height > 0))
    throw new ArtworkRejectedError(ARTWORK_TYPE_MESSAGE)
  if (width * height > MAX_ARTWORK_PIXELS) throw new ArtworkRejectedError(ARTWORK_TOO_MANY_PIXELS_MESSAGE)

  return image.mime === 'image/png'
    ? { kind: 'image', mime: 'image/png', ext: 'png', widthPx: width, heightPx: height }
    : { kind: 'image', mime: 'image/jpeg', ext: 'jpg', widthPx: width, heightPx: height }
}

async function inspectPdf(bytes: Uint8Array): Promise<InspectedArtwork> {
  return (await openPdf(bytes)).inspected
}

type OpenedPdf = { inspected: InspectedArtwork & { kind: 'pdf' }; doc: PDFDocument }

/** Opens a PDF within the limits of pdf-safety.ts and measures its first page. */
async function openPdf(bytes: Uint8Array): Promise<OpenedPdf> {
  let loaded: Awaited<ReturnType<typeof loadBoundedPdf>>
  try {
    loaded = await loadBoundedPdf(bytes)
  } catch (error) {
    if (!(error instanceof UnsafePdfError)) throw new ArtworkRejectedError(ARTWORK_PDF_UNREADABLE_MESSAGE)
    if (error.reason === 'too_many_pages') throw new ArtworkRejectedError(ARTWORK_PDF_TOO_MANY_PAGES_MESSAGE)
    if (error.reason === 'decoded_size' || error.reason === 'page_tree')
      throw new ArtworkRejectedError(ARTWORK_TOO_COMPLEX_MESSAGE)
    throw new ArtworkRejectedError(ARTWORK_PDF_UNREADABLE_MESSAGE)
  }
  try {
    const { doc, pageCount } = loaded
    const page = doc.getPage(0)
    const size = visibleSize(page.getMediaBox(), page.getCropBox())
    const angle = ((Math.round(page.getRotation().angle) % 360) + 360) % 360
    const [widthPt, heightPt] =
      angle === 90 || angle === 270 ? [size.height, size.width] : [size.width, size.height]
    const pageWidthInches = round2(widthPt / POINTS_PER_INCH)
    const pageHeightInches = round2(heightPt / POINTS_PER_INCH)
    if (!(pageWidthInches > 0) || !(pageHeightInches > 0)) throw new Error('empty page')
    return {
      doc,
      inspected: {
        kind: 'pdf',
        mime: 'application/pdf',
        ext: 'pdf',
        pageCount,
        pageWidthInches,
        pageHeightInches,
      },
    }
  } catch {
    throw new ArtworkRejectedError(ARTWORK_PDF_UNREADABLE_MESSAGE)
  }
}

type Rect = { x: number; y: number; width: number; height: number }

/** The page's visible size in points: its CropBox clipped to its MediaBox (the MediaBox if no CropBox). */
function visibleSize(mediaBox: Rect, cropBox: Rect): { width: number; height: number } {
  const media = normalise(mediaBox)
  const crop = normalise(cropBox)
  const width = Math.min(media.x1, crop.x1) - Math.max(media.x0, crop.x0)
  const height = Math.min(media.y1, crop.y1) - Math.max(media.y0, crop.y0)
  // A CropBox outside the MediaBox is broken: fall back to the MediaBox, as viewers do.
  if (!(width > 0) || !(height > 0)) return { width: media.x1 - media.x0, height: media.y1 - media.y0 }
  return { width, height }
}

/** PDF rectangles may name any two opposite corners. */
function normalise(r: Rect) {
  return {
    x0: Math.min(r.x, r.x + r.width),
    x1: Math.max(r.x, r.x + r.width),
    y0: Math.min(r.y, r.y + r.height),
    y1: Math.max(r.y, r.y + r.height),
  }
}

/**
 * True when a text file's root element is <svg> (also `<svg:svg>`), after any byte order mark, XML
 * prolog, comments, processing instructions, DOCTYPE and white space. UTF-16 files are read as such.
 */
function isSvg(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, TEXT_SNIFF_BYTES)
  let text: string
  if (head[0] === 0xff && head[1] === 0xfe) text = new TextDecoder('utf-16le').decode(head)
  else if (head[0] === 0xfe && head[1] === 0xff) text = new TextDecoder('utf-16be').decode(head)
  else text = new TextDecoder('utf-8').decode(head)
  return rootElementIsSvg(text)
}

/** A linear scan (no backtracking regular expression over untrusted text). */
function rootElementIsSvg(text: string): boolean {
  let pos = text.charCodeAt(0) === 0xfeff ? 1 : 0
  for (;;) {
    while (pos < text.length && /\s/.test(text.charAt(pos))) pos++
    if (text.startsWith('<?', pos)) pos = after(text, '?>', pos + 2)
    else if (text.startsWith('<!--', pos)) pos = after(text, '-->', pos + 4)
    else if (text.slice(pos, pos + 9).toUpperCase() === '<!DOCTYPE') pos = afterDoctype(text, pos + 9)
    else break
    if (pos < 0) return false
  }
  return /^<(?:[A-Za-z_][\w.-]*:)?svg[\s>/]/i.test(text.slice(pos, pos + 200))
}

function after(text: string, end: string, from: number): number {
  const at = text.indexOf(end, from)
  return at < 0 ? -1 : at + end.length
}

/** The end of a DOCTYPE, whose internal subset ([...]) may hold '>'. */
function afterDoctype(text: string, from: number): number {
  let inSubset = false
  for (let i = from; i < text.length; i++) {
    const c = text.charAt(i)
    if (c === '[') inSubset = true
    else if (c === ']') inSubset = false
    else if (c === '>' && !inSubset) return i + 1
  }
  return -1
}

// ---------------------------------------------------------------- print check

/**
 * The print check of a file for a line's printed size at `dpi`. Pure. The file is fitted (contain) into
 * the space: an image prints at its pixels divided by the inches it fills along its limiting side; a
 * PDF (vector) prints sharp at any size, so it has no resolution figure. 'warning' when an image prints
 * below `dpi`, or when the file's shape is very different from the space's (more than 1.5 times).
 */
export function checkPrint(file: InspectedArtwork, printSize: PrintSize, dpi: number): PrintCheck {
  const { widthInches, heightInches } = printSize
  const minWidthPx = ceilTolerant(widthInches * dpi)
  const minHeightPx = ceilTolerant(heightInches * dpi)
  const slotAspect = widthInches / heightInches
  const fileAspect =
    file.kind === 'image' ? file.widthPx / file.heightPx : file.pageWidthInches / file.pageHeightInches
  const aspectMismatch =
    Math.max(fileAspect, slotAspect) / Math.min(fileAspect, slotAspect) > ASPECT_MISMATCH_RATIO
  const space = `${formatInches(widthInches)} × ${formatInches(heightInches)} in`

  const base = {
    printSize: { widthInches, heightInches },
    requiredDpi: dpi,
    minWidthPx,
    minHeightPx,
    fileAspect,
    slotAspect,
    aspectMismatch,
  }
  const aspectAdvice = aspectMismatch ? [aspectMessage(fileAspect, slotAspect)] : []

  if (file.kind === 'pdf') {
    const page = `${formatInches(file.pageWidthInches)} × ${formatInches(file.pageHeightInches)} in`
    const summary =
      file.pageCount === 1
        ? `Your PDF opens and has 1 page of ${page}; it will be scaled to fit the ${space} space.`
        : `Your PDF opens and has ${file.pageCount} pages; its first page, ${page}, will be scaled to fit the ${space} space.`
    return {
      ...base,
      level: aspectMismatch ? 'warning' : 'ok',
      widthPx: null,
      heightPx: null,
      effectiveDpi: null,
      pageWidthInches: file.pageWidthInches,
      pageHeightInches: file.pageHeightInches,
      pageCount: file.pageCount,
      messages: [summary, ...(file.pageCount > 1 ? ['Only the first page is used.'] : []), ...aspectAdvice],
    }
  }

  // Contain: the scale (inches per pixel) that fits both sides; the limiting side fills the space.
  const inchesPerPixel = Math.min(widthInches / file.widthPx, heightInches / file.heightPx)
  const effectiveDpi = floorTolerant(1 / inchesPerPixel)
  const printedWidth = round2(file.widthPx * inchesPerPixel)
  const printedHeight = round2(file.heightPx * inchesPerPixel)
  const fillsSpace = printedWidth === round2(widthInches) && printedHeight === round2(heightInches)
  const printed = fillsSpace
    ? space
    : `${formatInches(printedWidth)} × ${formatInches(printedHeight)} in (fitted into the ${space} space)`
  const pixels = `${file.widthPx} × ${file.heightPx} pixels`
  const sharpEnough = effectiveDpi >= dpi

  const resolution = sharpEnough
    ? [`Your image is ${pixels}: at ${printed} it prints at ${effectiveDpi} dots per inch, which is sharp.`]
    : [
        `Your image is ${pixels}. Printed at ${printed}, that is ${effectiveDpi} dots per inch, so it will look blurry and jagged in print.`,
        `For a sharp print, upload an image of at least ${minWidthPx} × ${minHeightPx} pixels (${dpi} DPI), or a PDF of your logo.`,
      ]
  return {
    ...base,
    level: sharpEnough && !aspectMismatch ? 'ok' : 'warning',
    widthPx: file.widthPx,
    heightPx: file.heightPx,
    effectiveDpi,
    pageWidthInches: null,
    pageHeightInches: null,
    pageCount: null,
    messages: [...resolution, ...aspectAdvice],
  }
}

/**
 * What is wrong with a file checkPrint warns about, in its own words: the resolution's summary and advice
 * (an image that prints below the dpi asked for: the first two messages) and the shape's advice (always the
 * last message). Empty for a file that prints well. The artwork reminders name these to the buyer.
 */
export function printWarnings(check: PrintCheck): string[] {
  if (check.level !== 'warning') return []
  const blurry = check.effectiveDpi !== null && check.effectiveDpi < check.requiredDpi
  return [
    ...(blurry ? check.messages.slice(0, 2) : []),
    ...(check.aspectMismatch ? check.messages.slice(-1) : []),
  ]
}

function aspectMessage(fileAspect: number, slotAspect: number): string {
  const wider = fileAspect > slotAspect
  const square = Math.abs(slotAspect - 1) < 0.005
  const slotShape = square ? '1 : 1' : formatRatio(slotAspect, false)
  return (
    `Your file is much ${wider ? 'wider' : 'taller'} than the space (${formatRatio(fileAspect, true)} against ${slotShape}). ` +
    `It will be shrunk to fit, with empty space ${wider ? 'above and below' : 'on the left and right'}. ` +
    `A logo closer to ${square ? 'square' : slotShape} fits best.`
  )
}

/** "4.0 : 1" / "1 : 2.5" (fixed one decimal), or "1.5 : 1" / "2 : 1" (trimmed) for the space. */
function formatRatio(aspect: number, fixed: boolean): string {
  const n = aspect >= 1 ? aspect : 1 / aspect
  const text = fixed ? n.toFixed(1) : String(Number(n.toFixed(1)))
  return aspect >= 1 ? `${text} : 1` : `1 : ${text}`
}

/** Inches without trailing zeros: 0.75, 1, 8.5. */
function formatInches(inches: number): string {
  return String(Number(inches.toFixed(3)))
}

function round2(n: number): number {
  return Math.round(n * 100) / 100
}

/** Floating point (0.3 × 300 = 90.00000000000001) must not cost or gain a pixel. */
function ceilTolerant(n: number): number {
  return Math.ceil(n - 1e-9)
}

function floorTolerant(n: number): number {
  return Math.floor(n + 1e-9)
}

// ---------------------------------------------------------------- prepare for storage

export type PreparedArtwork = {
  inspected: InspectedArtwork
  /** What is stored and handed to the owner: see prepareArtwork. */
  stored: Uint8Array
  /** A PNG preview for images; null for PDFs. */
  thumbnail: Uint8Array | null
}

/**
 * Everything an upload needs, from untrusted bytes: the inspection, the file to store and the preview.
 * Runs in a file-job child process (artwork-file-jobs.ts), never on the server's thread.
 * - An image is decoded whole (making the preview) and refused when it cannot be read to its end
 *   (a truncated file), so it is never described as fine; a JPEG is stored without bytes after its end.
 * - A PDF is stored re-written as its first page alone, without scripts, actions, forms, annotations
 *   or attached files (pdf-safety.ts).
 */
export async function prepareArtwork(bytes: Uint8Array): Promise<PreparedArtwork> {
  if (bytes.byteLength > MAX_ARTWORK_BYTES) throw new ArtworkRejectedError(ARTWORK_TOO_LARGE_MESSAGE)
  const detected = bytes.byteLength > 0 ? await fileTypeFromBuffer(bytes) : undefined
  if (detected?.mime === 'application/pdf') {
    const { inspected, doc } = await openPdf(bytes)
    let stored: Uint8Array
    try {
      stored = await rewriteFirstPage(doc)
    } catch {
      throw new ArtworkRejectedError(ARTWORK_PDF_UNREADABLE_MESSAGE)
    }
    return { inspected, stored, thumbnail: null }
  }
  const inspected = await inspectArtwork(bytes)
  if (inspected.kind !== 'image') throw new ArtworkRejectedError(ARTWORK_TYPE_MESSAGE)
  let stored = bytes
  if (inspected.mime === 'image/jpeg') {
    const end = jpegEnd(bytes)
    if (end === null) throw new ArtworkRejectedError(ARTWORK_DAMAGED_MESSAGE)
    stored = bytes.subarray(0, end)
  }
  return { inspected, stored, thumbnail: await makeThumbnail(stored) }
}

/**
 * A PNG preview at most THUMBNAIL_MAX_PX on its longest side, upright (EXIF orientation applied), never
 * enlarged, without metadata. Decoding the whole image is also the check that it can be read to its end:
 * a truncated or corrupt image is refused with ARTWORK_DAMAGED_MESSAGE.
 */
export async function makeThumbnail(bytes: Uint8Array): Promise<Uint8Array> {
  try {
    return await sharp(bytes, { limitInputPixels: MAX_ARTWORK_PIXELS, failOn: 'truncated' })
      .autoOrient()
      .resize({ width: THUMBNAIL_MAX_PX, height: THUMBNAIL_MAX_PX, fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer()
  } catch {
    throw new ArtworkRejectedError(ARTWORK_DAMAGED_MESSAGE)
  }
}

/**
 * Where a JPEG ends: the byte after its end-of-image marker, found by walking its segments and the
 * entropy-coded data after each start-of-scan (where 0xFF is followed by a stuffed 0x00 or a restart
 * marker). null when the file never reaches its end marker.
 */
export function jpegEnd(b: Uint8Array): number | null {
  if (b[0] !== 0xff || b[1] !== 0xd8) return null
  let i = 2
  while (i + 1 < b.length) {
    if (b[i] !== 0xff) return null
    const marker = b[i + 1] as number
    if (marker === 0xff) {
      i++ // fill byte
      continue
    }
    if (marker === 0xd9) return i + 2
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      i += 2
      continue
    }
    if (i + 3 >= b.length) return null
    const length = ((b[i + 2] as number) << 8) | (b[i + 3] as number)
    if (length < 2) return null
    i += 2 + length
    if (marker !== 0xda) continue
    // Entropy-coded data runs to the next marker that is neither a stuffed byte nor a restart.
    while (i + 1 < b.length) {
      if (b[i] !== 0xff) {
        i++
        continue
      }
      const next = b[i + 1] as number
      if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) i += 2
      else if (next === 0xff) i++
      else break
    }
  }
  return null
}
