import { describe, expect, it } from 'vitest'
import { emptyCart } from '#shared/cart.ts'
import {
  bookingFieldErrors,
  CHECKOUT_ISSUES,
  validateBookingDetails,
  validateCartCheckout,
} from './checkout-validation'

const cartWithDay = { calendarDays: [{ id: 'd1', date: '2026-06-01', price: 120 }], mapIcon: null }
const cartWithIcon = { calendarDays: [], mapIcon: { id: 'i1', name: 'Map Icon', size: 'small', price: 150 } }

describe('validateBookingDetails', () => {
  it('requires a business name after trimming', () => {
    expect(validateBookingDetails({ businessName: '   ', email: 'a@b.c' })).toBe(CHECKOUT_ISSUES.businessName)
  })

  it('requires an e-mail containing @', () => {
    expect(validateBookingDetails({ businessName: 'Shop', email: '  ' })).toBe(CHECKOUT_ISSUES.email)
    expect(validateBookingDetails({ businessName: 'Shop', email: 'shop.example.com' })).toBe(
      CHECKOUT_ISSUES.email,
    )
    expect(validateBookingDetails({ businessName: 'Shop', email: ' owner@shop.test ' })).toBeNull()
  })

  it('takes one real address only: no list, no header, no spaces, at most 254 characters', () => {
    for (const email of [
      'a@b.co, c@d.co',
      'a@b.co\r\nBcc: x@evil.example',
      'a b@c.co',
      'a@b',
      `${'a'.repeat(245)}@b.example`,
    ]) {
      expect(validateBookingDetails({ businessName: 'Shop', email })).toBe(CHECKOUT_ISSUES.email)
    }
  })

  it('uses the toast texts', () => {
    expect(CHECKOUT_ISSUES.businessName).toEqual({
      title: 'Business Name Required',
      description: 'Please enter your business name.',
    })
    expect(CHECKOUT_ISSUES.email).toEqual({
      title: 'Valid Email Required',
      description: 'Please enter a valid email address.',
    })
  })
})

describe('validateCartCheckout', () => {
  it('checks name, then e-mail, then the cart', () => {
    expect(validateCartCheckout({ businessName: '', email: '' }, emptyCart)).toBe(
      CHECKOUT_ISSUES.businessName,
    )
    expect(validateCartCheckout({ businessName: 'Shop', email: 'x' }, emptyCart)).toBe(CHECKOUT_ISSUES.email)
    expect(validateCartCheckout({ businessName: 'Shop', email: 'a@b.co' }, emptyCart)).toEqual({
      title: 'Cart Empty',
      description: 'Your cart is empty. Please add calendar days or a map icon to continue.',
    })
  })

  it('accepts a cart with a day or with only an icon', () => {
    expect(validateCartCheckout({ businessName: 'Shop', email: 'a@b.co' }, cartWithDay)).toBeNull()
    expect(validateCartCheckout({ businessName: 'Shop', email: 'a@b.co' }, cartWithIcon)).toBeNull()
  })
})

describe("bookingFieldErrors (every field's message, shown next to it)", () => {
  it('gives each invalid field the toast description of its issue', () => {
    expect(bookingFieldErrors({ businessName: ' ', email: 'x' })).toEqual({
      businessName: 'Please enter your business name.',
      email: 'Please enter a valid email address.',
    })
    expect(bookingFieldErrors({ businessName: 'Shop', email: 'a@b.co' })).toEqual({})
  })
})
