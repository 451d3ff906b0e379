import { Suspense, useEffect } from 'react'
import { Outlet, useLocation } from 'react-router'
import { dismissToastsLeadingTo } from '#client/components/ui/use-toast.ts'
import { lazyPart } from '#client/lib/lazy-part.tsx'
import { FocusPageHeading } from './focus-page-heading'
import { ScrollToTop } from './scroll-to-top'
import { SiteHeader } from './site-header'

// The footer is below the fold: it is not part of the entry chunk, but its (small) chunk is requested
// as soon as the entry runs, alongside the page's, so it is usually there by the first render. It is
// the last element of the page, so its arrival moves nothing.
const loadFooter = () => import('./site-footer')
void loadFooter()
const SiteFooter = lazyPart('site-footer', () => loadFooter().then((m) => m.SiteFooter))

export function RootLayout() {
  const { pathname } = useLocation()
  // 'Go to Cart' has nothing left to say once the buyer is on the cart, however they got there.
  useEffect(() => dismissToastsLeadingTo(pathname), [pathname])
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main-content"
        className="sr-only rounded-md bg-white px-4 py-2 text-blue-800 focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
      >
        Skip to content
      </a>
      <ScrollToTop />
      <FocusPageHeading />
      <SiteHeader />
      {/* At least a screen tall: content that arrives after the first paint (lists, empty states) then
          never pushes a visible footer (a layout shift); the footer starts below the fold. */}
      <main id="main-content" tabIndex={-1} className="min-h-screen flex-1 focus:outline-none">
        <Outlet />
      </main>
      <Suspense fallback={null}>
        <SiteFooter />
      </Suspense>
    </div>
  )
}
