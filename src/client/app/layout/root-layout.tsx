import { Outlet } from 'react-router'
import { ScrollToTop } from './scroll-to-top'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'

export function RootLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main-content"
        className="sr-only rounded-md bg-white px-4 py-2 text-blue-800 focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
      >
        Skip to content
      </a>
      <ScrollToTop />
      <SiteHeader />
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  )
}
