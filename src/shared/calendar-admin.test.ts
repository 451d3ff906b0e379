import { describe, expect, it } from 'vitest'
import { bulkPriceInputSchema, daysInRange, initializeRangeInputSchema } from './calendar-admin.ts'

describe('range schemas', () => {
  it('counts days inclusively across leap years', () => {
    expect(daysInRange('2024-01-01', '2024-01-01')).toBe(1)
    expect(daysInRange('2024-01-01', '2024-12-31')).toBe(366)
    expect(daysInRange('2024-02-28', '2024-03-01')).toBe(3)
  })

  it('defaults the price to 120 and enforces the minimums', () => {
    expect(initializeRangeInputSchema.parse({ startDate: '2030-01-01', endDate: '2030-01-02' }).price).toBe(
      120,
    )
    expect(
      initializeRangeInputSchema.safeParse({ startDate: '2030-01-01', endDate: '2030-01-02', price: 0 })
        .success,
    ).toBe(true)
    expect(
      bulkPriceInputSchema.safeParse({ startDate: '2030-01-01', endDate: '2030-01-02', price: 0.99 }).success,
    ).toBe(false)
    expect(
      initializeRangeInputSchema.safeParse({ startDate: '2030-01-01', endDate: '2031-01-02' }).success,
    ).toBe(false)
  })
})
