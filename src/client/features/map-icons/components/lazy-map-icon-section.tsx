import { Suspense } from 'react'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { lazyPart } from '#client/lib/lazy-part.tsx'

const MapIconSection = lazyPart('map-icon-section', () =>
  import('./map-icon-section').then((m) => m.MapIconSection),
)

/**
 * MapIconSection for /5k-example, where it sits below the header and the waitlist: its code (cards, the
 * mailing picker, Reserve and Refresh, ~2 KB gzip) loads right after the page's, behind the spinner the
 * section itself shows while the icons load (the route's 110 KB budget, scripts/check-budgets.ts).
 */
export function LazyMapIconSection() {
  return (
    <Suspense fallback={<Spinner label="Loading map icons..." />}>
      <MapIconSection />
    </Suspense>
  )
}
