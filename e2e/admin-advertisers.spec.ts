import { expect, type Page } from '@playwright/test'
import { toIsoDate } from '#shared/dates.ts'
import { formatDayDate } from '#shared/format.ts'
import { api, type Day, makeDays } from './admin-api.ts'
import { expectNoAxeViolations, signInAt, test, toastText } from './fixtures.ts'

/**
 * The Advertisers tab. Runs on the admin specs' site in June two years ahead, a month no spec closes (the
 * admin usability spec makes only its 20th, which this spec leaves alone); each attempt sells fresh days to businesses of its own names, so a retry starts clean.
 */

const YEAR = new Date().getUTCFullYear() + 2
const MONTH = `${YEAR}-06`

/**
 * `count` days of June between `from` and `to` still for sale (an earlier attempt may have sold some).
 * The two tests run side by side, so each buys from its own part of the month.
 */
async function freshDays(page: Page, count: number, from: number, to: number): Promise<Day[]> {
  const days = await makeDays(page, toIsoDate(YEAR, 6, from), toIsoDate(YEAR, 6, to))
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

/** A day sold by hand to `business` at `email`: its purchase and advertiser are made by the database. */
async function sellDay(page: Page, day: Day, business: string, email: string) {
  return api<{ id: string }>(page, 'POST', '/api/admin/manual-orders', {
    businessName: business,
    email,
    dayId: day.id,
    sendConfirmation: true,
  })
}

test('the owner finds a business by name, opens it and sees its purchase; axe-clean at 1280 and 375 px', async ({
  page,
}) => {
  await signInAt(page, '/admin/advertisers')
  const tag = Date.now().toString(36)
  const business = `Advert Bakery ${tag}`
  const [day] = (await freshDays(page, 1, 1, 14)) as [Day]
  const order = await sellDay(page, day, business, `bakery-${tag}@example.com`)

  await page.reload()
  await page.getByLabel('Search by name or e-mail').fill(`bakery ${tag}`)
  const table = page.getByRole('region', { name: 'Advertisers', exact: true })
  const open = table.getByRole('button', { name: business })
  await expect(open).toBeVisible()
  const row = table.getByRole('row').filter({ has: page.getByRole('button', { name: business }) })
  await expect(row).toContainText(`bakery-${tag}@example.com`)
  await expect(row).toContainText(`June ${YEAR}`)
  await expect(table.getByRole('row')).toHaveCount(2)
  await expectNoAxeViolations(page)

  // The drawer: focus moves into it; the purchase under its mailing.
  await open.click()
  const drawer = page.getByRole('dialog', { name: business })
  await expect(drawer).toBeFocused()
  const purchases = drawer.getByRole('region', { name: 'Purchases by Mailing' })
  await expect(purchases.getByRole('heading', { name: `June ${YEAR} mailing` })).toBeVisible()
  await expect(purchases.getByText(order.id)).toBeVisible()
  await expect(purchases.getByText(`Calendar day ${formatDayDate(day.date)}`)).toBeVisible()
  await expect(drawer.getByRole('region', { name: 'E-mails Sent' }).getByRole('listitem')).toHaveCount(1)
  await expectNoAxeViolations(page)
  // Closed from the keyboard, focus is back on the business that opened it.
  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()
  await expect(open).toBeFocused()

  await page.setViewportSize({ width: 375, height: 800 })
  await expectNoAxeViolations(page)
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow, '/admin/advertisers scrolls sideways').toBeLessThanOrEqual(0)
  await open.press('Enter')
  await expect(drawer).toBeFocused()
  await expect(purchases.getByText(order.id)).toBeVisible()
  await expectNoAxeViolations(page)
})

test('the owner merges a duplicate from the keyboard, after a confirmation that says what happens', async ({
  page,
}) => {
  await signInAt(page, '/admin/advertisers')
  const tag = Date.now().toString(36)
  const [first, second] = (await freshDays(page, 2, 21, 30)) as [Day, Day]
  const main = await sellDay(page, first, `Merge Florist ${tag}`, `florist-${tag}@example.com`)
  const other = await sellDay(page, second, `Merge Florist ${tag} Ltd`, `orders-${tag}@example.com`)

  await page.reload()
  await page.getByLabel('Search by name or e-mail').fill(tag)
  const table = page.getByRole('region', { name: 'Advertisers', exact: true })
  await expect(table.getByRole('row')).toHaveCount(3)
  await table.getByRole('button', { name: `Merge Florist ${tag}`, exact: true }).click()
  const drawer = page.getByRole('dialog', { name: `Merge Florist ${tag}` })
  const merge = drawer.getByRole('region', { name: 'Merge Another Advertiser Into This One' })
  await merge.getByLabel('Find an advertiser by name or e-mail').fill(`orders-${tag}`)
  const candidate = merge.getByRole('button', {
    name: `Merge Florist ${tag} Ltd (orders-${tag}@example.com)`,
  })
  await candidate.focus()
  await page.keyboard.press('Enter')
  await expect(candidate).toHaveAttribute('aria-pressed', 'true')
  await page.keyboard.press('Tab')
  await expect(
    merge.getByRole('button', { name: `Merge Merge Florist ${tag} Ltd into this advertiser` }),
  ).toBeFocused()
  await page.keyboard.press('Enter')
  const confirm = page.getByRole('alertdialog', { name: 'Merge Advertisers' })
  await expect(confirm).toContainText(
    `Move every purchase, inquiry and address of Merge Florist ${tag} Ltd (orders-${tag}@example.com) to Merge Florist ${tag} (florist-${tag}@example.com), then remove Merge Florist ${tag} Ltd (orders-${tag}@example.com).`,
  )
  await expectNoAxeViolations(page)
  await confirm.getByRole('button', { name: 'Merge' }).click()
  await expect(toastText(page, 'Advertisers Merged')).toBeVisible()

  // Both purchases are the florist's now, and the list has one florist.
  const purchases = drawer.getByRole('region', { name: 'Purchases by Mailing' })
  await expect(purchases.getByText(main.id)).toBeVisible()
  await expect(purchases.getByText(other.id)).toBeVisible()
  await expect(drawer.getByText(`orders-${tag}@example.com`).first()).toBeVisible()
  await drawer.getByRole('button', { name: 'Close' }).click()
  await expect(drawer).toBeHidden()
  await expect(table.getByRole('row')).toHaveCount(2)
})
