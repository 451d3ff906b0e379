import { Link } from 'react-router'
import { PageContainer, PageTitle } from '#client/app/layout/page-section.tsx'
import { useSiteConfig } from '#client/app/site-config.ts'
import { useDocumentTitle } from '#client/app/use-document-title.ts'
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx'

const link = 'text-blue-700 underline underline-offset-4 hover:text-blue-800'

export function PricingPage() {
  const config = useSiteConfig()
  useDocumentTitle('Pricing')

  return (
    <PageContainer className="space-y-8">
      <PageTitle>Pricing</PageTitle>
      <div className="grid gap-6 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>General Pricing</CardTitle>
          </CardHeader>
          <CardContent className="space-y-3 text-slate-800">
            <p className="text-3xl font-semibold text-slate-900">$0.02 - $0.12 per piece</p>
            <p>Depending on size.</p>
            <p>
              Need something specific?{' '}
              <Link to="/contact" className={link}>
                Ask us for a custom quote
              </Link>
              .
            </p>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Price Match Guarantee</CardTitle>
          </CardHeader>
          <CardContent className="space-y-3 text-slate-800">
            <p>
              Found a lower price for the same piece from a major direct-mail provider? Show us and{' '}
              {config.productName} will match it.
            </p>
          </CardContent>
        </Card>
      </div>
      <p className="text-slate-800">
        Calendar days and map icons are priced individually; see what is open on the{' '}
        <Link to="/calendar" className={link}>
          calendar
        </Link>
        .
      </p>
    </PageContainer>
  )
}
