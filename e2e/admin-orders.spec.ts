import fs from 'node:fs'
import { expect, type Page } from '@playwright/test'
import { expectedCartDiscount } from '#shared/checkout.ts'
import { toIsoDate } from '#shared/dates.ts'
import { formatDayDate } from '#shared/format.ts'
import { api, type Day, makeDays } from './admin-api.ts'
import { expectNoAxeViolations, signInAt, test, toastText } from './fixtures.ts'

/**
 * Orders: the admin Orders screen lists checkouts. Runs on the admin specs' site in January two
 * years ahead, a month no other spec uses; each attempt buys fresh days under a fresh business name (and
 * filters the list by it), so a retry starts clean.
 */

const YEAR = new Date().getUTCFullYear() + 2
const MONTH = `${YEAR}-01`

/**
 * `count` days of January between `from` and `to` still for sale (an earlier attempt may have bought some).
 * The two tests run side by side, so each buys from its own part of the month.
 */
async function freshDays(page: Page, count: number, from: number, to: number): Promise<Day[]> {
  const days = await makeDays(page, toIsoDate(YEAR, 1, from), toIsoDate(YEAR, 1, to))
  const { days: month } = await api<{ days: { id: string; status: string }[] }>(
    page,
    'GET',
    `/api/calendar-days?month=${MONTH}`,
  )
  const available = new Set(month.filter((d) => d.status === 'available').map((d) => d.id))
  const fresh = days.filter((d) => available.has(d.id)).slice(0, count)
  if (fresh.length < count) throw new Error(`fewer than ${count} days of ${MONTH} are still for sale`)
  return fresh
}

/** A cart of the days paid through the local test checkout; the checkout's key (its session id). */
async function buyCart(page: Page, businessName: string, days: Day[]): Promise<string> {
  const { sessionUrl } = await api<{ sessionUrl: string }>(
    page,
    'POST',
    '/api/functions/create-cart-checkout-session',
    {
      businessName,
      email: 'cart-e2e@example.com',
      calendarDayIds: days.map((d) => d.id),
      mapIconId: null,
      discount: expectedCartDiscount(days.length),
    },
  )
  await page.goto(sessionUrl)
  await page.getByRole('button', { name: 'Pay' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Thank You!' })).toBeVisible()
  const key = new URL(sessionUrl, page.url()).pathname.split('/').pop()
  if (!key) throw new Error(`no session in ${sessionUrl}`)
  return decodeURIComponent(key)
}

async function filterByBusiness(page: Page, business: string) {
  await page.getByRole('button', { name: /^Advanced Filters/ }).click()
  await page.getByLabel('Business Name Contains').fill(business)
  await page.getByRole('button', { name: 'Apply Filters' }).click()
}

const checkoutRows = (page: Page) =>
  page
    .getByRole('region', { name: 'Orders', exact: true })
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: /^Lines of checkout / }) })

