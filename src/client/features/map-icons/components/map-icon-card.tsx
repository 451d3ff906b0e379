import { useNavigate } from 'react-router'
import { Button } from '#client/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader } from '#client/components/ui/card.tsx'
import { useCart } from '#client/features/cart/use-cart.ts'
import type { MapIconDto } from '#shared/dto.ts'
import { formatPrice } from '#shared/format.ts'
import { mailingForText, NO_OPEN_MAILING } from '#shared/mailing-names.ts'
import type { MonthKey } from '#shared/mailings.ts'
import { useReserveMapIcon } from '../hooks/use-reserve-map-icon'
import {
  iconStockFor,
  mapIconButtonState,
  mapIconCardText,
  mapIconSizeText,
  printSizeText,
  remainingText,
} from '../map-icon-display'

type MapIconCardProps = {
  icon: MapIconDto
  /** The mailing the buyer picked; null when no mailing is open for orders. */
  month: MonthKey | null
}

/**
 * One 'Map Icon Pricing' card: name, price, the mailing it is for with that mailing's 'x of y remaining',
 * size label and printed size, text and the Reserve button.
 */
export function MapIconCard({ icon, month }: MapIconCardProps) {
  const { cart } = useCart()
  const navigate = useNavigate()
  const reserve = useReserveMapIcon()
  const stock = month ? iconStockFor(icon, month) : null
  const state = stock ? mapIconButtonState(icon, stock, cart.mapIcon) : null
  const headingId = `map-icon-${icon.id}`

  return (
    <Card className="flex h-full flex-col">
      <CardHeader>
        <h3 id={headingId} className="text-xl text-slate-900">
          {icon.name}
        </h3>
        <CardDescription className="text-slate-700">{mapIconSizeText(icon.size)}</CardDescription>
        <p className="text-sm text-slate-700">{printSizeText(icon.printSize)}</p>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-4">
        <p className="text-3xl font-semibold text-slate-900">{formatPrice(icon.price)}</p>
        {month && stock ? (
          <div className="space-y-1 text-sm">
            <p className="font-medium text-slate-900">{mailingForText(month)}</p>
            <p className="text-slate-700">{remainingText(stock)}</p>
          </div>
        ) : (
          <p className="text-sm font-medium text-slate-900">{NO_OPEN_MAILING}</p>
        )}
        {mapIconCardText(icon.name) ? <p className="text-slate-800">{mapIconCardText(icon.name)}</p> : null}
        {month && state ? (
          <div className="mt-auto">
            {state === 'sold-out' ? (
              <Button className="w-full" disabled aria-describedby={headingId}>
                Sold Out
              </Button>
            ) : state === 'in-cart' ? (
              <Button
                className="w-full"
                variant="secondary"
                aria-describedby={headingId}
                onClick={() => navigate('/cart-checkout')}
              >
                In Cart
              </Button>
            ) : (
              <Button className="w-full" aria-describedby={headingId} onClick={() => reserve(icon, month)}>
                Reserve
              </Button>
            )}
          </div>
        ) : null}
      </CardContent>
    </Card>
  )
}
