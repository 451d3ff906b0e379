import { expect, type Locator, type Page } from '@playwright/test'
import type { YearMonth } from '#shared/calendar-months.ts'
import { formatDayDate } from '#shared/format.ts'
import { expectNoAxeViolations, test, toastText } from './fixtures.ts'
import { availableMonths, dayCell, daysOf, showMonth, storeCartDays } from './storefront-helpers.ts'

/**
 * Usability of the calendar and the cart for a buyer, on a phone (375 px) and a desktop (1280 px). The
 * tests only fill the cart in the browser (no day is held), except the test checkout page's test, which
 * holds one day of positions 25 and later of the second open month (no other spec uses those; a retry takes
 * the next, and February has four).
 */
const PHONE = { width: 375, height: 667 }
const DESKTOP = { width: 1280, height: 800 }

async function secondMonth(page: Page): Promise<YearMonth> {
  const [, month] = await availableMonths(page)
  if (!month) throw new Error('expected a second available month')
  return month
}

function weekLater(date: string): string {
  const next = new Date(`${date}T00:00:00Z`)
  next.setUTCDate(next.getUTCDate() + 7)
  return next.toISOString().slice(0, 10)
}

/** A day of the second month in a row that has a next row (the same weekday a week later). */
async function dayWithNextRow(page: Page, position: number) {
  const month = await secondMonth(page)
  const days = await daysOf(page, month)
  const day = days[position]
  if (!day || !days.some((d) => d.date === weekLater(day.date))) throw new Error('no day with a next row')
  return { month, day, next: weekLater(day.date) }
}

type Box = { x: number; y: number; width: number; height: number }

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox()
  if (!box) throw new Error('not rendered')
  return box
}

function intersects(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
}

/** The open toast: the item of the toast list that holds the given title (Radix announces a copy elsewhere). */
function openToast(page: Page, title: string) {
  return page
    .getByRole('region', { name: /Notifications/ })
    .getByRole('listitem')
    .filter({ hasText: title })
}

for (const viewport of [PHONE, DESKTOP]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport })

    test('the calendar offers the map icons with their printed size, and Reserve puts one in the cart', async ({
      page,
    }) => {
      await page.goto('/calendar')
      const offer = page.getByRole('region', { name: 'Map Icon Pricing' })
      const regular = offer
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: 'Map Icon', exact: true }) })
      const premium = offer
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: 'Large Map Icon' }) })
      await expect(regular.getByText('Printed size: 0.5 in × 0.5 in')).toBeVisible()
      await expect(premium.getByText('Printed size: 0.75 in × 0.75 in')).toBeVisible()
      await expectNoAxeViolations(page)

      await regular.getByRole('button', { name: 'Reserve' }).click()
      await expect(regular.getByRole('button', { name: 'In Cart' })).toBeVisible()
      await expect(page.getByRole('link', { name: 'Cart (1 item)' })).toBeVisible()
    })

    test('a cart with days and no icon offers the map icons; Reserve adds one without a Go to Cart action', async ({
      page,
    }) => {
      const { day } = await dayWithNextRow(page, 9)
      await storeCartDays(page, [day])
      await page.goto('/cart-checkout')
      const offer = page.getByRole('region', { name: 'Map Icon Pricing' })
      const regular = offer
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: 'Map Icon', exact: true }) })
      await expect(regular.getByText('Printed size: 0.5 in × 0.5 in')).toBeVisible()
      await expectNoAxeViolations(page)

      await regular.getByRole('button', { name: 'Reserve' }).click()
      await expect(toastText(page, 'Ready to Checkout?')).toBeVisible()
      await expect(page.getByRole('button', { name: 'Go to Cart' })).toHaveCount(0)
      await expect(page.getByRole('button', { name: 'Remove Map Icon' })).toBeVisible()
      // The cart now holds an icon: the offer is gone.
      await expect(offer).toHaveCount(0)
    })

    test('the cart and the checkout pages link the refund policy', async ({ page }) => {
      const { day } = await dayWithNextRow(page, 10)
      await storeCartDays(page, [day])
      await page.goto('/cart-checkout')
      const refundPolicy = page.getByRole('link', { name: 'Refund policy' })
      await expect(refundPolicy).toHaveAttribute('href', '/guarantee')
      await expect(refundPolicy).toBeVisible()

      await page.goto(`/checkout/${day.id}`)
      await expect(page.getByRole('textbox', { name: 'Business Name' })).toBeVisible()
      await expect(refundPolicy).toHaveAttribute('href', '/guarantee')
      await expectNoAxeViolations(page)

      const icons = await page.request.get('/api/map-icons')
      const icon = ((await icons.json()) as { icons: { id: string; name: string }[] }).icons.find(
        (i) => i.name === 'Map Icon',
      )
      if (!icon) throw new Error('no Map Icon')
      await page.goto(`/map-icon-checkout/${icon.id}`)
      await expect(page.getByRole('heading', { name: 'Map Icon', exact: true })).toBeVisible()
      await expect(refundPolicy).toHaveAttribute('href', '/guarantee')
      await expectNoAxeViolations(page)

      await refundPolicy.click()
      await expect(page.getByRole('heading', { name: 'Our Guarantee', level: 1 })).toBeVisible()
    })
  })
}

