/**
 * Cart rules. Pure functions over an immutable cart, shared by the
 * browser store and anything else that needs to count or price a cart. The server recomputes prices;
 * these figures are only what the visitor sees.
 */

/** At most 6 calendar days and one map icon per cart. */
export const MAX_CART_DAYS = 6

export type CartDay = {
  id: string
  /** YYYY-MM-DD, never parsed as local time. */
  date: string
  /** US dollars, shown without decimals when whole. */
  price: number
}

export type CartMapIcon = {
  id: string
  name: string
  size: string
  price: number
  /** The mailing ('YYYY-MM') the icon is for; a cart saved before mailings has none: the next open one. */
  month?: string
}

export type Cart = {
  calendarDays: CartDay[]
  mapIcon: CartMapIcon | null
}

type AddDayResult = { cart: Cart; outcome: 'added' | 'limit-reached' | 'already-present' }
type SetMapIconResult = { cart: Cart; outcome: 'set' | 'icon-present' }

export const emptyCart: Cart = { calendarDays: [], mapIcon: null }

export function addCalendarDay(cart: Cart, day: CartDay): AddDayResult {
  if (cart.calendarDays.some((d) => d.id === day.id)) return { cart, outcome: 'already-present' }
  if (cart.calendarDays.length >= MAX_CART_DAYS) return { cart, outcome: 'limit-reached' }
  return { cart: { ...cart, calendarDays: [...cart.calendarDays, day] }, outcome: 'added' }
}

export function removeCalendarDay(cart: Cart, dayId: string): Cart {
  return { ...cart, calendarDays: cart.calendarDays.filter((d) => d.id !== dayId) }
}

/** Adding a map icon while one exists is refused. */
export function setMapIcon(cart: Cart, icon: CartMapIcon): SetMapIconResult {
  if (cart.mapIcon) return { cart, outcome: 'icon-present' }
  return { cart: { ...cart, mapIcon: icon }, outcome: 'set' }
}

export function removeMapIcon(cart: Cart): Cart {
  return { ...cart, mapIcon: null }
}

export function clearCart(): Cart {
  return emptyCart
}

/** Days plus one when a map icon is chosen (the nav badge and 'View Cart (n)'). */
export function cartItemCount(cart: Cart): number {
  return cart.calendarDays.length + (cart.mapIcon ? 1 : 0)
}

/** Dollars off each day: 0 for 0-1 days, 10 for 2-3 days, 20 for 4 or more. */
export function perDayDiscount(dayCount: number): number {
  if (dayCount >= 4) return 20
  if (dayCount >= 2) return 10
  return 0
}

export function discountedDayPrice(price: number, discount: number): number {
  return Math.max(0, price - discount)
}

/** Discounted day prices plus the map icon price; the icon is never discounted. */
export function cartTotal(cart: Cart): number {
  const discount = perDayDiscount(cart.calendarDays.length)
  const days = cart.calendarDays.reduce((sum, d) => sum + discountedDayPrice(d.price, discount), 0)
  return days + (cart.mapIcon?.price ?? 0)
}

/** A small icon is shown as Regular, any other size as Premium. */
export function mapIconSizeLabel(size: string): 'Regular' | 'Premium' {
  return size === 'small' ? 'Regular' : 'Premium'
}
