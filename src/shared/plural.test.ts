import { describe, expect, it } from 'vitest'
import { agree, plural } from './plural'

describe('plural', () => {
  it('is singular for exactly one and plural otherwise, zero included', () => {
    expect(plural(1, 'day')).toBe('1 day')
    expect(plural(2, 'day')).toBe('2 days')
    expect(plural(0, 'order')).toBe('0 orders')
    expect(plural(-1, 'day')).toBe('-1 days')
  })

  it('takes an irregular plural', () => {
    expect(plural(1, 'entry', 'entries')).toBe('1 entry')
    expect(plural(3, 'entry', 'entries')).toBe('3 entries')
  })
})

describe('agree', () => {
  it('picks the verb that agrees with the count', () => {
    expect(agree(1, 'has', 'have')).toBe('has')
    expect(agree(0, 'has', 'have')).toBe('have')
    expect(agree(5, 'is', 'are')).toBe('are')
  })
})
