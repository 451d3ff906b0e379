import { describe, expect, it } from 'vitest'
import { calendarMonthQuerySchema } from './calendar.ts'

describe('calendar month query', () => {
  it('reads YYYY-MM into year and month', () => {
    expect(calendarMonthQuerySchema.parse({ month: '2027-01' })).toEqual({ month: { year: 2027, month: 1 } })
    expect(calendarMonthQuerySchema.parse({ month: '2026-12' })).toEqual({ month: { year: 2026, month: 12 } })
  })

  it('refuses anything else', () => {
    for (const bad of ['2026-13', '2026-00', '2026-3', '26-03', '2026-03-01', ' 2026-03', '', undefined])
      expect(calendarMonthQuerySchema.safeParse({ month: bad }).success, String(bad)).toBe(false)
  })
})