test('a 3-day cart is one checkout: its lines, the drawer with history and a note, sort, filter, CSV', async ({
  page,
}) => {
  await signInAt(page, '/admin')
  const business = `Cart ${Date.now().toString(36)}`
  const days = await freshDays(page, 4, 1, 20)
  const [first, second, third, other] = days as [Day, Day, Day, Day]
  const key = await buyCart(page, business, [first, second, third])
  // A second, smaller checkout of the same business: a manual order on its own.
  const manual = await api<{ id: string }>(page, 'POST', '/api/admin/manual-orders', {
    businessName: `${business} Annex`,
    email: 'annex-e2e@example.com',
    dayId: other.id,
  })

  await page.goto('/admin/orders')
  await filterByBusiness(page, business)
  await expect(checkoutRows(page)).toHaveCount(2)
  const cartRow = checkoutRows(page).filter({ hasText: key })
  await expect(cartRow.getByRole('button', { name: `Lines of checkout ${key}` })).toHaveText('3')
  await expect(cartRow.getByText('3 paid', { exact: true })).toBeVisible()

  // Expand: the three days.
  await cartRow.getByRole('button', { name: `Lines of checkout ${key}` }).click()
  const lines = page.getByRole('region', { name: `Lines of checkout ${key}` })
  for (const day of [first, second, third])
    await expect(lines.getByRole('row').filter({ hasText: formatDayDate(day.date) })).toBeVisible()
  await expect(lines.getByRole('row')).toHaveCount(4)

  // Sort by amount: the cart first (largest), then the manual order first.
  // The checkouts' Amount header (the open lines table has one too, without sorting).
  const amount = page
    .getByRole('columnheader', { name: 'Amount' })
    .filter({ has: page.getByRole('button', { name: 'Amount' }) })
  await amount.getByRole('button').click()
  await expect(amount).toHaveAttribute('aria-sort', 'descending')
  await expect(checkoutRows(page).first()).toContainText(key)
  await amount.getByRole('button').click()
  await expect(amount).toHaveAttribute('aria-sort', 'ascending')
  await expect(checkoutRows(page).first()).toContainText(manual.id)

  // The drawer: payment, history, a note.
  await cartRow.getByRole('button', { name: `Details of checkout ${key}` }).click()
  const drawer = page.getByRole('dialog', { name: business })
  await expect(drawer.getByText(/pending → paid by /).first()).toBeVisible()
  await expect(drawer.getByRole('region', { name: 'E-mails Sent' })).toBeVisible()
  const note = `Called about the proof ${Date.now()}`
  await drawer.getByLabel('New note').fill(note)
  await drawer.getByRole('button', { name: 'Add Note' }).click()
  await expect(toastText(page, 'Note Added')).toBeVisible()
  await expect(drawer.getByText(note)).toBeVisible()
  await expectNoAxeViolations(page)
  await drawer.getByRole('button', { name: 'Close', exact: true }).click()
  await expect(drawer).toBeHidden()

  // Filters: no map icons in these checkouts; the mailing month keeps both.
  await page.getByRole('button', { name: /^Advanced Filters/ }).click()
  await page.getByRole('combobox', { name: 'Type' }).click()
  await page.getByRole('option', { name: 'Map Icon', exact: true }).click()
  await page.getByRole('button', { name: 'Apply Filters' }).click()
  await expect(page.getByText('No orders found.', { exact: true })).toBeVisible()
  await page.getByRole('button', { name: /^Advanced Filters/ }).click()
  await page.getByRole('combobox', { name: 'Type' }).click()
  await page.getByRole('option', { name: 'Calendar Day', exact: true }).click()
  await page.getByLabel('Mailing Month').fill(MONTH)
  await page.getByRole('button', { name: 'Apply Filters' }).click()
  await expect(checkoutRows(page)).toHaveCount(2)

  // The CSV of the filtered list: a row per line, grouped by the checkout, with the payment reference.
  const exportLink = page.getByRole('link', { name: 'Export CSV' })
  await expect(exportLink).toHaveAttribute('href', /mailingMonth=/)
  const downloading = page.waitForEvent('download')
  await exportLink.click()
  const csv = fs.readFileSync(await (await downloading).path(), 'utf8')
  const [header, ...rows] = csv.trimEnd().split('\r\n')
  const columns = header?.split(',') ?? []
  expect(columns.slice(0, 2)).toEqual(['Checkout', 'Order ID'])
  const reference = columns.indexOf('Payment Reference')
  const cartLines = rows.map((r) => r.split(',')).filter((cells) => cells[0] === key)
  expect(cartLines).toHaveLength(3)
  for (const cells of cartLines) expect(cells[reference]).not.toBe('')
  expect(rows.filter((r) => r.startsWith(`${manual.id},`))).toHaveLength(1)
})

test('the Orders screen and the drawer are axe-clean at 1280 and 375 px', async ({ page }) => {
  await signInAt(page, '/admin')
  const business = `Axe Cart ${Date.now().toString(36)}`
  const [day] = await freshDays(page, 1, 21, 31)
  const key = await buyCart(page, business, [day as Day])
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/admin/orders')
    await filterByBusiness(page, business)
    const row = checkoutRows(page).filter({ hasText: key })
    await row.getByRole('button', { name: `Lines of checkout ${key}` }).click()
    await expect(page.getByRole('region', { name: `Lines of checkout ${key}` })).toBeVisible()
    await expectNoAxeViolations(page)
    await row.getByRole('button', { name: `Details of checkout ${key}` }).click()
    await expect(
      page.getByRole('dialog', { name: business }).getByRole('region', { name: 'Order History' }),
    ).toBeVisible()
    await expectNoAxeViolations(page)
    await page.keyboard.press('Escape')
  }
})
