import { type APIRequestContext, expect } from '@playwright/test'
import { AD_PAGE_TEXTS } from '#shared/ad-page-texts.ts'
import { PAGE_ROUTES } from '#shared/page-routes.ts'
import { E2E_ADMIN, expectNoAxeViolations, PUBLIC_PAGES, test } from './fixtures.ts'

/**
 * axe on every route of the page manifest (src/shared/page-routes.ts) at 375 and 1280 px:
 * the static pages, the dynamic ones with real data (a published post, an available day, a map icon,
 * a thank-you session), their not-found states, the 404 page and the open mobile menu. Every admin tab is
 * checked at both widths, with data in it, by admin-accessibility.spec.ts.
 */

const WIDTHS = [375, 1280]

type Visit = { route: string; path: string; heading: string | RegExp }

/** The routes the router renders: the page manifest's patterns. */
const routerRoutes = () => PAGE_ROUTES.map((route) => route.path)

/** The router pattern a concrete path of PUBLIC_PAGES belongs to. */
function routeOf(path: string): string {
  if (path.startsWith('/checkout/')) return '/checkout/:dayId'
  if (path.startsWith('/map-icon-checkout/')) return '/map-icon-checkout/:iconId'
  if (path.startsWith('/blog/')) return '/blog/:postId'
  if (path.startsWith('/artwork/')) return '/artwork/:token'
  if (path.startsWith('/offers/')) return '/offers/:token'
  if (path === '/no-such-page') return '*'
  return path.split('?')[0] as string
}

async function adminRequest(
  playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } },
  baseURL: string,
) {
  const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } })
  expect((await request.post('/api/auth/sign-in/email', { data: E2E_ADMIN })).status()).toBe(200)
  return request
}

const data = { postId: '', dayId: '', iconId: '' }

test.beforeAll(async ({ playwright, baseURL }) => {
  const request = await adminRequest(playwright, baseURL as string)
  const post = await request.post('/api/admin/blog-posts', {
    data: {
      title: 'Axe checks this post',
      content: 'First paragraph.\nSecond paragraph.',
      isPublished: true,
    },
  })
  expect(post.status()).toBe(201)
  data.postId = ((await post.json()) as { id: string }).id
  const months = (await (await request.get('/api/calendar-days/available-months')).json()) as {
    months: Array<{ year: number; month: number } | string>
  }
  for (const month of months.months) {
    const key = typeof month === 'string' ? month : `${month.year}-${String(month.month).padStart(2, '0')}`
    const days = (await (await request.get(`/api/calendar-days?month=${key}`)).json()) as {
      days: Array<{ id: string; status: string }>
    }
    const available = days.days.find((d) => d.status === 'available')
    if (available) {
      data.dayId = available.id
      break
    }
  }
  const icons = (await (await request.get('/api/map-icons')).json()) as { icons: Array<{ id: string }> }
  data.iconId = icons.icons[0]?.id ?? ''
  expect(data.dayId, 'an available seeded day').not.toBe('')
  expect(data.iconId, 'a seeded map icon').not.toBe('')
  await request.dispose()
})

test.afterAll(async ({ playwright, baseURL }) => {
  if (!data.postId) return
  const request = await adminRequest(playwright, baseURL as string)
  await request.delete(`/api/admin/blog-posts/${data.postId}`)
  await request.dispose()
})

/**
 * PUBLIC_PAGES (with the not-found states of the dynamic routes) plus the dynamic routes with real data;
 * `path` is read when the test runs (the real ids are made in beforeAll).
 */
function visits(): Array<Omit<Visit, 'path'> & { label: string; path: () => string }> {
  return [
    ...PUBLIC_PAGES.map(({ path, heading }) => ({
      route: routeOf(path),
      label: path,
      path: () => path,
      heading,
    })),
    {
      route: '/blog/:postId',
      label: '/blog/:postId (a published post)',
      path: () => `/blog/${data.postId}`,
      heading: 'Axe checks this post',
    },
    {
      route: '/blog/:postId',
      label: '/blog/:postId (no such post)',
      path: () => '/blog/00000000-0000-4000-8000-000000000000',
      heading: 'Blog post not found.',
    },
    {
      route: '/checkout/:dayId',
      label: '/checkout/:dayId (an available day)',
      path: () => `/checkout/${data.dayId}`,
      heading: 'Checkout',
    },
    {
      route: '/map-icon-checkout/:iconId',
      label: '/map-icon-checkout/:iconId (a map icon)',
      path: () => `/map-icon-checkout/${data.iconId}`,
      heading: 'Map Icon Checkout',
    },
    {
      route: '/thank-you',
      label: '/thank-you (a session id)',
      path: () => '/thank-you?session_id=cs_local_axe_REF123',
      heading: 'Order Confirmation',
    },
    // A QR code's page for a code no line has (e2e/short-links.spec.ts checks a real one, and the artwork
    // page and the account with the QR code form, at both widths).
    {
      route: '/ads/:code',
      label: '/ads/:code (no such code)',
      path: () => '/ads/2222222',
      heading: AD_PAGE_TEXTS.notFound,
    },
  ]
}

test('the visits cover every route of the router', () => {
  // The admin's tabs are checked by admin-accessibility.spec.ts, and the map composer (with its own mailing's
  // markers in it) by map-composer.spec.ts, both at 375 and 1280 px.
  const covered = new Set([...visits().map((v) => v.route), '/admin/:section?', '/admin/mailings/:month/map'])
  const routes = routerRoutes()
  expect(routes.length).toBeGreaterThanOrEqual(20)
  expect(routes.filter((route) => !covered.has(route))).toEqual([])
})

// One test per page and width, so the sweep spreads over the workers.
for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } })

    for (const visit of visits()) {
      test(`${visit.label} has no axe violations`, async ({ page }) => {
        const path = visit.path()
        await page.goto(path)
        await expect(
          page.getByRole('heading', {
            level: 1,
            name: visit.heading,
            exact: typeof visit.heading === 'string',
          }),
          path,
        ).toBeVisible()
        // Loading states are announced with role=status; check the page once its data is in.
        await expect(page.locator('[role="status"]:has(svg.animate-spin)')).toHaveCount(0)
        await expectNoAxeViolations(page)
      })
    }
  })
}

test.describe('at 375 px with the mobile menu open', () => {
  test.use({ viewport: { width: 375, height: 900 } })

  test('the open menu has no axe violations', async ({ page }) => {
    for (const path of ['/', '/blog']) {
      await page.goto(path)
      await page.getByRole('button', { name: 'Open menu' }).click()
      await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true')
      await expect(page.getByRole('link', { name: 'Calendar' }).first()).toBeVisible()
      await expectNoAxeViolations(page)
    }
  })
})
