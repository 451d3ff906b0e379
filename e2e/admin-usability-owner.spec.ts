import { expect, type Locator, type Page } from '@playwright/test'
import { formatYearMonth, parseYearMonthKey, type YearMonth } from '#shared/calendar-months.ts'
import { toIsoDate } from '#shared/dates.ts'
import type { PublicMailingsResponse } from '#shared/mailings.ts'
import { api, type Day, makeDays } from './admin-api.ts'
import { expectNoAxeViolations, signInAt, test } from './fixtures.ts'

/**
 * The owner's everyday use of the admin area, at a desk (1280 px) and on a phone (375 px). The days and
 * orders live in December of next year: outside /admin/mailings' window (the current month and the next
 * 11, e2e/admin-mailings.spec.ts) and away from the months two years ahead the other admin specs use.
 * Each attempt makes its own orders under a fresh business name, so a retry starts clean.
 */
const YEAR = new Date().getUTCFullYear() + 1
const MONTH = 12

const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

/** A fresh day of the month made available, then sold by hand as a paid order; the order's id. */
async function sellFreshDay(page: Page, dayOfMonth: number, businessName: string, email: string) {
  const [day] = await makeDays(page, toIsoDate(YEAR, MONTH, dayOfMonth), toIsoDate(YEAR, MONTH, dayOfMonth))
  const order = await api<{ id: string }>(page, 'POST', '/api/admin/manual-orders', {
    businessName,
    email,
    dayId: (day as Day).id,
  })
  return order.id
}

/** A free day of the month for this attempt: one between the 10th and the 28th not sold yet. */
async function freeDayOfMonth(page: Page): Promise<number> {
  const { days } = await api<{ days: Array<Day & { status: string }> }>(
    page,
    'GET',
    `/api/admin/calendar-days?startDate=${toIsoDate(YEAR, MONTH, 10)}&endDate=${toIsoDate(YEAR, MONTH, 28)}`,
  )
  const taken = new Set(days.filter((d) => d.status !== 'available').map((d) => Number(d.date.slice(8))))
  const free = Array.from({ length: 19 }, (_, i) => i + 10).filter((d) => !taken.has(d))
  const pick = free[Math.floor(Math.random() * free.length)]
  if (pick === undefined) throw new Error('no free day left in the month')
  return pick
}

const orderRow = (page: Page, orderId: string) =>
  page
    .getByRole('row')
    .filter({ hasText: orderId })
    .filter({ has: page.getByRole('button', { name: `Lines of checkout ${orderId}` }) })

test('the admin opens on the month on sale, and on a phone on the list rather than the Initialize form', async ({
  page,
}) => {
  await signInAt(page, '/admin/calendar')
  // At least one mailing is on sale: this month's own (initialising its first day opens it).
  await makeDays(page, toIsoDate(YEAR, MONTH, 1), toIsoDate(YEAR, MONTH, 1))
  const monthShown = page.getByRole('combobox', { name: 'Month' })

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 })
    // Other specs open and close mailings meanwhile: the page must agree with the list read with it.
    await expect(async () => {
      await page.goto('/admin')
      const { open } = await api<PublicMailingsResponse>(page, 'GET', '/api/mailings')
      const onSale = parseYearMonthKey(open[0]?.month ?? '') as YearMonth
      await expect(monthShown).toHaveText(formatYearMonth(onSale))
    }).toPass()
    if (width === 375) {
      // The list comes first on a phone: the month and its days, with the Initialize form folded away.
      await expect(monthShown).toBeVisible()
      await expect(page.getByLabel('Start Date')).toBeHidden()
      const toggle = page.getByRole('button', { name: 'Initialize Date Range' })
      await expect(toggle).toHaveAttribute('aria-expanded', 'false')
      await expectNoAxeViolations(page)
      await toggle.click()
      await expect(page.getByLabel('Start Date')).toBeVisible()
      await expectNoAxeViolations(page)
    } else {
      await expect(page.getByLabel('Start Date')).toBeVisible()
    }
  }
})

