import { describe, expect, it } from 'vitest'
import {
  ARTWORK_NO_FILE_MESSAGE,
  ARTWORK_TOO_LARGE_MESSAGE,
  type ArtworkLineDto,
  type ArtworkMailingDto,
  MAX_ARTWORK_BYTES,
} from '#shared/artwork.ts'
import { checkArtworkFile, fileSizeText, groupLinesByMailing, printsAtText } from './artwork-display'

const mailing = (month: string, label: string): ArtworkMailingDto => ({
  month,
  label,
  artworkDueAt: '2026-12-18T23:00:00.000Z',
  artworkDueText: 'Friday, December 18, 2026 at 5:00 PM',
  isOpenForArtwork: true,
})

const line = (orderId: string, mailingMonth: string) => ({ orderId, mailingMonth }) as ArtworkLineDto

describe('artwork display helpers', () => {
  it('checks a file before sending: none chosen (or empty), or over 20 MB; the server decides the rest', () => {
    expect(checkArtworkFile(null)).toBe(ARTWORK_NO_FILE_MESSAGE)
    expect(checkArtworkFile({ size: MAX_ARTWORK_BYTES + 1 })).toBe(ARTWORK_TOO_LARGE_MESSAGE)
    expect(checkArtworkFile({ size: MAX_ARTWORK_BYTES })).toBeNull()
    expect(checkArtworkFile({ size: 0 })).toBe(ARTWORK_NO_FILE_MESSAGE)
    expect(checkArtworkFile({ size: 1 })).toBeNull()
  })

  it('writes the print size and file size plainly', () => {
    expect(printsAtText({ widthInches: 1, heightInches: 1 })).toBe('Prints at 1 × 1 in')
    expect(printsAtText({ widthInches: 0.75, heightInches: 0.1 + 0.2 })).toBe('Prints at 0.75 × 0.3 in')
    expect(fileSizeText(2.5 * 1024 * 1024)).toBe('2.5 MB')
    expect(fileSizeText(48 * 1024)).toBe('48 KB')
    expect(fileSizeText(10)).toBe('1 KB')
  })

  it('groups lines in the order of the mailings, leaves out empty ones, keeps an unlisted month last', () => {
    const groups = groupLinesByMailing(
      [
        mailing('2027-02', 'February 2027'),
        mailing('2027-01', 'January 2027'),
        mailing('2027-03', 'March 2027'),
      ],
      [line('a', '2027-01'), line('b', '2027-02'), line('c', '2027-01'), line('d', '2027-05')],
    )
    expect(groups.map((g) => [g.label, g.lines.map((l) => l.orderId)])).toEqual([
      ['February 2027', ['b']],
      ['January 2027', ['a', 'c']],
      ['May 2027', ['d']],
    ])
    expect(groups[2]?.mailing).toBeUndefined()
  })
})
