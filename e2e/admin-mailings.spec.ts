import { expect, type Locator, type Page, test } from '@playwright/test'
import { formatPrice } from '../src/shared/format.ts'
import { expectNoAxeViolations, signInAsAdmin } from './fixtures.ts'

/**
 * Issue 12, the owner's view of the monthly mailings. The overview lists the mailings of the last 3 and the
 * next 12 months only, and Initialize Date Range keeps to the admin month navigator, so each test owns a
 * month inside the coming year that no other admin spec (nor the seed's first three open months) uses:
 * 2027-06, 2027-08 and 2027-10. New mailings take the default dates (14 days before the month at the
 * town's midnight, artwork 3 days later, in homes on the 1st), which no admin spec changes.
 */
test.describe.configure({ timeout: 60_000 })

/** Radix renders a toast's text twice (the toast and its screen-reader announcement). */
const toastText = (page: Page, text: string) => page.getByText(text, { exact: true }).first()

async function signIn(page: Page, path: string) {
  await page.goto(path)
  await signInAsAdmin(page)
  await expect(page).toHaveURL(path)
}

/** The admin API from inside the signed-in page: same origin, same session cookie. */
async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const result = await page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      return { status: response.status, text: await response.text() }
    },
    { method, path, body },
  )
  expect(result.status, `${method} ${path}: ${result.text}`).toBeLessThan(300)
  return (result.text ? JSON.parse(result.text) : null) as T
}

type Day = { id: string; date: string }

/** Days made available in the range (the first day of a month also makes its mailing). */
async function makeDays(page: Page, startDate: string, endDate: string, price = 120): Promise<Day[]> {
  await api(page, 'POST', '/api/admin/calendar-days/initialize', { startDate, endDate, price })
  const { days } = await api<{ days: Day[] }>(
    page,
    'GET',
    `/api/admin/calendar-days?startDate=${startDate}&endDate=${endDate}`,
  )
  return days
}

/**
 * The month's row. Below 768 px its header cell's name starts with the card label 'Month' (CSS generated
 * content counts in an accessible name), so the name is matched at its end.
 */
function mailingRow(page: Page, month: string): Locator {
  return page
    .getByRole('region', { name: 'Mailings', exact: true })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(`(^|\\s)${month}$`) }) })
}

/** The row's cells after the month: Status, Sales close, Artwork due, In homes, Days, Icons sold, Revenue, Actions. */
const cell = (row: Locator, index: number) => row.getByRole('cell').nth(index)

async function expectNoSideways(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(0)
}

test('a new mailing shows what sold, the chart table has its month, and the page passes axe at 375 and 1280 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await signIn(page, '/admin/mailings')
  const days = await makeDays(page, '2027-10-01', '2027-10-05')
  await api(page, 'POST', '/api/admin/manual-orders', {
    businessName: `Mailing Bakery ${Date.now()}`,
    email: 'owner@example.com',
    dayId: (days[0] as Day).id,
  })
  await page.reload()

  const row = mailingRow(page, 'October 2027')
  await expect(cell(row, 0)).toHaveText('Open')
  await expect(cell(row, 1)).toHaveText('Sep 17, 2027, 12:00 AM')
  await expect(cell(row, 2)).toHaveText('Sep 20, 2027, 12:00 AM')
  await expect(cell(row, 3)).toHaveText('Oct 1, 2027')
  await expect(cell(row, 4)).toHaveText('1 sold, 0 held, 4 free, 26 not set up')
  await expect(cell(row, 5)).toHaveText('0 regular, 0 premium')
  await expect(cell(row, 6)).toHaveText('$120')
  await expect(row.getByRole('button')).toHaveText([
    'Close sales now for October 2027',
    'Edit dates for October 2027',
    'Icon stock for October 2027',
    'E-mail waitlist for October 2027',
  ])

  await expect(page.getByRole('img', { name: /^Days and revenue per mailing, / })).toBeVisible()
  await page.getByRole('button', { name: 'Show data table' }).click()
  const table = page.getByRole('table', { name: 'Next 12 months' })
  const october = table
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'October 2027', exact: true }) })
  await expect(october.getByRole('cell')).toHaveText(['1', '0', '4', '$120'])
  await expect(page.getByRole('button', { name: 'Hide data table' })).toHaveAttribute('aria-expanded', 'true')
  await expectNoAxeViolations(page)

  await row.getByRole('button', { name: 'Edit dates for October 2027' }).click()
  await expect(page.getByRole('dialog', { name: 'Edit Dates' })).toBeVisible()
  await expectNoAxeViolations(page)
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog', { name: 'Edit Dates' })).toBeHidden()

  await page.setViewportSize({ width: 375, height: 800 })
  await expect(cell(row, 4)).toBeVisible()
  await expectNoSideways(page)
  await expectNoAxeViolations(page)
  await row.getByRole('button', { name: 'Icon stock for October 2027' }).click()
  const stock = page.getByRole('dialog', { name: 'Icon Stock' })
  await expect(stock.getByLabel('Quantity of Map Icon', { exact: true })).toBeVisible()
  await expectNoAxeViolations(page)
  await page.keyboard.press('Escape')
  await row.getByRole('button', { name: 'Close sales now for October 2027' }).click()
  await expect(page.getByRole('alertdialog', { name: 'Close Sales Now' })).toBeVisible()
  await expectNoAxeViolations(page)
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click()
  await expect(cell(row, 0)).toHaveText('Open')
})

