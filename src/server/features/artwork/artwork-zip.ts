import { Readable } from 'node:stream'
import { ZipFile } from 'yazl'

/**
 * Every original artwork file of a mailing as one ZIP, for the printer and the map designer.
 * Pure: each file's bytes come from its `load()`, called only when the archive reaches that file.
 */

export type ZipSource = {
  /** The calendar day (YYYY-MM-DD) the file is for, or null for a map icon. */
  date: string | null
  iconName: string | null
  businessName: string
  /** The file's extension without the dot ('png', 'jpg', 'pdf'). */
  ext: string
  load: () => Promise<Uint8Array>
}

const MAX_BUSINESS_CHARS = 60
/** Formats that are compressed already: deflating them again costs time and saves nothing. */
const STORED_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'pdf', 'gif', 'webp', 'zip'])

/** A name part safe on every file system: letters, digits, '-', '_' and '.', accents dropped, no leading dots. */
function safePart(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/['’`"]/g, '')
    .replace(/[^A-Za-z0-9_.-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
}

/** 'PNG' or '.png' → 'png'; 'bin' when nothing is left. */
function safeExt(ext: string): string {
  return ext.toLowerCase().replace(/[^a-z0-9]/g, '') || 'bin'
}

/**
 * The file's name in the archive, '{date or icon}-{business}.{ext}': '2027-01-05-Bobs-Hardware.png',
 * 'icon-Premium-Icon-Bobs-Hardware.pdf'. So the printer can tell whose file is for which space at a glance.
 */
export function artworkZipName(
  source: Pick<ZipSource, 'date' | 'iconName' | 'businessName' | 'ext'>,
): string {
  const what = source.date
    ? safePart(source.date)
    : source.iconName
      ? `icon-${safePart(source.iconName) || 'map'}`
      : 'artwork'
  const business =
    safePart(source.businessName)
      .slice(0, MAX_BUSINESS_CHARS)
      .replace(/[-.]+$/, '') || 'business'
  return `${what || 'artwork'}-${business}.${safeExt(source.ext)}`
}

/**
 * The names made unique within the archive: a repeat gets '-2', '-3' before its extension. Compared
 * without case, so unpacking on a case-insensitive file system (macOS, Windows) overwrites nothing.
 */
function uniqueNames(names: string[]): string[] {
  const taken = new Set<string>()
  return names.map((name) => {
    const dot = name.lastIndexOf('.')
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, '']
    let candidate = name
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem}-${n}${ext}`
    taken.add(candidate.toLowerCase())
    return candidate
  })
}

/**
 * The ZIP of `sources`, streamed: yazl asks for each file only when the archive reaches it and the reader
 * has taken what came before (backpressure), so about one file is held in memory at a time, however many
 * there are. An empty list gives a valid empty ZIP.
 *
 * If a `load()` fails, the stream errors part-way. The response's headers (200, application/zip) have
 * been sent by then, so the download breaks off and the client sees an incomplete archive, not an error
 * page; loading every file up front to avoid that would hold the whole mailing's artwork in memory.
 */
export function artworkZipStream(sources: ZipSource[]): ReadableStream<Uint8Array> {
  const zip = new ZipFile()
  const names = uniqueNames(sources.map(artworkZipName))
  const output = zip.outputStream as Readable
  zip.on('error', (error: Error) => output.destroy(error))
  sources.forEach((source, index) => {
    const options = { compress: !STORED_EXTENSIONS.has(safeExt(source.ext)) }
    zip.addReadStreamLazy(names[index] ?? artworkZipName(source), options, (callback) => {
      source.load().then(
        (bytes) =>
          callback(null, Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)])),
        // yazl emits the error (destroying the output above) and never reads this placeholder stream.
        (error: unknown) => callback(error ?? new Error('artwork load failed'), Readable.from([])),
      )
    })
  })
  zip.end()
  return Readable.toWeb(output) as ReadableStream<Uint8Array>
}
