import { type ComponentType, Suspense } from 'react'
import { BrowserRouter, Route, Routes } from 'react-router'
import { lazyPart } from '#client/lib/lazy-part.tsx'
import { PageSpinner } from './layout/page-spinner'
import { RootLayout } from './layout/root-layout'
import { RouteErrorBoundary } from './layout/route-error'

/**
 * Every page, the home page included, is its own chunk, so a visitor downloads only the page they open
 * and admin code (sign-in and dashboard) never reaches public routes. Declarative routing rather than
 * createBrowserRouter: the data router's loader/action machinery is ~16 KB gzip we do not use, and
 * BrowserRouter applies navigations in a transition, so the current page stays up while the next one
 * loads, as it did with route `lazy`.
 */
function page<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  return lazyPart(`page:${name}`, () => load().then((module) => module[name]))
}

const HomePage = page(() => import('./routes/public/home-page'), 'HomePage')
const AlternateLandingPage = page(
  () => import('./routes/public/alternate-landing-page'),
  'AlternateLandingPage',
)
const SignInPage = page(() => import('./routes/admin/sign-in-page'), 'SignInPage')
const ResetPasswordPage = page(() => import('./routes/public/reset-password-page'), 'ResetPasswordPage')
const AdminPage = page(() => import('./routes/admin/admin-page'), 'AdminPage')
const BlogListPage = page(() => import('./routes/public/blog-list-page'), 'BlogListPage')
const BlogPostPage = page(() => import('./routes/public/blog-post-page'), 'BlogPostPage')
const CalendarPage = page(() => import('./routes/public/calendar-page'), 'CalendarPage')
const DayCheckoutPage = page(() => import('./routes/public/day-checkout-page'), 'DayCheckoutPage')
const MapIconCheckoutPage = page(
  () => import('./routes/public/map-icon-checkout-page'),
  'MapIconCheckoutPage',
)
const CartCheckoutPage = page(() => import('./routes/public/cart-checkout-page'), 'CartCheckoutPage')
const ThankYouPage = page(() => import('./routes/public/thank-you-page'), 'ThankYouPage')
const ArtworkPage = page(() => import('./routes/public/artwork-page'), 'ArtworkPage')
const AboutPage = page(() => import('./routes/public/about-page'), 'AboutPage')
const ContactPage = page(() => import('./routes/public/contact-page'), 'ContactPage')
const GuaranteePage = page(() => import('./routes/public/guarantee-page'), 'GuaranteePage')
const PricingPage = page(() => import('./routes/public/pricing-page'), 'PricingPage')
const NonProfitsPage = page(() => import('./routes/public/non-profits-page'), 'NonProfitsPage')
const SpecialPurchasePage = page(() => import('./routes/public/special-purchase-page'), 'SpecialPurchasePage')
const PriorWorkPage = page(() => import('./routes/public/prior-work-page'), 'PriorWorkPage')
const NotFoundPage = page(() => import('./routes/public/not-found-page'), 'NotFoundPage')

// The route table (the paths and page modules are src/shared/page-routes.ts).
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  )
}

/** The routes inside any router: BrowserRouter in the browser, StaticRouter on the server (entry-server). */
export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      {/* Only the first page load shows the spinner; later navigations keep the current page up. */}
      <Suspense fallback={<PageSpinner />}>
        <Routes>
          <Route element={<RootLayout />}>
            <Route index element={<HomePage />} />
            <Route path="5k-example" element={<AlternateLandingPage />} />
            <Route path="auth" element={<SignInPage />} />
            <Route path="login" element={<SignInPage />} />
            <Route path="reset-password" element={<ResetPasswordPage />} />
            <Route path="blog" element={<BlogListPage />} />
            <Route path="blog/:postId" element={<BlogPostPage />} />
            <Route path="calendar" element={<CalendarPage />} />
            <Route path="checkout/:dayId" element={<DayCheckoutPage />} />
            <Route path="map-icon-checkout/:iconId" element={<MapIconCheckoutPage />} />
            <Route path="cart-checkout" element={<CartCheckoutPage />} />
            <Route path="thank-you" element={<ThankYouPage />} />
            <Route path="artwork/:token" element={<ArtworkPage />} />
            <Route path="about" element={<AboutPage />} />
            <Route path="contact" element={<ContactPage />} />
            <Route path="guarantee" element={<GuaranteePage />} />
            <Route path="pricing" element={<PricingPage />} />
            <Route path="non-profits" element={<NonProfitsPage />} />
            <Route path="special-purchase" element={<SpecialPurchasePage />} />
            <Route path="prior-work" element={<PriorWorkPage />} />
            {/* One route for /admin and /admin/:section so switching tabs keeps the dashboard mounted. */}
            <Route path="admin/:section?" element={<AdminPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  )
}
