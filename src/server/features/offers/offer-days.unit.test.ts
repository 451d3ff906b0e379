import { describe, expect, it } from 'vitest'
import { isMovedDate, sameDateIn, sameWeekFallbacks } from './offer-days.ts'

describe('the day an offer renews', () => {
  it('is the same date of the month, or the last day of a shorter month', () => {
    expect(sameDateIn('2027-02', '2027-01-14')).toBe('2027-02-14')
    expect(sameDateIn('2027-02', '2027-01-31')).toBe('2027-02-28')
    expect(sameDateIn('2028-02', '2028-01-30')).toBe('2028-02-29')
    expect(sameDateIn('2027-05', '2027-04-30')).toBe('2027-05-30')
    expect(isMovedDate('2027-02', '2027-01-31')).toBe(true)
    expect(isMovedDate('2027-02', '2027-01-28')).toBe(false)
  })

  it('falls back to the nearest day of the same Sunday-to-Saturday week, earlier first on a tie', () => {
    // Wednesday, February 17, 2027: its week runs Sunday the 14th to Saturday the 20th.
    expect(sameWeekFallbacks('2027-02-17')).toEqual([
      '2027-02-16',
      '2027-02-18',
      '2027-02-15',
      '2027-02-19',
      '2027-02-14',
      '2027-02-20',
    ])
    // Sunday: only later days of its week.
    expect(sameWeekFallbacks('2027-02-14')).toEqual([
      '2027-02-15',
      '2027-02-16',
      '2027-02-17',
      '2027-02-18',
      '2027-02-19',
      '2027-02-20',
    ])
  })

  it('never leaves the month: a week that starts or ends in another month keeps its own days', () => {
    // Monday, March 1, 2027: Sunday the 28th is February's.
    expect(sameWeekFallbacks('2027-03-01')).toEqual([
      '2027-03-02',
      '2027-03-03',
      '2027-03-04',
      '2027-03-05',
      '2027-03-06',
    ])
    // Sunday, February 28, 2027: the rest of its week is March's.
    expect(sameWeekFallbacks('2027-02-28')).toEqual([])
  })
})
