import { describe, expect, it } from 'vitest'
import {
  adminDateBounds,
  adminDateRangeMessage,
  bulkDeleteDaysInputSchema,
  bulkPriceInputSchema,
  datesOutsideAdminBounds,
  daysInRange,
  heldDayMessage,
  initializeRangeInputSchema,
  initializeRangeSummary,
  skippedDaysText,
} from './calendar-admin.ts'

const ID = '3f1c2a9e-6b7d-4c1e-9a2b-5d6e7f8a9b0c'

describe('range schemas', () => {
  it('counts days inclusively across leap years', () => {
    expect(daysInRange('2024-01-01', '2024-01-01')).toBe(1)
    expect(daysInRange('2024-01-01', '2024-12-31')).toBe(366)
    expect(daysInRange('2024-02-28', '2024-03-01')).toBe(3)
  })

  it('defaults the price to 120 and enforces the minimums', () => {
    expect(initializeRangeInputSchema.parse({ startDate: '2024-01-01', endDate: '2024-01-02' }).price).toBe(
      120,
    )
    expect(
      initializeRangeInputSchema.safeParse({ startDate: '2024-01-01', endDate: '2024-01-02', price: 0 })
        .success,
    ).toBe(true)
    expect(bulkPriceInputSchema.safeParse({ ids: [ID], price: 0.99 }).success).toBe(false)
    expect(bulkPriceInputSchema.parse({ ids: [ID] }).price).toBe(120)
    expect(
      initializeRangeInputSchema.safeParse({ startDate: '2024-01-01', endDate: '2025-01-02' }).success,
    ).toBe(false)
  })
})

describe('the admin month navigator bounds', () => {
  const now = new Date('2026-05-15T12:00:00Z')

  it('run from January 1, 2023 to December 31 two years ahead, in UTC', () => {
    expect(adminDateBounds(now)).toEqual({ first: '2023-01-01', last: '2028-12-31' })
    expect(adminDateBounds(new Date('2026-12-31T23:30:00Z')).last).toBe('2028-12-31')
    expect(adminDateRangeMessage(now)).toBe('Choose dates from January 1, 2023 to December 31, 2028.')
  })

  it('names the dates outside, bounds included as inside', () => {
    expect(datesOutsideAdminBounds({ startDate: '2023-01-01', endDate: '2028-12-31' }, now)).toEqual([])
    expect(datesOutsideAdminBounds({ startDate: '2022-12-31', endDate: '2029-01-01' }, now)).toEqual([
      'startDate',
      'endDate',
    ])
    expect(datesOutsideAdminBounds({ startDate: '2028-12-31', endDate: '2029-01-01' }, now)).toEqual([
      'endDate',
    ])
  })

  it('refuses a range outside them in the schema, with the message on the field', () => {
    const result = initializeRangeInputSchema.safeParse({ startDate: '2022-12-30', endDate: '2023-01-02' })
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['startDate', adminDateRangeMessage()],
    ])
  })
})

describe('initializeRangeSummary', () => {
  const range = { startDate: '2027-07-10', endDate: '2027-07-14' }

  it('says what will be created, re-priced and left alone, with singulars for one', () => {
    expect(initializeRangeSummary(range, '$95', { created: 2, updated: 2, skipped: 1 })).toBe(
      'Saturday, July 10, 2027 to Wednesday, July 14, 2027: 2 days will be created at $95. 2 existing days will be made available at $95. 1 sold or held day is left alone.',
    )
    expect(initializeRangeSummary(range, '$120', { created: 1, updated: 1, skipped: 2 })).toBe(
      'Saturday, July 10, 2027 to Wednesday, July 14, 2027: 1 day will be created at $120. 1 existing day will be made available at $120. 2 sold or held days are left alone.',
    )
  })

  it('says when nothing will change', () => {
    expect(initializeRangeSummary(range, '$120', { created: 0, updated: 0, skipped: 3 })).toBe(
      'Saturday, July 10, 2027 to Wednesday, July 14, 2027: 3 sold or held days are left alone. Nothing will change.',
    )
  })
})

describe('bulk day ids', () => {
  it('takes 1 to 1000 day ids, lower-cased and once each', () => {
    expect(bulkDeleteDaysInputSchema.parse({ ids: [ID, ID.toUpperCase()] })).toEqual({ ids: [ID] })
    for (const ids of [[], ['ORD-12345'], [ID, 7], Array.from({ length: 1001 }, () => ID)])
      expect(bulkDeleteDaysInputSchema.safeParse({ ids }).success, String(ids.length)).toBe(false)
    expect(
      bulkDeleteDaysInputSchema.safeParse({ startDate: '2030-01-01', endDate: '2030-01-02' }).success,
    ).toBe(false)
  })
})

describe('held day texts', () => {
  const bob = { date: '2032-12-01', businessName: 'Bob Hardware', orderStatus: 'paid' }
  const holding = { date: '2032-12-02', businessName: 'Holding Co', orderStatus: 'pending' }

  it('names the day, the business and the way out', () => {
    expect(heldDayMessage(bob, 'deleted')).toBe(
      'Wednesday, December 1, 2032 is sold to Bob Hardware, so it cannot be deleted. Refund or delete its order first.',
    )
    expect(heldDayMessage(holding, 'changed')).toContain('is held for Holding Co, so it cannot be changed.')
  })

  it('counts and lists the skipped days, the first ten by name', () => {
    expect(skippedDaysText([])).toBe('')
    expect(skippedDaysText([bob])).toBe('1 sold or held day was left unchanged: Dec 1 (Bob Hardware).')
    expect(skippedDaysText([bob, holding])).toBe(
      '2 sold or held days were left unchanged: Dec 1 (Bob Hardware), Dec 2 (Holding Co).',
    )
    const many = Array.from({ length: 12 }, (_, i) => ({
      ...bob,
      date: `2033-01-${String(i + 1).padStart(2, '0')}`,
    }))
    expect(skippedDaysText(many)).toMatch(
      /^12 sold or held days were left unchanged: Jan 1 \(Bob Hardware\), .*Jan 10 \(Bob Hardware\), and 2 more\.$/,
    )
  })
})
