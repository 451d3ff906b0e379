import { describe, expect, it } from 'vitest'
import { axisTicks, chartSummary, monthTickLabel, niceCeil } from './chart-scale'
import { formatShortDate, isSalesClosePast } from './mailing-display'

describe('chart scale', () => {
  it('rounds an axis up to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect([0.7, 1, 3, 7.75, 12, 240, 310].map(niceCeil)).toEqual([1, 1, 5, 10, 20, 250, 500])
    expect(axisTicks(31, 5)).toEqual([0, 10, 20, 30, 40])
    expect(axisTicks(0, 100)).toEqual([0, 100, 200, 300, 400])
    expect(axisTicks(1234, 100)).toEqual([0, 500, 1000, 1500, 2000])
  })

  it('names each month and the year under the first month and January', () => {
    expect(monthTickLabel('2026-12', 0)).toEqual({ month: 'Dec', year: '2026' })
    expect(monthTickLabel('2027-01', 1)).toEqual({ month: 'Jan', year: '2027' })
    expect(monthTickLabel('2027-02', 2)).toEqual({ month: 'Feb', year: null })
  })

  it('summarises an empty year without a best month', () => {
    const zero = { hasMailing: false, sold: 0, held: 0, free: 0, revenue: 0 }
    expect(
      chartSummary([
        { month: '2027-01', ...zero },
        { month: '2027-02', ...zero },
      ]),
    ).toBe(
      'Days and revenue per mailing, January 2027 to February 2027. 0 months of 2 have a mailing: 0 days sold, 0 held and 0 free in all, $0 revenue.',
    )
  })
})

describe('mailing display', () => {
  it('shows the town-local date as written', () => {
    expect(formatShortDate('2027-02-01')).toBe('Feb 1, 2027')
  })

  it('knows a sales close at or before now as past', () => {
    const now = new Date('2026-11-25T12:00:00Z')
    expect(isSalesClosePast({ salesCloseAt: '2026-11-25T12:00:00Z' }, now)).toBe(true)
    expect(isSalesClosePast({ salesCloseAt: '2026-11-25T12:01:00Z' }, now)).toBe(false)
  })
})
