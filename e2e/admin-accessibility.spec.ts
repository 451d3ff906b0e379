import { randomUUID } from 'node:crypto'
import { expect, type Page } from '@playwright/test'
import { adminSections } from '#client/app/routes/admin/admin-sections.ts'
import { formatYearMonth } from '#shared/calendar-months.ts'
import { toIsoDate } from '#shared/dates.ts'
import { formatDayDate } from '#shared/format.ts'
import { api, type Day } from './admin-api.ts'
import { adminRequest, call } from './far-month.ts'
import { expectNoAxeViolations, signInAt, test } from './fixtures.ts'

/** Every tab of the dashboard, from the dashboard's own list (a new tab is checked without edits here). */
const SECTIONS = adminSections.map((s) => s.value)
/**
 * Two years ahead: never in /admin/mailings' window (e2e/admin-mailings.spec.ts owns those months). This
 * spec's months are April and August of that year.
 */
const FUTURE_YEAR = new Date().getUTCFullYear() + 2

/**
 * The sections' loading spinners (role status). The banners above every section (no SMTP, TEST
 * MODE payments on the e2e servers) are statuses too, and stay.
 */
const loading = (page: Page) =>
  page.getByRole('status').filter({ hasNotText: /E-mail is not set up|Payments are in TEST MODE/ })

/**
 * What the sections show while they are checked: a day of April two years ahead sold by hand (the orders
 * table has a row) and a blog post, made once per worker through the admin API. A day an earlier attempt or
 * the other worker sold is left as it is: the table has its row either way. (The forms that make these are
 * the admin journeys' to test.)
 */
async function makeSectionData(playwright: Parameters<typeof adminRequest>[0], baseURL: string) {
  const admin = await adminRequest(playwright, baseURL)
  try {
    const startDate = toIsoDate(FUTURE_YEAR, 4, 15)
    const endDate = toIsoDate(FUTURE_YEAR, 4, 16)
    await call(admin, 'POST', '/api/admin/calendar-days/initialize', { startDate, endDate, price: 120 })
    const { days } = await call<{ days: Day[] }>(
      admin,
      'GET',
      `/api/admin/calendar-days?startDate=${startDate}&endDate=${endDate}`,
    )
    for (const day of days) {
      const sold = await admin.post('/api/admin/manual-orders', {
        data: {
          businessName: `Axe Hardware ${randomUUID().slice(0, 8)}`,
          email: 'axe@example.com',
          dayId: day.id,
        },
      })
      expect([201, 409], `manual order on ${day.date}: ${await sold.text()}`).toContain(sold.status())
    }
    await call(admin, 'POST', '/api/admin/blog-posts', {
      title: `Axe post ${randomUUID().slice(0, 8)}`,
      content: 'Checked by axe.',
    })
  } finally {
    await admin.dispose()
  }
}

test.describe('every admin section, with data in it', () => {
  test.beforeAll(async ({ playwright, baseURL }) => makeSectionData(playwright, baseURL ?? ''))

  for (const width of [1280, 375]) {
    test.describe(`at ${width} px`, () => {
      test.use({ viewport: { width, height: 800 } })
      for (const section of SECTIONS) {
        test(`/admin/${section} is axe-clean${width === 375 ? ' and fits the screen' : ''}`, async ({
          page,
        }) => {
          await signInAt(page, `/admin/${section}`)
          await expect(
            page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab', { selected: true }),
          ).toBeVisible()
          await expect(loading(page)).toHaveCount(0)
          if (width === 375) {
            const overflow = await page.evaluate(
              () => document.documentElement.scrollWidth - window.innerWidth,
            )
            expect(overflow, `/admin/${section} scrolls sideways`).toBeLessThanOrEqual(0)
          }
          await expectNoAxeViolations(page)
        })
      }
    })
  }
})

test('the new blog post form, filled in, is axe-clean', async ({ page }) => {
  await signInAt(page, '/admin/blog')
  await page.getByRole('button', { name: 'Add Post' }).first().click()
  await page.getByLabel('Title').fill(`Axe post ${Date.now()}`)
  await page.getByLabel('Content').fill('Checked by axe.')
  await expectNoAxeViolations(page)
})

test('the calendar filter sheet, bulk menu and confirmations work from the keyboard and are axe-clean', async ({
  page,
}) => {
  // Its own month with two days in it, so the bulk menu has days to act on (the seed's months move on).
  const month = { year: FUTURE_YEAR, month: 8 }
  const first = toIsoDate(month.year, month.month, 6)
  const last = toIsoDate(month.year, month.month, 7)
  await signInAt(page, '/admin/calendar')
  await api(page, 'POST', '/api/admin/calendar-days/initialize', {
    startDate: first,
    endDate: last,
    price: 120,
  })
  await page.getByRole('combobox', { name: 'Month' }).click()
  await page.getByRole('option', { name: formatYearMonth(month), exact: true }).click()
  const table = page.getByRole('region', { name: 'Calendar days' })
  await expect(table.getByRole('row').filter({ hasText: formatDayDate(first) })).toBeVisible()
  await expect(table.getByRole('row').filter({ hasText: formatDayDate(last) })).toBeVisible()

  await page.getByRole('button', { name: 'Filters' }).click()
  const sheet = page.getByRole('dialog', { name: 'Filter Calendar Days' })
  await expect(sheet.getByLabel('Start Date')).toBeFocused()
  await expectNoAxeViolations(page)
  await page.keyboard.press('Escape')
  await expect(sheet).toBeHidden()

  const bulk = page.getByRole('button', { name: 'Bulk Actions' })
  await bulk.focus()
  await page.keyboard.press('Enter')
  await page.getByRole('menuitem', { name: 'Set Price for All Days' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Set Price for All Days' })
  await expect(confirm).toContainText(
    'Set the price of 2 days shown to $120? Days sold or held by an order keep their price.',
  )
  await expect(confirm.getByLabel('New Price')).toHaveValue('120')
  await expectNoAxeViolations(page)
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(confirm).toBeHidden()
})