test('Close sales now, then Mark printed, each after a confirmation', async ({ page }) => {
  await signIn(page, '/admin/mailings')
  await makeDays(page, '2027-08-02', '2027-08-03')
  await page.reload()
  const row = mailingRow(page, 'August 2027')
  await expect(cell(row, 0)).toHaveText('Open')

  await row.getByRole('button', { name: 'Close sales now for August 2027' }).click()
  const close = page.getByRole('alertdialog', { name: 'Close Sales Now' })
  await expect(close).toContainText(
    'Close sales for the August 2027 mailing now? Buyers can no longer order its days or map icons.',
  )
  await close.getByRole('button', { name: 'Close Sales' }).click()
  await expect(toastText(page, 'The August 2027 mailing is closed for sales.')).toBeVisible()
  await expect(cell(row, 0)).toHaveText('Sales closed')
  await expect(row.getByRole('button')).toHaveText([
    'Reopen for August 2027',
    'Mark printed for August 2027',
    'Edit dates for August 2027',
    'Icon stock for August 2027',
  ])

  await row.getByRole('button', { name: 'Mark printed for August 2027' }).click()
  const printed = page.getByRole('alertdialog', { name: 'Mark Printed' })
  await expect(printed).toContainText(
    'Mark the August 2027 mailing as printed? A printed mailing takes no more orders of any kind.',
  )
  await printed.getByRole('button', { name: 'Mark Printed' }).click()
  await expect(toastText(page, 'The August 2027 mailing is marked printed.')).toBeVisible()
  await expect(cell(row, 0)).toHaveText('Printed')
  await expect(row.getByRole('button')).toHaveText([
    'Mark mailed for August 2027',
    'Edit dates for August 2027',
    'Icon stock for August 2027',
  ])
})

test('Edit dates saves the changed dates and shows a refused one under its field; icon stock never goes below what is claimed', async ({
  page,
}) => {
  await signIn(page, '/admin/mailings')
  await makeDays(page, '2027-06-01', '2027-06-03')
  const { icons } = await api<{ icons: Array<{ id: string; name: string; price: number }> }>(
    page,
    'GET',
    '/api/admin/map-icons',
  )
  const icon = icons.find((i) => i.name === 'Map Icon')
  expect(icon, 'the seeded Map Icon').toBeDefined()
  if (!icon) return
  await api(page, 'POST', '/api/admin/manual-map-icon-orders', {
    businessName: `Mailing Florist ${Date.now()}`,
    email: 'owner@example.com',
    iconId: icon.id,
    month: '2027-06',
  })
  await page.reload()
  const row = mailingRow(page, 'June 2027')
  await expect(cell(row, 5)).toHaveText('1 regular, 0 premium')
  await expect(cell(row, 6)).toHaveText(formatPrice(icon.price))

  // Edit dates: the artwork deadline may not come before sales close (May 18, 2027 at midnight).
  await row.getByRole('button', { name: 'Edit dates for June 2027' }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit Dates' })
  await expect(dialog.getByLabel('Sales close', { exact: true })).toHaveValue('2027-05-18T00:00')
  await dialog.getByLabel('Artwork due', { exact: true }).fill('2027-05-10T09:00')
  await dialog.getByRole('button', { name: 'Save Dates' }).click()
  await expect(dialog.getByText('The artwork deadline cannot come before sales close.')).toBeVisible()
  await expect(dialog.getByLabel('Artwork due', { exact: true })).toHaveAttribute('aria-invalid', 'true')
  await dialog.getByLabel('Artwork due', { exact: true }).fill('2027-05-25T17:00')
  await dialog.getByLabel('In homes', { exact: true }).fill('2027-06-05')
  await dialog.getByRole('button', { name: 'Save Dates' }).click()
  await expect(toastText(page, "The June 2027 mailing's dates are saved.")).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(cell(row, 1)).toHaveText('May 18, 2027, 12:00 AM')
  await expect(cell(row, 2)).toHaveText('May 25, 2027, 5:00 PM')
  await expect(cell(row, 3)).toHaveText('Jun 5, 2027')

  // Icon stock: one Map Icon is sold in June, so 0 is refused under the field; 7 is saved.
  await row.getByRole('button', { name: 'Icon stock for June 2027' }).click()
  const stock = page.getByRole('dialog', { name: 'Icon Stock' })
  const quantity = stock.getByLabel('Quantity of Map Icon', { exact: true })
  await expect(stock.getByText(`Regular · ${formatPrice(icon.price)} · 1 claimed · `)).toBeVisible()
  await quantity.fill('0')
  await stock.getByRole('button', { name: 'Save quantity of Map Icon' }).click()
  await expect(
    stock.getByText(
      '1 unit is already sold or held in the June 2027 mailing: the stock cannot go below that.',
    ),
  ).toBeVisible()
  await expect(quantity).toHaveAttribute('aria-invalid', 'true')
  await quantity.fill('7')
  await stock.getByRole('button', { name: 'Save quantity of Map Icon' }).click()
  await expect(toastText(page, 'Map Icon: 7 for the June 2027 mailing.')).toBeVisible()
  await expect(
    stock.getByText(`Regular · ${formatPrice(icon.price)} · 1 claimed · 6 available`),
  ).toBeVisible()
  await expect(quantity).toHaveValue('7')
  await expect(quantity).not.toHaveAttribute('aria-invalid', 'true')
})
