import { describe, expect, it } from 'vitest'
import { deadlineText } from './deadline-text.ts'
import { fromZonedLocal } from './zoned-time.ts'

const NY = 'America/New_York'

describe('deadlineText', () => {
  it('writes a midnight deadline as the end of the day before, never 12:00 AM', () => {
    expect(deadlineText(fromZonedLocal('2026-12-18T00:00', NY), NY)).toBe(
      'Thursday, December 17, 11:59 PM (EST)',
    )
  })

  it('writes other times as they are, with the zone of that date (daylight time in summer)', () => {
    expect(deadlineText(fromZonedLocal('2027-07-09T17:05', NY), NY)).toBe('Friday, July 9, 5:05 PM (EDT)')
    expect(deadlineText(fromZonedLocal('2027-01-04T09:30', NY), NY)).toBe('Monday, January 4, 9:30 AM (EST)')
    expect(deadlineText(fromZonedLocal('2027-01-04T12:00', NY), NY)).toBe('Monday, January 4, 12:00 PM (EST)')
    expect(deadlineText(fromZonedLocal('2027-01-04T00:01', NY), NY)).toBe('Monday, January 4, 12:01 AM (EST)')
  })

  it('uses the zone that applies on the day named: midnight after the spring change names the day before', () => {
    // 2027-03-15 00:00 EDT is the end of Sunday March 14, the day daylight time began.
    expect(deadlineText(fromZonedLocal('2027-03-15T00:00', NY), NY)).toBe('Sunday, March 14, 11:59 PM (EDT)')
  })

  it('works in any zone the site is set to', () => {
    expect(deadlineText(new Date('2027-01-01T00:00:00Z'), 'UTC')).toBe(
      'Thursday, December 31, 11:59 PM (UTC)',
    )
    expect(
      deadlineText(fromZonedLocal('2027-02-01T00:00', 'America/Los_Angeles'), 'America/Los_Angeles'),
    ).toBe('Sunday, January 31, 11:59 PM (PST)')
  })
})
