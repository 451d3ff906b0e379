import { useState } from 'react'
import { useNavigate } from 'react-router'
import { Button } from '#client/components/ui/button.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { useCart } from '#client/features/cart/use-cart.ts'
import { ACCOUNT_TEXTS } from '#shared/account-texts.ts'
import { MAX_CART_DAYS } from '#shared/cart.ts'
import { type BookAgainOutcome, bookAgainMessage } from '../account-display'
import { getBookAgain } from '../api/book-again'

/** As long as the calendar's add-to-cart toasts: long enough to read a list of dates. */
const BOOK_AGAIN_TOAST_DURATION = 10_000

/**
 * "Book again": the purchase's days of the month in the next mailing open for sale go into the cart the way
 * the calendar adds a day (the cart's own rule of at most MAX_CART_DAYS days applies), and a toast says
 * which went in and which are taken.
 */
export function BookAgainButton({ purchaseId, describedBy }: { purchaseId: string; describedBy: string }) {
  const navigate = useNavigate()
  const { addCalendarDay } = useCart()
  const [isBusy, setIsBusy] = useState(false)

  async function handleClick() {
    if (isBusy) return
    setIsBusy(true)
    try {
      const result = await getBookAgain(purchaseId)
      const outcome: BookAgainOutcome = { added: [], alreadyInCart: [], cartFull: [] }
      for (const day of result.available) {
        const added = addCalendarDay({ id: day.id, date: day.date, price: day.priceCents / 100 })
        if (added === 'added') outcome.added.push(day.date)
        else if (added === 'already-present') outcome.alreadyInCart.push(day.date)
        else outcome.cartFull.push(day.date)
      }
      const message = bookAgainMessage(result, outcome, MAX_CART_DAYS)
      toast({
        title: message.title,
        description: message.description,
        duration: BOOK_AGAIN_TOAST_DURATION,
        action: message.hasCartDays
          ? { label: ACCOUNT_TEXTS.goToCart, to: '/cart-checkout', onClick: () => navigate('/cart-checkout') }
          : undefined,
      })
    } catch (error) {
      console.error(error)
      toast({ variant: 'destructive', title: ACCOUNT_TEXTS.bookAgainFailed })
    } finally {
      setIsBusy(false)
    }
  }

  return (
    // aria-disabled, not disabled: a disabled button drops the keyboard focus while the days are checked.
    <Button
      variant="outline"
      aria-describedby={describedBy}
      aria-disabled={isBusy || undefined}
      onClick={() => void handleClick()}
    >
      {isBusy ? ACCOUNT_TEXTS.bookingAgain : ACCOUNT_TEXTS.bookAgain}
    </Button>
  )
}
