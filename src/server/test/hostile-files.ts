import { deflateRawSync, constants as zlib } from 'node:zlib'
import { PDFDict, type PDFDocument, PDFName } from '@cantoo/pdf-lib'

/**
 * Files an attacker would upload, made small in the test: a PDF page tree that names each node twice
 * (2^levels pages from a few KB) and zlib streams that inflate to gigabytes from a few MB.
 */

type PdfObject = string | { dict: string; stream: Uint8Array }

/** A PDF of these objects (numbered from 1) with a correct cross-reference table; object 1 is the root. */
function rawPdf(objects: PdfObject[]): Uint8Array {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')]
  let offset = parts[0]?.byteLength ?? 0
  const offsets: number[] = []
  objects.forEach((object, index) => {
    offsets.push(offset)
    const body =
      typeof object === 'string'
        ? Buffer.from(`${index + 1} 0 obj\n${object}\nendobj\n`, 'latin1')
        : Buffer.concat([
            Buffer.from(`${index + 1} 0 obj\n${object.dict}\nstream\n`, 'latin1'),
            Buffer.from(object.stream),
            Buffer.from('\nendstream\nendobj\n', 'latin1'),
          ])
    parts.push(body)
    offset += body.byteLength
  })
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R >>`,
    'startxref',
    String(offset),
    '%%EOF',
    '',
  ].join('\n')
  parts.push(Buffer.from(xref, 'latin1'))
  return new Uint8Array(Buffer.concat(parts))
}

/** A page tree of `levels` levels whose every node lists its one child twice: 2^levels pages. */
export function fanOutPdf(levels: number): Uint8Array {
  const objects: PdfObject[] = ['<< /Type /Catalog /Pages 2 0 R >>']
  for (let level = 0; level < levels; level++) {
    const self = level + 2
    const kid = self + 1
    const parent = level === 0 ? '' : `/Parent ${self - 1} 0 R `
    objects.push(`<< /Type /Pages ${parent}/Kids [${kid} 0 R ${kid} 0 R] /Count ${2 ** (levels - level)} >>`)
  }
  objects.push(`<< /Type /Page /Parent ${levels + 1} 0 R /MediaBox [0 0 612 792] >>`)
  return rawPdf(objects)
}

/**
 * A zlib stream that inflates to `decodedMb` MB of zeros, about 1 KB per MB: one raw deflate segment
 * ending in a full flush (so it depends on nothing before it) repeated, then an empty final block. The
 * checksum at the end is not the real one; a decoder stops on size long before it reads it.
 */
export function zlibBomb(decodedMb: number): Uint8Array {
  const segment = deflateRawSync(Buffer.alloc(1024 * 1024), { level: 9, finishFlush: zlib.Z_FULL_FLUSH })
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x78, 0xda]),
      ...Array.from({ length: decodedMb }, () => segment),
      Buffer.from([0x03, 0x00, 0, 0, 0, 0]),
    ]),
  )
}

/** A one-page PDF whose object stream (`where: 'objects'`) or page contents inflate to `decodedMb` MB. */
export function flateBombPdf(decodedMb: number, where: 'objects' | 'contents'): Uint8Array {
  const bomb = zlibBomb(decodedMb)
  const page = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>`
  const contents =
    where === 'contents'
      ? { dict: `<< /Length ${bomb.byteLength} /Filter /FlateDecode >>`, stream: bomb }
      : { dict: '<< /Length 8 >>', stream: new TextEncoder().encode('0 0 m S\n') }
  const objects: PdfObject[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    page,
    contents,
  ]
  if (where === 'objects')
    objects.push({
      dict: `<< /Type /ObjStm /N 1 /First 4 /Length ${bomb.byteLength} /Filter /FlateDecode >>`,
      stream: bomb,
    })
  return rawPdf(objects)
}

/** A one-page PDF with a script run on open, a page action, a link annotation and an attached file. */
export function activePdf(): Uint8Array {
  const attachment = new TextEncoder().encode('MZ not really a program')
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R /OpenAction 5 0 R /Names << /EmbeddedFiles << /Names [(a.exe) 6 0 R] >> >> >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 144 144] /Contents 4 0 R /AA << /O 5 0 R >> /Annots [8 0 R] >>',
    { dict: '<< /Length 17 >>', stream: new TextEncoder().encode('0 0 144 144 re f\n') },
    '<< /S /JavaScript /JS (app.alert\\("hi"\\)) >>',
    '<< /Type /Filespec /F (a.exe) /EF << /F 7 0 R >> >>',
    { dict: `<< /Type /EmbeddedFile /Length ${attachment.byteLength} >>`, stream: attachment },
    '<< /Type /Annot /Subtype /Link /Rect [0 0 144 144] /A << /S /JavaScript /JS (this.exportDataObject\\({cName: "a.exe"}\\)) >> >>',
  ])
}

/**
 * The check on a stored PDF: true when any object of the file names a script, an action, an attached file
 * or a launch.
 */
export function hasActiveContent(doc: PDFDocument): boolean {
  const active = new Set(['JavaScript', 'JS', 'AA', 'OpenAction', 'EmbeddedFile', 'EmbeddedFiles', 'Launch'])
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict)) continue
    for (const [key, value] of object.entries()) {
      if (active.has(key.decodeText())) return true
      if (value instanceof PDFName && active.has(value.decodeText())) return true
    }
  }
  return false
}
