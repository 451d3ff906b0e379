import AxeBuilder from '@axe-core/playwright'
import { test as base, type Cookie, expect, type Page, type Response, request } from '@playwright/test'

export const E2E_ADMIN = { email: 'e2e-admin@example.com', password: 'e2e-admin-password' }

/** Every public route of the route table with the heading its page shows. */
export const PUBLIC_PAGES: Array<{ path: string; heading: string }> = [
  { path: '/', heading: 'Townflyer' },
  { path: '/5k-example', heading: 'Reach 5,000 Local Homes' },
  { path: '/prior-work', heading: 'Prior Work' },
  { path: '/non-profits', heading: 'Free Features for Local Non-Profits' },
  { path: '/pricing', heading: 'Pricing' },
  { path: '/calendar', heading: 'Calendar' },
  { path: '/blog', heading: 'Blog' },
  { path: '/about', heading: 'About Townflyer' },
  { path: '/contact', heading: 'Contact Us' },
  { path: '/guarantee', heading: 'Our Guarantee' },
  { path: '/special-purchase', heading: 'Special Purchase' },
  { path: '/cart-checkout', heading: 'Your Cart' },
  { path: '/thank-you', heading: 'Order Confirmation' },
  { path: '/auth', heading: 'Admin Sign In' },
  { path: '/login', heading: 'Admin Sign In' },
  // The page a reset or invitation e-mail links to (a token is only checked when the form is sent).
  { path: '/reset-password?token=not-a-valid-reset-token', heading: 'Choose a new password' },
  // The advertiser's account, signed out (e2e/account.spec.ts checks it signed in).
  { path: '/account', heading: 'Your account' },
  { path: '/checkout/00000000-0000-0000-0000-000000000000', heading: 'Checkout' },
  { path: '/map-icon-checkout/00000000-0000-0000-0000-000000000000', heading: 'Map Icon Checkout' },
  // A buyer's artwork page; an unknown token shows the page with its "not valid" message.
  { path: '/artwork/not-a-valid-artwork-token-000', heading: 'Your Artwork' },
  // A returning advertiser's held spots (e2e/offers.spec.ts checks a real one); an unknown token says so.
  { path: '/offers/not-a-valid-offer-token-000', heading: 'Held for you' },
  { path: '/no-such-page', heading: '404' },
]

/**
 * The environment variable naming the run's claims folder (made by e2e/global-setup.ts), where a test takes
 * the days of the shared storefront site it buys, holds or looks at (claimDays, e2e/storefront-helpers.ts).
 */
export const CLAIMS_DIR_ENV = 'E2E_CLAIMS_DIR'

export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    // Legacy mode runs axe in the page itself; the default opens a helper page, which Debian's Chromium refuses here.
    .setLegacyMode(true)
    // Only violations are read: axe then collects one node, not every node, of the rules that passed (a
    // sixth of its time on these pages).
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  )
  expect(summary, `axe violations on ${page.url()}`).toEqual([])
}

/** Signs in through the sign-in form the page shows (e2e/admin-sign-in.spec.ts is the form's own test). */
export async function signInAsAdmin(page: Page) {
  await page.getByLabel('Email').fill(E2E_ADMIN.email)
  await page.getByLabel('Password').fill(E2E_ADMIN.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible()
}

/**
 * The administrator's session cookies on each site, one session per worker (a module's state lives as long
 * as its worker): signed in once through the auth API, then added to every test's browser context that
 * asks. No spec signs E2E_ADMIN out of a shared session: the sign-in spec's form makes sessions of its own.
 */
const adminSessions = new Map<string, Promise<Cookie[]>>()
/** The running test's site (a worker runs one test at a time); set by `test`'s `site` fixture. */
let currentBaseURL: string | undefined

async function signInThroughApi(baseURL: string): Promise<Cookie[]> {
  const context = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } })
  try {
    const response = await context.post('/api/auth/sign-in/email', { data: E2E_ADMIN })
    expect(response.status(), `sign-in on ${baseURL}: ${await response.text()}`).toBe(200)
    return (await context.storageState()).cookies
  } finally {
    await context.dispose()
  }
}

/** Gives the page's browser context this worker's administrator session on the test's site. */
export async function withAdminSession(page: Page) {
  const baseURL = currentBaseURL
  if (!baseURL) throw new Error('the test has no baseURL')
  let cookies = adminSessions.get(baseURL)
  if (!cookies) {
    cookies = signInThroughApi(baseURL)
    adminSessions.set(baseURL, cookies)
    cookies.catch(() => adminSessions.delete(baseURL))
  }
  await page.context().addCookies(await cookies)
}

/** Opens `path` signed in as the administrator (this worker's session) and shows the admin dashboard there. */
export async function signInAt(page: Page, path: string) {
  await withAdminSession(page)
  await page.goto(path)
  await expect(page).toHaveURL(path)
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible()
}

/** Radix renders a toast's text twice (the toast and its screen-reader announcement). */
export function toastText(page: Page, text: string) {
  return page.getByText(text, { exact: true }).first()
}

/**
 * Makes `goto` and `reload` of one of our pages wait until the page works: public pages arrive
 * server-rendered and their controls only respond once React has hydrated them (`<html data-hydrated>`,
 * src/client/main.tsx). A page that reported a hydration mismatch fails the test. `test`'s page has it;
 * a page a test opens itself (browser.newPage) goes through this.
 */
export function awaitingHydration(page: Page): Page {
  const ready = async (response: Response | null) => {
    if (!response || !(response.headers()['content-type'] ?? '').includes('text/html')) return response
    // Only the app's own pages (they carry the site config); not e.g. the local test checkout's page.
    if (!(await page.evaluate(() => document.getElementById('site-config') !== null))) return response
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'))
    expect(
      await page.evaluate(() => document.documentElement.hasAttribute('data-hydration-error')),
      `hydration mismatch on ${page.url()}`,
    ).toBe(false)
    return response
  }
  const goto = page.goto.bind(page)
  const reload = page.reload.bind(page)
  page.goto = async (...args) => ready(await goto(...args))
  page.reload = async (...args) => ready(await reload(...args))
  return page
}

/** Playwright's `test`, whose page waits for hydration after `goto` and `reload` (awaitingHydration). */
export const test = base.extend<{ site: string | undefined }>({
  site: [
    async ({ baseURL }, use) => {
      currentBaseURL = baseURL
      await use(baseURL)
    },
    { auto: true },
  ],
  page: async ({ page, javaScriptEnabled }, use) => {
    await use(javaScriptEnabled === false ? page : awaitingHydration(page))
  },
})
