import { ShoppingCart } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '../../../components/ui/button'
import { useCart } from '../../../features/cart/use-cart'
import { PageContainer, PageTitle, SectionTitle } from '../../layout/page-section'
import { useSiteConfig } from '../../site-config'
import { useDocumentTitle } from '../../use-document-title'

export function AlternateLandingPage() {
  const config = useSiteConfig()
  const { itemCount } = useCart()
  useDocumentTitle('Advertise')

  function scrollToPricing() {
    document.getElementById('pricing')?.scrollIntoView({ behavior: 'smooth' })
  }

  return (
    <PageContainer className="space-y-12">
      <header className="space-y-4">
        <PageTitle>Reach {config.reach.toLocaleString('en-US')} Local Homes</PageTitle>
        <div className="flex flex-wrap gap-3">
          <Button onClick={scrollToPricing}>View Calendar</Button>
          <Button asChild variant="outline">
            <Link to="/cart-checkout">
              <ShoppingCart aria-hidden="true" />
              {itemCount > 0 ? `View Cart (${itemCount})` : 'Shopping Cart'}
            </Link>
          </Button>
        </div>
      </header>

      <section aria-labelledby="map-icons" className="space-y-3">
        <SectionTitle id="map-icons">Map Icon Pricing</SectionTitle>
      </section>

      <section id="pricing" aria-labelledby="calendar-pricing" className="scroll-mt-24 space-y-3">
        <SectionTitle id="calendar-pricing">Calendar</SectionTitle>
      </section>
    </PageContainer>
  )
}
