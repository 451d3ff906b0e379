import { inflateSync, constants as zlib } from 'node:zlib'
import { PDFArray, PDFDocument, PDFName, PDFPageLeaf, PDFPageTree, PDFRef } from '@cantoo/pdf-lib'

/**
 * Loading an untrusted PDF within bounds. A PDF is small on disk but may describe far more: compressed
 * streams that inflate to gigabytes (a "flate bomb"), or a page tree whose nodes name the same child
 * twice, so that 40 levels make 2^40 pages. Before pdf-lib sees the file, every stream it would decode
 * (object streams and page contents: everything but images, which are copied compressed) is inflated
 * here with a cap on the total; after loading, the page tree is walked with a cap on pages and depth.
 */

/** The most bytes a PDF's non-image streams may decode to, all together (a logo needs a few MB). */
const MAX_PDF_DECODED_BYTES = 64 * 1024 * 1024
/** A logo is one page; a file with more than this is not a logo. */
export const MAX_PDF_PAGES = 10
/** A page tree deeper than this is not one a real program writes. */
const MAX_PAGE_TREE_DEPTH = 16

/** Why a PDF was refused; the caller turns it into the buyer's message. */
export class UnsafePdfError extends Error {
  constructor(readonly reason: 'decoded_size' | 'too_many_pages' | 'page_tree' | 'unreadable') {
    super(`PDF refused: ${reason}`)
    this.name = 'UnsafePdfError'
  }
}

type LoadedPdf = { doc: PDFDocument; pageCount: number }

/** Loads a PDF when its streams and page tree are within the limits above; else an UnsafePdfError. */
export async function loadBoundedPdf(bytes: Uint8Array): Promise<LoadedPdf> {
  checkStreamSizes(bytes)
  let doc: PDFDocument
  try {
    // Encrypted PDFs make load throw (no ignoreEncryption): print workflows cannot use them.
    doc = await PDFDocument.load(bytes, { updateMetadata: false })
  } catch {
    throw new UnsafePdfError('unreadable')
  }
  return { doc, pageCount: countPages(doc) }
}

/**
 * Inflates every non-image stream with a cap on the total output; refuses past it. Streams are found by
 * their `stream` keyword (they never sit inside object streams); a stream that does not inflate cleanly is
 * left for pdf-lib to judge, since viewers accept many slightly broken files.
 */
export function checkStreamSizes(bytes: Uint8Array, maxDecoded = MAX_PDF_DECODED_BYTES): void {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1')
  const streamStart = /stream(?:\r\n|\n|\r)/g
  let remaining = maxDecoded
  let match: RegExpExecArray | null = streamStart.exec(text)
  while (match) {
    const dataStart = match.index + match[0].length
    const dataEnd = text.indexOf('endstream', dataStart)
    if (dataEnd < 0) break
    if (
      text
        .slice(Math.max(0, match.index - 32), match.index)
        .trimEnd()
        .endsWith('>>')
    ) {
      const dictStart = text.lastIndexOf(' obj', match.index)
      const dict = decodeNameEscapes(text.slice(Math.max(dictStart, 0), match.index))
      if (!/\/Subtype\s*\/Image\b/.test(dict)) {
        const filters = filterNames(dict)
        if (filters.some((f) => f === 'LZWDecode' || f === 'LZW')) throw new UnsafePdfError('decoded_size')
        let data: Buffer = Buffer.from(bytes.buffer, bytes.byteOffset + dataStart, dataEnd - dataStart)
        for (const filter of filters) {
          if (filter !== 'FlateDecode' && filter !== 'Fl') break
          data = inflateCapped(data, remaining)
        }
        remaining -= data.byteLength
        if (remaining < 0) throw new UnsafePdfError('decoded_size')
      }
    }
    streamStart.lastIndex = dataEnd + 'endstream'.length
    match = streamStart.exec(text)
  }
}

