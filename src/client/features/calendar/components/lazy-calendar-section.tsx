import { Suspense } from 'react'
import { lazyPart } from '#client/lib/lazy-part.tsx'
import { CalendarPlaceholder } from './calendar-placeholder'

/** Starts loading the section; a page where it is above the fold calls this as soon as it is evaluated. */
export const loadCalendarSection = () => import('./calendar-section')
const CalendarSection = lazyPart('calendar-section', () =>
  loadCalendarSection().then((m) => m.CalendarSection),
)

/**
 * CalendarSection for pages where the calendar is not the main content (home, /5k-example): its code
 * (~5 KB gzip) loads right after the page's, behind a placeholder of the size of its loading state.
 */
export function LazyCalendarSection({ showPricing }: { showPricing: boolean }) {
  return (
    <Suspense fallback={<CalendarPlaceholder />}>
      <CalendarSection showPricing={showPricing} />
    </Suspense>
  )
}
