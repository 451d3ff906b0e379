import { describe, expect, it } from 'vitest'
import { formatCount, formatDayDate, formatPrice, formatUsd, formatUsdCents } from './format'

describe('formats', () => {
  it('shows dollars without decimals', () => {
    expect(formatUsd(120)).toBe('$120')
    expect(formatUsd(1250)).toBe('$1,250')
  })

  it('shows a price with cents only when it has cents, so what is shown is what is charged', () => {
    expect(formatPrice(120)).toBe('$120')
    expect(formatPrice(135.75)).toBe('$135.75')
    expect(formatPrice(135.5)).toBe('$135.50')
    expect(formatPrice(1250.05)).toBe('$1,250.05')
    expect(formatPrice(13575 / 100)).toBe('$135.75')
    expect(formatPrice(125.75 + 110 + 150)).toBe('$385.75')
    expect(formatPrice(0.1 + 0.2)).toBe('$0.30') // float sums of cents land on the right cent
    expect(formatPrice(0)).toBe('$0')
    expect(formatPrice(-5.25)).toBe('-$5.25')
  })

  it('shows a plain date in en-US long form whatever the local zone', () => {
    expect(formatDayDate('2025-09-01')).toBe('Monday, September 1, 2025')
  })
})

describe('formats without Intl match en-US', () => {
  const usd0 = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: 0,
  })
  const usd2 = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
  })
  const long = new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  })
  it.each([0, 1, 5, 99.5, 120, 999, 1000, 5000, 12345.4, 1234567, -5, -1250, 135.75])('%s', (n) => {
    expect(formatUsd(n)).toBe(usd0.format(n))
    expect(formatUsdCents(n)).toBe(usd2.format(n))
    expect(formatPrice(n)).toBe(Number.isInteger(n) ? usd0.format(n) : usd2.format(n))
    expect(formatCount(n)).toBe(Math.round(n).toLocaleString('en-US'))
  })
  it('dates over several years, leap days included', () => {
    for (let t = Date.UTC(2023, 0, 1); t <= Date.UTC(2029, 0, 1); t += 86_400_000 * 13) {
      const iso = new Date(t).toISOString().slice(0, 10)
      expect(formatDayDate(iso)).toBe(long.format(new Date(t)))
    }
    expect(formatDayDate('2028-02-29')).toBe('Tuesday, February 29, 2028')
    expect(formatDayDate('not-a-date')).toBe('not-a-date')
  })
})
