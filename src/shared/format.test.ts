import { describe, expect, it } from 'vitest'
import { formatDayDate, formatUsd } from './format'

describe('formats', () => {
  it('shows dollars without decimals', () => {
    expect(formatUsd(120)).toBe('$120')
    expect(formatUsd(1250)).toBe('$1,250')
  })

  it('shows a plain date in en-US long form whatever the local zone', () => {
    expect(formatDayDate('2025-09-01')).toBe('Monday, September 1, 2025')
  })
})
