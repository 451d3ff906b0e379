import { useSyncExternalStore } from 'react'
import { cartItemCount, cartTotal, emptyCart, perDayDiscount } from '#shared/cart.ts'
import { cartActions, getCart, subscribeCart } from './cart-store'

const serverCart = () => emptyCart

export function useCart() {
  // The server renders an empty cart (it cannot see localStorage); hydration starts from the same and
  // shows the stored cart right after, so the markup matches (decision 014).
  const cart = useSyncExternalStore(subscribeCart, getCart, serverCart)
  return {
    cart,
    itemCount: cartItemCount(cart),
    discount: perDayDiscount(cart.calendarDays.length),
    total: cartTotal(cart),
    isEmpty: cartItemCount(cart) === 0,
    ...cartActions,
  }
}
