import { useSyncExternalStore } from 'react'
import { cartItemCount, cartTotal, perDayDiscount } from '#shared/cart.ts'
import { cartActions, getCart, subscribeCart } from './cart-store'

export function useCart() {
  const cart = useSyncExternalStore(subscribeCart, getCart, getCart)
  return {
    cart,
    itemCount: cartItemCount(cart),
    discount: perDayDiscount(cart.calendarDays.length),
    total: cartTotal(cart),
    isEmpty: cartItemCount(cart) === 0,
    ...cartActions,
  }
}
