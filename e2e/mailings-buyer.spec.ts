import { expect, type Locator, type Page } from '@playwright/test'
import { formatYearMonth, type YearMonth } from '#shared/calendar-months.ts'
import { toIsoDate } from '#shared/dates.ts'
import type { CalendarMonthResponse, MapIconsResponse } from '#shared/dto.ts'
import { cartMailingText, mailingForText } from '#shared/mailing-names.ts'
import { mailingScheduleText } from '#shared/mailing-texts.ts'
import type { MonthKey, PublicMailingsResponse } from '#shared/mailings.ts'
import { api } from './admin-api.ts'
import { expectNoAxeViolations, signInAt, test, toastText } from './fixtures.ts'
import { dayCell, showMonth } from './storefront-helpers.ts'

/**
 * Mailings, buyer side: the shown month's close and in-homes dates and map icons bought for a chosen
 * mailing (the notice about a closed mailing and its read-only days: usability-buyer-pages.spec.ts).
 *
 * These tests open, close and sell in mailings, which every visitor of the site sees: the concluded notice
 * names the latest closed mailing, and the storefront specs take "the last open month" from the month
 * list. So they run on the admin specs' site (E2E_ADMIN_BASE_URL), whose purpose is changes every visitor
 * would see, and keep to months of the last year the admin month navigator offers (initialising days
 * refuses later dates), each test its own month: September and October of that year (December is the
 * closed mailing's, in usability-buyer-pages.spec.ts).
 */
test.use({ baseURL: process.env.E2E_ADMIN_BASE_URL })

const YEAR = new Date().getUTCFullYear() + 2
const monthKey = ({ year, month }: YearMonth): MonthKey => `${year}-${String(month).padStart(2, '0')}`

/**
 * Days from the 1st to the `lastDay` of `month` at $120, and the month's mailing open for sale: initialising
 * the first day of a month opens its mailing; a retry finds it closed by its first attempt and reopens it
 * (its sales close is still ahead).
 */
async function openMonth(page: Page, month: YearMonth, lastDay: number) {
  // Days of a closed mailing cannot be initialised: a retry reopens it first.
  const { mailing } = await monthOf(page, month)
  if (mailing && mailing.status !== 'open') {
    await api(page, 'POST', `/api/admin/mailings/${monthKey(month)}/status`, { action: 'reopen' })
  }
  await api(page, 'POST', '/api/admin/calendar-days/initialize', {
    startDate: toIsoDate(month.year, month.month, 1),
    endDate: toIsoDate(month.year, month.month, lastDay),
    price: 120,
  })
  const { open } = await api<PublicMailingsResponse>(page, 'GET', '/api/mailings')
  if (!open.some((m) => m.month === monthKey(month))) {
    await api(page, 'POST', `/api/admin/mailings/${monthKey(month)}/status`, { action: 'reopen' })
  }
}

async function monthOf(page: Page, month: YearMonth): Promise<CalendarMonthResponse> {
  return api<CalendarMonthResponse>(page, 'GET', `/api/calendar-days?month=${monthKey(month)}`)
}

/** The 'Map Icon Pricing' card of an icon: the list item holding its heading. */
function iconCard(page: Page, name: string): Locator {
  return page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) })
}

test('the calendar states the shown month’s sales close and in-homes dates', async ({ page }) => {
  const september = { year: YEAR, month: 9 }
  await signInAt(page, '/admin')
  await openMonth(page, september, 10)
  const { mailing } = await monthOf(page, september)
  expect(mailing?.status).toBe('open')
  const schedule = mailingScheduleText(mailing)
  expect(schedule).toMatch(
    /^Orders for the September \d{4} mailing close \w+day, \w+ \d{1,2}, \d{1,2}:\d{2} [AP]M \(E[SD]T\)\. In homes by \w+day, /,
  )

  await page.goto('/calendar')
  await showMonth(page, september)
  await expect(page.getByText(schedule ?? '', { exact: true })).toBeVisible()
  await expect(dayCell(page, toIsoDate(YEAR, 9, 5))).toHaveAccessibleName(/— \$120, available$/)

  // A link to the month (the e-mails' 'Book the … mailing') opens the calendar there, server-rendered.
  const link = `/calendar?month=${monthKey(september)}`
  expect(await (await page.request.get(link)).text()).toContain(schedule ?? '')
  await page.goto(link)
  await expect(page.getByRole('combobox', { name: 'Month' })).toHaveText(formatYearMonth(september))
  await expect(page.getByText(schedule ?? '', { exact: true })).toBeVisible()
})

