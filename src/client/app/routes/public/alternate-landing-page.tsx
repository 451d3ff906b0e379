import { CalendarDays, ShoppingCart } from 'lucide-react'
import { Link } from 'react-router'
import { PageContainer, PageTitle, SectionTitle } from '#client/app/layout/page-section.tsx'
import { useSiteConfig } from '#client/app/site-config.ts'
import { useDocumentTitle } from '#client/app/use-document-title.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Card, CardContent } from '#client/components/ui/card.tsx'
import { LazyCalendarSection } from '#client/features/calendar/components/lazy-calendar-section.tsx'
import { useCart } from '#client/features/cart/use-cart.ts'
import { EmailWaitlistForm } from '#client/features/inquiries/components/email-waitlist-form.tsx'
import { LazyMapIconSection } from '#client/features/map-icons/components/lazy-map-icon-section.tsx'
import { MapExample } from '#client/features/media/components/map-example.tsx'
import { formatCount } from '#shared/format.ts'

const PRICING_ID = 'pricing'

function scrollToPricing() {
  const pricing = document.getElementById(PRICING_ID)
  if (!pricing) return
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches
  pricing.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' })
  // Keyboard and screen-reader users continue from the calendar, not from the button.
  pricing.focus({ preventScroll: true })
}

export function AlternateLandingPage() {
  const config = useSiteConfig()
  const { itemCount } = useCart()
  useDocumentTitle('Advertise')

  return (
    <PageContainer className="max-w-6xl space-y-14">
      <header className="space-y-4">
        <PageTitle>Reach {formatCount(config.reach)} Local Homes</PageTitle>
        <p className="text-lg text-slate-800">
          Put your business on the map and on the calendar of the postcard every home in {config.town}{' '}
          receives each month.
        </p>
        <div className="flex flex-wrap gap-3">
          <Button onClick={scrollToPricing}>
            <CalendarDays aria-hidden="true" />
            View Calendar
          </Button>
          <Button asChild variant="outline">
            <Link to="/cart-checkout">
              <ShoppingCart aria-hidden="true" />
              {itemCount > 0 ? `View Cart (${itemCount})` : 'Shopping Cart'}
            </Link>
          </Button>
        </div>
      </header>

      <section aria-labelledby="waitlist" className="space-y-3">
        <Card>
          <CardContent className="space-y-3 pt-6">
            <SectionTitle id="waitlist">Join the Waitlist</SectionTitle>
            <p className="text-slate-800">Be the first to hear when the next mailing opens.</p>
            <EmailWaitlistForm />
          </CardContent>
        </Card>
      </section>

      <div className="grid gap-8 lg:grid-cols-2 lg:items-start">
        <MapExample />
        <LazyMapIconSection />
      </div>

      <section
        id={PRICING_ID}
        tabIndex={-1}
        aria-labelledby="calendar-pricing"
        className="scroll-mt-32 space-y-4 focus:outline-none"
      >
        <div className="space-y-1">
          <SectionTitle id="calendar-pricing">Calendar Pricing</SectionTitle>
          <p className="text-slate-800">
            Choose up to 6 days. Booking 2 or more days lowers the price of each one.
          </p>
        </div>
        <LazyCalendarSection showPricing />
      </section>
    </PageContainer>
  )
}
