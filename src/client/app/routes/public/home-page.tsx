import { ChevronDown, ChevronUp } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { Link } from 'react-router'
import { PageContainer, PageTitle, SectionTitle } from '#client/app/layout/page-section.tsx'
import { useSiteConfig } from '#client/app/site-config.ts'
import { useDocumentTitle } from '#client/app/use-document-title.ts'
import { DisclosureContent, useDisclosure } from '#client/components/disclosure.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Card, CardContent } from '#client/components/ui/card.tsx'
import { LazyCalendarSection } from '#client/features/calendar/components/lazy-calendar-section.tsx'
import { MapExampleSpinner } from '#client/features/media/components/map-example-spinner.tsx'
import { PriorWorkPlaceholder } from '#client/features/media/components/prior-work-frame.tsx'
import { lazyPart } from '#client/lib/lazy-part.tsx'
import { formatCount } from '#shared/format.ts'

// The form (react-hook-form + zod) loads only when a visitor opens the waitlist.
const WaitlistForm = lazy(() =>
  import('#client/features/inquiries/components/waitlist-form.tsx').then((m) => ({
    default: m.WaitlistForm,
  })),
)

// Below the fold: the map example and the carousels load after the page, in place of their own
// loading state (same markup), so nothing moves when they arrive.
const MapExample = lazyPart('map-example', () =>
  import('#client/features/media/components/map-example.tsx').then((m) => m.MapExample),
)
const PriorWorkCarousels = lazyPart('prior-work-carousels', () =>
  import('#client/features/media/components/prior-work-carousels.tsx').then((m) => m.PriorWorkCarousels),
)

const link = 'text-blue-700 underline underline-offset-4 hover:text-blue-800'

export function HomePage() {
  const config = useSiteConfig()
  const [isWaitlistOpen, setIsWaitlistOpen] = useState(false)
  const waitlist = useDisclosure(isWaitlistOpen, setIsWaitlistOpen)
  useDocumentTitle('Home')
  const reach = formatCount(config.reach)

  return (
    <PageContainer className="max-w-6xl space-y-14">
      <header className="space-y-3">
        <PageTitle>{config.productName}</PageTitle>
        <p className="text-lg text-slate-800">
          A monthly postcard mailed to about {reach} residents of {config.town}: a map on one side and a
          calendar of local businesses on the other.
        </p>
      </header>

      <section aria-labelledby="waitlist" className="rounded-lg border border-blue-200 bg-blue-50 p-6">
        <div data-state={waitlist.state} className="space-y-4">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="space-y-1">
              <SectionTitle id="waitlist">Join the Waitlist</SectionTitle>
              <p className="text-slate-800">Get priority notice before the next mailing opens.</p>
            </div>
            <Button
              {...waitlist.triggerProps}
              variant={isWaitlistOpen ? 'outline' : 'default'}
              className="self-start sm:self-auto"
            >
              {isWaitlistOpen ? 'Collapse Waitlist' : 'Join Waitlist'}
              {isWaitlistOpen ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
            </Button>
          </div>
          <DisclosureContent {...waitlist.contentProps}>
            <Suspense fallback={null}>
              <WaitlistForm />
            </Suspense>
          </DisclosureContent>
        </div>
      </section>

      <section aria-labelledby="calendar" className="space-y-4">
        <div className="space-y-1">
          <SectionTitle id="calendar">Calendar</SectionTitle>
          <p className="text-slate-800">
            Feature your business on a day of the month. Pick open days here or see prices on the{' '}
            <Link to="/calendar" className={link}>
              calendar page
            </Link>
            .
          </p>
        </div>
        <LazyCalendarSection showPricing={false} />
      </section>

      <section aria-labelledby="back-side" className="grid gap-8 md:grid-cols-2 md:items-center">
        <div className="space-y-4">
          <SectionTitle id="back-side">Back-Side Ad Space</SectionTitle>
          <p className="text-slate-800">
            The other side of the postcard is a map of {config.town} with local businesses marked on it. Put
            your logo where your customers will see it every day of the month.
          </p>
          <Card>
            <CardContent className="pt-6 text-slate-800">
              After you order a map icon, we e-mail you a private link to upload your logo, and we place it on
              the map. Questions? E-mail{' '}
              <a href={`mailto:${config.contactEmail}`} className={link}>
                {config.contactEmail}
              </a>
              .{' '}
              <Link to="/5k-example" className={link}>
                See map icon pricing
              </Link>
              .
            </CardContent>
          </Card>
        </div>
        <Suspense fallback={<MapExampleSpinner />}>
          <MapExample />
        </Suspense>
      </section>

      <section aria-labelledby="prior-work" className="space-y-6">
        <SectionTitle id="prior-work">Prior Work</SectionTitle>
        <Suspense fallback={<PriorWorkPlaceholder headingLevel={3} />}>
          <PriorWorkCarousels headingLevel={3} />
        </Suspense>
      </section>
    </PageContainer>
  )
}
