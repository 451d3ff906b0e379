import { describe, expect, it } from 'vitest'
import { absoluteArtworkUrl, artworkCountsText, defaultArtworkMonth, printSizeText } from './artwork-display'

const NOW = new Date('2033-02-15T12:00:00.000Z')
const row = (month: string, status: 'open' | 'closed' | 'printed' | 'mailed', artworkDueAt: string) => ({
  month,
  status,
  artworkDueAt,
})

describe('defaultArtworkMonth', () => {
  it('picks the mailing not yet mailed whose artwork is due soonest from now', () => {
    const rows = [
      row('2033-02', 'closed', '2033-02-10T00:00:00.000Z'),
      row('2033-04', 'open', '2033-03-20T00:00:00.000Z'),
      row('2033-03', 'closed', '2033-02-20T00:00:00.000Z'),
      row('2033-05', 'mailed', '2033-02-16T00:00:00.000Z'),
    ]
    expect(defaultArtworkMonth(rows, NOW)).toBe('2033-03')
  })

  it('falls back on the latest mailing when no artwork is still to come, and on none without mailings', () => {
    const rows = [
      row('2033-01', 'mailed', '2032-12-10T00:00:00.000Z'),
      row('2033-02', 'printed', '2033-01-10T00:00:00.000Z'),
    ]
    expect(defaultArtworkMonth(rows, NOW)).toBe('2033-02')
    expect(defaultArtworkMonth([], NOW)).toBeNull()
  })
})

describe('the board’s texts', () => {
  it('counts the lines in the order they move through', () => {
    expect(artworkCountsText({ missing: 3, received: 5, approved: 2, changes_requested: 2 })).toBe(
      '12 lines: 3 missing, 5 received, 2 changes requested, 2 approved',
    )
    expect(artworkCountsText({ missing: 1, received: 0, approved: 0, changes_requested: 0 })).toBe(
      '1 line: 1 missing, 0 received, 0 changes requested, 0 approved',
    )
  })

  it('makes a link from the site root absolute and leaves an absolute one alone', () => {
    expect(absoluteArtworkUrl('/artwork/abc', 'https://town.example')).toBe(
      'https://town.example/artwork/abc',
    )
    expect(absoluteArtworkUrl('https://other.example/artwork/abc', 'https://town.example')).toBe(
      'https://other.example/artwork/abc',
    )
  })

  it('writes a print size in inches', () => {
    expect(printSizeText({ widthInches: 0.75, heightInches: 0.75 })).toBe('0.75 × 0.75 in')
    expect(printSizeText({ widthInches: 8.5, heightInches: 11 })).toBe('8.5 × 11 in')
  })
})
