import { expect, type Page } from '@playwright/test'
import { formatDayDate } from '#shared/format.ts'
import { expectNoAxeViolations, test, toastText } from './fixtures.ts'
import {
  type ClaimMode,
  claimDay,
  claimDays,
  dayCell,
  expectNoHorizontalScroll,
  showMonth,
} from './storefront-helpers.ts'

/** Puts `count` days of one open month, claimed for this test (claimDays), in the cart from the calendar. */
async function addDays(page: Page, count: number, mode: ClaimMode = 'look') {
  const { month, days } = await claimDays(page, mode, 'any', count)
  await page.goto('/calendar')
  await showMonth(page, month)
  for (const day of days) {
    await dayCell(page, day.date).click()
    await expect(dayCell(page, day.date)).toHaveText(/In Cart/)
  }
  return days
}

function iconCard(page: Page, name: string) {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) })
}

test('four days and a map icon get $20 off each day; removing items reprices; reload keeps the cart', async ({
  page,
}) => {
  const days = await addDays(page, 4)

  await page.goto('/5k-example')
  const regular = iconCard(page, 'Map Icon')
  await expect(regular.getByText('Standard size map icon.')).toBeVisible()
  await expect(regular.getByText(/^\d+ of \d+ remaining$/)).toBeVisible()
  await regular.getByRole('button', { name: 'Reserve' }).click()
  await expect(toastText(page, 'Ready to Checkout?')).toBeVisible()
  await expect(toastText(page, 'You have calendar days and a map icon in your cart.')).toBeVisible()
  await expect(regular.getByRole('button', { name: 'In Cart' })).toBeVisible()

  await page.goto('/cart-checkout')
  const summary = page.getByRole('list').filter({ hasText: 'Map Icon' })
  for (const day of days) await expect(summary.getByText(formatDayDate(day.date))).toBeVisible()
  await expect(summary.locator('s')).toHaveText(['$120', '$120', '$120', '$120'])
  await expect(summary.getByText('$100', { exact: true })).toHaveCount(4)
  await expect(page.getByText('$20 discount applied per square')).toBeVisible()
  await expect(summary.getByText('Regular · $150')).toBeVisible()
  await expect(page.getByRole('status', { name: 'Total' })).toHaveText('$550')

  await page.reload()
  await expect(page.getByRole('status', { name: 'Total' })).toHaveText('$550')

  const firstDay = days[0]
  if (!firstDay) throw new Error('no day')
  await page.getByRole('button', { name: `Remove ${formatDayDate(firstDay.date)}` }).click()
  await expect(toastText(page, 'Item Removed')).toBeVisible()
  await expect(toastText(page, 'Calendar day has been removed from your cart.')).toBeVisible()
  await expect(page.getByText('$10 discount applied per square')).toBeVisible()
  await expect(page.getByRole('status', { name: 'Total' })).toHaveText('$480')

  await page.getByRole('button', { name: 'Remove Map Icon' }).click()
  await expect(toastText(page, 'Map icon has been removed from your cart.')).toBeVisible()
  await expect(page.getByRole('status', { name: 'Total' })).toHaveText('$330')
})

test('a second map icon is refused', async ({ page }) => {
  await page.goto('/5k-example')
  await iconCard(page, 'Map Icon').getByRole('button', { name: 'Reserve' }).click()
  await expect(toastText(page, 'Added to Cart')).toBeVisible()
  const large = iconCard(page, 'Large Map Icon')
  await expect(
    large.getByText('Personalized Service & Collaboration. We work closely with you.'),
  ).toBeVisible()
  await expect(large.getByText('Premium size')).toBeVisible()
  await large.getByRole('button', { name: 'Reserve' }).click()
  await expect(toastText(page, 'Map Icon Already in Cart')).toBeVisible()
  await expect(
    toastText(page, 'You can only add one map icon to your cart. Please remove the current one first.'),
  ).toBeVisible()
  await expect(large.getByRole('button', { name: 'Reserve' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'View Cart (1)' })).toBeVisible()
})

test('the checkout form checks business name, then e-mail, before checking out', async ({ page }) => {
  await addDays(page, 1, 'take')
  await page.goto('/cart-checkout')
  const submit = page.getByRole('button', { name: 'Proceed to Checkout' })

  await submit.click()
  await expect(toastText(page, 'Business Name Required')).toBeVisible()
  await expect(toastText(page, 'Please enter your business name.')).toBeVisible()

  await page.getByLabel('Business Name').fill('Harbor Bakery')
  await page.getByLabel('Email').fill('not-an-email')
  await submit.click()
  await expect(toastText(page, 'Valid Email Required')).toBeVisible()
  await expect(toastText(page, 'Please enter a valid email address.')).toBeVisible()

  // A valid form goes to the payment page; Cancel there releases the hold and returns to the cart.
  await page.getByLabel('Email').fill('owner@harbor.test')
  await submit.click()
  await expect(page).toHaveURL(/\/pay\/cs_local_/)
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(page).toHaveURL('/cart-checkout')
})