test('Initialize refuses a past mailing in the form, and asks before making days free at $0', async ({
  page,
}) => {
  await signInAt(page, '/admin/calendar')
  const pastYear = new Date().getUTCFullYear() - 1
  const pastStart = toIsoDate(pastYear, 3, 17)
  const pastEnd = toIsoDate(pastYear, 3, 18)
  const closed = `The March ${pastYear} mailing is closed for sales, so its days cannot be made available. Choose dates of a mailing still on sale.`

  await page.getByLabel('Start Date').fill(pastStart)
  await page.getByLabel('End Date').fill(pastEnd)
  await page.getByRole('button', { name: 'Initialize Days' }).click()
  const form = page.getByRole('form', { name: 'Initialize Date Range' })
  await expect(form.getByRole('alert')).toHaveText(closed)
  await expect(page.getByLabel('Start Date')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByRole('alertdialog')).toHaveCount(0)
  await expectNoAxeViolations(page)
  // The server refuses it too, with the same words, and nothing was made.
  const refused = await page.evaluate(
    async (body) => {
      const response = await fetch('/api/admin/calendar-days/initialize', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      return { status: response.status, body: await response.json() }
    },
    { startDate: pastStart, endDate: pastEnd, price: 120 },
  )
  expect(refused.status).toBe(409)
  expect(refused.body.error.message).toBe(closed)
  const { days } = await api<{ days: Day[] }>(
    page,
    'GET',
    `/api/admin/calendar-days?startDate=${pastStart}&endDate=${pastEnd}`,
  )
  expect(days).toEqual([])

  // $0: the form says so at once, and the confirmation repeats it before anything is made.
  const free = toIsoDate(YEAR, MONTH, 30)
  await page.getByLabel('Start Date').fill(free)
  await page.getByLabel('End Date').fill(free)
  await expect(form.getByRole('alert')).toHaveCount(0)
  await page.getByLabel('Price', { exact: true }).fill('0')
  const zero = 'At $0 these days are free: a buyer pays nothing for them.'
  await expect(page.getByLabel('Price', { exact: true })).toHaveAccessibleDescription(zero)
  await page.getByRole('button', { name: 'Initialize Days' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Initialize Date Range' })
  await expect(confirm).toContainText(zero)
  await expectNoAxeViolations(page)
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(confirm).toBeHidden()
})

test('the bulk actions of the orders appear only once an order is selected', async ({ page }) => {
  const business = `Bulk Grocer ${stamp()}`
  await signInAt(page, '/admin/orders')
  const orderId = await sellFreshDay(page, await freeDayOfMonth(page), business, 'bulk@example.com')
  await page.reload()
  await expect(orderRow(page, orderId)).toBeVisible()
  await expect(page.getByText(/^Bulk actions \(\d+ selected\)$/)).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Delete Selected' })).toHaveCount(0)

  const select = page.getByRole('checkbox', { name: `Select checkout ${orderId}` })
  await select.check()
  await expect(page.getByText('Bulk actions (1 selected)')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Delete Selected' })).toBeVisible()
  await expectNoAxeViolations(page)
  await select.uncheck()
  await expect(page.getByRole('button', { name: 'Delete Selected' })).toHaveCount(0)
})

test("the refund dialog's reason field says the buyer will read it", async ({ page }) => {
  const business = `Refund Reader ${stamp()}`
  await signInAt(page, '/admin/orders')
  const orderId = await sellFreshDay(page, await freeDayOfMonth(page), business, 'reader@example.com')
  await page.reload()
  await page.getByRole('button', { name: `Details of checkout ${orderId}` }).click()
  await page
    .getByRole('dialog', { name: business })
    .getByRole('button', { name: 'Refund', exact: true })
    .click()
  const dialog = page.getByRole('dialog', { name: 'Refund', exact: true })
  const reason = dialog.getByLabel('Reason')
  await expect(dialog.getByText('The buyer will read this in their refund e-mail.')).toBeVisible()
  await expect(reason).toHaveAccessibleDescription('The buyer will read this in their refund e-mail.')
  await dialog.getByRole('checkbox', { name: 'E-mail the buyer' }).click()
  await expect(reason).toHaveAccessibleDescription(
    'Kept with the refund in the checkout; the buyer is not e-mailed.',
  )
  await expectNoAxeViolations(page)
  await dialog.getByRole('button', { name: 'Cancel' }).click()
})

test('an account without administrator access that signs in sees one message, not a welcome', async ({
  page,
}) => {
  // A removed administrator's account (or any other account) signs in but has no admin role. The e2e
  // site's only known password is E2E_ADMIN's, so the sign-in answer and the session are the server's
  // answers for such an account.
  let signedIn = false
  await page.route('**/api/me', (route) =>
    route.fulfill({
      json: signedIn
        ? { user: { id: 'removed-admin', email: 'removed@example.com', name: 'Removed' }, isAdmin: false }
        : { user: null, isAdmin: false },
    }),
  )
  await page.route('**/api/auth/sign-in/email', (route) => {
    signedIn = true
    return route.fulfill({ json: { redirect: false, token: 'x', user: { id: 'removed-admin' } } })
  })
  await page.route('**/api/auth/sign-out', (route) => {
    signedIn = false
    return route.fulfill({ json: { success: true } })
  })
  // Every text the page ever shows is noted: a toast is replaced by the next one (one at a time).
  await page.addInitScript(() => {
    const seen = new Set<string>()
    ;(window as unknown as { seenTexts: Set<string> }).seenTexts = seen
    new MutationObserver(() => {
      if (document.body?.textContent?.includes('Successfully signed in')) seen.add('Successfully signed in')
    }).observe(document, { childList: true, subtree: true, characterData: true })
  })
  await page.goto('/auth')
  await page.getByLabel('Email').fill('removed@example.com')
  await page.getByLabel('Password').fill('a-password-of-theirs')
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(
    page.getByText('You are signed in as removed@example.com, which has no administrator access.'),
  ).toBeVisible()
  // Signing out shows its toast: by then a welcome, had there been one, was shown first.
  await page.getByRole('button', { name: 'Sign Out' }).click()
  await expect(page.getByText('Successfully signed out', { exact: true }).first()).toBeVisible()
  const seen = await page.evaluate(() => [...(window as unknown as { seenTexts: Set<string> }).seenTexts])
  expect(seen, 'a welcome toast was shown beside the refusal').toEqual([])
})

/** An address of exactly 60 characters, unique to this attempt. */
function longAddress(): string {
  const domain = '@example-flower-and-garden-shop.com'
  const local = `florist.${stamp()}`.padEnd(60 - domain.length, 'x')
  return `${local}${domain}`
}

async function lineHeights(locator: Locator) {
  return locator.evaluate((el) => ({
    height: el.getBoundingClientRect().height,
    line: Number.parseFloat(getComputedStyle(el).lineHeight),
  }))
}

for (const width of [1280, 375]) {
  test(`a 60-character e-mail address stays on one line in the orders table at ${width} px, whole on hover and focus`, async ({
    page,
  }) => {
    const business = `Long Address ${stamp()}`
    const email = longAddress()
    expect(email).toHaveLength(60)
    await page.setViewportSize({ width, height: 900 })
    await signInAt(page, '/admin/orders')
    const orderId = await sellFreshDay(page, await freeDayOfMonth(page), business, email)
    await page.reload()
    const row = orderRow(page, orderId)
    await expect(row).toBeVisible()
    const text = row.getByText(email, { exact: true })
    await expect(text).toBeVisible()
    const { height, line } = await lineHeights(text)
    expect(height, 'the address is on one line').toBeLessThan(line * 1.5)
    // The mouse gets the whole address as the title; the text is cut with an ellipsis.
    const address = row.getByTitle(email)
    await expect(address).toHaveCSS('text-overflow', 'ellipsis')
    const box = await address.boundingBox()
    expect((box?.x ?? 0) + (box?.width ?? 0), 'the address ends on screen').toBeLessThanOrEqual(width)

    // The keyboard reaches it, and focus shows the whole address.
    await address.focus()
    await expect(address).toBeFocused()
    const tooltip = page.getByRole('tooltip')
    await expect(tooltip).toHaveText(email)
    await expect(tooltip).toBeInViewport({ ratio: 1 })
    await expectNoAxeViolations(page)
    await page.keyboard.press('Escape')
    await expect(tooltip).toBeHidden()
  })
}
