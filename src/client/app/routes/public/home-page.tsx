import { Link } from 'react-router'
import { PageContainer, PageTitle, SectionTitle } from '../../layout/page-section'
import { useSiteConfig } from '../../site-config'
import { useDocumentTitle } from '../../use-document-title'

const link = 'text-blue-700 underline underline-offset-4 hover:text-blue-800'

export function HomePage() {
  const config = useSiteConfig()
  useDocumentTitle('Home')
  const reach = config.reach.toLocaleString('en-US')

  return (
    <PageContainer className="space-y-12">
      <header className="space-y-3">
        <PageTitle>{config.productName}</PageTitle>
        <p className="text-lg text-slate-800">
          A monthly postcard mailed to about {reach} residents of {config.town}: a map on one side and a
          calendar of local businesses on the other.
        </p>
      </header>

      <section aria-labelledby="calendar" className="space-y-3">
        <SectionTitle id="calendar">Calendar</SectionTitle>
        <p className="text-slate-800">
          Put your business on a day of the month. See open days on the{' '}
          <Link to="/calendar" className={link}>
            calendar
          </Link>
          .
        </p>
      </section>

      <section aria-labelledby="back-side" className="space-y-3">
        <SectionTitle id="back-side">Back-Side Ad Space</SectionTitle>
        <p className="text-slate-800">
          Send your logo to{' '}
          <a href={`mailto:${config.contactEmail}`} className={link}>
            {config.contactEmail}
          </a>
          .
        </p>
      </section>

      <section aria-labelledby="prior-work" className="space-y-3">
        <SectionTitle id="prior-work">Prior Work</SectionTitle>
      </section>
    </PageContainer>
  )
}
