import { describe, expect, it } from 'vitest'
import { formatPublicationDate, splitIntoParagraphs } from './blog-text'

describe('blog text', () => {
  it('splits content at line breaks and drops blank lines', () => {
    expect(splitIntoParagraphs('First.\nSecond.\r\n\r\nThird.')).toEqual(['First.', 'Second.', 'Third.'])
    expect(splitIntoParagraphs('Only one.')).toEqual(['Only one.'])
  })

  it('shows the publication date in en-US long form in UTC', () => {
    expect(formatPublicationDate('2025-09-01')).toBe('Monday, September 1, 2025')
    expect(formatPublicationDate('2025-09-01T23:30:00.000Z')).toBe('Monday, September 1, 2025')
  })
})