test('an empty cart offers Browse Calendar and disables the form; Clear Cart empties it', async ({
  page,
}) => {
  await addDays(page, 2)
  await page.goto('/cart-checkout')
  await expect(page.getByRole('button', { name: 'Continue Shopping' })).toBeVisible()
  await page.getByRole('button', { name: 'Clear Cart' }).click()

  await expect(page.getByText('Your cart is empty', { exact: true })).toBeVisible()
  await expect(page.getByLabel('Business Name')).toBeDisabled()
  await expect(page.getByLabel('Email')).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toBeDisabled()
  await page.getByRole('link', { name: 'Browse Calendar' }).click()
  await expect(page).toHaveURL(/\/calendar$/)
})

test('Continue Shopping goes back one page', async ({ page }) => {
  await addDays(page, 1)
  await page.getByRole('link', { name: 'Cart (1 item)' }).click()
  await page.getByRole('button', { name: 'Continue Shopping' }).click()
  await expect(page).toHaveURL(/\/calendar$/)
})

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } })

    test('the cart with items has no axe violations and no horizontal scroll', async ({ page }) => {
      await addDays(page, 2)
      await page.goto('/cart-checkout')
      await expect(page.getByText('$10 discount applied per square')).toBeVisible()
      await expectNoHorizontalScroll(page)
      await expectNoAxeViolations(page)
    })
  })
}

test('single-day checkout checks the form and pays; a day taken meanwhile sends the buyer home', async ({
  page,
  baseURL,
}) => {
  const { day } = await claimDay(page, 'take', 'any')

  await page.goto(`/checkout/${day.id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible()
  await expect(page.getByText(formatDayDate(day.date))).toBeVisible()
  const submit = page.getByRole('button', { name: 'Proceed to Payment' })
  await page.getByLabel('Business Name').fill('Harbor Bakery')
  await submit.click()
  await expect(toastText(page, 'Valid Email Required')).toBeVisible()
  await page.getByLabel('Email').fill('owner@harbor.test')

  // Another buyer starts paying for the same day while this page is open.
  const other = await page.request.post('/api/functions/create-checkout-session', {
    data: { dayId: day.id, businessName: 'Other Buyer', email: 'other@example.com' },
    headers: { origin: baseURL ?? '' },
  })
  expect(other.status()).toBe(200)
  await submit.click()
  await expect(toastText(page, 'Day Unavailable')).toBeVisible()
  await expect(
    toastText(page, `${formatDayDate(day.date)} is no longer available for booking.`),
  ).toBeVisible()
  await expect(page).toHaveURL(/\/$/)

  // The other buyer cancels; now this buyer gets through to the payment page.
  const { sessionUrl } = (await other.json()) as { sessionUrl: string }
  const cancel = await page.request.post(`${sessionUrl}/cancel`, { headers: { origin: baseURL ?? '' } })
  expect(cancel.ok()).toBe(true)
  await page.goto(`/checkout/${day.id}`)
  await page.getByLabel('Business Name').fill('Harbor Bakery')
  await page.getByLabel('Email').fill('owner@harbor.test')
  await page.getByRole('button', { name: 'Proceed to Payment' }).click()
  await expect(page).toHaveURL(/\/pay\/cs_local_/)
  await page.getByRole('button', { name: 'Cancel' }).click()
})

test('map icon checkout goes to payment, and shows an inline Checkout Error when the provider is down', async ({
  page,
}) => {
  const response = await page.request.get('/api/map-icons')
  const { icons } = (await response.json()) as { icons: Array<{ id: string; name: string }> }
  const icon = icons.find((i) => i.name === 'Large Map Icon')
  if (!icon) throw new Error('no icon')

  await page.goto(`/map-icon-checkout/${icon.id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Map Icon Checkout' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Large Map Icon' })).toBeVisible()
  await page.getByRole('button', { name: 'Proceed to Payment' }).click()
  await expect(toastText(page, 'Business Name Required')).toBeVisible()
  await page.getByLabel('Business Name').fill('Harbor Bakery')
  await page.getByLabel('Email').fill('owner@harbor.test')

  // The payment provider cannot be reached: the server answers 503 (simulated here at the network edge).
  await page.route('**/api/functions/create-map-icon-checkout', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'unavailable', message: 'Failed to create checkout session' } }),
    }),
  )
  await page.getByRole('button', { name: 'Proceed to Payment' }).click()
  await expect(page.getByText('Checkout Error', { exact: true }).first()).toBeVisible()
  await expect(page.getByText('Failed to create checkout session', { exact: true }).first()).toBeVisible()

  await page.unroute('**/api/functions/create-map-icon-checkout')
  await page.getByRole('button', { name: 'Proceed to Payment' }).click()
  await expect(page).toHaveURL(/\/pay\/cs_local_/)
  await expect(page.getByRole('row', { name: /Large Map Icon/ })).toBeVisible()
  await page.getByRole('button', { name: 'Cancel' }).click()
})

test('unknown ids say Day not found. and Map icon not found.', async ({ page }) => {
  await page.goto('/checkout/00000000-0000-0000-0000-000000000000')
  await expect(page.getByText('Day not found.')).toBeVisible()
  await page.goto('/map-icon-checkout/00000000-0000-0000-0000-000000000000')
  await expect(page.getByText('Map icon not found.')).toBeVisible()
})
