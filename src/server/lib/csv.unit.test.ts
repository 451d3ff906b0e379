import { describe, expect, it } from 'vitest'
import { csvCell, csvRow } from './csv.ts'

describe('csvCell', () => {
  it('quotes cells with quotes, commas and line breaks (RFC 4180)', () => {
    expect(csvCell('plain')).toBe('plain')
    expect(csvCell('a,b')).toBe('"a,b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('two\nlines')).toBe('"two\nlines"')
    expect(csvCell('cr\r')).toBe('"cr\r"')
    expect(csvCell(null)).toBe('')
    expect(csvCell(12.5)).toBe('12.5')
  })

  it('neutralises spreadsheet formulas with a leading single quote', () => {
    expect(csvCell('=1+1')).toBe("'=1+1")
    expect(csvCell('+SUM(A1)')).toBe("'+SUM(A1)")
    expect(csvCell('-2+3')).toBe("'-2+3")
    expect(csvCell('@cmd')).toBe("'@cmd")
    expect(csvCell('\t=x')).toBe("'\t=x")
    expect(csvCell('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`)
    expect(csvCell('a=b')).toBe('a=b')
  })

  it('joins a row with commas', () => {
    expect(csvRow(['a', null, 'b,c'])).toBe('a,,"b,c"')
  })
})
