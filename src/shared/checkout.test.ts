import { describe, expect, it } from 'vitest'
import {
  CHECKOUT_TEXTS,
  cartCheckoutInputSchema,
  dayCheckoutInputSchema,
  expectedCartDiscount,
  sessionReference,
  specialPurchaseCheckoutInputSchema,
} from './checkout.ts'

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error?.issues[0]?.message

const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`

describe('cart checkout validation, in its order', () => {
  const valid = {
    businessName: 'Joe',
    email: 'joe@x.example',
    calendarDayIds: [id(1)],
    mapIconId: null,
    discount: 0,
  }

  it('accepts a valid cart and trims the texts', () => {
    const parsed = cartCheckoutInputSchema.parse({
      ...valid,
      businessName: '  Joe ',
      email: ' joe@x.example ',
    })
    expect(parsed).toEqual({ ...valid })
  })

  it('reports the first failing rule: name, then e-mail, then an empty cart', () => {
    const empty = { businessName: ' ', email: 'nope', calendarDayIds: [], mapIconId: null, discount: 5 }
    expect(firstMessage(cartCheckoutInputSchema.safeParse(empty))).toBe(CHECKOUT_TEXTS.businessName)
    expect(firstMessage(cartCheckoutInputSchema.safeParse({ ...empty, businessName: 'Joe' }))).toBe(
      CHECKOUT_TEXTS.email,
    )
    expect(
      firstMessage(
        cartCheckoutInputSchema.safeParse({ ...empty, businessName: 'Joe', email: 'joe@x.example' }),
      ),
    ).toBe(CHECKOUT_TEXTS.cartEmpty)
  })

  it('an icon alone is a cart; more than 6 days or a repeated day is not', () => {
    expect(
      cartCheckoutInputSchema.safeParse({ ...valid, calendarDayIds: [], mapIconId: id(9) }).success,
    ).toBe(true)
    const seven = [1, 2, 3, 4, 5, 6, 7].map(id)
    expect(
      firstMessage(cartCheckoutInputSchema.safeParse({ ...valid, calendarDayIds: seven, discount: 20 })),
    ).toBe(CHECKOUT_TEXTS.cartLimit)
    expect(
      firstMessage(
        cartCheckoutInputSchema.safeParse({
          ...valid,
          calendarDayIds: [id(1), id(1).toUpperCase()],
          discount: 10,
        }),
      ),
    ).toBe(CHECKOUT_TEXTS.duplicateDay)
  })

  it('the discount must be the tier for the number of days', () => {
    expect([0, 1, 2, 3, 4, 6].map(expectedCartDiscount)).toEqual([0, 0, 10, 10, 20, 20])
    const days = (n: number) => Array.from({ length: n }, (_, i) => id(i + 1))
    for (const [n, discount] of [
      [1, 0],
      [2, 10],
      [4, 20],
    ] as const)
      expect(cartCheckoutInputSchema.safeParse({ ...valid, calendarDayIds: days(n), discount }).success).toBe(
        true,
      )
    for (const discount of [10, -1, '0', null, undefined])
      expect(cartCheckoutInputSchema.safeParse({ ...valid, discount }).success, String(discount)).toBe(false)
  })
})

describe('single-day checkout validation', () => {
  it('name, then e-mail with @', () => {
    expect(
      firstMessage(dayCheckoutInputSchema.safeParse({ dayId: id(1), businessName: '', email: '' })),
    ).toBe(CHECKOUT_TEXTS.businessName)
    expect(
      firstMessage(dayCheckoutInputSchema.safeParse({ dayId: id(1), businessName: 'J', email: 'j.x' })),
    ).toBe(CHECKOUT_TEXTS.email)
  })
})

describe('special purchase validation', () => {
  const valid = { businessName: 'Joe', email: 'joe@x.example', units: 3, description: '', amount: 3 }
  it('defaults the description and requires amount = units × $1', () => {
    expect(specialPurchaseCheckoutInputSchema.parse(valid).description).toBe('Special Purchase')
    expect(specialPurchaseCheckoutInputSchema.safeParse({ ...valid, amount: 3.01 }).success).toBe(false)
    expect(specialPurchaseCheckoutInputSchema.safeParse({ ...valid, amount: 300 }).success).toBe(false)
  })
  it('checks units, then name, then e-mail', () => {
    const bad = { units: 0, businessName: '', email: '', amount: 0 }
    expect(firstMessage(specialPurchaseCheckoutInputSchema.safeParse(bad))).toBe(
      'Please select at least 1 unit',
    )
    expect(firstMessage(specialPurchaseCheckoutInputSchema.safeParse({ ...bad, units: 1, amount: 1 }))).toBe(
      'Please provide your business name',
    )
    expect(
      firstMessage(
        specialPurchaseCheckoutInputSchema.safeParse({ ...bad, units: 1, amount: 1, businessName: 'J' }),
      ),
    ).toBe('Please provide a valid email address')
  })
})

it('the reference is the last underscore-separated segment of the session id', () => {
  expect(sessionReference('cs_test_a1B2c3')).toBe('a1B2c3')
  expect(sessionReference('plain')).toBe('plain')
})