test.describe('at 375 px', () => {
  test.use({ viewport: PHONE })

  test('the Added to Cart toast leaves the next row of days free, low or high on the screen', async ({
    page,
  }) => {
    // Positions 0, 7, 14 and 21 of the second month: other specs buy days of that month (positions 3–6 and
    // 15–18), and a bought day answers 'Day Unavailable' instead of adding itself to the cart.
    const { month, day, next } = await dayWithNextRow(page, 0)
    await page.goto('/calendar')
    await showMonth(page, month)
    const nextDay = dayCell(page, next)

    // The day's next row at the bottom of the screen.
    await nextDay.evaluate((el) => el.scrollIntoView({ block: 'end' }))
    await dayCell(page, day.date).click()
    const toast = openToast(page, 'Added to Cart')
    await expect(toast).toBeVisible()
    await expect(toast.getByRole('button', { name: 'Go to Cart' })).toBeVisible()
    expect(intersects(await boxOf(toast), await boxOf(nextDay)), 'the toast covers the next row').toBe(false)
    // The buyer closes it (it stays ten seconds): the next press is near the top, where it shows.
    await toast.getByRole('button', { name: 'Close' }).click()
    await expect(toast).toHaveCount(0)

    // Another day near the top of the screen, just below the header.
    const high = weekLater(next) // same weekday, two rows further down
    const higher = dayCell(page, high)
    const below = weekLater(high)
    if (!(await daysOf(page, month)).some((d) => d.date === below)) throw new Error('no row below')
    const headerBottom = await page.getByRole('banner').evaluate((el) => el.getBoundingClientRect().bottom)
    await higher.evaluate(
      (el, top) => window.scrollBy(0, el.getBoundingClientRect().top - top - 8),
      headerBottom,
    )
    await higher.click()
    // This day's toast (it replaces the first: one toast at a time).
    const second = openToast(page, `${formatDayDate(high)} has been added to your cart.`)
    await expect(second).toBeVisible()
    expect(intersects(await boxOf(second), await boxOf(dayCell(page, below)))).toBe(false)
    expect(intersects(await boxOf(second), await boxOf(page.getByRole('banner')))).toBe(false)
    await expectNoAxeViolations(page)
  })

  test('no Go to Cart toast follows the buyer onto the cart', async ({ page }) => {
    const { month, day } = await dayWithNextRow(page, 11)
    await page.goto('/calendar')
    await showMonth(page, month)
    const cell = dayCell(page, day.date)
    await cell.click()
    await expect(page.getByRole('button', { name: 'Go to Cart' })).toBeVisible()
    // A day in the cart goes to the cart when pressed again.
    await expect(cell).toHaveAccessibleName(/in cart$/)
    await cell.click()
    await expect(page.getByRole('heading', { name: 'Your Cart', level: 1 })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Go to Cart' })).toHaveCount(0)

    await page.goto('/calendar')
    await showMonth(page, month)
    await dayCell(page, weekLater(day.date)).click()
    await expect(page.getByRole('button', { name: 'Go to Cart' })).toBeVisible()
    await page.getByRole('link', { name: 'Cart (2 items)' }).click()
    await expect(page.getByRole('heading', { name: 'Your Cart', level: 1 })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Go to Cart' })).toHaveCount(0)
  })

  test('the cart shows the total before the booking form', async ({ page }) => {
    const { day } = await dayWithNextRow(page, 12)
    await storeCartDays(page, [day])
    await page.goto('/cart-checkout')
    const total = page.getByRole('status', { name: 'Total' })
    await expect(total).toBeVisible()
    const field = page.getByRole('textbox', { name: 'Business Name' })
    const [totalBox, fieldBox] = [await boxOf(total), await boxOf(field)]
    expect(totalBox.y + totalBox.height, 'the total ends above the first field').toBeLessThanOrEqual(
      fieldBox.y,
    )
    await expectNoAxeViolations(page)
  })

  test('the test checkout page links the refund policy', async ({ page, baseURL }) => {
    const month = await secondMonth(page)
    const day = (await daysOf(page, month)).slice(24).find((d) => d.status === 'available')
    if (!day) throw new Error('no free day from position 25 of the second month')
    const created = await page.request.post('/api/functions/create-cart-checkout-session', {
      headers: { origin: baseURL ?? '' },
      data: {
        businessName: 'Refund Policy Reader',
        email: 'refunds@example.com',
        calendarDayIds: [day.id],
        mapIconId: null,
        discount: 0,
      },
    })
    expect(created.ok()).toBe(true)
    await page.goto(((await created.json()) as { sessionUrl: string }).sessionUrl)
    await expect(page.getByRole('heading', { name: 'Complete your payment' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Refund policy' })).toHaveAttribute('href', '/guarantee')
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: 'Cancel' }).click()
  })
})
