import { Readable } from 'node:stream'
import { ZipFile } from 'yazl'
import { csvRow } from '#server/lib/csv.ts'

/**
 * Every original artwork file of a mailing as one ZIP, for the printer and the map designer, with a
 * manifest.csv listing every sold line. Pure: each file's bytes come from its `load()`, called only when
 * the archive reaches that file.
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

/** The manifest's name, at the archive's root; no artwork file is given it. */
export const MANIFEST_NAME = 'manifest.csv'

/**
 * The names made unique within the archive: a repeat gets '-2', '-3' before its extension. Compared
 * without case, so unpacking on a case-insensitive file system (macOS, Windows) overwrites nothing.
 * `reserved` names (the manifest's) are never given to a file.
 */
function uniqueNames(names: string[], reserved: string[] = []): string[] {
  const taken = new Set(reserved.map((name) => name.toLowerCase()))
  return names.map((name) => {
    const dot = name.lastIndexOf('.')
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, '']
    let candidate = name
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem}-${n}${ext}`
    taken.add(candidate.toLowerCase())
    return candidate
  })
}

/** Each source's name in the archive, in order, as artworkZipStream stores it. */
export function artworkZipNames(sources: Pick<ZipSource, 'date' | 'iconName' | 'businessName' | 'ext'>[]) {
  return uniqueNames(sources.map(artworkZipName), [MANIFEST_NAME])
}

/** One sold line of the mailing in the manifest, with or without a file. */
export type ManifestLine = {
  date: string | null
  iconName: string | null
  businessName: string
  email: string
  /** The file's name in the archive; null when the line has no artwork. */
  fileName: string | null
  /** 'Missing', 'Received', 'Approved' or 'Changes requested'. */
  state: string
  /** What the print check warns about, or 'OK'; null when the line has no artwork. */
  printCheck: string | null
}

export const MANIFEST_HEADER = ['Date', 'Icon', 'Business', 'E-mail', 'File name', 'State', 'Print check']

/**
 * manifest.csv: a header and one row per sold line, so the printer can match each file to its space and
 * see which lines have none. Cells are quoted (RFC 4180) and guarded against spreadsheet formulas (csvCell);
 * lines end in CRLF.
 */
export function artworkManifestCsv(lines: ManifestLine[]): string {
  const rows = lines.map((l) =>
    csvRow([l.date, l.date ? null : l.iconName, l.businessName, l.email, l.fileName, l.state, l.printCheck]),
  )
  return `${[csvRow(MANIFEST_HEADER), ...rows].join('\r\n')}\r\n`
}

/**
 * The ZIP of `sources`, streamed: yazl asks for each file only when the archive reaches it and the reader
 * has taken what came before (backpressure), so about one file is held in memory at a time, however many
 * there are. The `manifest`, when given, comes first as manifest.csv. An empty list and no manifest gives a
 * valid empty ZIP.
 *
 * If a `load()` fails, the stream errors part-way. The response's headers (200, application/zip) have
 * been sent by then, so the download breaks off and the client sees an incomplete archive, not an error
 * page; loading every file up front to avoid that would hold the whole mailing's artwork in memory.
 */
export function artworkZipStream(sources: ZipSource[], manifest?: string): ReadableStream<Uint8Array> {
  const zip = new ZipFile()
  const names = artworkZipNames(sources)
  const output = zip.outputStream as Readable
  zip.on('error', (error: Error) => output.destroy(error))
  if (manifest !== undefined) zip.addBuffer(Buffer.from(manifest, 'utf8'), MANIFEST_NAME)
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
