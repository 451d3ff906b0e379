import { describe, expect, it } from 'vitest'
import { fromZonedLocal, toZonedLocal, zonedDayBounds } from './zoned-time.ts'

describe('zoned time', () => {
  it('reads and writes the town clock in winter and summer', () => {
    expect(fromZonedLocal('2026-12-18T00:00', 'America/New_York').toISOString()).toBe(
      '2026-12-18T05:00:00.000Z',
    )
    expect(fromZonedLocal('2027-07-01T17:30', 'America/New_York').toISOString()).toBe(
      '2027-07-01T21:30:00.000Z',
    )
    expect(toZonedLocal(new Date('2026-12-18T05:00:00Z'), 'America/New_York')).toBe('2026-12-18T00:00')
    expect(toZonedLocal(new Date('2027-07-01T21:30:00Z'), 'America/New_York')).toBe('2027-07-01T17:30')
    expect(fromZonedLocal('2027-01-01T00:00', 'UTC').toISOString()).toBe('2027-01-01T00:00:00.000Z')
  })

  it('round-trips every hour of a year with two DST changes', () => {
    const start = Date.UTC(2027, 0, 1)
    for (let t = start; t < start + 365 * 86_400_000; t += 3_600_000) {
      const local = toZonedLocal(new Date(t), 'America/New_York')
      expect(toZonedLocal(fromZonedLocal(local, 'America/New_York'), 'America/New_York')).toBe(local)
    }
  })

  it("bounds the town's day: 2026-03-10T02:00Z is still March 9 in New York", () => {
    const iso = ({ start, end }: { start: Date; end: Date }) => [start.toISOString(), end.toISOString()]
    expect(iso(zonedDayBounds('2026-03-09', 'America/New_York'))).toEqual([
      '2026-03-09T04:00:00.000Z',
      '2026-03-10T04:00:00.000Z',
    ])
    // The day the clocks go forward has 23 hours, the day they go back 25.
    expect(iso(zonedDayBounds('2026-03-08', 'America/New_York'))).toEqual([
      '2026-03-08T05:00:00.000Z',
      '2026-03-09T04:00:00.000Z',
    ])
    expect(iso(zonedDayBounds('2026-11-01', 'America/New_York'))).toEqual([
      '2026-11-01T04:00:00.000Z',
      '2026-11-02T05:00:00.000Z',
    ])
    // Month and year ends; and a zone whose clocks skip midnight starts that day at 01:00.
    expect(iso(zonedDayBounds('2026-12-31', 'UTC'))).toEqual([
      '2026-12-31T00:00:00.000Z',
      '2027-01-01T00:00:00.000Z',
    ])
    expect(zonedDayBounds('2024-09-08', 'America/Santiago').start.toISOString()).toBe(
      '2024-09-08T04:00:00.000Z',
    )
  })
})
