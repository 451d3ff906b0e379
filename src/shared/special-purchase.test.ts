import { describe, expect, it } from 'vitest'
import {
  DEFAULT_SPECIAL_PURCHASE_DESCRIPTION,
  findSpecialPurchaseProblem,
  formatSpecialPurchaseTotal,
  parseUnits,
  specialPurchaseAmount,
  specialPurchaseDescription,
} from './special-purchase'

const valid = { units: 3, businessName: 'Corner Bakery', email: 'owner@bakery.example' }

describe('special purchase', () => {
  it('falls back to 1 unit for a non-numeric entry and keeps whole numbers', () => {
    expect(parseUnits('')).toBe(1)
    expect(parseUnits('abc')).toBe(1)
    expect(parseUnits('4')).toBe(4)
    expect(parseUnits(' 7 ')).toBe(7)
    expect(parseUnits('2.9')).toBe(2)
    expect(parseUnits('0')).toBe(0)
    expect(parseUnits(Number.NaN)).toBe(1)
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

  it('checks units, then business name, then e-mail, with the spec texts', () => {
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
