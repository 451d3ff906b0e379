import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test'
import { formatYearMonth } from '#shared/calendar-months.ts'
import type { CalendarDayDto, CalendarMonthResponse } from '#shared/dto.ts'
import { E2E_ADMIN, expectNoAxeViolations, test, toastText } from './fixtures.ts'
import { claimDay, claimDays, dayCell, expectNoHorizontalScroll, showMonth } from './storefront-helpers.ts'

/**
 * Usability: layout, navigation, toasts, day cells and the thank-you page.
 * Server-side state this file changes: a pending and a reserved day, claimed for the test that makes them
 * (claimDays). Everything else lives in each test's own cart (localStorage), on days claimed to look at.
 */

async function dayStatus(request: APIRequestContext, id: string): Promise<string> {
  const response = await request.get(`/api/calendar-days/${id}`)
  expect(response.ok()).toBe(true)
  return ((await response.json()) as CalendarDayDto).status
}

/** Holds `day` the way a buyer does: a single-day checkout that is never paid (it stays reserved_pending). */
async function holdDay(request: APIRequestContext, baseURL: string, day: CalendarDayDto) {
  // A retry finds the hold of its first attempt still running (30 minutes).
  if ((await dayStatus(request, day.id)) === 'reserved_pending') return
  const response = await request.post('/api/functions/create-checkout-session', {
    data: { dayId: day.id, businessName: 'Layout Test Holds', email: 'holds@example.com' },
    headers: { origin: baseURL },
  })
  expect(response.ok(), await response.text()).toBe(true)
  expect(await dayStatus(request, day.id)).toBe('reserved_pending')
}

/** Marks `day` reserved through the admin API, on the request context's own session (not the page's). */
async function reserveDay(request: APIRequestContext, baseURL: string, day: CalendarDayDto) {
  const signIn = await request.post('/api/auth/sign-in/email', {
    data: E2E_ADMIN,
    headers: { origin: baseURL },
  })
  expect(signIn.ok()).toBe(true)
  const reserve = await request.patch(`/api/admin/calendar-days/${day.id}`, {
    data: { status: 'reserved', businessName: 'Layout Test Bakery' },
    headers: { origin: baseURL },
  })
  expect(reserve.ok()).toBe(true)
}

/** The state a day cell announces: its accessible name after the date and the price. */
function spokenState(name: string): string {
  return (name.split(' — ')[1] ?? '').replace(/^\$[\d,.]+, /, '')
}

type CellFit = { name: string; overflowing: string[] }

/** For every day cell of the shown month: the elements (the cell and its labels) whose text overflows. */
async function cellFits(grid: Locator): Promise<CellFit[]> {
  return grid.getByRole('button').evaluateAll((buttons) =>
    buttons.map((button) => ({
      name: button.getAttribute('aria-label') ?? '',
      overflowing: [button, ...Array.from(button.querySelectorAll('*'))]
        .filter((el) => el.scrollWidth > el.clientWidth && el.getClientRects().length > 0)
        .map((el) => `${el.tagName} "${el.textContent}" ${el.scrollWidth}>${el.clientWidth}`),
    })),
  )
}

