import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  CART_STORAGE_KEY,
  cartActions,
  getCart,
  parseStoredCart,
  resetCartStore,
  subscribeCart,
} from './cart-store'

const day = { id: 'd1', date: '2025-09-01', price: 120 }

describe('cart store', () => {
  beforeEach(() => {
    localStorage.clear()
    resetCartStore()
  })
  afterEach(() => localStorage.clear())

  it('persists changes under townflyer-cart', () => {
    expect(cartActions.addCalendarDay(day)).toBe('added')
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '')).toEqual({
      calendarDays: [day],
      mapIcon: null,
    })
  })

  it('reads corrupt JSON as an empty cart', () => {
    localStorage.setItem(CART_STORAGE_KEY, '{not json')
    expect(getCart()).toEqual({ calendarDays: [], mapIcon: null })
    expect(parseStoredCart('{"calendarDays":[{"id":1}],"mapIcon":"x"}')).toEqual({
      calendarDays: [],
      mapIcon: null,
    })
  })

  it("keeps the map icon's mailing, reads an icon saved without one, and refuses a month that is not text", () => {
    const icon = { id: 'i1', name: 'Map Icon', size: 'small', price: 150 }
    expect(cartActions.setMapIcon({ ...icon, month: '2027-01' })).toBe('set')
    resetCartStore()
    expect(getCart().mapIcon).toEqual({ ...icon, month: '2027-01' })
    expect(parseStoredCart(JSON.stringify({ calendarDays: [], mapIcon: icon })).mapIcon).toEqual(icon)
    for (const month of [202701, null, { year: 2027 }]) {
      expect(
        parseStoredCart(JSON.stringify({ calendarDays: [], mapIcon: { ...icon, month } })).mapIcon,
      ).toBeNull()
    }
  })

  it('follows changes made in another tab', () => {
    let calls = 0
    const unsubscribe = subscribeCart(() => {
      calls++
    })
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ calendarDays: [day], mapIcon: null }))
    window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY }))
    expect(calls).toBe(1)
    expect(getCart().calendarDays).toEqual([day])
    unsubscribe()
  })
})
