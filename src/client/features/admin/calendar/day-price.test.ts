import { describe, expect, it } from 'vitest'
import { dayStatusLabel, parseDayPrice } from './day-price'

describe('inline day price', () => {
  it('accepts prices greater than 0, kept to cents', () => {
    expect(parseDayPrice('120')).toEqual({ ok: true, price: 120 })
    expect(parseDayPrice(' 99.99 ')).toEqual({ ok: true, price: 99.99 })
    expect(parseDayPrice('0.01')).toEqual({ ok: true, price: 0.01 })
  })

  it.each(['', '   ', '0', '-5', 'abc', '0.001', 'NaN', 'Infinity'])(
    'refuses %j with its message',
    (text) => {
      expect(parseDayPrice(text)).toEqual({ ok: false, message: 'Price must be greater than 0.' })
    },
  )
})

describe('day status label', () => {
  it('shows the three known statuses as they are and anything else as Not Initialized', () => {
    expect(dayStatusLabel('available')).toBe('available')
    expect(dayStatusLabel('reserved')).toBe('reserved')
    expect(dayStatusLabel('reserved_pending')).toBe('reserved_pending')
    expect(dayStatusLabel('held')).toBe('Not Initialized')
    expect(dayStatusLabel('')).toBe('Not Initialized')
  })
})
