import { type Browser, expect, type Page } from '@playwright/test'
import { sessionReference } from '#shared/checkout.ts'
import type { CalendarDayDto } from '#shared/dto.ts'
import { awaitingHydration, expectNoAxeViolations, test, toastText } from './fixtures.ts'
import { claimDay, claimDays, dayCell, monthOfDate, showMonth } from './storefront-helpers.ts'

/** Days of one open month, taken for the test alone (claimDays). */
async function ownDays(page: Page, count: number): Promise<CalendarDayDto[]> {
  return (await claimDays(page, 'take', 'any', count)).days
}

/** Puts the days in the cart from /calendar and submits the cart form; ends on the local test checkout. */
async function checkOut(page: Page, days: CalendarDayDto[], businessName: string) {
  await page.goto('/calendar')
  await showMonth(page, monthOfDate(days[0]?.date ?? ''))
  for (const day of days) {
    await dayCell(page, day.date).click()
    await expect(dayCell(page, day.date)).toHaveText(/In Cart/)
  }
  await page.goto('/cart-checkout')
  await page.getByLabel('Business Name').fill(businessName)
  await page.getByLabel('Email').fill('owner@example.com')
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click()
  await expect(page).toHaveURL(/\/pay\/cs_local_/)
  await expect(page.getByRole('heading', { name: 'Complete your payment' })).toBeVisible()
  await expect(page.getByText('TEST MODE')).toBeVisible()
}

async function dayStatus(page: Page, id: string): Promise<string> {
  const response = await page.request.get(`/api/calendar-days/${id}`)
  return ((await response.json()) as CalendarDayDto).status
}

test('cart → Pay on the test checkout → thank-you → the days show Reserved', async ({ page }) => {
  const days = await ownDays(page, 2)
  await checkOut(page, days, 'Harbor Books')
  // Two days: $10 off each of $120.
  await expect(page.getByRole('row', { name: /Total/ })).toContainText('$220')
  await expectNoAxeViolations(page)
  await page.getByRole('button', { name: 'Pay' }).click()

  await expect(page).toHaveURL(/\/thank-you\?session_id=/)
  await expect(page.getByRole('heading', { level: 1, name: 'Thank You!' })).toBeVisible()
  await expect(page.getByText('Your order has been confirmed.')).toBeVisible()
  const sessionId = new URL(page.url()).searchParams.get('session_id') ?? ''
  await expect(page.getByText(`Reference: ${sessionReference(sessionId)}`)).toBeVisible()
  const summary = page.getByRole('region', { name: 'Order Summary' })
  await expect(summary.getByRole('listitem')).toHaveCount(2)
  await expect(summary).toContainText('$220')
  await expect(page.getByRole('link', { name: 'Cart', exact: true })).toBeVisible() // the cart was cleared
  await expectNoAxeViolations(page)
  await page.getByRole('link', { name: 'Continue Shopping' }).click()
  await expect(page).toHaveURL('/')

  await page.goto('/calendar')
  await showMonth(page, monthOfDate(days[0]?.date ?? ''))
  for (const day of days) await expect(dayCell(page, day.date)).toHaveText(/Reserved/)
  await dayCell(page, days[0]?.date ?? '').click()
  await expect(toastText(page, 'Day Unavailable')).toBeVisible()
  await expect(toastText(page, 'This day is already booked by Harbor Books.')).toBeVisible()
})

test('Cancel on the test checkout returns to the cart and frees the day', async ({ page }) => {
  const { day } = await claimDay(page, 'take', 'any')
  await checkOut(page, [day], 'Cancel Cafe')
  expect(await dayStatus(page, day.id)).toBe('reserved_pending')
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(page).toHaveURL('/cart-checkout')
  expect(await dayStatus(page, day.id)).toBe('available')
})

async function newBuyer(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL })
  return { context, page: awaitingHydration(await context.newPage()) }
}

test('a second buyer sees Day Being Reserved while the first is paying', async ({
  page,
  browser,
  baseURL,
}) => {
  const { day } = await claimDay(page, 'take', 'any')
  await checkOut(page, [day], 'First Buyer Bikes')

  const second = await newBuyer(browser, baseURL)
  try {
    await second.page.goto('/calendar')
    await showMonth(second.page, monthOfDate(day.date))
    await expect(dayCell(second.page, day.date)).toHaveText(/Pending/)
    await dayCell(second.page, day.date).click()
    await expect(toastText(second.page, 'Day Being Reserved')).toBeVisible()
  } finally {
    await second.context.close()
  }
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(page).toHaveURL('/cart-checkout')
})

test('the thank-you page without a session id says so', async ({ page }) => {
  await page.goto('/thank-you')
  await expect(toastText(page, 'Missing session ID')).toBeVisible()
  await expect(toastText(page, 'No checkout session found. Please contact support.')).toBeVisible()
})
