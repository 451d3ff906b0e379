import { ChevronDown } from 'lucide-react'
import { lazy, type ReactNode, Suspense, useState } from 'react'
import { PageContainer, PageTitle, SectionTitle } from '#client/app/layout/page-section.tsx'
import { useSiteConfig } from '#client/app/site-config.ts'
import { useDocumentTitle } from '#client/app/use-document-title.ts'
import { DisclosureContent, useDisclosure } from '#client/components/disclosure.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { useAvailableMonths } from '#client/features/calendar/api/get-available-months.ts'
import {
  LazyCalendarSection,
  loadCalendarSection,
} from '#client/features/calendar/components/lazy-calendar-section.tsx'
import { cn } from '#client/lib/cn.ts'
import { lazyPart } from '#client/lib/lazy-part.tsx'
import { formatCount } from '#shared/format.ts'
import { mailingClosedNoticeText } from '#shared/mailing-texts.ts'

// Shown only once the visitor opens 'Show Example': its code loads then, behind its own loading state.
const CalendarExample = lazy(() =>
  import('#client/features/calendar/components/calendar-example.tsx').then((m) => ({
    default: m.CalendarExample,
  })),
)

// Below the days, server-rendered with the icons (decision 014); its own part, so /5k-example's wrapper
// stays in that page's chunk.
const MapIconSection = lazyPart('calendar-map-icons', () =>
  import('#client/features/map-icons/components/map-icon-section.tsx').then((m) => m.MapIconSection),
)

// Above the fold here: its chunk is requested as soon as this page's is evaluated (before hydration).
void loadCalendarSection()

export function CalendarPage() {
  const config = useSiteConfig()
  // The calendar section loads the same answer (one request, shared through the query cache).
  const { concluded = null, concludedStatus = null } = useAvailableMonths().data ?? {}
  useDocumentTitle('Calendar')

  return (
    <PageContainer className="space-y-10">
      <header className="space-y-2">
        <PageTitle>Calendar</PageTitle>
        <p className="text-slate-800">
          Reserve a day on the {config.productName} calendar, mailed to about {formatCount(config.reach)}{' '}
          homes in {config.town}. Pick up to 6 days; the more days you book, the less each one costs.
        </p>
        {/* The line keeps its height while the answer is on its way and when there is nothing to say, so
            the sections below never move when it arrives (Lighthouse gates CLS at 0). */}
        <p className="min-h-6 font-medium text-slate-900">
          {concluded ? mailingClosedNoticeText(concluded, concludedStatus) : null}
        </p>
      </header>
      <CollapsibleSection
        id="calendar-example"
        title="Calendar Example"
        showLabel="Show Example"
        hideLabel="Hide Example"
        defaultOpen={false}
      >
        <Suspense fallback={<Spinner label="Loading example..." />}>
          <CalendarExample />
        </Suspense>
      </CollapsibleSection>
      <CollapsibleSection
        id="reservations"
        title="Reserve Your Day"
        showLabel="Show Reservation Table"
        hideLabel="Hide Reservation Table"
        defaultOpen
      >
        {/* The server's HTML already shows the grid (decision 014): its code (~5 KB gzip) need not hold up
            the page's first script, and the section hydrates as soon as it arrives. */}
        <LazyCalendarSection showPricing />
      </CollapsibleSection>
      {/* Map icons are sold in the same cart as the days: offered here, not only on /5k-example. */}
      <Suspense fallback={<Spinner label="Loading map icons..." />}>
        <MapIconSection withIntro />
      </Suspense>
    </PageContainer>
  )
}

type CollapsibleSectionProps = {
  id: string
  title: string
  showLabel: string
  hideLabel: string
  defaultOpen: boolean
  children: ReactNode
}

function CollapsibleSection({
  id,
  title,
  showLabel,
  hideLabel,
  defaultOpen,
  children,
}: CollapsibleSectionProps) {
  const [isOpen, setIsOpen] = useState(defaultOpen)
  const disclosure = useDisclosure(isOpen, setIsOpen)
  return (
    <section aria-labelledby={id} data-state={disclosure.state} className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <SectionTitle id={id}>{title}</SectionTitle>
        <Button {...disclosure.triggerProps} variant="outline">
          {isOpen ? hideLabel : showLabel}
          <ChevronDown className={cn('transition-transform', isOpen && 'rotate-180')} aria-hidden="true" />
        </Button>
      </div>
      <DisclosureContent {...disclosure.contentProps}>{children}</DisclosureContent>
    </section>
  )
}
