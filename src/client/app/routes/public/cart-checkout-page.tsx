import { lazy, Suspense } from 'react'
import { Link, useNavigate } from 'react-router'
import { PageContainer, PageTitle } from '#client/app/layout/page-section.tsx'
import { useDocumentTitle } from '#client/app/use-document-title.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { BookingInformation } from '#client/features/cart/components/booking-information.tsx'
import { OrderSummary } from '#client/features/cart/components/order-summary.tsx'
import { useCartCheckout } from '#client/features/cart/hooks/use-cart-checkout.ts'
import { useCart } from '#client/features/cart/use-cart.ts'

// Shown only once the stored cart (days, no icon) is read in the browser, never in the server's HTML (the
// empty cart): a plain lazy chunk, loaded when the offer is first shown.
const MapIconSection = lazy(() =>
  import('#client/features/map-icons/components/map-icon-section.tsx').then((m) => ({
    default: m.MapIconSection,
  })),
)

export function CartCheckoutPage() {
  const { cart, isEmpty, clearCart } = useCart()
  const checkout = useCartCheckout()
  const navigate = useNavigate()
  useDocumentTitle('Your Cart')

  // Spec: back one page. Only when that page is on this site (react-router numbers its own history
  // entries from 0): a cart opened in a new tab or from a link elsewhere goes to the calendar instead.
  function continueShopping() {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0
    if (index > 0) navigate(-1)
    else navigate('/calendar')
  }

  return (
    <PageContainer className="max-w-6xl space-y-8">
      <PageTitle>Your Cart</PageTitle>
      {/* The summary and its total come first in the page, so a phone shows what the buyer pays before the
          form; from lg up the form is on the left and the summary on the right. */}
      <div className="grid gap-6 lg:grid-cols-2">
        <Card className="lg:order-last">
          <CardHeader>
            <CardTitle>Order Summary</CardTitle>
          </CardHeader>
          <CardContent>
            {isEmpty ? (
              <div className="space-y-4 py-6 text-center">
                <p className="text-slate-700">Your cart is empty</p>
                <Button asChild>
                  <Link to="/calendar">Browse Calendar</Link>
                </Button>
              </div>
            ) : (
              <div className="space-y-6">
                <OrderSummary unavailableDayIds={checkout.unavailableDayIds} />
                <div className="flex flex-wrap gap-3">
                  <Button variant="outline" onClick={continueShopping}>
                    Continue Shopping
                  </Button>
                  <Button variant="outline" onClick={clearCart}>
                    Clear Cart
                  </Button>
                </div>
              </div>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Booking Information</CardTitle>
          </CardHeader>
          <CardContent>
            <BookingInformation
              isDisabled={isEmpty}
              submitLabel="Proceed to Checkout"
              validate={checkout.validate}
              onSubmit={checkout.submit}
            />
          </CardContent>
        </Card>
      </div>
      {/* Days but no icon yet: the icons are offered here too, added the same way as on /5k-example. */}
      {cart.calendarDays.length > 0 && !cart.mapIcon ? (
        // The section shows its own spinner while the icons load.
        <Suspense fallback={null}>
          <MapIconSection withIntro />
        </Suspense>
      ) : null}
    </PageContainer>
  )
}
