import { expect, type Locator, type Page } from '@playwright/test'
import type { CalendarDayDto, MapIconDto, MapIconsResponse } from '#shared/dto.ts'
import { formatDayDate } from '#shared/format.ts'
import { SPECIAL_PURCHASE_UNIT_TEXT } from '#shared/special-purchase.ts'
import { awaitingHydration, expectNoAxeViolations, test, toastText } from './fixtures.ts'
import { claimDays, storeCartDays } from './storefront-helpers.ts'

/**
 * Usability: the buyer's forms and checkout flows. Every test takes days of its own (claimDays), so a retry
 * never trips over what a failed attempt left held.
 */
const buyer = { businessName: 'Usability Bakery', email: 'owner@usability-bakery.test' }

/** `count` days of one open month, taken for this test (claimDays). */
async function freeDays(page: Page, count: number): Promise<CalendarDayDto[]> {
  return (await claimDays(page, 'take', 'any', count)).days
}

async function regularIcon(page: Page): Promise<MapIconDto> {
  const response = await page.request.get('/api/map-icons')
  const { icons } = (await response.json()) as MapIconsResponse
  const icon = icons.find((i) => i.name === 'Map Icon')
  if (!icon) throw new Error('no Map Icon')
  return icon
}

async function expectFieldError(field: Locator, message: string) {
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  await expect(field).toHaveAccessibleDescription(message)
}

// The forms' field rules (the message next to its field, aria-invalid, the focus on the first invalid field,
// the checkouts' toasts) are proved by the client tests of each page (src/client/app/routes/public/).

test('a day taken meanwhile is named, marked in the cart and removed with one tap', async ({
  page,
  baseURL,
}) => {
  const [kept, taken] = await freeDays(page, 2)
  if (!kept || !taken) throw new Error('no days')
  await storeCartDays(page, [kept, taken])
  await page.goto('/cart-checkout')
  await page.getByRole('textbox', { name: 'Business Name' }).fill(buyer.businessName)
  await page.getByRole('textbox', { name: 'Email' }).fill(buyer.email)

  // Another buyer starts paying for one of the two days while this cart is open.
  const other = await page.request.post('/api/functions/create-checkout-session', {
    data: { dayId: taken.id, businessName: 'Other Buyer', email: 'other@example.com' },
    headers: { origin: baseURL ?? '' },
  })
  expect(other.status()).toBe(200)
  try {
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click()
    const takenDate = formatDayDate(taken.date)
    await expect(toastText(page, 'Day Unavailable')).toBeVisible()
    await expect(toastText(page, `${takenDate} is no longer available for booking.`)).toBeVisible()
    await expect(page).toHaveURL(/\/cart-checkout$/)

    // The cart's entries (the toast list holds the same date in its sentence).
    const entry = (date: string) =>
      page.getByRole('listitem').filter({ has: page.getByRole('button', { name: `Remove ${date}` }) })
    const takenItem = entry(takenDate)
    const keptItem = entry(formatDayDate(kept.date))
    await expect(takenItem.getByText('No longer available', { exact: true })).toBeVisible()
    await expect(keptItem.getByText('No longer available', { exact: true })).toHaveCount(0)
    await takenItem.getByRole('button', { name: `Remove ${takenDate}` }).click()
    await expect(takenItem).toHaveCount(0)
    await expect(keptItem).toBeVisible()
  } finally {
    const { sessionUrl } = (await other.json()) as { sessionUrl: string }
    await page.request.post(`${sessionUrl}/cancel`, { headers: { origin: baseURL ?? '' } })
  }
})

test('Continue Shopping on a cart opened in a new tab goes to the calendar, otherwise back one page', async ({
  page,
}) => {
  await storeCartDays(page, await freeDays(page, 1))
  // A new tab: the cart is the first page of its history.
  const tab = awaitingHydration(await page.context().newPage())
  await tab.goto('/cart-checkout')
  await tab.getByRole('button', { name: 'Continue Shopping' }).click()
  await expect(tab).toHaveURL(/\/calendar$/)
  await tab.close()

  await page.goto('/about')
  await page.getByRole('link', { name: /^Cart/ }).first().click()
  await expect(page).toHaveURL(/\/cart-checkout$/)
  await page.getByRole('button', { name: 'Continue Shopping' }).click()
  await expect(page).toHaveURL(/\/about$/)
})

async function cancelPayment(page: Page, holdText: string | RegExp) {
  await expect(page).toHaveURL(/\/pay\/cs_local_/)
  await expect(page.getByText(holdText)).toBeVisible()
  await expect(page.getByText(/GMT/)).toHaveCount(0)
  await page.getByRole('button', { name: 'Cancel' }).click()
}

async function expectDetailsKept(page: Page) {
  await expect(page.getByRole('textbox', { name: 'Business Name' })).toHaveValue(buyer.businessName)
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(buyer.email)
}

async function fillDetails(page: Page) {
  await page.getByRole('textbox', { name: 'Business Name' }).fill(buyer.businessName)
  await page.getByRole('textbox', { name: 'Email' }).fill(buyer.email)
}

