import { matchRoutes } from 'react-router'

/**
 * How the server answers a page:
 * - `shared`: rendered on the server with its data (decision 014). The HTML depends on nothing but the URL,
 *   its origin, the catalogue and the date (the renderer sees no cookie or header), so every visitor gets
 *   the same bytes, and they are kept in the render cache until the catalogue version or the day changes.
 * - `private`: rendered on the server for the holder of the secret in its URL (the artwork link). Never
 *   kept, sent with `Cache-Control: no-store` and `Referrer-Policy: no-referrer`, so neither a cache nor a
 *   link followed from it keeps the secret.
 * - `browser`: the page shell; the page renders in the browser (sign-in, admin, checkout results).
 */
export type PageRendering = 'shared' | 'private' | 'browser'

/**
 * What a server-rendered page shows above the fold: the server renderer fetches it (src/client/entry-server.tsx)
 * under the browser's own query keys, and the page hydrates from it without asking again.
 */
export type PageData =
  | 'calendar'
  | 'map-example'
  | 'map-icons'
  | 'prior-work'
  | 'blog-list'
  | 'blog-post'
  | 'artwork'
  | 'ad-page'

type PageRouteEntry = {
  /** react-router's pattern: `:name` is one segment, a trailing `?` makes it optional, `*` is the rest. */
  readonly path: string
  /** The page module under src/client/app/routes, without extension; it exports the page component. */
  readonly page: string
  readonly rendering: PageRendering
  readonly data?: readonly PageData[]
  /** Listed in /sitemap.xml. */
  readonly sitemap?: boolean
  /**
   * The URL holds a secret (a link e-mailed to one person) though the page renders in the browser: its shell
   * is sent as a `private` page's is (no-store, no-referrer), and with `X-Robots-Tag: noindex`.
   */
  readonly secretUrl?: boolean
}

/**
 * Every page of the site, once: the client router renders these routes (src/client/app/router.tsx), the
 * server matches a request against them with react-router's own matchRoutes (matchPage) to choose the
 * page's shell and preloads, how it is rendered and what data it needs, and /sitemap.xml lists the ones
 * marked for it.
 */
export const PAGE_ROUTES = [
  {
    path: '/',
    page: 'public/home-page',
    rendering: 'shared',
    data: ['calendar', 'map-example', 'prior-work'],
    sitemap: true,
  },
  {
    path: '/5k-example',
    page: 'public/alternate-landing-page',
    rendering: 'shared',
    data: ['calendar', 'map-example', 'map-icons'],
    sitemap: true,
  },
  { path: '/auth', page: 'admin/sign-in-page', rendering: 'browser' },
  { path: '/login', page: 'admin/sign-in-page', rendering: 'browser' },
  { path: '/reset-password', page: 'public/reset-password-page', rendering: 'browser' },
  // The advertiser's own page: what it shows depends on the session, so it renders in the browser.
  { path: '/account', page: 'public/account-page', rendering: 'browser' },
  // The spots held for a returning advertiser, by the e-mailed link: private to its holder, never indexed.
  { path: '/offers/:token', page: 'public/offer-page', rendering: 'browser', secretUrl: true },
  { path: '/blog', page: 'public/blog-list-page', rendering: 'shared', data: ['blog-list'], sitemap: true },
  { path: '/blog/:postId', page: 'public/blog-post-page', rendering: 'shared', data: ['blog-post'] },
  {
    path: '/calendar',
    page: 'public/calendar-page',
    rendering: 'shared',
    data: ['calendar', 'map-icons'],
    sitemap: true,
  },
  { path: '/checkout/:dayId', page: 'public/day-checkout-page', rendering: 'browser' },
  { path: '/map-icon-checkout/:iconId', page: 'public/map-icon-checkout-page', rendering: 'browser' },
  // As the empty cart: the stored cart shows right after hydration.
  { path: '/cart-checkout', page: 'public/cart-checkout-page', rendering: 'shared' },
  { path: '/thank-you', page: 'public/thank-you-page', rendering: 'browser' },
  { path: '/artwork/:token', page: 'public/artwork-page', rendering: 'private', data: ['artwork'] },
  // Where a QR code's short link leads by default: the advertiser's page, live only while their line is.
  { path: '/ads/:code', page: 'public/ad-page', rendering: 'private', data: ['ad-page'] },
  { path: '/about', page: 'public/about-page', rendering: 'shared', sitemap: true },
  { path: '/contact', page: 'public/contact-page', rendering: 'shared', sitemap: true },
  { path: '/guarantee', page: 'public/guarantee-page', rendering: 'shared', sitemap: true },
  { path: '/pricing', page: 'public/pricing-page', rendering: 'shared', sitemap: true },
  { path: '/non-profits', page: 'public/non-profits-page', rendering: 'shared', sitemap: true },
  { path: '/special-purchase', page: 'public/special-purchase-page', rendering: 'shared', sitemap: true },
  {
    path: '/prior-work',
    page: 'public/prior-work-page',
    rendering: 'shared',
    data: ['prior-work'],
    sitemap: true,
  },
  // A mailing's map composer: its own page, so a reload keeps the owner on it.
  { path: '/admin/mailings/:month/map', page: 'admin/map-composer-page', rendering: 'browser' },
  // One route for /admin and /admin/:section so switching tabs keeps the dashboard mounted.
  { path: '/admin/:section?', page: 'admin/admin-page', rendering: 'browser' },
  // Answered with status 404.
  { path: '*', page: 'public/not-found-page', rendering: 'shared' },
] as const satisfies readonly PageRouteEntry[]

export type PageRoute = (typeof PAGE_ROUTES)[number]
export type PageModule = PageRoute['page']

export const NOT_FOUND_PAGE: PageModule = 'public/not-found-page'

/** The component a page module exports: its file name in PascalCase ('public/home-page' → HomePage). */
export function pageComponentName(page: PageModule): string {
  const file = page.slice(page.lastIndexOf('/') + 1)
  return file.replace(/(?:^|-)([a-z0-9])/g, (_, letter: string) => letter.toUpperCase())
}

export type PageMatch = { route: PageRoute; params: Readonly<Record<string, string | undefined>> }

// matchRoutes only reads the array.
const routes = PAGE_ROUTES as readonly PageRoute[] as PageRoute[]

/** matchRoutes compiles and ranks every pattern on each call (a tenth of a millisecond): recent answers are kept. */
const recentMatches = new Map<string, PageMatch>()
const RECENT_MATCHES = 500

/**
 * The route react-router renders for `pathname`, with its parameters (decoded): the not-found route when
 * nothing else matches. Case-insensitive, and a trailing slash is ignored, as in the browser.
 */
export function matchPage(pathname: string): PageMatch {
  const known = recentMatches.get(pathname)
  if (known) return known
  const found = matchRoutes(routes, pathname)?.[0]
  const match: PageMatch = {
    route: found?.route ?? (PAGE_ROUTES[PAGE_ROUTES.length - 1] as PageRoute),
    params: Object.freeze({ ...found?.params }),
  }
  if (recentMatches.size >= RECENT_MATCHES) recentMatches.delete(recentMatches.keys().next().value as string)
  recentMatches.set(pathname, match)
  return match
}
