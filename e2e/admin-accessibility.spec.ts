import { expect, type Page } from '@playwright/test'
import { adminSections } from '#client/app/routes/admin/admin-sections.ts'
import { formatYearMonth } from '#shared/calendar-months.ts'
import { toIsoDate } from '#shared/dates.ts'
import { formatDayDate } from '#shared/format.ts'
import { api } from './admin-api.ts'
import { expectNoAxeViolations, signInAt, test, toastText } from './fixtures.ts'

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

test('every admin section is axe-clean with data in it at 1280 and 375 px, and fits a 375 px screen', async ({
  page,
}) => {
  // Twenty-two axe runs; the calendar now opens on the month on sale, with its days in the table.
  test.setTimeout(180_000)
  // A retry sells a day of its own: the first attempt may have sold its day before it failed.
  const day = toIsoDate(FUTURE_YEAR, 4, 15 + test.info().retry)
  await signInAt(page, '/admin/calendar')

  // Data: a day sold by hand (so the orders table has a row) and a blog post.
  await page.getByLabel('Start Date').fill(day)
  await page.getByLabel('End Date').fill(day)
  await page.getByRole('button', { name: 'Initialize Days' }).click()
  // A confirmation says what will happen first.
  await page
    .getByRole('alertdialog', { name: 'Initialize Date Range' })
    .getByRole('button', { name: 'Initialize Days' })
    .click()
  await expect(toastText(page, 'Days Initialized')).toBeVisible()
  await page.getByRole('tab', { name: 'Manual Orders' }).click()
  await page.getByLabel('Business Name').fill(`Axe Hardware ${Date.now()}`)
  await page.getByLabel('Email').fill('axe@example.com')
  await page.getByRole('combobox', { name: 'Day' }).click()
  await page.getByRole('option', { name: new RegExp(`^${formatDayDate(day)} `) }).click()
  await page.getByRole('button', { name: 'Create Order' }).click()
  await expect(toastText(page, 'Order Created')).toBeVisible()
  await page.getByRole('tab', { name: 'Blog', exact: true }).click()
  await page.getByRole('button', { name: 'Add Post' }).first().click()
  await page.getByLabel('Title').fill(`Axe post ${Date.now()}`)
  await page.getByLabel('Content').fill('Checked by axe.')
  await expectNoAxeViolations(page)
  await page.getByRole('button', { name: 'Create Post' }).click()
  await expect(toastText(page, 'Post Created')).toBeVisible()

  for (const section of SECTIONS) {
    await page.goto(`/admin/${section}`)
    await expect(
      page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab', { selected: true }),
    ).toBeVisible()
    await expect(loading(page)).toHaveCount(0)
    await expectNoAxeViolations(page)
  }

  await page.setViewportSize({ width: 375, height: 800 })
  for (const section of SECTIONS) {
    await page.goto(`/admin/${section}`)
    await expect(loading(page)).toHaveCount(0)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow, `/admin/${section} scrolls sideways`).toBeLessThanOrEqual(0)
    await expectNoAxeViolations(page)
  }
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
