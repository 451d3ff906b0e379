import { describe, expect, it } from 'vitest'
import { addMonths, datesOfMonth, daysInMonth, isIsoDate, toIsoDate } from './dates.ts'

describe('dates', () => {
  it('validates real calendar dates only', () => {
    expect(isIsoDate('2026-02-28')).toBe(true)
    expect(isIsoDate('2026-02-29')).toBe(false)
    // PostgreSQL has no year 0 (JavaScript's Date does): refused before it reaches a query.
    expect(isIsoDate('0000-04-05')).toBe(false)
    expect(isIsoDate('0001-01-01')).toBe(true)
    expect(isIsoDate('2024-02-29')).toBe(true)
    expect(isIsoDate('2026-13-01')).toBe(false)
    expect(isIsoDate('26-1-1')).toBe(false)
  })

  it('lists the days of a month and wraps months across years', () => {
    expect(daysInMonth(2026, 2)).toBe(28)
    expect(datesOfMonth(2026, 11)).toHaveLength(30)
    expect(datesOfMonth(2026, 11)[0]).toBe('2026-11-01')
    expect(addMonths(2026, 11, 2)).toEqual({ year: 2027, month: 1 })
    expect(addMonths(2026, 1, -1)).toEqual({ year: 2025, month: 12 })
    expect(toIsoDate(2026, 3, 5)).toBe('2026-03-05')
  })
})