test.describe('Cancel on the payment page returns where the checkout started, with the details kept', () => {
  test('from the cart', async ({ page }) => {
    await storeCartDays(page, await freeDays(page, 2))
    await page.goto('/cart-checkout')
    await fillDetails(page)
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click()
    await cancelPayment(page, 'We hold these days for you for 30 minutes.')
    await expect(page).toHaveURL(/\/cart-checkout$/)
    await expectDetailsKept(page)
  })

  test('from a single day', async ({ page }) => {
    const [day] = await freeDays(page, 1)
    await page.goto(`/checkout/${day?.id}`)
    await fillDetails(page)
    await page.getByRole('button', { name: 'Proceed to Payment' }).click()
    await cancelPayment(page, 'We hold this day for you for 30 minutes.')
    await expect(page).toHaveURL(new RegExp(`/checkout/${day?.id}$`))
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible()
    await expectDetailsKept(page)
  })

  test('from a map icon', async ({ page }) => {
    const icon = await regularIcon(page)
    await page.goto(`/map-icon-checkout/${icon.id}`)
    await fillDetails(page)
    await page.getByRole('button', { name: 'Proceed to Payment' }).click()
    await cancelPayment(page, /^We hold this map icon for the \w+ \d{4} mailing for you for 30 minutes\.$/)
    await expect(page).toHaveURL(new RegExp(`/map-icon-checkout/${icon.id}$`))
    await expectDetailsKept(page)
  })

  test('from a special purchase', async ({ page }) => {
    await page.goto('/special-purchase')
    await fillDetails(page)
    await page.getByRole('button', { name: 'Proceed to Payment' }).click()
    await cancelPayment(page, 'We hold your order for you for 30 minutes.')
    await expect(page).toHaveURL(/\/special-purchase$/)
    await expectDetailsKept(page)
  })
})

/** The icon as the server has it, but with nothing left: the page must say so before any typing. */
async function openSoldOutIcon(page: Page) {
  const icon = await regularIcon(page)
  await page.route(`**/api/map-icons/${icon.id}`, async (route) => {
    const response = await route.fetch()
    const body = (await response.json()) as MapIconDto
    await route.fulfill({ response, json: { ...body, availableQuantity: 0 } })
  })
  await page.goto(`/map-icon-checkout/${icon.id}`)
  return icon
}

test("a sold-out icon's checkout says Sold Out instead of offering the form", async ({ page }) => {
  await openSoldOutIcon(page)
  await expect(page.getByRole('heading', { name: 'Sold Out' })).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Business Name' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Proceed to Payment' })).toHaveCount(0)
})

test('special purchase units are whole numbers: the total never disagrees with the field', async ({
  page,
}) => {
  await page.goto('/special-purchase')
  const units = page.getByRole('spinbutton', { name: 'Quantity' })
  const total = page.getByRole('status', { name: 'Total' })

  // Refused next to the field, with no total; the field is not raised to 1, the visitor corrects it.
  await units.fill('-5')
  await units.press('Tab')
  await expectFieldError(units, `${SPECIAL_PURCHASE_UNIT_TEXT} Please select at least 1 unit`)
  await expect(total).not.toHaveText(/\$/)
  await units.fill('')
  await units.press('Tab')
  await expect(units).toHaveValue('1')
  await expect(total).toHaveText('$1.00')

  await fillDetails(page)
  await units.fill('2.5')
  await expect(total).not.toHaveText(/\$/)
  await units.press('Enter')
  await expect(toastText(page, 'Invalid quantity')).toBeVisible()
  await expectFieldError(units, `${SPECIAL_PURCHASE_UNIT_TEXT} Please enter a whole number of units.`)
  await expect(units).toBeFocused()
  await expect(page).toHaveURL(/\/special-purchase$/)

  // Leaving the field keeps the refused entry as typed (never silently a different number).
  await units.press('Tab')
  await expect(units).toHaveValue('2.5')
  await expect(total).not.toHaveText(/\$/)
  await units.fill('2')
  await expect(units).not.toHaveAttribute('aria-invalid', 'true')
  await expect(total).toHaveText('$2.00')
})

test('the /5k-example waitlist stores the e-mail', async ({ page }) => {
  await page.goto('/5k-example')
  const section = page.getByRole('region', { name: 'Join the Waitlist' })
  await section.getByRole('textbox', { name: 'Email' }).fill(`five-k-${Date.now()}@example.com`)
  const stored = page.waitForResponse(
    (response) => response.url().endsWith('/api/inquiries') && response.request().method() === 'POST',
  )
  await section.getByRole('button', { name: 'Join Waitlist' }).click()
  expect((await stored).status()).toBe(201)
  await expect(toastText(page, "Thank you! You've been added to our waitlist.")).toBeVisible()
})

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } })

    test('the changed checkout pages have no axe violations', async ({ page }) => {
      await storeCartDays(page, await freeDays(page, 1))
      await page.goto('/cart-checkout')
      await page.getByRole('button', { name: 'Proceed to Checkout' }).click()
      await expect(page.getByRole('textbox', { name: 'Business Name' })).toHaveAttribute(
        'aria-invalid',
        'true',
      )
      await expectNoAxeViolations(page)

      await page.goto('/special-purchase')
      await page.getByRole('spinbutton', { name: 'Quantity' }).fill('2.5')
      await page.getByRole('button', { name: 'Proceed to Payment' }).click()
      await expect(toastText(page, 'Invalid quantity')).toBeVisible()
      await expectNoAxeViolations(page)

      await openSoldOutIcon(page)
      await expect(page.getByRole('heading', { name: 'Sold Out' })).toBeVisible()
      await expectNoAxeViolations(page)
    })
  })
}
