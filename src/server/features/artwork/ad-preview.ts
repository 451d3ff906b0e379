import { createRequire } from 'node:module'
import QRCode from 'qrcode'
import sharp from 'sharp'
import type { PrintSize } from '#shared/artwork.ts'
import { MAX_ARTWORK_PIXELS } from './artwork-file.ts'

/**
 * One line of the card as printed, as a PNG at PREVIEW_DPI, for the advertiser to check before print
 * (the /account page). A day: its number, the business name and the QR code of its short link in a band
 * across the top, the artwork at the day square's printed size below. An icon: the artwork in its printed
 * square, the business name as its caption. Runs in a file-job child process (artwork-file-jobs.ts): it
 * decodes the stored, untrusted artwork.
 */
export const PREVIEW_DPI = 150

export type AdPreviewArtwork = {
  contentType: 'image/png' | 'image/jpeg' | 'application/pdf'
  load: () => Promise<Uint8Array>
}

export type AdPreviewInput = {
  kind: 'day' | 'icon'
  /** The day's number ("5"); null for an icon. */
  dayNumber: string | null
  businessName: string
  /** The artwork's printed size: the day square, or the icon's size. */
  artworkSize: PrintSize
  /** The QR code's printed side (without its quiet zone), in inches. */
  qrSizeInches: number
  /** The line's short link, what its QR code holds; a day's only. */
  shortUrl: string | null
  artwork: AdPreviewArtwork | null
  /** What stands in the artwork's place when there is none ("Artwork missing"). */
  missingText: string
}

const INK = '#111111'
const MUTED = '#6b6b6b'
const RULE = '#b8b8b8'
const QUIET_ZONE_MODULES = 4
/** A PDF's page cannot be drawn here (no PDF renderer in this image library): it is named instead. */
export const PDF_ARTWORK_TEXT = 'PDF artwork (printed as uploaded)'

const px = (inches: number) => Math.max(1, Math.round(inches * PREVIEW_DPI))

const fontRequire = createRequire(import.meta.url)
function fontFile(weight: 400 | 700): string | undefined {
  try {
    return fontRequire.resolve(`@fontsource/noto-sans/files/noto-sans-latin-${weight}-normal.woff`)
  } catch {
    return undefined
  }
}

