import { Link, useNavigate } from 'react-router'
import { PageContainer, PageTitle } from '#client/app/layout/page-section.tsx'
import { useDocumentTitle } from '#client/app/use-document-title.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { BookingInformation } from '#client/features/cart/components/booking-information.tsx'
import { OrderSummary } from '#client/features/cart/components/order-summary.tsx'
import { useCartCheckout } from '#client/features/cart/hooks/use-cart-checkout.ts'
import { useCart } from '#client/features/cart/use-cart.ts'

export function CartCheckoutPage() {
  const { isEmpty, clearCart } = useCart()
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
      <div className="grid gap-6 lg:grid-cols-2">
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
        <Card>
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
      </div>
    </PageContainer>
  )
}