test('a map icon is reserved for the chosen mailing and the cart names that mailing', async ({ page }) => {
  const october = { year: YEAR, month: 10 }
  const key = monthKey(october)
  const label = formatYearMonth(october)
  await signInAt(page, '/admin')
  await openMonth(page, october, 3)
  const { icons } = await api<MapIconsResponse>(page, 'GET', '/api/map-icons')
  const icon = icons.find(
    (i) => i.size === 'small' && (i.stock.find((s) => s.month === key)?.availableQuantity ?? 0) > 0,
  )
  if (!icon) throw new Error(`no regular map icon in stock for ${label}`)
  const stock = icon.stock.find((s) => s.month === key)
  const firstMonth = [...new Set(icons.flatMap((i) => i.stock.map((s) => s.month)))].sort()[0]
  if (!stock || !firstMonth) throw new Error('no stock')

  await page.goto('/5k-example')
  const picker = page.getByRole('group', { name: 'Mailing' })
  // The next mailing is chosen first.
  await expect(picker.getByRole('radio', { name: formatYearMonth(toYearMonth(firstMonth)) })).toBeChecked()
  await picker.getByRole('radio', { name: label }).check()
  await expect(picker.getByRole('radio', { name: label })).toBeChecked()

  const card = iconCard(page, icon.name)
  await expect(card.getByText(mailingForText(key), { exact: true })).toBeVisible()
  await expect(
    card.getByText(`${stock.availableQuantity} of ${stock.totalQuantity} remaining`, { exact: true }),
  ).toBeVisible()
  await card.getByRole('button', { name: 'Reserve' }).click()
  await expect(toastText(page, 'Added to Cart')).toBeVisible()
  await expect(card.getByRole('button', { name: 'In Cart' })).toBeVisible()

  await page.goto('/cart-checkout')
  await expect(page.getByText(cartMailingText(key), { exact: true })).toBeVisible()
  await page.getByLabel('Business Name').fill('Mailing Picker Florist')
  await page.getByLabel('Email').fill('florist@example.com')
  const checkout = page.waitForRequest('**/api/functions/create-cart-checkout-session')
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click()
  expect((await checkout).postDataJSON()).toMatchObject({ mapIconId: icon.id, mapIconMonth: key })
  await expect(page).toHaveURL(/\/pay\/cs_local_/)

  // The hold counts against this mailing's stock only.
  const after = await api<MapIconsResponse>(page, 'GET', '/api/map-icons')
  const held = after.icons.find((i) => i.id === icon.id)?.stock.find((s) => s.month === key)
  expect(held?.availableQuantity).toBe(stock.availableQuantity - 1)
})

function toYearMonth(key: MonthKey): YearMonth {
  return { year: Number(key.slice(0, 4)), month: Number(key.slice(5, 7)) }
}

test.describe('accessibility of the mailing texts and picker', () => {
  for (const width of [375, 1280]) {
    test(`/calendar and /5k-example have no axe violations at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/calendar')
      await expect(page.getByRole('table').first()).toBeVisible()
      await expect(page.getByText(/^Orders for the .+ mailing (close|are closed)/)).toBeVisible()
      await expectNoAxeViolations(page)

      await page.goto('/5k-example')
      await expect(page.getByRole('group', { name: 'Mailing' })).toBeVisible()
      await expect(page.getByText(/^For the .+ mailing$/).first()).toBeVisible()
      await expectNoAxeViolations(page)
    })
  }
})
