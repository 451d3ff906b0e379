import type { PDFFont } from '@cantoo/pdf-lib'

// Text the fonts of the documents the server draws can print (the proof, receipts and invoices): a
// character the font has no glyph for is replaced, never left to crash the render or print as a box.

const WINANSI_ABOVE_ASCII = new Set([...'€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ'].map((char) => char.codePointAt(0)))
/** Letters NFKD does not split into a base letter and a mark. */
const PLAIN_LETTERS: Record<string, string> = {
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ı: 'i',
  ħ: 'h',
  Ħ: 'H',
  ŧ: 't',
  Ŧ: 'T',
}

function isWinAnsi(char: string): boolean {
  const code = char.codePointAt(0) ?? 0
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WINANSI_ABOVE_ASCII.has(code)
}

/**
 * Text the standard PDF fonts can draw (they only encode WinAnsi, and pdf-lib throws on anything else):
 * WinAnsi characters are kept, white space becomes a space, joiners, marks and emoji modifiers go, and
 * other characters become their NFKD base letters ('ő' → 'o', 'ﬁ' → 'fi') or else '?' (emoji, CJK).
 */
export function winAnsiText(text: string): string {
  let out = ''
  for (const char of text.normalize('NFC')) out += winAnsiChar(char)
  return out
}

function winAnsiChar(char: string): string {
  if (isWinAnsi(char)) return char
  if (/\s/u.test(char)) return ' '
  if (/[\p{M}\p{Cc}\p{Cf}\p{Emoji_Modifier}]/u.test(char)) return ''
  const base = PLAIN_LETTERS[char] ?? char.normalize('NFKD').replace(/\p{M}/gu, '')
  return base !== '' && [...base].every(isWinAnsi) ? base : '?'
}

const characterSets = new WeakMap<PDFFont, Set<number>>()

function characterSet(font: PDFFont): Set<number> {
  let set = characterSets.get(font)
  if (!set) {
    set = new Set(font.getCharacterSet())
    characterSets.set(font, set)
  }
  return set
}

/**
 * Text `font` can draw (an embedded font's subset, e.g. Noto Sans latin): characters it has a glyph for
 * are kept, white space becomes a space, joiners, marks and emoji modifiers go, and other characters
 * become their NFKD base letters ('ő' → 'o', 'ﬁ' → 'fi') when the font has those, or else '?' (emoji, CJK).
 */
export function fontText(text: string, font: PDFFont): string {
  const set = characterSet(font)
  const has = (char: string) => set.has(char.codePointAt(0) ?? 0)
  let out = ''
  for (const char of text.normalize('NFC')) {
    if (/\s/u.test(char)) out += ' '
    else if (has(char)) out += char
    else if (/[\p{M}\p{Cc}\p{Cf}\p{Emoji_Modifier}]/u.test(char)) out += ''
    else {
      const base = PLAIN_LETTERS[char] ?? char.normalize('NFKD').replace(/\p{M}/gu, '')
      out += base !== '' && [...base].every(has) ? base : '?'
    }
  }
  return out
}

/** Word-wrapped lines of `width`; a word too long for a line (a URL) is broken across lines, never cut. */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const fits = (line: string) => font.widthOfTextAtSize(line, size) <= width
  const lines: string[] = []
  let line = ''
  for (const word of text.split(' ')) {
    const joined = line ? `${line} ${word}` : word
    if (fits(joined)) {
      line = joined
      continue
    }
    if (line) lines.push(line)
    line = ''
    for (const char of word) {
      if (line && !fits(line + char)) {
        lines.push(line)
        line = ''
      }
      line += char
    }
  }
  if (line) lines.push(line)
  return lines
}
