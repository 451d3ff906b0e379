import { useNavigate } from 'react-router'
import { toast } from '#client/components/ui/use-toast.ts'
import { getCart } from '#client/features/cart/cart-store.ts'
import { useCart } from '#client/features/cart/use-cart.ts'
import type { DayCellState } from '#shared/calendar-months.ts'
import type { CalendarDayDto } from '#shared/dto.ts'
import { formatDayDate } from '#shared/format.ts'

/** Add-to-cart toasts stay 10 seconds. */
export const ADD_TO_CART_TOAST_DURATION = 10_000

/** What a click on a day cell does. */
export function useDayActions() {
  const navigate = useNavigate()
  const { addCalendarDay } = useCart()
  const goToCart = { label: 'Go to Cart', to: '/cart-checkout', onClick: () => navigate('/cart-checkout') }

  return function onDayClick(date: string, day: CalendarDayDto | undefined, state: DayCellState) {
    if (state === 'past' || state === 'closed') {
      // Not "not opened yet" (a past date never will be, nor a day of a mailing whose sales closed): the
      // spec's text for a day that cannot be booked.
      toast({ title: 'Day Unavailable', description: 'This day is no longer available for booking.' })
      return
    }
    if (state === 'placeholder' || !day) {
      toast({
        title: 'Day Not Available Yet',
        description: `${formatDayDate(date)} has not been opened for booking yet. Please check back later.`,
      })
      return
    }
    if (state === 'pending') {
      toast({
        title: 'Day Being Reserved',
        description: 'Someone is completing a reservation for this day right now. Please choose another day.',
      })
      return
    }
    if (state === 'reserved') {
      toast({
        title: 'Day Unavailable',
        description: day.businessName
          ? `This day is already booked by ${day.businessName}.`
          : 'This day is no longer available for booking.',
      })
      return
    }
    if (state === 'in-cart') {
      navigate('/cart-checkout')
      return
    }
    const outcome = addCalendarDay({ id: day.id, date: day.date, price: day.price })
    if (outcome === 'limit-reached') {
      toast({
        variant: 'destructive',
        title: 'Cart Limit Reached',
        description:
          'You can only select up to 6 calendar days. Please remove some items from your cart to add more.',
      })
      return
    }
    if (outcome !== 'added') return
    if (getCart().mapIcon) {
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
      description: `${formatDayDate(day.date)} has been added to your cart.`,
      action: goToCart,
      duration: ADD_TO_CART_TOAST_DURATION,
    })
  }
}
