import { CheckCircle2 } from 'lucide-react'
import { type ReactNode, useEffect } from 'react'
import { Link, useSearchParams } from 'react-router'
import { PageContainer, PageTitle } from '#client/app/layout/page-section.tsx'
import { useSiteConfig } from '#client/app/site-config.ts'
import { useDocumentTitle } from '#client/app/use-document-title.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { useCart } from '#client/features/cart/use-cart.ts'
import { useOrdersBySession } from '#client/features/checkout/api/get-orders-by-session.ts'
import { SessionOrderSummary } from '#client/features/checkout/components/session-order-summary.tsx'
import type { ThankYouArtwork } from '#shared/checkout.ts'
import { sessionReference } from '#shared/session-reference.ts'

/**
 * Order confirmation for ?session_id=…; the page only reads (the payment decided).
 * Only a lookup that returned orders confirms and clears the cart: without a session id, or when the
 * lookup found nothing (a mistyped link, an unpaid session), the buyer's cart stays as it was and the
 * page says what went wrong instead of "Your order has been confirmed.".
 */
export function ThankYouPage() {
  const [params] = useSearchParams()
  const sessionId = params.get('session_id')
  const { clearCart } = useCart()
  const orders = useOrdersBySession(sessionId)
  const reference = sessionId ? sessionReference(sessionId) : null
  const isLoading = Boolean(sessionId) && orders.isPending
  // getOrdersBySession fails on an empty list, so data means at least one order.
  const isConfirmed = Boolean(sessionId) && orders.data !== undefined
  useDocumentTitle(isConfirmed ? 'Thank You' : 'Order Confirmation')

  useEffect(() => {
    if (isConfirmed) clearCart()
  }, [isConfirmed, clearCart])

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

  // One h1 element through loading and result, so the focus the layout gave it on arrival stays.
  return (
    <PageContainer className="max-w-2xl space-y-6 text-center">
      {isConfirmed ? <CheckCircle2 className="mx-auto size-16 text-green-700" aria-hidden="true" /> : null}
      <PageTitle className={isLoading ? 'sr-only' : undefined}>
        {isConfirmed ? 'Thank You!' : 'Order Confirmation'}
      </PageTitle>
      {isLoading ? (
        <>
          <Spinner label="Loading your order details..." />
          <p className="text-slate-700">Loading your order details...</p>
        </>
      ) : isConfirmed && orders.data ? (
        <>
          <p className="text-lg text-slate-800">
            {orders.data.orders.length > 0 && orders.data.orders.every((o) => o.status === 'refunded')
              ? 'Your order has been refunded.'
              : 'Your order has been confirmed.'}
          </p>
          {reference ? <p className="text-slate-700">Reference: {reference}</p> : null}
          <SessionOrderSummary orders={orders.data.orders} totalAmount={orders.data.totalAmount} />
          <p className="text-slate-700">
            A confirmation with your order details has been sent to your e-mail.
          </p>
          {orders.data.artwork ? <ArtworkNotice artwork={orders.data.artwork} /> : null}
          <Button asChild variant={orders.data.artwork ? 'outline' : 'default'}>
            <Link to="/">Continue Shopping</Link>
          </Button>
        </>
      ) : (
        <NoOrderNotice
          title={sessionId ? 'Unable to retrieve your order details' : 'Missing session ID'}
          reference={reference}
        />
      )}
    </PageContainer>
  )
}

/** The way to the buyer's artwork page, and when each mailing's artwork is due. */
function ArtworkNotice({ artwork }: { artwork: ThankYouArtwork }) {
  return (
    <section
      aria-label="Your artwork"
      className="space-y-3 rounded-lg border border-blue-200 bg-blue-50 p-4 text-left text-slate-800 sm:p-6"
    >
      {artwork.mailings.map((mailing) => (
        <p key={mailing.month}>
          Artwork for the {mailing.label} mailing is due {mailing.artworkDueText}.
        </p>
      ))}
      <Button asChild size="lg">
        <Link to={artwork.path}>Upload your artwork</Link>
      </Button>
    </section>
  )
}

/** The no-order notice, kept on the page (its toast goes), with a way to reach us and back to the cart. */
function NoOrderNotice({ title, reference }: { title: string; reference: string | null }) {
  const { contactEmail } = useSiteConfig()
  const email = (
    <a href={`mailto:${contactEmail}`} className="text-blue-800 underline underline-offset-2">
      {contactEmail}
    </a>
  )
  let body: ReactNode
  if (reference) {
    body = (
      <>
        If you completed a payment, please contact us at {email} with your reference {reference}; your order
        is confirmed by e-mail once it has been paid.
      </>
    )
  } else {
    body = <>No checkout session found. Please contact support at {email}.</>
  }
  return (
    <>
      <div className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-left text-amber-950">
        <h2 className="text-lg font-semibold">{title}</h2>
        <p className="mt-1">{body}</p>
      </div>
      <Button asChild variant="outline">
        <Link to="/cart-checkout">Return to Cart</Link>
      </Button>
    </>
  )
}
