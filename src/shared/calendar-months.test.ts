import { describe, expect, it } from 'vitest'
import { adminMonthList, adminMonthOptions } from './admin-month-options'
import {
  dayCellState,
  formatYearMonth,
  initialCalendarMonth,
  monthGrid,
  parseYearMonthKey,
  publicMonthOptions,
  yearMonthKey,
} from './calendar-months'
import { unusedDefaultMonth, unusedDefaultMonthText } from './unused-default-month'

const now = new Date('2026-05-15T12:00:00Z')
const ym = (year: number, month: number) => ({ year, month })

describe('initialCalendarMonth', () => {
  it('uses the settings default when it is an available month', () => {
    expect(
      initialCalendarMonth({
        defaultMonth: 9,
        defaultYear: 2027,
        availableMonths: [ym(2026, 5), ym(2027, 9)],
        now,
      }),
    ).toEqual(ym(2027, 9))
  })

  it("opens a link's month (?month=) when it is available, before the settings default", () => {
    const input = { defaultMonth: 9, defaultYear: 2027, availableMonths: [ym(2026, 6), ym(2027, 9)], now }
    expect(initialCalendarMonth({ ...input, requested: ym(2026, 6) })).toEqual(ym(2026, 6))
    // A month not for sale (closed, past, unknown) is ignored: the calendar opens as without the link.
    expect(initialCalendarMonth({ ...input, requested: ym(2026, 7) })).toEqual(ym(2027, 9))
    expect(initialCalendarMonth({ ...input, requested: null })).toEqual(ym(2027, 9))
    // An unknown list: the link's month is not trusted, the default is.
    expect(initialCalendarMonth({ ...input, availableMonths: null, requested: ym(2026, 6) })).toEqual(
      ym(2027, 9),
    )
  })

  // Decision 011: a default where nothing can be bought is not used.
  it('falls back to the current month when the default is in the past', () => {
    expect(
      initialCalendarMonth({
        defaultMonth: 12,
        defaultYear: 2024,
        availableMonths: [ym(2026, 5), ym(2026, 6)],
        now,
      }),
    ).toEqual(ym(2026, 5))
  })

  it('falls back to the earliest available month when the default has no available days', () => {
    expect(
      initialCalendarMonth({
        defaultMonth: 3,
        defaultYear: 2027,
        availableMonths: [ym(2026, 9), ym(2026, 7)],
        now,
      }),
    ).toEqual(ym(2026, 7))
  })

  it('falls back to the current month when a default is set but nothing is available', () => {
    expect(initialCalendarMonth({ defaultMonth: 3, defaultYear: 2027, availableMonths: [], now })).toEqual(
      ym(2026, 5),
    )
  })

  it('uses the current month when it is available', () => {
    expect(
      initialCalendarMonth({
        defaultMonth: null,
        defaultYear: null,
        availableMonths: [ym(2026, 7), ym(2026, 5)],
        now,
      }),
    ).toEqual(ym(2026, 5))
  })

  it('uses the earliest available month when the current one is not available', () => {
    expect(
      initialCalendarMonth({
        defaultMonth: null,
        defaultYear: null,
        availableMonths: [ym(2026, 9), ym(2026, 7)],
        now,
      }),
    ).toEqual(ym(2026, 7))
  })

  it('falls back to the current month when nothing is available', () => {
    expect(initialCalendarMonth({ defaultMonth: null, defaultYear: null, availableMonths: [], now })).toEqual(
      ym(2026, 5),
    )
  })

  it('keeps a set default when the available months could not be loaded (nothing is known)', () => {
    expect(
      initialCalendarMonth({
        defaultMonth: 3,
        defaultYear: 2030,
        availableMonths: null,
        now: new Date('2030-01-15'),
      }),
    ).toEqual({ year: 2030, month: 3 })
    expect(
      initialCalendarMonth({
        defaultMonth: null,
        defaultYear: null,
        availableMonths: null,
        now: new Date('2030-01-15T12:00:00Z'),
      }),
    ).toEqual({
      year: 2030,
      month: 1,
    })
  })

  it('ignores a half-set default', () => {
    expect(
      initialCalendarMonth({ defaultMonth: 3, defaultYear: null, availableMonths: [ym(2026, 5)], now }),
    ).toEqual(ym(2026, 5))
  })

  it('uses the UTC month at a month boundary', () => {
    const lateUtc = new Date('2026-05-31T23:30:00Z')
    expect(
      initialCalendarMonth({ defaultMonth: null, defaultYear: null, availableMonths: [], now: lateUtc }),
    ).toEqual(ym(2026, 5))
  })
})

