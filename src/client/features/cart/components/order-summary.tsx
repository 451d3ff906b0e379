import { AlertCircle, Trash2 } from 'lucide-react'
import { Button } from '#client/components/ui/button.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { discountedDayPrice, mapIconSizeLabel } from '#shared/cart.ts'
import { formatDayDate, formatPrice } from '#shared/format.ts'
import { cartMailingText } from '#shared/mailing-names.ts'
import { useCart } from '../use-cart'

/**
 * The cart page's right column: days with discount, the map icon with its mailing,
 * remove buttons and the total.
 * A day a checkout found taken meanwhile (`unavailableDayIds`) is marked, with a visible Remove.
 */
export function OrderSummary({ unavailableDayIds }: { unavailableDayIds?: ReadonlySet<string> }) {
  const { cart, discount, total, removeCalendarDay, removeMapIcon } = useCart()

  function removeDay(dayId: string) {
    removeCalendarDay(dayId)
    toast({ title: 'Item Removed', description: 'Calendar day has been removed from your cart.' })
  }

  function removeIcon() {
    removeMapIcon()
    toast({ title: 'Item Removed', description: 'Map icon has been removed from your cart.' })
  }

  return (
    <div className="space-y-4">
      <ul className="divide-y divide-slate-200">
        {cart.calendarDays.map((day) => {
          const date = formatDayDate(day.date)
          const isUnavailable = unavailableDayIds?.has(day.id) ?? false
          return (
            <li key={day.id} className="flex items-center justify-between gap-4 py-3">
              <div>
                <p className="font-medium">{date}</p>
                {isUnavailable ? (
                  <p className="flex items-center gap-1 text-sm font-medium text-red-800">
                    <AlertCircle className="size-4 shrink-0" aria-hidden="true" />
                    No longer available
                  </p>
                ) : null}
                <p className="text-sm text-slate-700">
                  {discount > 0 ? (
                    <>
                      <span className="sr-only">Original price </span>
                      <s className="mr-2">{formatPrice(day.price)}</s>
                      <span className="sr-only">, now </span>
                      <span className="font-medium text-slate-900">
                        {formatPrice(discountedDayPrice(day.price, discount))}
                      </span>
                    </>
                  ) : (
                    formatPrice(day.price)
                  )}
                </p>
              </div>
              {isUnavailable ? (
                // A labelled button, not only the bin icon: the one thing left to do with this day.
                <Button
                  variant="destructive"
                  size="sm"
                  aria-label={`Remove ${date}`}
                  onClick={() => removeDay(day.id)}
                >
                  <Trash2 aria-hidden="true" />
                  Remove
                </Button>
              ) : (
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove ${date}`}
                  onClick={() => removeDay(day.id)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              )}
            </li>
          )
        })}
        {cart.mapIcon ? (
          <li className="flex items-center justify-between gap-4 py-3">
            <div>
              <p className="font-medium">{cart.mapIcon.name}</p>
              {cart.mapIcon.month ? (
                <p className="text-sm text-slate-900">{cartMailingText(cart.mapIcon.month)}</p>
              ) : null}
              <p className="text-sm text-slate-700">
                {mapIconSizeLabel(cart.mapIcon.size)} · {formatPrice(cart.mapIcon.price)}
              </p>
            </div>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Remove ${cart.mapIcon.name}`}
              onClick={removeIcon}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </li>
        ) : null}
      </ul>
      {discount > 0 ? (
        <p className="text-sm text-green-800">{formatPrice(discount)} discount applied per square</p>
      ) : null}
      <p className="flex justify-between border-t border-slate-200 pt-3 text-lg font-semibold">
        <span id="cart-total-label">Total</span>
        {/* An <output> (role status) so the new total is announced after a removal. */}
        <output aria-labelledby="cart-total-label">{formatPrice(total)}</output>
      </p>
    </div>
  )
}
