import { CheckCircle2 } from 'lucide-react'
import { useEffect } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Button } from '../../../components/ui/button'
import { useCart } from '../../../features/cart/use-cart'
import { PageContainer, PageTitle } from '../../layout/page-section'
import { useDocumentTitle } from '../../use-document-title'

/** Spec section 2: the reference is the last underscore-separated segment of the session id. */
function referenceOf(sessionId: string | null): string | null {
  if (!sessionId) return null
  return sessionId.split('_').pop() || null
}

export function ThankYouPage() {
  const [params] = useSearchParams()
  const { clearCart } = useCart()
  const reference = referenceOf(params.get('session_id'))
  useDocumentTitle('Thank You')

  useEffect(() => {
    clearCart()
  }, [clearCart])

  return (
    <PageContainer className="max-w-2xl space-y-6 text-center">
      <CheckCircle2 className="mx-auto size-16 text-green-700" aria-hidden="true" />
      <PageTitle>Thank You!</PageTitle>
      <p className="text-lg text-slate-800">Your order has been confirmed.</p>
      {reference ? <p className="text-slate-700">Reference: {reference}</p> : null}
      <p className="text-slate-700">A confirmation with your order details has been sent to your e-mail.</p>
      <Button asChild>
        <Link to="/">Continue Shopping</Link>
      </Button>
    </PageContainer>
  )
}
