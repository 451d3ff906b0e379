import { toast } from '../../../components/ui/use-toast'
import type { BookingDetails } from '../checkout-validation'
import { validateCartCheckout } from '../checkout-validation'
import { startCartCheckout } from '../start-checkout'
import { useCart } from '../use-cart'

/** The cart page's submit (spec sections 4, 5 and 8): validate in order, then go to the payment page. */
export function useCartCheckout() {
  const { cart, discount } = useCart()

  return {
    validate: (details: BookingDetails) => validateCartCheckout(details, cart),
    async submit(details: BookingDetails) {
      try {
        const sessionUrl = await startCartCheckout({
          calendarDayIds: cart.calendarDays.map((d) => d.id),
          mapIconId: cart.mapIcon?.id ?? null,
          businessName: details.businessName,
          email: details.email,
          discount,
        })
        window.location.assign(sessionUrl)
      } catch {
        toast({
          variant: 'destructive',
          title: 'Checkout Failed',
          description: 'There was a problem processing your booking. Please try again.',
        })
      }
    },
  }
}