function inflateCapped(data: Buffer, cap: number): Buffer {
  try {
    return inflateSync(data, { maxOutputLength: Math.max(1, cap + 1), finishFlush: zlib.Z_SYNC_FLUSH })
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError)
      throw new UnsafePdfError('decoded_size')
    // Not valid zlib data: pdf-lib will decide whether the file opens.
    return Buffer.alloc(0)
  }
}

/** `/Fl#61teDecode` is `/FlateDecode`: names may escape any character as #xx. */
function decodeNameEscapes(dict: string): string {
  return dict.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
}

/** The names in a stream dictionary's /Filter (a name or an array of names), in order. */
function filterNames(dict: string): string[] {
  const at = dict.search(/\/Filter\b/)
  if (at < 0) return []
  const rest = dict.slice(at + '/Filter'.length).trimStart()
  const value = rest.startsWith('[')
    ? rest.slice(1, rest.indexOf(']') < 0 ? undefined : rest.indexOf(']'))
    : rest
  const names = value.match(/\/[A-Za-z0-9]+/g) ?? []
  return rest.startsWith('[') ? names.map((n) => n.slice(1)) : names.slice(0, 1).map((n) => n.slice(1))
}

/**
 * Counts the pages by walking the tree, never through pdf-lib's own walk (which follows a node named
 * twice as often as it is named). A node met twice, a tree deeper than MAX_PAGE_TREE_DEPTH or more than
 * MAX_PDF_PAGES pages is refused.
 */
function countPages(doc: PDFDocument): number {
  const seen = new Set<string>()
  let pages = 0
  const walk = (node: PDFPageTree, depth: number) => {
    if (depth > MAX_PAGE_TREE_DEPTH) throw new UnsafePdfError('page_tree')
    const kids = node.lookupMaybe(PDFName.of('Kids'), PDFArray)
    if (!kids) return
    for (let i = 0; i < kids.size(); i++) {
      const ref = kids.get(i)
      if (!(ref instanceof PDFRef)) throw new UnsafePdfError('page_tree')
      if (seen.has(ref.tag)) throw new UnsafePdfError('page_tree')
      seen.add(ref.tag)
      const kid = doc.context.lookup(ref)
      if (kid instanceof PDFPageTree) walk(kid, depth + 1)
      else if (kid instanceof PDFPageLeaf) {
        pages++
        if (pages > MAX_PDF_PAGES) throw new UnsafePdfError('too_many_pages')
      } else throw new UnsafePdfError('page_tree')
    }
  }
  let root: PDFPageTree
  try {
    root = doc.catalog.Pages()
  } catch {
    throw new UnsafePdfError('unreadable')
  }
  walk(root, 0)
  if (pages < 1) throw new UnsafePdfError('unreadable')
  return pages
}

/** A page's keys that make it act or lead elsewhere: annotations (links, attachments, form widgets), event
 * actions and article beads. */
const ACTIVE_PAGE_KEYS = ['Annots', 'AA', 'B']

/**
 * The first page alone, in a new file: what is stored and printed. The catalogue of the original (its
 * scripts, open actions, forms, attached files and outlines) does not come along; the page's annotations
 * (links, attachments, widgets) and event actions are dropped. A page without contents gets an empty
 * content stream, which is what it means, so every program can embed it.
 */
export async function rewriteFirstPage(source: PDFDocument): Promise<Uint8Array> {
  const out = await PDFDocument.create({ updateMetadata: false })
  // Dropped from the original before copying: the copy takes everything the page refers to.
  const first = source.getPage(0)
  for (const key of ACTIVE_PAGE_KEYS) first.node.delete(PDFName.of(key))
  const [page] = await out.copyPages(source, [0])
  if (!page) throw new UnsafePdfError('unreadable')
  if (!page.node.get(PDFName.of('Contents'))) {
    page.node.set(PDFName.of('Contents'), out.context.register(out.context.flateStream('')))
  }
  out.addPage(page)
  out.setProducer('Townflyer')
  out.setCreator('Townflyer')
  return out.save({ useObjectStreams: false })
}
