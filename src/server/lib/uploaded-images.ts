import { fileTypeFromBuffer } from 'file-type'

// What an uploaded image is, judged by its bytes, and the name it is stored under: the media library's
// and the artwork uploads' images alike.

/** Raster formats a browser shows as an <img> and never runs. SVG (scriptable) is not among them. */
const ALLOWED_IMAGES: Record<string, string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/webp': ['webp'],
  'image/gif': ['gif'],
  'image/avif': ['avif'],
}

type DetectedImage = { mime: string; ext: string }

/**
 * Markup a browser or a server could run if the file were ever served as something other than an image.
 * Image metadata (XMP is XML: `<?xpacket`, `<x:xmpmeta`, `<rdf:RDF`) does not match.
 */
const MARKUP_PATTERN = /<(?:script|html|body|head|svg|iframe|object|embed|!doctype|\?php)[\s>/]/i

/** A PNG must end with its IEND chunk; bytes after it are a payload riding on a valid image. */
function pngHasTrailingData(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let offset = 8
  while (offset + 12 <= bytes.byteLength) {
    const length = view.getUint32(offset)
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8))
    offset += 12 + length
    if (type === 'IEND') return offset !== bytes.byteLength
  }
  return true
}

/**
 * The image type by the file's content (magic bytes), never by its name or the browser's MIME type.
 * undefined for anything that is not one of the allowed raster formats, and for polyglots we can
 * recognise: an image carrying HTML/script markup anywhere in its bytes (e.g. a GIF header followed by
 * HTML), or a PNG with data after its end. A polyglot that hides its payload inside compressed pixel
 * data is not detected here; it is harmless because media are always served with the detected image
 * type and `X-Content-Type-Options: nosniff`.
 */
export async function detectImage(bytes: Uint8Array): Promise<DetectedImage | undefined> {
  const detected = await fileTypeFromBuffer(bytes)
  if (!detected || !ALLOWED_IMAGES[detected.mime]) return undefined
  if (MARKUP_PATTERN.test(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1')))
    return undefined
  if (detected.mime === 'image/png' && pngHasTrailingData(bytes)) return undefined
  return { mime: detected.mime, ext: detected.ext }
}

/**
 * The file part of a storage path (spaces become hyphens). Only the last segment of
 * the name is kept and characters that cannot sit in one path segment are dropped.
 */
export function storageFileName(originalName: string): string {
  const base = originalName.split(/[/\\]/).pop() ?? ''
  const cleaned = base
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is dropped
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .replace(/\s/g, '-')
    .replace(/^\.+/, '')
    .slice(-200)
  return cleaned || 'image'
}

/**
 * The stored file name: the original's last segment with spaces as hyphens, reduced to
 * letters, digits, '.', '_' and '-', and with an extension that matches the detected type.
 */
export function uploadFileName(originalName: string, image: DetectedImage): string {
  const safe = storageFileName(originalName)
    .replace(/[^A-Za-z0-9._-]/g, '-')
    .replace(/^[.-]+/, '')
  const dot = safe.lastIndexOf('.')
  const base = (dot > 0 ? safe.slice(0, dot) : safe).slice(0, 100) || 'image'
  const ext = dot > 0 ? safe.slice(dot + 1).toLowerCase() : ''
  const allowed = ALLOWED_IMAGES[image.mime] ?? [image.ext]
  return `${base}.${allowed.includes(ext) ? ext : image.ext}`
}
