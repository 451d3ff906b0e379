import { expect, type Page } from '@playwright/test'
import { formatYearMonth, type YearMonth } from '#shared/calendar-months.ts'
import { toIsoDate } from '#shared/dates.ts'
import type { MapIconDto, MapIconsResponse } from '#shared/dto.ts'
import { formatDayDate } from '#shared/format.ts'
import { mailingMonthLabel } from '#shared/mailing-names.ts'
import type { MonthKey, PublicMailingsResponse } from '#shared/mailings.ts'
import { type PrintReadinessResponse, unreadyLineIds } from '#shared/print-readiness.ts'
import { api } from './admin-api.ts'
import { expectNoAxeViolations, signInAt, test, toastText } from './fixtures.ts'
import { dayCell, showMonth } from './storefront-helpers.ts'

/**
 * Usability of the buyer's content pages: what a special-purchase unit is, the calendar after a mailing's
 * sales close, where the logo goes, the contact form's message and the test payment page's hold.
 */

const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`

async function axeAtBothWidths(page: Page) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await expectNoAxeViolations(page)
  }
}

test('the special purchase page says what one unit is, next to the quantity', async ({ page }) => {
  await page.goto('/special-purchase')
  const unit =
    'One unit is $1 toward a custom order agreed with us beforehand, such as a custom quote: for a $250 quote, order 250 units and name the quote in the description.'
  await expect(page.getByText(unit, { exact: true })).toBeVisible()
  await expect(page.getByRole('spinbutton', { name: 'Quantity' })).toHaveAccessibleDescription(unit)
  await axeAtBothWidths(page)
})

test('the home page says the upload link comes with the order, with the e-mail for questions', async ({
  page,
}) => {
  await page.goto('/')
  const note = page.getByText(/^After you order a map icon, we e-mail you a private link to upload your logo/)
  await expect(note).toBeVisible()
  await expect(note).toContainText('Questions? E-mail')
  await expect(page.getByText(/Send your logo to/)).toHaveCount(0)
  await axeAtBothWidths(page)
})

test('the contact form takes an optional message, and the non-profits page sends applicants to it', async ({
  page,
}) => {
  await page.goto('/non-profits')
  await expect(
    page.getByText(
      /Fill in the form on our contact page and tell us about your organization and the event you would like featured in the message/,
    ),
  ).toBeVisible()

  await page.goto('/contact')
  const message = page.getByRole('textbox', { name: 'Message (optional)' })
  await expect(message).toBeVisible()
  await page.getByRole('textbox', { name: 'Email' }).fill(`contact-${unique()}@example.com`)
  await page.getByRole('textbox', { name: 'Name/Business' }).fill('Riverside Food Pantry')
  await message.fill('We are a non-profit and would like to apply for a free calendar feature.')
  const sent = page.waitForRequest('**/api/inquiries')
  await page.getByRole('button', { name: 'Inquire' }).click()
  expect((await sent).postDataJSON()).toMatchObject({
    type: 'mailing_list',
    message: 'We are a non-profit and would like to apply for a free calendar feature.',
  })
  await expect(toastText(page, 'Thank You!')).toBeVisible()
  await expect(message).toHaveValue('')

  // A message beyond the limit is refused next to the field, before anything is sent.
  await page.getByRole('textbox', { name: 'Email' }).fill(`contact-${unique()}@example.com`)
  await page.getByRole('textbox', { name: 'Name/Business' }).fill('Riverside Food Pantry')
  await message.fill('x'.repeat(2001))
  await page.getByRole('button', { name: 'Inquire' }).click()
  await expect(message).toHaveAccessibleDescription('Please keep the message to 2,000 characters or fewer.')
  await axeAtBothWidths(page)
})

async function regularIcon(page: Page): Promise<MapIconDto & { month: MonthKey }> {
  const { icons } = (await (await page.request.get('/api/map-icons')).json()) as MapIconsResponse
  const icon = icons.find((i) => i.name === 'Map Icon' && i.month !== null && i.availableQuantity > 0)
  if (!icon?.month) throw new Error('no Map Icon in stock')
  return { ...icon, month: icon.month }
}

test('the test payment page states the hold time and names the map icon’s mailing', async ({ page }) => {
  const icon = await regularIcon(page)
  await page.goto(`/map-icon-checkout/${icon.id}`)
  await page.getByRole('textbox', { name: 'Business Name' }).fill('Hold Time Hardware')
  await page.getByRole('textbox', { name: 'Email' }).fill(`hold-${unique()}@example.com`)
  await page.getByRole('button', { name: 'Proceed to Payment' }).click()
  await expect(page).toHaveURL(/\/pay\/cs_local_/)
  const label = mailingMonthLabel(icon.month)
  await expect(
    page.getByRole('cell', { name: `Map icon: Map Icon, for the ${label} mailing`, exact: true }),
  ).toBeVisible()
  await expect(
    page.getByText(`We hold this map icon for the ${label} mailing for you for 30 minutes.`, { exact: true }),
  ).toBeVisible()
  await axeAtBothWidths(page)
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(page).toHaveURL(new RegExp(`/map-icon-checkout/${icon.id}$`))
})

/**
 * Closing a mailing changes what every visitor of the calendar sees, so this runs on the admin specs' site
 * in a month of its own: December of the last year the admin month navigator offers (no later month can
 * have days, so its mailing is the latest closed one).
 */
test.describe('a closed mailing on the calendar', () => {
  test.use({ baseURL: process.env.E2E_ADMIN_BASE_URL })

  const december: YearMonth = { year: new Date().getUTCFullYear() + 2, month: 12 }
  const key = `${december.year}-12` as MonthKey

  test('says sales have closed until it is mailed, and shows its days read only', async ({ page }) => {
    await signInAt(page, '/admin')
    await api(page, 'POST', '/api/admin/calendar-days/initialize', {
      startDate: toIsoDate(december.year, 12, 1),
      endDate: toIsoDate(december.year, 12, 10),
      price: 120,
    })
    const { open } = await api<PublicMailingsResponse>(page, 'GET', '/api/mailings')
    if (open.some((m) => m.month === key))
      await api(page, 'POST', `/api/admin/mailings/${key}/status`, { action: 'close' })

    const closed = 'Sales for the December mailing have closed.'
    const concluded = 'The December mailing is concluded.'
    await page.goto('/calendar')
    await expect(page.getByText(closed, { exact: true })).toBeVisible()
    await expect(page.getByText(concluded, { exact: true })).toHaveCount(0)
    // The server's HTML says the same before any script runs.
    const served = await (await page.request.get('/calendar')).text()
    expect(served).toContain(closed)

    // The closed month can still be looked at: its days are shown, none can be bought.
    await showMonth(page, december)
    const label = formatYearMonth(december)
    await expect(page.getByText(`Orders for the ${label} mailing are closed.`, { exact: true })).toBeVisible()
    const date = toIsoDate(december.year, 12, 4)
    const cell = dayCell(page, date)
    await expect(cell).toHaveAccessibleName(`${formatDayDate(date)} — closed, not available`)
    await expect(cell).toHaveText(/Closed/)
    await expect(cell).not.toHaveText(/\$/)
    await expect(page.getByRole('button', { name: /, available$/ })).toHaveCount(0)
    await cell.click()
    await expect(toastText(page, 'Day Unavailable')).toBeVisible()
    await expect(toastText(page, 'This day is no longer available for booking.')).toBeVisible()

    // The short label fits a day cell on the narrowest phone.
    await page.setViewportSize({ width: 320, height: 800 })
    await expect(cell).toHaveText(/Closed/)
    const overflowing = await cell.evaluate((button) =>
      [button, ...Array.from(button.querySelectorAll('*'))]
        .filter((el) => el.scrollWidth > el.clientWidth && el.getClientRects().length > 0)
        .map((el) => el.textContent),
    )
    expect(overflowing).toEqual([])
    await axeAtBothWidths(page)

    // Any line of this month sold by another test goes to print with the owner's acknowledgement.
    const readiness = await api<PrintReadinessResponse>(
      page,
      'GET',
      `/api/admin/mailings/${key}/print-readiness`,
    )
    await api(page, 'POST', `/api/admin/mailings/${key}/status`, {
      action: 'printed',
      acknowledgedOrderIds: unreadyLineIds(readiness),
    })
    await page.reload()
    await expect(page.getByText(closed, { exact: true })).toBeVisible()

    await api(page, 'POST', `/api/admin/mailings/${key}/status`, { action: 'mailed' })
    await page.reload()
    await expect(page.getByText(concluded, { exact: true })).toBeVisible()
    await expect(page.getByText(closed, { exact: true })).toHaveCount(0)
  })
})
