import { PageContainer, PageTitle, SectionTitle } from '../../layout/page-section'
import { useSiteConfig } from '../../site-config'
import { useDocumentTitle } from '../../use-document-title'

export function CalendarPage() {
  const config = useSiteConfig()
  useDocumentTitle('Calendar')

  return (
    <PageContainer className="space-y-10">
      <header className="space-y-2">
        <PageTitle>Calendar</PageTitle>
        <p className="text-slate-800">
          Reserve a day on the {config.productName} calendar, mailed to about{' '}
          {config.reach.toLocaleString('en-US')} homes in {config.town}.
        </p>
        <p className="text-slate-800">The August mailing is concluded.</p>
      </header>
      <section aria-labelledby="calendar-example" className="space-y-3">
        <SectionTitle id="calendar-example">Calendar Example</SectionTitle>
      </section>
      <section aria-labelledby="reservations" className="space-y-3">
        <SectionTitle id="reservations">Reserve Your Day</SectionTitle>
      </section>
    </PageContainer>
  )
}
