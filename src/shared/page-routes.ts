/**
 * The route table: which page module (under src/client/app/routes, without extension)
 * answers which URL. The client router renders these routes; the server reads the same table to
 * modulepreload the page's chunk in the HTML, so it downloads alongside the entry instead of after it.
 * Patterns follow react-router: `:name` is one segment, a trailing `?` makes it optional, `*` is the rest.
 * Matching is case-insensitive and ignores a trailing slash, as react-router's is.
 */
export const PAGE_ROUTES = [
  { path: '/', page: 'public/home-page' },
  { path: '/5k-example', page: 'public/alternate-landing-page' },
  { path: '/auth', page: 'admin/sign-in-page' },
  { path: '/login', page: 'admin/sign-in-page' },
  { path: '/reset-password', page: 'public/reset-password-page' },
  { path: '/blog', page: 'public/blog-list-page' },
  { path: '/blog/:postId', page: 'public/blog-post-page' },
  { path: '/calendar', page: 'public/calendar-page' },
  { path: '/checkout/:dayId', page: 'public/day-checkout-page' },
  { path: '/map-icon-checkout/:iconId', page: 'public/map-icon-checkout-page' },
  { path: '/cart-checkout', page: 'public/cart-checkout-page' },
  { path: '/thank-you', page: 'public/thank-you-page' },
  { path: '/artwork/:token', page: 'public/artwork-page' },
  { path: '/about', page: 'public/about-page' },
  { path: '/contact', page: 'public/contact-page' },
  { path: '/guarantee', page: 'public/guarantee-page' },
  { path: '/pricing', page: 'public/pricing-page' },
  { path: '/non-profits', page: 'public/non-profits-page' },
  { path: '/special-purchase', page: 'public/special-purchase-page' },
  { path: '/prior-work', page: 'public/prior-work-page' },
  // One route for /admin and /admin/:section so switching tabs keeps the dashboard mounted.
  { path: '/admin/:section?', page: 'admin/admin-page' },
  { path: '*', page: 'public/not-found-page' },
] as const

export type PageModule = (typeof PAGE_ROUTES)[number]['page']

const segments = (path: string) => path.split('/').filter(Boolean)

function matches(pattern: string, urlSegments: string[]): boolean {
  if (pattern === '*') return true
  const parts = segments(pattern)
  if (urlSegments.length > parts.length) return false
  return parts.every((part, i) => {
    const segment = urlSegments[i]
    if (part.startsWith(':')) return segment !== undefined || part.endsWith('?')
    return segment !== undefined && segment.toLowerCase() === part.toLowerCase()
  })
}

/** The page module react-router renders for `pathname` (the not-found page when nothing else matches). */
export function matchPageRoute(pathname: string): PageModule {
  const urlSegments = segments(pathname)
  const route = PAGE_ROUTES.find((r) => matches(r.path, urlSegments))
  return route?.page ?? 'public/not-found-page'
}