test.describe('day cells at phone widths', () => {
  for (const width of [320, 375, 414]) {
    test(`every state label fits its cell at ${width} px`, async ({ page, request, baseURL }) => {
      // Five days after the month's first (the days before the first of them show as past).
      const {
        month: last,
        days: [pastUntil, closed, inCart, pending, reserved],
      } = await claimDays(page, 'take', 'any', 5, (day, days) => day.date > (days[0]?.date ?? ''))
      if (!pastUntil || !closed || !inCart || !pending || !reserved) throw new Error('no days')
      await holdDay(request, baseURL ?? '', pending)
      await reserveDay(request, baseURL ?? '', reserved)
      // Past and Closed cells need a month that has begun, or a mailing that stopped selling, which the
      // shared storefront site must not have (other tests use its months): this page alone
      // sees the month as the server would answer it on its 11th day with one day's mailing closed.
      const key = `${last.year}-${String(last.month).padStart(2, '0')}`
      await page.route(`**/api/calendar-days?month=${key}`, async (route) => {
        const response = await route.fetch()
        const body = (await response.json()) as CalendarMonthResponse
        body.today = pastUntil.date
        body.days = body.days.map((day) => (day.id === closed.id ? { ...day, status: 'closed' } : day))
        await route.fulfill({ response, json: body })
      })

      await page.setViewportSize({ width, height: 800 })
      await page.goto('/calendar')
      await showMonth(page, last)
      await dayCell(page, inCart.date).click()
      await expect(dayCell(page, inCart.date)).toHaveAccessibleName(/in cart$/)

      const grid = page.getByRole('table', { name: formatYearMonth(last) })
      await expect(grid.getByRole('button').first()).toBeVisible()
      const fits = await cellFits(grid)
      const seen = new Set(fits.map((fit) => spokenState(fit.name)))
      expect(
        fits.filter((fit) => fit.overflowing.length > 0),
        `${formatYearMonth(last)} at ${width} px`,
      ).toEqual([])
      for (const state of [
        'available',
        'in cart',
        'pending',
        'reserved',
        'past, not available',
        'closed, not available',
      ])
        expect([...seen], `a ${state} cell was checked`).toContain(state)
      await expectNoHorizontalScroll(page)
    })
  }

  test('the short labels keep the full state for screen readers and axe stays clean', async ({ page }) => {
    const { month, day } = await claimDay(page, 'look', 'any')
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 })
      await page.goto('/calendar')
      await showMonth(page, month)
      await expect(dayCell(page, day.date)).toHaveAccessibleName(/— \$\d+, (available|in cart)$/)
      if (width === 375) await dayCell(page, day.date).click()
      await expect(dayCell(page, day.date)).toHaveAccessibleName(/— \$\d+, in cart$/)
      await expectNoAxeViolations(page)
    }
  })
})

test.describe('focus after a route change', () => {
  test('a nav link moves focus to the new page’s h1; the first load does not', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto('/about')
    await expect(page.getByRole('heading', { level: 1, name: 'About Townflyer' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 1 })).not.toBeFocused()

    const nav = page.getByRole('navigation', { name: 'Main' })
    await nav.getByRole('link', { name: 'Calendar', exact: true }).click()
    await expect(page).toHaveURL('/calendar')
    await expect(page.getByRole('heading', { level: 1, name: 'Calendar', exact: true })).toBeFocused()

    await nav.getByRole('link', { name: 'Pricing', exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Pricing', exact: true })).toBeFocused()
    // The next Tab continues from the heading, into the page rather than back at the top of the site.
    await page.keyboard.press('Tab')
    const next = page.locator(':focus')
    await expect(next).toBeVisible()
    expect(await next.evaluate((el) => Boolean(el.closest('main')))).toBe(true)
  })

  test('the mobile menu moves focus to the new page’s h1', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 })
    await page.goto('/')
    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.locator('#mobile-menu').getByRole('link', { name: 'Contact', exact: true }).click()
    await expect(page).toHaveURL('/contact')
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeFocused()
    await expectNoAxeViolations(page)
  })

  test('on /calendar, Tab from Hide Reservation Table reaches a visible, named control', async ({ page }) => {
    await page.goto('/calendar')
    const month = page.getByRole('combobox', { name: 'Month' })
    await expect(month).toBeEnabled()
    const hide = page.getByRole('button', { name: 'Hide Reservation Table' })
    await hide.focus()
    // Read at once, without retrying: a stop that only later hands the focus on is the bug itself.
    const focusedNow = () =>
      page.evaluate(() => {
        const el = document.activeElement
        const box = el?.getBoundingClientRect()
        return {
          tag: el?.tagName,
          name: el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? '',
          isVisible: Boolean(box && box.width > 0 && box.height > 0),
        }
      })
    await page.keyboard.press('Tab')
    const first = await focusedNow()
    expect(first).toEqual({
      tag: 'BUTTON',
      name: expect.stringMatching(/^(Previous month|Month)$/),
      isVisible: true,
    })
    // And on from there to Next month and the grid: every stop is a visible, named control.
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Tab')
      const next = await focusedNow()
      expect(next).toEqual({ tag: 'BUTTON', name: expect.stringMatching(/\S/), isVisible: true })
    }
  })
})

/** The open toast whose title is `title` (Radix's hidden screen-reader copy excluded). */
function toastBox(page: Page, title: string) {
  return page
    .getByRole('region', { name: /Notifications/ })
    .getByRole('listitem')
    .filter({ hasText: title })
}

