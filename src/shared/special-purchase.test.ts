import { describe, expect, it } from 'vitest'
import {
  correctUnitsText,
  DEFAULT_SPECIAL_PURCHASE_DESCRIPTION,
  findSpecialPurchaseProblem,
  formatSpecialPurchaseTotal,
  readUnits,
  specialPurchaseAmount,
  specialPurchaseDescription,
} from './special-purchase'

const valid = { units: 3, businessName: 'Corner Bakery', email: 'owner@bakery.example' }

describe('special purchase', () => {
  it('reads whole units only: a fraction, a number below 1 or above the maximum is no quantity', () => {
    expect(readUnits('3')).toEqual({ units: 3, problem: null })
    expect(readUnits('')).toEqual({ units: 1, problem: null })
    expect(readUnits('abc')).toEqual({ units: 1, problem: null })
    expect(readUnits('2.5')).toEqual({ units: null, problem: 'Please enter a whole number of units.' })
    expect(readUnits('-5')).toEqual({ units: null, problem: 'Please select at least 1 unit' })
    expect(readUnits('0')).toEqual({ units: null, problem: 'Please select at least 1 unit' })
    expect(readUnits('100001')).toEqual({ units: null, problem: 'At most 100000 units per purchase.' })
  })

  it('corrects the box visibly on leaving it: non-numeric becomes 1, a fraction or below 1 stays refused', () => {
    expect(correctUnitsText('-5')).toBe('-5')
    expect(correctUnitsText('0')).toBe('0')
    expect(correctUnitsText('')).toBe('1')
    expect(correctUnitsText(' 007 ')).toBe('7')
    expect(correctUnitsText('2.5')).toBe('2.5')
  })

  it('charges $1 per unit and shows the total with two decimals', () => {
    expect(specialPurchaseAmount(3)).toBe(3)
    expect(formatSpecialPurchaseTotal(3)).toBe('$3.00')
    expect(formatSpecialPurchaseTotal(1250)).toBe('$1,250.00')
    expect(formatSpecialPurchaseTotal(-2)).toBe('$0.00')
  })

  it('defaults the description to Special Purchase', () => {
    expect(specialPurchaseDescription('   ')).toBe(DEFAULT_SPECIAL_PURCHASE_DESCRIPTION)
    expect(DEFAULT_SPECIAL_PURCHASE_DESCRIPTION).toBe('Special Purchase')
    expect(specialPurchaseDescription(' Door hangers ')).toBe('Door hangers')
  })

  it('checks units, then business name, then e-mail, with their toast texts', () => {
    expect(findSpecialPurchaseProblem(valid)).toBeNull()
    expect(findSpecialPurchaseProblem({ units: 0, businessName: '', email: '' })).toEqual({
      field: 'units',
      title: 'Invalid quantity',
      description: 'Please select at least 1 unit',
    })
    expect(findSpecialPurchaseProblem({ ...valid, businessName: '  ', email: '' })).toEqual({
      field: 'businessName',
      title: 'Business Name Required',
      description: 'Please provide your business name',
    })
    expect(findSpecialPurchaseProblem({ ...valid, email: 'owner.example' })).toEqual({
      field: 'email',
      title: 'Valid Email Required',
      description: 'Please provide a valid email address',
    })
    expect(findSpecialPurchaseProblem({ ...valid, email: '   ' })?.field).toBe('email')
    // One real address only, as the server requires: no list, no header, no spaces.
    for (const email of ['a@b.co, c@d.co', 'a@b.co\r\nBcc: x@evil.example', 'a b@c.co', 'a@b'])
      expect(findSpecialPurchaseProblem({ ...valid, email })?.field).toBe('email')
  })
})
