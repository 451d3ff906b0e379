import { CheckCircle2 } from 'lucide-react'
import { useEffect } from 'react'
import { Link, useSearchParams } from 'react-router'
import { sessionReference } from '../../../../shared/session-reference'
import { Button } from '../../../components/ui/button'
import { Spinner } from '../../../components/ui/spinner'
import { toast } from '../../../components/ui/use-toast'
import { useCart } from '../../../features/cart/use-cart'
import { useOrdersBySession } from '../../../features/checkout/api/get-orders-by-session'
import { SessionOrderSummary } from '../../../features/checkout/components/session-order-summary'
import { PageContainer, PageTitle } from '../../layout/page-section'
import { useDocumentTitle } from '../../use-document-title'

/** Spec section 2: order confirmation for ?session_id=…; the page only reads (the payment decided). */
export function ThankYouPage() {
  const [params] = useSearchParams()
  const sessionId = params.get('session_id')
  const { clearCart } = useCart()
  const orders = useOrdersBySession(sessionId)
  const reference = sessionId ? sessionReference(sessionId) : null
  useDocumentTitle('Thank You')

  useEffect(() => {
    clearCart()
  }, [clearCart])

  useEffect(() => {
    if (!sessionId) {
      toast({
        variant: 'destructive',
        title: 'Missing session ID',
        description: 'No checkout session found. Please contact support.',
      })
    }
  }, [sessionId])

  useEffect(() => {
    if (orders.isError) {
      toast({
        variant: 'destructive',
        title: 'Unable to retrieve your order details',
        description: `Please contact support with your reference ${reference}.`,
      })
    }
  }, [orders.isError, reference])

  if (sessionId && orders.isPending) {
    return (
      <PageContainer className="max-w-2xl text-center">
        <PageTitle className="sr-only">Thank You!</PageTitle>
        <Spinner label="Loading your order details..." />
        <p className="text-slate-700">Loading your order details...</p>
      </PageContainer>
    )
  }

  return (
    <PageContainer className="max-w-2xl space-y-6 text-center">
      <CheckCircle2 className="mx-auto size-16 text-green-700" aria-hidden="true" />
      <PageTitle>Thank You!</PageTitle>
      <p className="text-lg text-slate-800">Your order has been confirmed.</p>
      {reference ? <p className="text-slate-700">Reference: {reference}</p> : null}
      {orders.data ? (
        <SessionOrderSummary orders={orders.data.orders} totalAmount={orders.data.totalAmount} />
      ) : null}
      {orders.isError ? (
        <div
          role="alert"
          className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-left text-amber-950"
        >
          <p className="font-semibold">Your order details could not be loaded.</p>
          <p>
            Your payment is safe; please contact us with your reference{reference ? ` ${reference}` : ''}.
          </p>
        </div>
      ) : null}
      <p className="text-slate-700">A confirmation with your order details has been sent to your e-mail.</p>
      <Button asChild>
        <Link to="/">Continue Shopping</Link>
      </Button>
    </PageContainer>
  )
}
