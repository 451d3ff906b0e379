import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { matchPageRoute, PAGE_ROUTES } from './page-routes'

describe('matchPageRoute', () => {
  it.each([
    ['/', 'public/home-page'],
    ['/calendar', 'public/calendar-page'],
    ['/calendar/', 'public/calendar-page'],
    ['/Calendar', 'public/calendar-page'],
    ['/blog', 'public/blog-list-page'],
    ['/blog/abc-123', 'public/blog-post-page'],
    ['/checkout/2026-05-04', 'public/day-checkout-page'],
    ['/cart-checkout', 'public/cart-checkout-page'],
    ['/admin', 'admin/admin-page'],
    ['/admin/orders', 'admin/admin-page'],
    ['/login', 'admin/sign-in-page'],
    ['/blog/a/b', 'public/not-found-page'],
    ['/admin/orders/1', 'public/not-found-page'],
    ['/checkout', 'public/not-found-page'],
    ['/nope', 'public/not-found-page'],
  ])('%s → %s', (path, page) => {
    expect(matchPageRoute(path)).toBe(page)
  })
})

// Until the router renders its routes from PAGE_ROUTES, this keeps the two tables in step.
describe('the client router', () => {
  const source = fs.readFileSync(new URL('../client/app/router.tsx', import.meta.url), 'utf8')
  const loaders = new Map(
    [...source.matchAll(/const (\w+) = page\(\s*\(\) => import\('\.\/routes\/([\w/-]+)'\)/g)].map((m) => [
      m[1],
      m[2],
    ]),
  )
  const routes = [...source.matchAll(/<Route (index|path="([^"]+)") element=\{<(\w+) \/>\}/g)].map((m) => ({
    path: m[1] === 'index' ? '/' : m[2] === '*' ? '*' : `/${m[2]}`,
    page: loaders.get(m[3] ?? ''),
  }))

  it('declares the same paths and pages as PAGE_ROUTES', () => {
    expect(routes).toEqual(PAGE_ROUTES.map(({ path, page }) => ({ path, page })))
  })
})
