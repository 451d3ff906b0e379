import { useNavigate } from 'react-router'
import { toast } from '#client/components/ui/use-toast.ts'
import { useCart } from '#client/features/cart/use-cart.ts'
import type { MapIconDto } from '#shared/dto.ts'
import type { MonthKey } from '#shared/mailings.ts'

/** Add-to-cart toasts stay 10 seconds. */
const ADD_TO_CART_TOAST_DURATION = 10_000

/**
 * Reserve puts the icon in the cart for the chosen mailing; a second icon is refused, with a toast.
 */
export function useReserveMapIcon() {
  const navigate = useNavigate()
  const { cart, setMapIcon } = useCart()
  const goToCart = { label: 'Go to Cart', to: '/cart-checkout', onClick: () => navigate('/cart-checkout') }

  return function reserve(icon: MapIconDto, month: MonthKey) {
    const outcome = setMapIcon({ id: icon.id, name: icon.name, size: icon.size, price: icon.price, month })
    if (outcome === 'icon-present') {
      toast({
        variant: 'destructive',
        title: 'Map Icon Already in Cart',
        description: 'You can only add one map icon to your cart. Please remove the current one first.',
      })
      return
    }
    if (cart.calendarDays.length > 0) {
      toast({
        title: 'Ready to Checkout?',
        description: 'You have calendar days and a map icon in your cart.',
        action: goToCart,
        duration: ADD_TO_CART_TOAST_DURATION,
      })
      return
    }
    toast({
      title: 'Added to Cart',
      description: `${icon.name} has been added to your cart.`,
      action: goToCart,
      duration: ADD_TO_CART_TOAST_DURATION,
    })
  }
}
