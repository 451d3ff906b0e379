import { expect, type Locator, type Page } from '@playwright/test'
import { currentYearMonth, formatYearMonth, type YearMonth } from '#shared/calendar-months.ts'
import { toIsoDate } from '#shared/dates.ts'
import { formatDayDate } from '#shared/format.ts'
import { api, type Day, makeDays } from './admin-api.ts'
import { expectNoAxeViolations, signInAt, test, toastText } from './fixtures.ts'

/**
 * Usability, owner side. Each test owns a month two years ahead (March, May, June, July and November) and
 * makes its own days and orders through the admin API, so a retry starts clean. Two years ahead is never
 * inside /admin/mailings' window (the current month and the next 11), whose months e2e/admin-mailings.spec.ts
 * owns; the other specs on the admin server use February, April, August, September, October and December
 * of that year.
 */
const YEAR = new Date().getUTCFullYear() + 2
const LAST_ADMIN_DATE = `${new Date().getUTCFullYear() + 2}-12-31`

/** A paid manual order for the day; its id. */
async function sellDay(page: Page, day: Day, businessName: string): Promise<string> {
  const order = await api<{ id: string }>(page, 'POST', '/api/admin/manual-orders', {
    businessName,
    email: 'owner@example.com',
    dayId: day.id,
  })
  return order.id
}

