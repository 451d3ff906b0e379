/**
 * The visitor's cart: the shared rules from src/shared/cart.ts, persisted in localStorage and kept
 * in step across tabs through the 'storage' event. Corrupt or foreign data reads as an empty cart.
 */
import {
  addCalendarDay,
  type Cart,
  type CartDay,
  type CartMapIcon,
  clearCart,
  emptyCart,
  removeCalendarDay,
  removeMapIcon,
  setMapIcon,
} from '#shared/cart.ts'

export const CART_STORAGE_KEY = 'townflyer-cart'

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null

function isCartDay(v: unknown): v is CartDay {
  return isRecord(v) && typeof v.id === 'string' && typeof v.date === 'string' && typeof v.price === 'number'
}

/**
 * The icon's mailing is kept as stored: the server checks it (a cart saved before mailings has
 * none and is bought for the next open mailing). Only a month that is not text is refused, since the cart
 * shows it as text.
 */
function isCartMapIcon(v: unknown): v is CartMapIcon {
  return (
    isRecord(v) &&
    typeof v.id === 'string' &&
    typeof v.name === 'string' &&
    typeof v.size === 'string' &&
    typeof v.price === 'number' &&
    (v.month === undefined || typeof v.month === 'string')
  )
}

export function parseStoredCart(text: string | null): Cart {
  if (!text) return emptyCart
  try {
    const data: unknown = JSON.parse(text)
    if (!isRecord(data)) return emptyCart
    const days = Array.isArray(data.calendarDays) ? data.calendarDays.filter(isCartDay) : []
    return { calendarDays: days, mapIcon: isCartMapIcon(data.mapIcon) ? data.mapIcon : null }
  } catch {
    return emptyCart
  }
}

function readStorage(): Cart {
  try {
    return parseStoredCart(globalThis.localStorage?.getItem(CART_STORAGE_KEY) ?? null)
  } catch {
    return emptyCart
  }
}

function writeStorage(cart: Cart) {
  try {
    globalThis.localStorage?.setItem(CART_STORAGE_KEY, JSON.stringify(cart))
  } catch {
    // Private mode or a full quota: the cart still works for this page.
  }
}

let current: Cart | undefined
const listeners = new Set<() => void>()

function notify() {
  for (const listener of listeners) listener()
}

function commit(next: Cart) {
  if (next === current) return
  current = next
  writeStorage(next)
  notify()
}

function onStorage(event: StorageEvent) {
  if (event.key !== null && event.key !== CART_STORAGE_KEY) return
  current = readStorage()
  notify()
}

export function getCart(): Cart {
  current ??= readStorage()
  return current
}

export function subscribeCart(listener: () => void) {
  if (listeners.size === 0) globalThis.addEventListener?.('storage', onStorage)
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0) globalThis.removeEventListener?.('storage', onStorage)
  }
}

export const cartActions = {
  addCalendarDay(day: CartDay) {
    const result = addCalendarDay(getCart(), day)
    commit(result.cart)
    return result.outcome
  },
  removeCalendarDay(dayId: string) {
    commit(removeCalendarDay(getCart(), dayId))
  },
  setMapIcon(icon: CartMapIcon) {
    const result = setMapIcon(getCart(), icon)
    commit(result.cart)
    return result.outcome
  },
  removeMapIcon() {
    commit(removeMapIcon(getCart()))
  },
  clearCart() {
    commit(clearCart())
  },
}

/** Test helper: drop the in-memory copy so the next read comes from storage. */
export function resetCartStore() {
  current = undefined
}
