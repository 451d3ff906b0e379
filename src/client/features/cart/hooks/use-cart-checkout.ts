import { useQueryClient } from '@tanstack/react-query'
import { toast } from '../../../components/ui/use-toast'
import { ApiError } from '../../../lib/api-client'
import { CALENDAR_DAYS_QUERY_KEY } from '../../calendar/api/get-calendar-month'
import { MAP_ICONS_QUERY_KEY } from '../../map-icons/api/get-map-icons'
import type { BookingDetails } from '../checkout-validation'
import { validateCartCheckout } from '../checkout-validation'
import { startCartCheckout } from '../start-checkout'
import { useCart } from '../use-cart'

/** The cart page's submit (spec sections 4, 5 and 8): validate in order, then go to the payment page. */
export function useCartCheckout() {
  const { cart, discount } = useCart()
  const queryClient = useQueryClient()

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
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) {
          // Someone else holds or bought an item meanwhile: show what changed.
          await queryClient.invalidateQueries({ queryKey: CALENDAR_DAYS_QUERY_KEY })
          await queryClient.invalidateQueries({ queryKey: MAP_ICONS_QUERY_KEY })
          const isDay = /day/i.test(error.message)
          toast({
            variant: 'destructive',
            title: isDay ? 'Day Unavailable' : 'Checkout Error',
            description: isDay ? 'This day is no longer available for booking.' : error.message,
          })
          return
        }
        toast({
          variant: 'destructive',
          title: 'Checkout Failed',
          description: 'There was a problem processing your booking. Please try again.',
        })
      }
    },
  }
}
