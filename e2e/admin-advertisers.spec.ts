import { expect, type Page } from '@playwright/test'
import { toIsoDate } from '#shared/dates.ts'
import { formatDayDate } from '#shared/format.ts'
import { api, type Day, makeDays } from './admin-api.ts'
import { expectNoAxeViolations, signInAt, test } from './fixtures.ts'

/**
 * The Advertisers tab. Runs on the admin specs' site in December two years ahead, a month no other spec
 * uses; each attempt sells a fresh day to a business of its own name, so a retry starts clean.
 */
test.describe.configure({ timeout: 90_000 })

const YEAR = new Date().getUTCFullYear() + 2
const MONTH = `${YEAR}-12`

/** A day of the month still for sale (an earlier attempt may have sold some). */
async function freshDay(page: Page): Promise<Day> {
  const days = await makeDays(page, toIsoDate(YEAR, 12, 1), toIsoDate(YEAR, 12, 28))
  const { days: month } = await api<{ days: { id: string; status: string }[] }>(
    page,
    'GET',
    `/api/calendar-days?month=${MONTH}`,
  )
  const available = new Set(month.filter((d) => d.status === 'available').map((d) => d.id))
  const day = days.find((d) => available.has(d.id))
  if (!day) throw new Error(`no day of ${MONTH} is still for sale`)
  return day
}

test('the owner finds a business by name, opens it and sees its purchase; axe-clean at 1280 and 375 px', async ({
  page,
}) => {
  await signInAt(page, '/admin/advertisers')
  const tag = Date.now().toString(36)
  const business = `Advert Bakery ${tag}`
  const day = await freshDay(page)
  // A manual order: its purchase and advertiser are made by the database.
  const order = await api<{ id: string }>(page, 'POST', '/api/admin/manual-orders', {
    businessName: business,
    email: `bakery-${tag}@example.com`,
    dayId: day.id,
    sendConfirmation: true,
  })

  await page.reload()
  await page.getByLabel('Search by name or e-mail').fill(`bakery ${tag}`)
  const table = page.getByRole('region', { name: 'Advertisers', exact: true })
  const open = table.getByRole('button', { name: business })
  await expect(open).toBeVisible()
  const row = table.getByRole('row').filter({ has: page.getByRole('button', { name: business }) })
  await expect(row).toContainText(`bakery-${tag}@example.com`)
  await expect(row).toContainText(`December ${YEAR}`)
  await expect(table.getByRole('row')).toHaveCount(2)
  await expectNoAxeViolations(page)

  // The drawer: focus moves into it; the purchase under its mailing.
  await open.click()
  const drawer = page.getByRole('dialog', { name: business })
  await expect(drawer).toBeFocused()
  const purchases = drawer.getByRole('region', { name: 'Purchases by Mailing' })
  await expect(purchases.getByRole('heading', { name: `December ${YEAR} mailing` })).toBeVisible()
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