async function expectApart(a: Locator, b: Locator, what: string) {
  const [boxA, boxB] = [await a.boundingBox(), await b.boundingBox()]
  if (!boxA || !boxB) throw new Error(`${what}: not rendered`)
  const overlaps =
    boxA.x < boxB.x + boxB.width &&
    boxB.x < boxA.x + boxA.width &&
    boxA.y < boxB.y + boxB.height &&
    boxB.y < boxA.y + boxA.height
  expect(overlaps, `${what}: ${JSON.stringify(boxA)} overlaps ${JSON.stringify(boxB)}`).toBe(false)
}

test.describe('toasts leave the next control free', () => {
  for (const width of [375, 1280]) {
    test(`Added to Cart does not cover the Cart button or the menu button at ${width} px`, async ({
      page,
    }) => {
      const { month, day } = await claimDay(page, 'look', 'any')
      await page.setViewportSize({ width, height: 720 })
      await page.goto('/calendar')
      await showMonth(page, month)
      await dayCell(page, day.date).click()
      const toast = toastBox(page, 'Added to Cart')
      await expect(toast).toBeVisible()

      const cart = page.getByRole('link', { name: 'Cart (1 item)' })
      await expectApart(toast, cart, 'Added to Cart / Cart')
      if (width < 768) {
        const menu = page.getByRole('button', { name: 'Open menu' })
        await expectApart(toast, menu, 'Added to Cart / Open menu')
        await menu.click()
        await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
          'aria-expanded',
          'true',
        )
        await page.getByRole('button', { name: 'Close menu' }).click()
      }
      await expect(toast).toBeVisible()
      await cart.click()
      await expect(page).toHaveURL('/cart-checkout')
    })

    test(`Cart Limit Reached does not cover Clear Cart at ${width} px`, async ({ page }) => {
      const { month, days } = await claimDays(page, 'look', 'any', 7)
      await page.setViewportSize({ width, height: 720 })
      await page.goto('/calendar')
      await showMonth(page, month)
      for (const day of days.slice(0, 6)) {
        await dayCell(page, day.date).click()
        await expect(dayCell(page, day.date)).toHaveAccessibleName(/in cart$/)
      }
      await dayCell(page, days[6]?.date ?? '').click()
      const toast = toastBox(page, 'Cart Limit Reached')
      await expect(toast).toBeVisible()

      // The buyer goes to the cart to make room while the toast still shows.
      await page.getByRole('link', { name: 'Cart (6 items)' }).click()
      await expect(page).toHaveURL('/cart-checkout')
      const clear = page.getByRole('button', { name: 'Clear Cart' })
      await expect(clear).toBeVisible()
      await expect(toast).toBeVisible()
      await expectApart(toast, clear, 'Cart Limit Reached / Clear Cart as the cart opens')
      // Brought into view at the bottom edge (as Tab or a scroll does), it still lands clear of the toast.
      await clear.evaluate((el) => el.scrollIntoView({ block: 'end' }))
      await expectApart(toast, clear, 'Cart Limit Reached / Clear Cart scrolled to the bottom edge')
      await clear.focus()
      await expectApart(toast, clear, 'Cart Limit Reached / Clear Cart focused')
      await expect(toast).toBeVisible()
      await clear.click()
      await expect(page.getByText('Your cart is empty')).toBeVisible()
    })
  }
})

test.describe('the thank-you page without orders', () => {
  for (const path of ['/thank-you', '/thank-you?session_id=cs_unknown_123']) {
    test(`${path} neither confirms an order nor empties the cart`, async ({ page }) => {
      const { month, day } = await claimDay(page, 'look', 'any')
      await page.goto('/calendar')
      await showMonth(page, month)
      await dayCell(page, day.date).click()
      await expect(page.getByRole('link', { name: 'Cart (1 item)' })).toBeVisible()

      await page.goto(path)
      const notice = path.includes('session_id')
        ? 'Unable to retrieve your order details'
        : 'Missing session ID'
      // An unknown session is looked up three times, 1 s and 2 s apart, before the page gives up.
      await expect(toastText(page, notice)).toBeVisible({ timeout: 20_000 })
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(page.getByText('Your order has been confirmed.')).toHaveCount(0)
      await expect(page.getByRole('heading', { level: 1, name: 'Thank You!' })).toHaveCount(0)
      await expect(page.getByRole('link', { name: 'Cart (1 item)' })).toBeVisible()
      await expectNoAxeViolations(page)

      await page.goto('/cart-checkout')
      await expect(page.getByRole('button', { name: 'Clear Cart' })).toBeVisible()
      await expect(page.getByText('Your cart is empty')).toHaveCount(0)
    })
  }
})
