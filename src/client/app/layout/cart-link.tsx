import { ShoppingCart } from 'lucide-react'
import { Link } from 'react-router'
import { useCart } from '#client/features/cart/use-cart.ts'

/** Accessible name: 'Cart' when empty, 'Cart (n items)' otherwise (n = days + 1 for a map icon). */
export function CartLink() {
  const { itemCount } = useCart()
  return (
    <Link
      to="/cart-checkout"
      className="relative inline-flex h-10 items-center gap-2 rounded-md border border-slate-300 px-3 text-sm font-medium text-slate-900 hover:bg-slate-100"
    >
      <ShoppingCart className="size-4" aria-hidden="true" />
      <span>Cart</span>
      {itemCount > 0 ? (
        <>
          <span
            aria-hidden="true"
            className="absolute -top-2 -right-2 flex size-5 items-center justify-center rounded-full bg-red-700 text-xs font-bold text-white"
          >
            {itemCount}
          </span>
          <span className="sr-only"> ({itemCount === 1 ? '1 item' : `${itemCount} items`})</span>
        </>
      ) : null}
    </Link>
  )
}
