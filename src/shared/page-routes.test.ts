import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { matchPage, PAGE_ROUTES, pageComponentName } from './page-routes'

describe('matchPage', () => {
  it.each([
    ['/', 'public/home-page', {}],
    ['/calendar', 'public/calendar-page', {}],
    ['/calendar/', 'public/calendar-page', {}],
    ['/Calendar', 'public/calendar-page', {}],
    ['/blog', 'public/blog-list-page', {}],
    ['/blog/abc-123', 'public/blog-post-page', { postId: 'abc-123' }],
    ['/blog/a%20b', 'public/blog-post-page', { postId: 'a b' }],
    ['/checkout/2026-05-04', 'public/day-checkout-page', { dayId: '2026-05-04' }],
    ['/cart-checkout', 'public/cart-checkout-page', {}],
    ['/artwork/tok-1', 'public/artwork-page', { token: 'tok-1' }],
    ['/ads/k7m4qx2', 'public/ad-page', { code: 'k7m4qx2' }],
    ['/admin', 'admin/admin-page', {}],
    ['/admin/orders', 'admin/admin-page', { section: 'orders' }],
    ['/login', 'admin/sign-in-page', {}],
    ['/account', 'public/account-page', {}],
    ['/offers/tok-2', 'public/offer-page', { token: 'tok-2' }],
    ['/blog/a/b', 'public/not-found-page', {}],
    ['/admin/orders/1', 'public/not-found-page', {}],
    ['/checkout', 'public/not-found-page', {}],
    ['/nope', 'public/not-found-page', {}],
  ])('%s → %s', (path, page, params) => {
    const match = matchPage(path)
    expect(match.route.page).toBe(page)
    expect(match.params).toMatchObject(params)
  })
})

describe('the page manifest', () => {
  it.each(PAGE_ROUTES.map((route) => [route.path, route.page] as const))(
    '%s: its module exports the page component the router renders',
    (_, page) => {
      const file = new URL(`../client/app/routes/${page}.tsx`, import.meta.url)
      expect(fs.readFileSync(file, 'utf8')).toContain(`export function ${pageComponentName(page)}(`)
    },
  )

  it('names every page module under src/client/app/routes (the router loads them by file)', () => {
    const routesDir = new URL('../client/app/routes/', import.meta.url)
    const files = fs
      .readdirSync(routesDir, { recursive: true, encoding: 'utf8' })
      .filter((file) => /-page\.tsx$/.test(file))
      .map((file) => file.replace(/\\/g, '/').replace(/\.tsx$/, ''))
    expect(files.sort()).toEqual([...new Set(PAGE_ROUTES.map((route) => route.page))].sort())
  })

  it('renders on the server what every visitor sees alike, privately the artwork link and the ad pages, the rest in the browser', () => {
    const byRendering = (rendering: string) =>
      PAGE_ROUTES.filter((route) => route.rendering === rendering).map((route) => route.path)
    expect(byRendering('private')).toEqual(['/artwork/:token', '/ads/:code'])
    expect(byRendering('browser')).toEqual([
      '/auth',
      '/login',
      '/reset-password',
      '/account',
      '/offers/:token',
      '/checkout/:dayId',
      '/map-icon-checkout/:iconId',
      '/thank-you',
      '/admin/mailings/:month/map',
      '/admin/:section?',
    ])
  })
})
