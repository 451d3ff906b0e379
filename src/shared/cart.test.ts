import { describe, expect, it } from 'vitest'
import {
  addCalendarDay,
  type Cart,
  type CartDay,
  cartItemCount,
  cartTotal,
  clearCart,
  emptyCart,
  mapIconSizeLabel,
  perDayDiscount,
  removeCalendarDay,
  removeMapIcon,
  setMapIcon,
} from './cart'

const day = (n: number, price = 100): CartDay => ({
  id: `d${n}`,
  date: `2025-09-${String(n).padStart(2, '0')}`,
  price,
})
const icon = { id: 'i1', name: 'Map Icon', size: 'small', price: 50 }

function cartWithDays(count: number, price = 100): Cart {
  let cart = emptyCart
  for (let n = 1; n <= count; n++) cart = addCalendarDay(cart, day(n, price)).cart
  return cart
}

describe('calendar days', () => {
  it('adds a day', () => {
    const result = addCalendarDay(emptyCart, day(1))
    expect(result.outcome).toBe('added')
    expect(result.cart.calendarDays).toEqual([day(1)])
  })

  it('ignores a day already present', () => {
    const cart = cartWithDays(1)
    const result = addCalendarDay(cart, day(1))
    expect(result.outcome).toBe('already-present')
    expect(result.cart).toBe(cart)
  })

  it('ignores a seventh day', () => {
    const cart = cartWithDays(6)
    const result = addCalendarDay(cart, day(7))
    expect(result.outcome).toBe('limit-reached')
    expect(result.cart.calendarDays).toHaveLength(6)
  })

  it('removes a day by id', () => {
    expect(removeCalendarDay(cartWithDays(2), 'd1').calendarDays).toEqual([day(2)])
  })
})

describe('map icon', () => {
  it('sets one icon and refuses a second', () => {
    const first = setMapIcon(emptyCart, icon)
    expect(first.outcome).toBe('set')
    const second = setMapIcon(first.cart, { ...icon, id: 'i2' })
    expect(second.outcome).toBe('icon-present')
    expect(second.cart.mapIcon?.id).toBe('i1')
  })

  it('removes the icon', () => {
    expect(removeMapIcon(setMapIcon(emptyCart, icon).cart).mapIcon).toBeNull()
  })
})

describe('counts and totals', () => {
  it('counts days plus one for an icon', () => {
    expect(cartItemCount(emptyCart)).toBe(0)
    expect(cartItemCount(setMapIcon(cartWithDays(3), icon).cart)).toBe(4)
  })

  it.each([
    [0, 0],
    [1, 0],
    [2, 10],
    [3, 10],
    [4, 20],
    [6, 20],
  ])('gives a per-day discount for %i days of %i', (days, discount) => {
    expect(perDayDiscount(days)).toBe(discount)
  })

  it('subtracts the discount from each day but not the icon', () => {
    expect(cartTotal(cartWithDays(1))).toBe(100)
    expect(cartTotal(cartWithDays(2))).toBe(180)
    expect(cartTotal(setMapIcon(cartWithDays(4), icon).cart)).toBe(4 * 80 + 50)
  })

  it('never takes a day below 0', () => {
    expect(cartTotal(cartWithDays(4, 15))).toBe(0)
  })

  it('clears days and icon', () => {
    expect(clearCart()).toEqual({ calendarDays: [], mapIcon: null })
  })
})

describe('map icon size label', () => {
  it('shows small as Regular and anything else as Premium', () => {
    expect(mapIconSizeLabel('small')).toBe('Regular')
    expect(mapIconSizeLabel('large')).toBe('Premium')
  })
})
