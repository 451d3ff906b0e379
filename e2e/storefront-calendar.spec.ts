import { expect } from '@playwright/test'
import { formatYearMonth } from '#shared/calendar-months.ts'
import { E2E_ADMIN, expectNoAxeViolations, test, toastText } from './fixtures.ts'
import {
  availableMonths,
  claimDay,
  claimDays,
  dayCell,
  daysOf,
  expectNoHorizontalScroll,
  showMonth,
} from './storefront-helpers.ts'

test('the month navigator stops at the first and last available month', async ({ page }) => {
  const months = await availableMonths(page)
  expect(months.length).toBeGreaterThan(1)
  const first = months[0]
  const last = months[months.length - 1]
  if (!first || !last) throw new Error('no available months')

  await page.goto('/calendar')
  await showMonth(page, first)
  await expect(page.getByRole('button', { name: 'Previous month' })).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Next month' })).toBeEnabled()

  // The dropdown lists exactly the available months, in order.
  await page.getByRole('combobox', { name: 'Month' }).click()
  await expect(page.getByRole('option')).toHaveText(months.map(formatYearMonth))
  await page.keyboard.press('Escape')

  for (let i = 1; i < months.length; i++) await page.getByRole('button', { name: 'Next month' }).click()
  await expect(page.getByRole('combobox', { name: 'Month' })).toHaveText(formatYearMonth(last))
  await expect(page.getByRole('button', { name: 'Next month' })).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Previous month' })).toBeEnabled()
})

test('an available day goes into the cart, shows In Cart, and a second click opens the cart', async ({
  page,
}) => {
  const { month, day } = await claimDay(page, 'look', 'any')

  await page.goto('/calendar')
  await showMonth(page, month)
  const cell = dayCell(page, day.date)
  await expect(cell).toHaveAccessibleName(/— \$\d+, available$/)
  await cell.click()
  await expect(toastText(page, 'Added to Cart')).toBeVisible()
  await expect(cell).toHaveText(/In Cart/)
  await expect(cell).toHaveAccessibleName(/in cart$/)
  await expect(page.getByRole('link', { name: 'Cart (1 item)' })).toBeVisible()

  await cell.click()
  await expect(page).toHaveURL(/\/cart-checkout$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Your Cart' })).toBeVisible()
})

test('the toast action Go to Cart opens the cart', async ({ page }) => {
  const { month, day } = await claimDay(page, 'look', 'any')

  await page.goto('/calendar')
  await showMonth(page, month)
  await dayCell(page, day.date).click()
  await page.getByRole('button', { name: 'Go to Cart' }).click()
  await expect(page).toHaveURL(/\/cart-checkout$/)
})

test('the seventh day is refused with Cart Limit Reached', async ({ page }) => {
  const { month, days } = await claimDays(page, 'look', 'any', 7)

  await page.goto('/calendar')
  await showMonth(page, month)
  for (const day of days.slice(0, 6)) {
    await dayCell(page, day.date).click()
    await expect(dayCell(page, day.date)).toHaveText(/In Cart/)
  }
  const seventh = days[6]
  if (!seventh) throw new Error('no seventh day')
  await dayCell(page, seventh.date).click()
  await expect(toastText(page, 'Cart Limit Reached')).toBeVisible()
  await expect(
    toastText(
      page,
      'You can only select up to 6 calendar days. Please remove some items from your cart to add more.',
    ),
  ).toBeVisible()
  await expect(dayCell(page, seventh.date)).not.toHaveText(/In Cart/)
  await expect(page.getByRole('link', { name: 'Cart (6 items)' })).toBeVisible()
})

test('reserved and pending days say who booked them or that they are being reserved', async ({
  page,
  baseURL,
}) => {
  const {
    month,
    days: [reserved, pending],
  } = await claimDays(page, 'take', 'any', 2)
  if (!reserved || !pending) throw new Error('no days')

  const signIn = await page.request.post('/api/auth/sign-in/email', {
    data: E2E_ADMIN,
    headers: { origin: baseURL ?? '' },
  })
  expect(signIn.ok()).toBe(true)
  const reserve = await page.request.patch(`/api/admin/calendar-days/${reserved.id}`, {
    data: { status: 'reserved', businessName: 'Harbor Bakery' },
  })
  expect(reserve.ok()).toBe(true)
  const hold = await page.request.patch(`/api/admin/calendar-days/${pending.id}`, {
    data: { status: 'reserved_pending', businessName: 'Corner Garage' },
  })
  expect(hold.ok()).toBe(true)

  await page.goto('/calendar')
  await showMonth(page, month)
  const reservedCell = dayCell(page, reserved.date)
  await expect(reservedCell).toHaveText(/Reserved/)
  await expect(reservedCell).toHaveAccessibleName(/reserved$/)
  await reservedCell.click()
  await expect(toastText(page, 'Day Unavailable')).toBeVisible()
  await expect(toastText(page, 'This day is already booked by Harbor Bakery.')).toBeVisible()

  const pendingCell = dayCell(page, pending.date)
  await expect(pendingCell).toHaveText(/Pending/)
  await pendingCell.click()
  await expect(toastText(page, 'Day Being Reserved')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Cart', exact: true })).toBeVisible()
})

test('the home page calendar hides prices', async ({ page }) => {
  const [month] = await availableMonths(page)
  if (!month) throw new Error('no available month')
  const day = (await daysOf(page, month)).at(-1)
  if (!day) throw new Error('no day')

  await page.goto('/')
  await showMonth(page, month)
  await expect(dayCell(page, day.date)).toHaveAccessibleName(/— (available|in cart|pending|reserved)$/)
  await expect(dayCell(page, day.date)).not.toHaveText(/\$/)
})

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 800 } })

  test('the calendar fits without horizontal scrolling and has no axe violations', async ({ page }) => {
    await page.goto('/calendar')
    await expect(page.getByRole('button', { name: 'Next month' })).toBeVisible()
    await expect(page.getByRole('columnheader', { name: 'Sun' })).toBeVisible()
    await expectNoHorizontalScroll(page)
    await expectNoAxeViolations(page)
  })
})

test('the calendar page has no axe violations with the example open', async ({ page }) => {
  await page.goto('/calendar')
  await page.getByRole('button', { name: 'Show Example' }).click()
  await expect(page.getByRole('button', { name: 'Hide Example' })).toHaveAttribute('aria-expanded', 'true')
  await expect(page.getByRole('columnheader', { name: 'Sat' })).toBeVisible()
  await expectNoAxeViolations(page)
})
