import { AlertCircle } from 'lucide-react'
import { useState } from 'react'
import { Link, useParams, useSearchParams } from 'react-router'
import { PageContainer, PageTitle } from '#client/app/layout/page-section.tsx'
import { useDocumentTitle } from '#client/app/use-document-title.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import type { BookingDetails } from '#client/features/cart/checkout-validation.ts'
import { validateBookingDetails } from '#client/features/cart/checkout-validation.ts'
import { BookingInformation } from '#client/features/cart/components/booking-information.tsx'
import { startMapIconCheckout } from '#client/features/cart/start-checkout.ts'
import { useMapIcon } from '#client/features/map-icons/api/get-map-icon.ts'
import {
  iconStockFor,
  mapIconSizeText,
  printSizeText,
  remainingText,
} from '#client/features/map-icons/map-icon-display.ts'
import { formatPrice } from '#shared/format.ts'
import { isMonthKey, MAILING_NOT_SELLING, mailingForText, NO_OPEN_MAILING } from '#shared/mailing-names.ts'

const FALLBACK_ERROR = 'Failed to create checkout session. Please try again.'

/**
 * Map icon checkout, with the inline 'Checkout Error' banner on failure. The icon is bought for one
 * mailing, `?month=YYYY-MM`, or without it the next open one (the icon's `month`).
 */
export function MapIconCheckoutPage() {
  useDocumentTitle('Map Icon Checkout')
  const { iconId = '' } = useParams()
  const [searchParams] = useSearchParams()
  const iconQuery = useMapIcon(iconId)
  const [checkoutError, setCheckoutError] = useState<string | null>(null)
  const icon = iconQuery.data
  const askedMonth = searchParams.get('month')
  const month = isMonthKey(askedMonth) ? askedMonth : (icon?.month ?? null)
  const stock = icon && month ? iconStockFor(icon, month) : null
  // The icon sells in the next open mailing and in those of its stock; any other is not open for sale.
  const isSelling =
    icon && month ? icon.month === month || (icon.stock?.some((s) => s.month === month) ?? false) : false
  const isSoldOut = stock ? stock.availableQuantity <= 0 : false

  async function submit(details: BookingDetails) {
    if (!icon || !month || !stock) return
    setCheckoutError(null)
    try {
      if (stock.availableQuantity <= 0) throw new Error('This icon is not available for booking')
      window.location.assign(await startMapIconCheckout({ iconId: icon.id, month, ...details }))
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : FALLBACK_ERROR
      setCheckoutError(message)
      toast({ variant: 'destructive', title: 'Checkout Error', description: message })
    }
  }

  return (
    <PageContainer className="max-w-2xl space-y-6">
      <PageTitle>Map Icon Checkout</PageTitle>
      {checkoutError ? (
        <div className="flex gap-3 rounded-md border border-red-700 bg-red-50 p-4 text-red-900">
          <AlertCircle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <div>
            <p className="font-semibold">Checkout Error</p>
            <p className="text-sm">{checkoutError}</p>
          </div>
        </div>
      ) : null}
      {iconQuery.isPending ? (
        <Spinner label="Loading map icon..." />
      ) : !icon ? (
        <p className="text-slate-700">Map icon not found.</p>
      ) : (
        <Card>
          <CardHeader>
            <CardTitle className="text-xl">{icon.name}</CardTitle>
            <p className="text-sm text-slate-700">{mapIconSizeText(icon.size)}</p>
            <p className="text-sm text-slate-700">{printSizeText(icon.printSize)}</p>
            <p className="text-lg font-semibold text-slate-900">{formatPrice(icon.price)}</p>
            {month && stock && isSelling ? (
              <>
                <p className="text-sm font-medium text-slate-900">{mailingForText(month)}</p>
                <p className="text-sm text-slate-700">{remainingText(stock)}</p>
              </>
            ) : null}
          </CardHeader>
          <CardContent>
            {!month || !isSelling ? (
              <div className="space-y-2 rounded-md border border-slate-300 bg-slate-50 p-4">
                <p className="text-slate-800">
                  {month ? `${mailingForText(month)}: ${MAILING_NOT_SELLING}` : NO_OPEN_MAILING}
                </p>
                <Button asChild variant="outline">
                  <Link to="/5k-example">See map icon options</Link>
                </Button>
              </div>
            ) : isSoldOut ? (
              // Say so before the buyer types anything; the server refuses a sold-out icon anyway.
              <div className="space-y-2 rounded-md border border-slate-300 bg-slate-50 p-4">
                <h3 className="text-lg font-semibold text-slate-900">Sold Out</h3>
                <p className="text-slate-800">
                  Every {icon.name} for this mailing is taken. Choose another map icon or check back for the
                  next mailing.
                </p>
                <Button asChild variant="outline">
                  <Link to="/5k-example">See map icon options</Link>
                </Button>
              </div>
            ) : (
              <BookingInformation
                submitLabel="Proceed to Payment"
                validate={validateBookingDetails}
                onSubmit={submit}
              />
            )}
          </CardContent>
        </Card>
      )}
    </PageContainer>
  )
}