/** Pango markup is the text input's language: the business name is escaped as text. */
function escapeMarkup(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

type Placed = { input: Buffer; left: number; top: number }

/**
 * `text` set in Noto Sans at `points`, wrapped to `width` px; cut to `maxHeight` px (a long name is
 * shrunk to fit rather than running into what is below it).
 */
async function textImage(
  text: string,
  options: {
    points: number
    bold?: boolean
    width: number
    maxHeight: number
    color?: string
    center?: boolean
  },
): Promise<{ input: Buffer; width: number; height: number }> {
  const file = fontFile(options.bold ? 700 : 400)
  const markup = `<span foreground="${options.color ?? INK}">${escapeMarkup(text)}</span>`
  const base = {
    text: markup,
    font: `Noto Sans ${options.bold ? 'Bold ' : ''}${options.points}`,
    ...(file ? { fontfile: file } : {}),
    width: options.width,
    rgba: true,
    wrap: 'word-char' as const,
    align: options.center ? ('centre' as const) : ('left' as const),
  }
  let rendered = await sharp({ text: { ...base, dpi: PREVIEW_DPI } })
    .png()
    .toBuffer({ resolveWithObject: true })
  if (rendered.info.height > options.maxHeight)
    rendered = await sharp({ text: { ...base, height: options.maxHeight } })
      .png()
      .toBuffer({ resolveWithObject: true })
  return { input: rendered.data, width: rendered.info.width, height: rendered.info.height }
}

/** The QR code of `url` with its quiet zone: the symbol is `sizeInches` a side. */
async function qrImage(url: string, sizeInches: number): Promise<Buffer> {
  const modules = QRCode.create(url, { errorCorrectionLevel: 'M' }).modules.size
  const outer = Math.round((px(sizeInches) * (modules + 2 * QUIET_ZONE_MODULES)) / modules)
  return QRCode.toBuffer(url, {
    errorCorrectionLevel: 'M',
    margin: QUIET_ZONE_MODULES,
    width: outer,
    color: { dark: '#000000ff', light: '#ffffffff' },
  })
}

function qrOuterPx(url: string, sizeInches: number): number {
  const modules = QRCode.create(url, { errorCorrectionLevel: 'M' }).modules.size
  return Math.round((px(sizeInches) * (modules + 2 * QUIET_ZONE_MODULES)) / modules)
}

/** The artwork contained in a `width` × `height` box (centred), or a notice in its place. */
async function artworkImage(
  input: AdPreviewInput,
  width: number,
  height: number,
): Promise<{ input: Buffer; width: number; height: number }> {
  const art = input.artwork
  if (art && art.contentType !== 'application/pdf') {
    try {
      const data = await sharp(await art.load(), { limitInputPixels: MAX_ARTWORK_PIXELS })
        .autoOrient()
        .resize({ width, height, fit: 'contain', background: '#ffffff' })
        .flatten({ background: '#ffffff' })
        .png()
        .toBuffer()
      return { input: data, width, height }
    } catch {
      // An unreadable file shows as missing: the card could not print it either.
    }
  }
  const notice = art ? PDF_ARTWORK_TEXT : input.missingText
  const text = await textImage(notice, {
    points: 6,
    width: Math.max(8, width - 8),
    maxHeight: height,
    color: MUTED,
    center: true,
  })
  const frame = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect x="0.5" y="0.5" width="${width - 1}" height="${height - 1}" fill="#f4f4f4" stroke="${RULE}" stroke-dasharray="3 2"/></svg>`,
  )
  const data = await sharp(frame)
    .composite([
      {
        input: text.input,
        left: Math.max(0, Math.round((width - text.width) / 2)),
        top: Math.max(0, Math.round((height - text.height) / 2)),
      },
    ])
    .png()
    .toBuffer()
  return { input: data, width, height }
}

function canvas(width: number, height: number) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect x="0.5" y="0.5" width="${width - 1}" height="${height - 1}" fill="#ffffff" stroke="${RULE}"/></svg>`
  return sharp(Buffer.from(svg))
}

async function dayPreview(input: AdPreviewInput): Promise<Uint8Array> {
  const pad = px(0.06)
  const art = { width: px(input.artworkSize.widthInches), height: px(input.artworkSize.heightInches) }
  const qrOuter = input.shortUrl ? qrOuterPx(input.shortUrl, input.qrSizeInches) : 0
  const textWidth = Math.max(px(0.5), art.width - qrOuter)
  const inner = Math.max(art.width, textWidth + qrOuter)
  const band = Math.max(qrOuter, px(0.45))
  const width = inner + 2 * pad
  const height = pad + band + pad + art.height + pad
  const placed: Placed[] = []
  const number = await textImage(input.dayNumber ?? '', {
    points: 10,
    bold: true,
    width: textWidth,
    maxHeight: Math.round(band / 2),
  })
  placed.push({ input: number.input, left: pad, top: pad })
  const name = await textImage(input.businessName, {
    points: 6,
    width: textWidth - 2,
    maxHeight: Math.max(4, band - number.height - 2),
  })
  placed.push({ input: name.input, left: pad, top: pad + number.height + 2 })
  if (input.shortUrl)
    placed.push({
      input: await qrImage(input.shortUrl, input.qrSizeInches),
      left: pad + inner - qrOuter,
      top: pad,
    })
  const artwork = await artworkImage(input, art.width, art.height)
  placed.push({
    input: artwork.input,
    left: pad + Math.round((inner - art.width) / 2),
    top: pad + band + pad,
  })
  return canvas(width, height).composite(placed).png().toBuffer()
}

async function iconPreview(input: AdPreviewInput): Promise<Uint8Array> {
  const pad = px(0.06)
  const art = { width: px(input.artworkSize.widthInches), height: px(input.artworkSize.heightInches) }
  const inner = Math.max(art.width, px(1))
  const caption = await textImage(input.businessName, {
    points: 6,
    width: inner,
    maxHeight: px(0.3),
    center: true,
  })
  const width = inner + 2 * pad
  const height = pad + art.height + pad + caption.height + pad
  const artwork = await artworkImage(input, art.width, art.height)
  return canvas(width, height)
    .composite([
      { input: artwork.input, left: pad + Math.round((inner - art.width) / 2), top: pad },
      {
        input: caption.input,
        left: pad + Math.max(0, Math.round((inner - caption.width) / 2)),
        top: pad + art.height + pad,
      },
    ])
    .png()
    .toBuffer()
}

export async function renderAdPreview(input: AdPreviewInput): Promise<Uint8Array> {
  return input.kind === 'day' ? dayPreview(input) : iconPreview(input)
}
