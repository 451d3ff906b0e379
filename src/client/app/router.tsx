import { createBrowserRouter, RouterProvider } from 'react-router'
import { PageSpinner } from './layout/page-spinner'
import { RootLayout } from './layout/root-layout'
import { RouteError } from './layout/route-error'
import { HomePage } from './routes/public/home-page'
import { NotFoundPage } from './routes/public/not-found-page'

// Every page but the home page is its own chunk; admin code (sign-in and dashboard) never reaches public routes.
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
      {
        path: '5k-example',
        lazy: () =>
          import('./routes/public/alternate-landing-page').then((m) => ({
            Component: m.AlternateLandingPage,
          })),
      },
      { path: 'auth', lazy: lazySignIn },
      { path: 'login', lazy: lazySignIn },
      {
        path: 'blog',
        lazy: () => import('./routes/public/blog-list-page').then((m) => ({ Component: m.BlogListPage })),
      },
      {
        path: 'blog/:postId',
        lazy: () => import('./routes/public/blog-post-page').then((m) => ({ Component: m.BlogPostPage })),
      },
      {
        path: 'calendar',
        lazy: () => import('./routes/public/calendar-page').then((m) => ({ Component: m.CalendarPage })),
      },
      {
        path: 'checkout/:dayId',
        lazy: () =>
          import('./routes/public/day-checkout-page').then((m) => ({ Component: m.DayCheckoutPage })),
      },
      {
        path: 'map-icon-checkout/:iconId',
        lazy: () =>
          import('./routes/public/map-icon-checkout-page').then((m) => ({
            Component: m.MapIconCheckoutPage,
          })),
      },
      {
        path: 'cart-checkout',
        lazy: () =>
          import('./routes/public/cart-checkout-page').then((m) => ({ Component: m.CartCheckoutPage })),
      },
      {
        path: 'thank-you',
        lazy: () => import('./routes/public/thank-you-page').then((m) => ({ Component: m.ThankYouPage })),
      },
      {
        path: 'about',
        lazy: () => import('./routes/public/about-page').then((m) => ({ Component: m.AboutPage })),
      },
      {
        path: 'contact',
        lazy: () => import('./routes/public/contact-page').then((m) => ({ Component: m.ContactPage })),
      },
      {
        path: 'guarantee',
        lazy: () => import('./routes/public/guarantee-page').then((m) => ({ Component: m.GuaranteePage })),
      },
      {
        path: 'pricing',
        lazy: () => import('./routes/public/pricing-page').then((m) => ({ Component: m.PricingPage })),
      },
      {
        path: 'non-profits',
        lazy: () => import('./routes/public/non-profits-page').then((m) => ({ Component: m.NonProfitsPage })),
      },
      {
        path: 'special-purchase',
        lazy: () =>
          import('./routes/public/special-purchase-page').then((m) => ({ Component: m.SpecialPurchasePage })),
      },
      {
        path: 'prior-work',
        lazy: () => import('./routes/public/prior-work-page').then((m) => ({ Component: m.PriorWorkPage })),
      },
      // One route for /admin and /admin/:section so switching tabs keeps the dashboard mounted.
      { path: 'admin/:section?', lazy: lazyAdmin },
      { path: '*', Component: NotFoundPage },
    ],
  },
])

export function AppRouter() {
  return <RouterProvider router={router} />
}
