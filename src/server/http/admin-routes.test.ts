import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, MEMBER, type TestApp } from '../test/test-app.ts'

let t: TestApp
let member: string

beforeAll(async () => {
  t = await createTestApp()
  await t.createMember()
  member = await t.signIn(MEMBER)
})
afterAll(() => t.close())

const DUMMY_UUID = '00000000-0000-4000-8000-000000000000'

/**
 * Every admin route of the app: paths under /api/admin plus the settings writes. Middleware entries
 * (method ALL) and the JSON 404 fallback are not routes of their own.
 */
function adminRoutes(t: TestApp): { method: string; path: string }[] {
  const seen = new Map<string, { method: string; path: string }>()
  for (const route of t.app.routes) {
    if (route.method === 'ALL') continue
    const isAdmin =
      route.path.startsWith('/api/admin/') ||
      (route.path.startsWith('/api/settings/') && route.method !== 'GET')
    if (isAdmin) seen.set(`${route.method} ${route.path}`, { method: route.method, path: route.path })
  }
  return [...seen.values()]
}

const fill = (path: string) => path.replace(/:[A-Za-z]+/g, DUMMY_UUID).replace(/\*$/, 'map_example/1-x.png')

describe('the admin guard', () => {
  it('covers the expected routes', () => {
    const routes = adminRoutes(t).map((r) => `${r.method} ${r.path}`)
    for (const expected of [
      'GET /api/admin/calendar-days',
      'PATCH /api/admin/calendar-days/:id',
      'DELETE /api/admin/calendar-days/:id',
      'POST /api/admin/calendar-days/initialize',
      'POST /api/admin/calendar-days/bulk-price',
      'POST /api/admin/calendar-days/bulk-delete',
      'PATCH /api/admin/orders/:id',
      'POST /api/admin/orders/bulk-status',
      'POST /api/admin/orders/bulk-delete',
      'DELETE /api/admin/orders/:id',
      'POST /api/admin/manual-orders',
      'POST /api/admin/manual-map-icon-orders',
      'GET /api/admin/media',
      'POST /api/admin/media',
      'DELETE /api/admin/media/*',
      'GET /api/admin/blog-posts',
      'POST /api/admin/blog-posts',
      'PUT /api/admin/blog-posts/:id',
      'DELETE /api/admin/blog-posts/:id',
      'PUT /api/settings/font',
      'PUT /api/settings/calendar',
    ]) {
      expect(routes).toContain(expected)
    }
  })

  it('answers 401 to anonymous callers and 403 to signed-in non-admins on every admin route', async () => {
    const routes = adminRoutes(t)
    expect(routes.length).toBeGreaterThanOrEqual(23)
    for (const { method, path } of routes) {
      const url = fill(path)
      const json = method === 'GET' || method === 'DELETE' ? undefined : {}
      const anonymous = await t.request(url, { method, json })
      expect(anonymous.status, `anonymous ${method} ${path}`).toBe(401)
      expect((await anonymous.json()).error.code).toBe('unauthenticated')
      const nonAdmin = await t.request(url, { method, json, cookie: member })
      expect(nonAdmin.status, `member ${method} ${path}`).toBe(403)
      expect((await nonAdmin.json()).error.code).toBe('forbidden')
    }
  })
})
