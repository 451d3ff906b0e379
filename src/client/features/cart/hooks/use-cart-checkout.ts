import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { toast } from '#client/components/ui/use-toast.ts'
import { ApiError } from '#client/lib/api-client.ts'
import { queryKeys } from '#client/lib/query-keys.ts'
import type { BookingDetails } from '../checkout-validation'
import { validateCartCheckout } from '../checkout-validation'
import { startCartCheckout, unavailableDaysOf } from '../start-checkout'
import { useCart } from '../use-cart'

/**
 * The cart page's submit: validate in order, then go to the payment page. A
 * day taken meanwhile is named in the toast and kept in `unavailableDayIds`, so the cart can mark it
 * with a one-tap remove.
 */
export function useCartCheckout() {
  const { cart, discount } = useCart()
  const queryClient = useQueryClient()
  const [unavailable, setUnavailable] = useState<ReadonlySet<string>>(new Set())
  // Only days still in the cart count: a removed day is no longer marked.
  const unavailableDayIds = new Set(cart.calendarDays.map((d) => d.id).filter((id) => unavailable.has(id)))

  return {
    unavailableDayIds,
    validate: (details: BookingDetails) => validateCartCheckout(details, cart),
    async submit(details: BookingDetails) {
      try {
        const sessionUrl = await startCartCheckout({
          calendarDayIds: cart.calendarDays.map((d) => d.id),
          mapIconId: cart.mapIcon?.id ?? null,
          mapIconMonth: cart.mapIcon?.month ?? null,
          businessName: details.businessName,
          email: details.email,
          discount,
        })
        window.location.assign(sessionUrl)
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) {
          // Someone else holds or bought an item meanwhile: show what changed.
          await queryClient.invalidateQueries({ queryKey: queryKeys.calendarDays.all() })
          await queryClient.invalidateQueries({ queryKey: queryKeys.mapIcons.all() })
          const days = unavailableDaysOf(error)
          setUnavailable(new Set(days.map((d) => d.dayId)))
          const isDay = days.length > 0 || /day/i.test(error.message)
          toast({
            variant: 'destructive',
            title: isDay ? 'Day Unavailable' : 'Checkout Error',
            description: isDay
              ? days.map((d) => d.message).join(' ') || 'This day is no longer available for booking.'
              : error.message,
          })
          return
        }
        // Over the hold limits (checkouts in progress per connection and per e-mail): the server says why.
        const limited = error instanceof ApiError && error.status === 429
        toast({
          variant: 'destructive',
          title: limited ? 'Too Many Checkouts' : 'Checkout Failed',
          description: limited
            ? error.message
            : 'There was a problem processing your booking. Please try again.',
        })
      }
    },
  }
}