describe('unusedDefaultMonth: the settings warning (decision 011)', () => {
  const available = [ym(2026, 6), ym(2026, 8)]
  const warn = (defaultMonth: number | null, defaultYear: number | null, months = available) => {
    const problem = unusedDefaultMonth({ defaultMonth, defaultYear, availableMonths: months, now })
    return problem ? unusedDefaultMonthText(problem) : null
  }

  it('says nothing when the default is used or none is set', () => {
    expect(warn(8, 2026)).toBeNull()
    expect(warn(null, null)).toBeNull()
    expect(warn(3, null)).toBeNull()
  })

  it('names a past default and the month visitors see instead', () => {
    expect(warn(12, 2024)).toBe('December 2024 is in the past: visitors will see June 2026 instead.')
    expect(warn(4, 2026)).toBe('April 2026 is in the past: visitors will see June 2026 instead.')
  })

  it('names a default without available days, the current month included', () => {
    expect(warn(7, 2026)).toBe('July 2026 has no available days: visitors will see June 2026 instead.')
    expect(warn(5, 2026)).toBe('May 2026 has no available days: visitors will see June 2026 instead.')
    expect(warn(7, 2026, [])).toBe('July 2026 has no available days: visitors will see May 2026 instead.')
  })
})

describe('admin month options', () => {
  it('lists every month from January 2023 to December two years ahead', () => {
    const list = adminMonthList(now)
    expect(list[0]).toEqual(ym(2023, 1))
    expect(list[list.length - 1]).toEqual(ym(2028, 12))
    expect(list).toHaveLength(6 * 12)
  })

  it('steps across years and is always enabled', () => {
    expect(adminMonthOptions(ym(2026, 12), now)).toMatchObject({ previous: ym(2026, 11), next: ym(2027, 1) })
    expect(adminMonthOptions(ym(2026, 1), now)).toMatchObject({ previous: ym(2025, 12), next: ym(2026, 2) })
  })

  it('wraps around at the ends of the list', () => {
    expect(adminMonthOptions(ym(2023, 1), now).previous).toEqual(ym(2028, 12))
    expect(adminMonthOptions(ym(2028, 12), now).next).toEqual(ym(2023, 1))
  })
})

describe('public month options', () => {
  const available = [ym(2026, 8), ym(2026, 6), ym(2026, 7), ym(2026, 6)]

  it('lists only available months, chronologically and once each', () => {
    expect(publicMonthOptions(ym(2026, 6), available, now).options).toEqual([
      ym(2026, 6),
      ym(2026, 7),
      ym(2026, 8),
    ])
  })

  it('disables previous on the first and next on the last month', () => {
    expect(publicMonthOptions(ym(2026, 6), available, now)).toMatchObject({
      previous: null,
      next: ym(2026, 7),
    })
    expect(publicMonthOptions(ym(2026, 7), available, now)).toMatchObject({
      previous: ym(2026, 6),
      next: ym(2026, 8),
    })
    expect(publicMonthOptions(ym(2026, 8), available, now)).toMatchObject({
      previous: ym(2026, 7),
      next: null,
    })
  })

  it('shows only the current month when none is available', () => {
    expect(publicMonthOptions(ym(2026, 5), [], now)).toEqual({
      options: [ym(2026, 5)],
      previous: null,
      next: null,
    })
  })

  it('leads to the nearest listed months from a month outside the list', () => {
    expect(publicMonthOptions(ym(2026, 12), [ym(2026, 6), ym(2027, 2)], now)).toMatchObject({
      previous: ym(2026, 6),
      next: ym(2027, 2),
    })
  })
})

