import { useNavigate } from 'react-router'
import type { MapIconDto } from '../../../../shared/dto'
import { formatPrice } from '../../../../shared/format'
import { Button } from '../../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card'
import { useCart } from '../../cart/use-cart'
import { useReserveMapIcon } from '../hooks/use-reserve-map-icon'
import { mapIconButtonState, mapIconCardText, mapIconSizeText } from '../map-icon-display'

/** One 'Map Icon Pricing' card: name, price, 'x of y remaining', size label, text and the Reserve button. */
export function MapIconCard({ icon }: { icon: MapIconDto }) {
  const { cart } = useCart()
  const navigate = useNavigate()
  const reserve = useReserveMapIcon()
  const state = mapIconButtonState(icon, cart.mapIcon?.id ?? null)
  const headingId = `map-icon-${icon.id}`

  return (
    <Card className="flex h-full flex-col">
      <CardHeader>
        <h3 id={headingId} className="text-xl text-slate-900">
          {icon.name}
        </h3>
        <CardDescription className="text-slate-700">{mapIconSizeText(icon.size)}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-4">
        <p className="text-3xl font-semibold text-slate-900">{formatPrice(icon.price)}</p>
        <p className="text-sm text-slate-700">
          {Math.max(0, icon.availableQuantity)} of {icon.totalQuantity} remaining
        </p>
        {mapIconCardText(icon.name) ? <p className="text-slate-800">{mapIconCardText(icon.name)}</p> : null}
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
            <Button className="w-full" aria-describedby={headingId} onClick={() => reserve(icon)}>
              Reserve
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  )
}
