import { createBrowserRouter, RouterProvider } from 'react-router'
import { PageSpinner } from './layout/page-spinner'
import { RootLayout } from './layout/root-layout'
import { RouteError } from './layout/route-error'
import { AboutPage } from './routes/public/about-page'
import { AlternateLandingPage } from './routes/public/alternate-landing-page'
import { BlogListPage } from './routes/public/blog-list-page'
import { BlogPostPage } from './routes/public/blog-post-page'
import { CalendarPage } from './routes/public/calendar-page'
import { CartCheckoutPage } from './routes/public/cart-checkout-page'
import { ContactPage } from './routes/public/contact-page'
import { DayCheckoutPage } from './routes/public/day-checkout-page'
import { GuaranteePage } from './routes/public/guarantee-page'
import { HomePage } from './routes/public/home-page'
import { MapIconCheckoutPage } from './routes/public/map-icon-checkout-page'
import { NonProfitsPage } from './routes/public/non-profits-page'
import { NotFoundPage } from './routes/public/not-found-page'
import { PricingPage } from './routes/public/pricing-page'
import { PriorWorkPage } from './routes/public/prior-work-page'
import { SpecialPurchasePage } from './routes/public/special-purchase-page'
import { ThankYouPage } from './routes/public/thank-you-page'

// Admin code (sign-in and dashboard) stays out of the public bundle.
const lazySignIn = () => import('./routes/admin/sign-in-page').then((m) => ({ Component: m.SignInPage }))
const lazyAdmin = () => import('./routes/admin/admin-page').then((m) => ({ Component: m.AdminPage }))

// Spec section 2, route table.
export const router = createBrowserRouter([
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: PageSpinner,
    children: [
      { index: true, Component: HomePage },
      { path: '5k-example', Component: AlternateLandingPage },
      { path: 'auth', lazy: lazySignIn },
      { path: 'login', lazy: lazySignIn },
      { path: 'blog', Component: BlogListPage },
      { path: 'blog/:postId', Component: BlogPostPage },
      { path: 'calendar', Component: CalendarPage },
      { path: 'checkout/:dayId', Component: DayCheckoutPage },
      { path: 'map-icon-checkout/:iconId', Component: MapIconCheckoutPage },
      { path: 'cart-checkout', Component: CartCheckoutPage },
      { path: 'thank-you', Component: ThankYouPage },
      { path: 'about', Component: AboutPage },
      { path: 'contact', Component: ContactPage },
      { path: 'guarantee', Component: GuaranteePage },
      { path: 'pricing', Component: PricingPage },
      { path: 'non-profits', Component: NonProfitsPage },
      { path: 'special-purchase', Component: SpecialPurchasePage },
      { path: 'prior-work', Component: PriorWorkPage },
      // One route for /admin and /admin/:section so switching tabs keeps the dashboard mounted.
      { path: 'admin/:section?', lazy: lazyAdmin },
      { path: '*', Component: NotFoundPage },
    ],
  },
])

export function AppRouter() {
  return <RouterProvider router={router} />
}