describe('dayCellState', () => {
  const cart = new Set(['in'])
  it('maps each status', () => {
    expect(dayCellState(undefined, cart)).toBe('placeholder')
    expect(dayCellState({ id: 'a', status: 'available' }, cart)).toBe('available')
    expect(dayCellState({ id: 'in', status: 'available' }, cart)).toBe('in-cart')
    expect(dayCellState({ id: 'p', status: 'reserved_pending' }, cart)).toBe('pending')
    expect(dayCellState({ id: 'r', status: 'reserved' }, cart)).toBe('reserved')
    expect(dayCellState({ id: 'x', status: 'something_else' }, ['x'])).toBe('reserved')
  })

  it('never shows a reserved day as in the cart', () => {
    expect(dayCellState({ id: 'in', status: 'reserved' }, cart)).toBe('reserved')
  })

  it('shows a past date as past, in the system or not, unless it was sold', () => {
    expect(dayCellState({ id: 'a', status: 'past' }, cart)).toBe('past')
    expect(dayCellState({ id: 'in', status: 'past' }, cart)).toBe('past')
    expect(dayCellState(undefined, cart, true)).toBe('past')
    expect(dayCellState({ id: 'a', status: 'available' }, cart, true)).toBe('past')
    expect(dayCellState({ id: 'p', status: 'reserved_pending' }, cart, true)).toBe('past')
    expect(dayCellState({ id: 'r', status: 'reserved' }, cart, true)).toBe('reserved')
  })

  it('shows an unsold day of a mailing that takes no orders as closed, even one in the cart', () => {
    expect(dayCellState({ id: 'a', status: 'closed' }, cart)).toBe('closed')
    expect(dayCellState({ id: 'in', status: 'closed' }, cart)).toBe('closed')
    // The dates without a day of a closed mailing will not open in it either.
    expect(dayCellState(undefined, cart, false, true)).toBe('closed')
    // Sold and held days keep saying so; a past date stays past.
    expect(dayCellState({ id: 'r', status: 'reserved' }, cart, false, true)).toBe('reserved')
    expect(dayCellState({ id: 'p', status: 'reserved_pending' }, cart, false, true)).toBe('pending')
    expect(dayCellState({ id: 'a', status: 'closed' }, cart, true)).toBe('past')
    expect(dayCellState(undefined, cart, true, true)).toBe('past')
  })
})

describe('monthGrid', () => {
  it('builds Sun–Sat weeks with leading and trailing blanks', () => {
    // 1 May 2026 is a Friday; May has 31 days.
    const weeks = monthGrid(ym(2026, 5))
    expect(weeks).toHaveLength(6)
    expect(weeks[0]).toEqual([null, null, null, null, null, '2026-05-01', '2026-05-02'])
    expect(weeks[5]).toEqual(['2026-05-31', null, null, null, null, null, null])
    expect(weeks.every((w) => w.length === 7)).toBe(true)
  })

  it('handles a month starting on Sunday and leap February', () => {
    // 1 February 2026 is a Sunday: exactly four weeks.
    expect(monthGrid(ym(2026, 2))).toHaveLength(4)
    expect(monthGrid(ym(2026, 2))[0]?.[0]).toBe('2026-02-01')
    expect(monthGrid(ym(2028, 2)).flat().filter(Boolean)).toHaveLength(29)
  })
})

describe('labels and keys', () => {
  it('formats and parses', () => {
    expect(formatYearMonth(ym(2026, 12))).toBe('December 2026')
    expect(yearMonthKey(ym(2026, 3))).toBe('2026-03')
    expect(parseYearMonthKey('2026-03')).toEqual(ym(2026, 3))
    expect(parseYearMonthKey('2026-13')).toBeNull()
    expect(parseYearMonthKey('nope')).toBeNull()
  })
})
