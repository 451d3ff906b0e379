import type { PDFFont } from '@cantoo/pdf-lib'

// Text for the standard PDF fonts, shared by the documents the server draws (the proof, receipts and
// invoices).

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
