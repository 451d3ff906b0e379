import { expect, type Locator, type Page } from '@playwright/test'
import type { CalendarDayDto } from '#shared/dto.ts'
import { formatDayDate } from '#shared/format.ts'
import { expectNoAxeViolations, test, toastText } from './fixtures.ts'
import { claimDay, claimGroup, dayCell, daysAfter, showMonth, storeCartDays } from './storefront-helpers.ts'

/**
 * Usability of the calendar and the cart for a buyer, on a phone (375 px) and a desktop (1280 px). The
 * tests fill the cart in the browser (no day is held), except the test checkout page's test, which holds
 * one; each takes its days for itself (claimDays).
 */
const PHONE = { width: 375, height: 667 }
const DESKTOP = { width: 1280, height: 800 }

/**
 * A day taken with the same weekday in the `weeks - 1` rows below it (a week apart, in the same month),
 * all for sale: the day and the date of its next row.
 */
async function dayWithRowsBelow(page: Page, weeks: number) {
  const { month, days } = await claimGroup(page, 'look', 'any', (day) =>
    Array.from({ length: weeks }, (_, week) => daysAfter(day.date, 7 * week)),
  )
  const day = days[0] as CalendarDayDto
  return { month, day, next: daysAfter(day.date, 7) }
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
      const { day } = await claimDay(page, 'look', 'any')
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
      const { day } = await claimDay(page, 'look', 'any')
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
    // The day and the same weekday in the three rows below it, all for sale (a bought day answers 'Day
    // Unavailable' instead of adding itself to the cart).
    const { month, day, next } = await dayWithRowsBelow(page, 4)
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
    const high = daysAfter(next, 7) // same weekday, two rows further down
    const higher = dayCell(page, high)
    const below = daysAfter(high, 7)
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
    const { month, day } = await dayWithRowsBelow(page, 2)
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
    await dayCell(page, daysAfter(day.date, 7)).click()
    await expect(page.getByRole('button', { name: 'Go to Cart' })).toBeVisible()
    await page.getByRole('link', { name: 'Cart (2 items)' }).click()
    await expect(page.getByRole('heading', { name: 'Your Cart', level: 1 })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Go to Cart' })).toHaveCount(0)
  })

  test('the cart shows the total before the booking form', async ({ page }) => {
    const { day } = await claimDay(page, 'look', 'any')
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
    const { day } = await claimDay(page, 'take', 'any')
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
