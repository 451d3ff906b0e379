import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import fontkit from '@cantoo/fontkit'
import type { PDFDocument, PDFFont } from '@cantoo/pdf-lib'

// The fonts embedded in the PDFs the server draws: Noto Sans (SIL Open Font Licence), its latin subset,
// so a printer receives every glyph it prints and no viewer substitutes a font of its own.

export type PdfFonts = { regular: PDFFont; bold: PDFFont }

const require = createRequire(import.meta.url)
const FONT_FILES = {
  regular: '@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff',
  bold: '@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff',
}

let fontBytes: Promise<{ regular: Uint8Array; bold: Uint8Array }> | null = null

function loadFontBytes() {
  fontBytes ??= Promise.all([
    readFile(require.resolve(FONT_FILES.regular)),
    readFile(require.resolve(FONT_FILES.bold)),
  ]).then(([regular, bold]) => ({ regular, bold }))
  return fontBytes
}

/** Embeds Noto Sans regular and bold in `doc`, each subset to the glyphs the document draws. */
export async function embedNotoSans(doc: PDFDocument): Promise<PdfFonts> {
  doc.registerFontkit(fontkit)
  const bytes = await loadFontBytes()
  return {
    regular: await doc.embedFont(bytes.regular, { subset: true }),
    bold: await doc.embedFont(bytes.bold, { subset: true }),
  }
}
