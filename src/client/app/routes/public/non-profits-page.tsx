import { Link } from 'react-router'
import { PageContainer, PageTitle, SectionTitle } from '#client/app/layout/page-section.tsx'
import { useSiteConfig } from '#client/app/site-config.ts'
import { useDocumentTitle } from '#client/app/use-document-title.ts'

const link = 'text-blue-700 underline underline-offset-4 hover:text-blue-800'

export function NonProfitsPage() {
  const config = useSiteConfig()
  useDocumentTitle('Non-Profits')

  return (
    <PageContainer className="space-y-8 text-slate-800">
      <PageTitle>Free Features for Local Non-Profits</PageTitle>
      <p className="text-lg">
        Every month {config.productName} gives two free calendar features to local non-profits in{' '}
        {config.town}.
      </p>

      <section aria-labelledby="included" className="space-y-3">
        <SectionTitle id="included">What's Included</SectionTitle>
        <ul className="list-disc space-y-1 pl-6">
          <li>A spot on the calendar</li>
          <li>Promotion of your fundraising event</li>
          <li>Your contact info and website</li>
          <li>A short description of your mission</li>
        </ul>
      </section>

      <section aria-labelledby="apply" className="space-y-3">
        <SectionTitle id="apply">How to Apply</SectionTitle>
        <p>
          Fill in the form on our{' '}
          <Link to="/contact" className={link}>
            contact page
          </Link>{' '}
          and tell us about your organization and the event you would like featured in the message, or e-mail
          us at{' '}
          <a href={`mailto:${config.contactEmail}`} className={link}>
            {config.contactEmail}
          </a>
          .
        </p>
      </section>
    </PageContainer>
  )
}