async function chooseOption(page: Page, combobox: Locator, option: string) {
  await combobox.click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

async function showMonth(page: Page, month: YearMonth) {
  await chooseOption(page, page.getByRole('combobox', { name: 'Month' }), formatYearMonth(month))
}

test('Reset in the calendar filter sheet reloads the days unfiltered', async ({ page }) => {
  const month = { year: YEAR, month: 3 }
  await signInAt(page, '/admin/calendar')
  const [first] = await makeDays(page, toIsoDate(YEAR, 3, 3), toIsoDate(YEAR, 3, 4))
  await showMonth(page, month)
  const table = page.getByRole('region', { name: 'Calendar days' })
  await expect(table.getByRole('row').filter({ hasText: formatDayDate(toIsoDate(YEAR, 3, 3)) })).toBeVisible()

  await page.getByRole('button', { name: 'Filters' }).click()
  const sheet = page.getByRole('dialog', { name: 'Filter Calendar Days' })
  await chooseOption(page, sheet.getByRole('combobox', { name: 'Status' }), 'reserved')
  await sheet.getByRole('button', { name: 'Apply Filters' }).click()
  await expect(page.getByText('No calendar days available for this month.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible()

  await page.getByRole('button', { name: 'Filters (1)' }).click()
  await sheet.getByRole('button', { name: 'Reset' }).click()
  await expect(sheet).toBeHidden()
  await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeVisible()
  await expect(table.getByRole('row').filter({ hasText: formatDayDate(first?.date ?? '') })).toBeVisible()
  await expect(table.getByRole('row').filter({ hasText: formatDayDate(toIsoDate(YEAR, 3, 4)) })).toBeVisible()
})

test('Reset in the orders filter popover reloads the orders unfiltered', async ({ page }) => {
  const business = `Reset Florist ${Date.now()}`
  await signInAt(page, '/admin/orders')
  const [day] = await makeDays(page, toIsoDate(YEAR, 6, 20), toIsoDate(YEAR, 6, 20))
  const orderId = await sellDay(page, day as Day, business)
  await page.reload()
  const orderRow = page.getByRole('row').filter({ hasText: orderId })
  await expect(orderRow).toBeVisible()

  await page.getByRole('button', { name: 'Advanced Filters' }).click()
  await page.getByLabel('Business Name Contains').fill(`nobody-${Date.now()}`)
  await page.getByRole('button', { name: 'Apply Filters' }).click()
  await expect(page.getByText('No orders found.', { exact: true })).toBeVisible()

  await page.getByRole('button', { name: 'Advanced Filters (1)' }).click()
  await page.getByRole('button', { name: 'Reset' }).click()
  await expect(page.getByRole('dialog', { name: 'Order filters' })).toBeHidden()
  await expect(page.getByRole('button', { name: 'Advanced Filters', exact: true })).toBeVisible()
  await expect(orderRow).toBeVisible()
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
    'href',
    '/api/admin/checkouts/export.csv',
  )
})

test('counts read in the singular for one: a day created, a selected order deleted', async ({ page }) => {
  const business = `Plural Bakery ${Date.now()}`
  const date = toIsoDate(YEAR, 5, 9)
  await signInAt(page, '/admin/calendar')
  await page.getByLabel('Start Date').fill(date)
  await page.getByLabel('End Date').fill(date)
  await page.getByRole('button', { name: 'Initialize Days' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Initialize Date Range' })
  await expect(confirm).toContainText('1 day will be created at $120.')
  await confirm.getByRole('button', { name: 'Initialize Days' }).click()
  await expect(toastText(page, '1 day created and 0 days updated.')).toBeVisible()

  const { days } = await api<{ days: Day[] }>(
    page,
    'GET',
    `/api/admin/calendar-days?startDate=${date}&endDate=${date}`,
  )
  const orderId = await sellDay(page, days[0] as Day, business)
  await page.goto('/admin/orders')
  // A manual order is a checkout of its own (its key is the order id): selecting it selects its one line.
  await page.getByRole('checkbox', { name: `Select checkout ${orderId}` }).check()
  await expect(page.getByText('Bulk actions (1 selected)')).toBeVisible()
  await page.getByRole('button', { name: 'Delete Selected' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Delete Selected Orders' })
  await expect(dialog).toContainText('Delete 1 selected order? A pending or paid order releases its day.')
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await expect(toastText(page, '1 order has been deleted.')).toBeVisible()
})

test('Initialize Date Range refuses dates outside the month navigator and confirms what it will do', async ({
  page,
}) => {
  const business = `Range Hardware ${Date.now()}`
  await signInAt(page, '/admin/calendar')

  // Outside the navigator (2023 to the end of two years ahead): a clear message, nothing asked or sent.
  const tooLate = `${new Date().getUTCFullYear() + 3}-01-01`
  const range = `Choose dates from January 1, 2023 to ${formatDayDate(LAST_ADMIN_DATE).replace(/^\w+, /, '')}.`
  await page.getByLabel('Start Date').fill(tooLate)
  await page.getByLabel('End Date').fill(tooLate)
  await page.getByRole('button', { name: 'Initialize Days' }).click()
  await expect(page.getByText(range)).toBeVisible()
  await expect(page.getByLabel('Start Date')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByRole('alertdialog')).toHaveCount(0)

  // 3 days exist, one of them sold; the range covers them and 2 new dates.
  const days = await makeDays(page, toIsoDate(YEAR, 7, 11), toIsoDate(YEAR, 7, 13), 90)
  await sellDay(page, days[1] as Day, business)
  await page.getByLabel('Start Date').fill(toIsoDate(YEAR, 7, 10))
  await page.getByLabel('End Date').fill(toIsoDate(YEAR, 7, 14))
  await page.getByLabel('Price', { exact: true }).fill('95')
  await expect(page.getByText(range)).toBeHidden()
  await page.getByRole('button', { name: 'Initialize Days' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Initialize Date Range' })
  await expect(confirm).toContainText(
    `${formatDayDate(toIsoDate(YEAR, 7, 10))} to ${formatDayDate(toIsoDate(YEAR, 7, 14))}: 2 days will be created at $95. 2 existing days will be made available at $95. 1 sold or held day is left alone.`,
  )
  await expectNoAxeViolations(page)

  // Cancel changes nothing.
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await showMonth(page, { year: YEAR, month: 7 })
  const table = page.getByRole('region', { name: 'Calendar days' })
  await expect(table.getByRole('row').filter({ hasText: formatDayDate(toIsoDate(YEAR, 7, 10)) })).toHaveCount(
    0,
  )
  await expect(
    table
      .getByRole('row')
      .filter({ hasText: formatDayDate(toIsoDate(YEAR, 7, 11)) })
      .getByRole('cell')
      .nth(3),
  ).toHaveText('$90')

  await page.getByRole('button', { name: 'Initialize Days' }).click()
  await confirm.getByRole('button', { name: 'Initialize Days' }).click()
  await expect(
    toastText(
      page,
      `2 days created and 2 days updated. 1 sold or held day was left unchanged: Jul 12 (${business}).`,
    ),
  ).toBeVisible()
  await expect(
    table.getByRole('row').filter({ hasText: formatDayDate(toIsoDate(YEAR, 7, 10)) }),
  ).toBeVisible()
})

test('a default month without available days is not used: settings warn, /calendar opens on an available month', async ({
  page,
}) => {
  const now = currentYearMonth()
  // The year selector starts at this year: a past month exists in it except in January, when a month of
  // this year that nobody opens days in stands in (no days: the same fallback, the other warning).
  const target = now.month > 1 ? { year: now.year, month: 1 } : { year: now.year, month: 6 }
  const label = formatYearMonth(target)
  await signInAt(page, '/admin/settings')
  await chooseOption(page, page.getByRole('combobox', { name: 'Default Month' }), label.split(' ')[0] ?? '')
  await chooseOption(page, page.getByRole('combobox', { name: 'Default Year' }), String(target.year))
  await page.getByRole('button', { name: 'Save Calendar Settings' }).click()
  await expect(toastText(page, 'Settings Saved')).toBeVisible()

  const { months } = await api<{ months: YearMonth[] }>(page, 'GET', '/api/calendar-days/available-months')
  const shown = months.find((m) => m.year === now.year && m.month === now.month) ?? months[0] ?? now
  const reason = now.month > 1 ? 'is in the past' : 'has no available days'
  await expect(
    page.getByText(`${label} ${reason}: visitors will see ${formatYearMonth(shown)} instead.`),
  ).toBeVisible()
  await expectNoAxeViolations(page)

  await page.goto('/calendar')
  await expect(page.getByRole('combobox', { name: 'Month' })).toHaveText(formatYearMonth(shown))
})

async function expectInside(locator: Locator, what: string) {
  const box = await locator.boundingBox()
  expect(box, `${what} is rendered`).not.toBeNull()
  if (!box) return
  expect(box.x, `${what} starts on screen`).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width, `${what} ends on screen`).toBeLessThanOrEqual(375)
}

async function expectNoSideways(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(0)
}

test('the calendar days, orders and blog posts tables show each row whole on a 375 px screen', async ({
  page,
}) => {
  const business = `Narrow Cafe ${Date.now()}`
  const title = `Narrow post ${Date.now()}`
  await signInAt(page, '/admin/calendar')
  const days = await makeDays(page, toIsoDate(YEAR, 11, 14), toIsoDate(YEAR, 11, 15))
  const orderId = await sellDay(page, days[0] as Day, business)
  await api(page, 'POST', '/api/admin/blog-posts', {
    title,
    content: 'Read on a phone.',
    author: 'Map Team',
    isPublished: false,
  })
  await page.setViewportSize({ width: 375, height: 800 })

  await page.reload()
  await showMonth(page, { year: YEAR, month: 11 })
  const dateText = formatDayDate(toIsoDate(YEAR, 11, 14))
  const dayRow = page.getByRole('row').filter({ hasText: dateText })
  await expect(dayRow).toBeVisible()
  await expectInside(dayRow.getByText(dateText, { exact: true }), 'the date')
  await expectInside(dayRow.getByText('reserved', { exact: true }), 'the status')
  await expectInside(dayRow.getByText(business, { exact: true }), 'the business name')
  await expectInside(dayRow.getByText('$120', { exact: true }), 'the price')
  await expectInside(dayRow.getByRole('button', { name: `Edit price for ${dateText}` }), 'edit price')
  await expectInside(dayRow.getByRole('button', { name: `Delete ${dateText}` }), 'delete day')
  await expectNoSideways(page)
  await expectNoAxeViolations(page)

  await page.goto('/admin/orders')
  const orderRow = page
    .getByRole('row')
    .filter({ hasText: orderId })
    .filter({ has: page.getByRole('button', { name: `Lines of checkout ${orderId}` }) })
  await expect(orderRow).toBeVisible()
  await expectInside(orderRow.getByText(orderId, { exact: true }), 'the checkout (order id)')
  await expectInside(orderRow.getByText(business, { exact: true }), 'the business name')
  await expectInside(orderRow.getByText('$120', { exact: true }), 'the amount')
  await expectInside(orderRow.getByText('paid', { exact: true }).first(), 'the status')
  await expectInside(orderRow.getByRole('checkbox', { name: `Select checkout ${orderId}` }), 'select')
  await expectInside(orderRow.getByRole('button', { name: `Details of checkout ${orderId}` }), 'details')
  await orderRow.getByRole('button', { name: `Lines of checkout ${orderId}` }).click()
  const lineRow = page
    .getByRole('region', { name: `Lines of checkout ${orderId}` })
    .getByRole('row')
    .filter({ hasText: 'Calendar Day' })
  await expectInside(lineRow.getByRole('combobox', { name: `Status of order ${orderId}` }), 'status change')
  await expectInside(lineRow.getByRole('button', { name: `Delete order ${orderId}` }), 'delete order')
  await expectNoSideways(page)
  await expectNoAxeViolations(page)

  await page.goto('/admin/blog')
  const postRow = page.getByRole('row').filter({ hasText: title })
  await expect(postRow).toBeVisible()
  await expectInside(postRow.getByText(title, { exact: true }), 'the title')
  await expectInside(postRow.getByText('Draft', { exact: true }), 'the status')
  await expectInside(postRow.getByRole('button', { name: `Edit ${title}` }), 'edit post')
  await expectInside(postRow.getByRole('button', { name: `Delete ${title}` }), 'delete post')
  await expectNoSideways(page)
  await expectNoAxeViolations(page)
})
