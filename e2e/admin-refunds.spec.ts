import { expect, type Page } from '@playwright/test'
import { toIsoDate } from '#shared/dates.ts'
import { formatDayDate } from '#shared/format.ts'
import { api, type Day, makeDays } from './admin-api.ts'
import { expectNoAxeViolations, signInAt, test, toastText } from './fixtures.ts'

/**
 * Refunds: a paid cart of two days is refunded from the checkout's drawer, one line first, then
 * the rest. The admin site runs the local test checkout, so each refund is issued at once and its day is
 * for sale again. September two years ahead, a month no other spec uses; each attempt buys fresh days
 * under a fresh business name, so a retry starts clean.
 */

const YEAR = new Date().getUTCFullYear() + 2
const MONTH = `${YEAR}-09`

type PublicDay = { id: string; date: string; status: string }

const publicMonth = async (page: Page) =>
  (await api<{ days: PublicDay[] }>(page, 'GET', `/api/calendar-days?month=${MONTH}`)).days

/** Days of the month still for sale (an earlier attempt may have bought some). */
async function freshDays(page: Page, count: number): Promise<Day[]> {
  const days = await makeDays(page, toIsoDate(YEAR, 9, 1), toIsoDate(YEAR, 9, 28))
  const available = new Set(
    (await publicMonth(page)).filter((d) => d.status === 'available').map((d) => d.id),
  )
  const fresh = days.filter((d) => available.has(d.id)).slice(0, count)
  if (fresh.length < count) throw new Error(`fewer than ${count} days of ${MONTH} are still for sale`)
  return fresh
}

/**
 * The buyer's cart of two fresh days. Another worker may take the same days first: the checkout then
 * answers 409 and the next fresh days are tried.
 */
async function buyTwoDays(page: Page, business: string) {
  for (let attempt = 1; ; attempt++) {
    const [first, second] = (await freshDays(page, 2)) as [Day, Day]
    const answer = await page.evaluate(
      async (body) => {
        const response = await fetch('/api/functions/create-cart-checkout-session', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
        return { status: response.status, body: await response.json() }
      },
      {
        businessName: business,
        email: 'refund-e2e@example.com',
        calendarDayIds: [first.id, second.id],
        mapIconId: null,
        discount: 10,
      },
    )
    if (answer.status === 200) return { first, second, sessionUrl: answer.body.sessionUrl as string }
    if (answer.status !== 409 || attempt === 3) throw new Error(`checkout: ${JSON.stringify(answer)}`)
  }
}

const publicStatus = async (page: Page, id: string) =>
  (await publicMonth(page)).find((d) => d.id === id)?.status

test('refund one line, then the rest of a paid cart: confirmed with a reason, issued, days for sale again', async ({
  page,
}) => {
  await signInAt(page, '/admin/orders')
  const business = `Harbor Deli ${Date.now().toString(36).slice(-5)}`
  const { first, second, sessionUrl } = await buyTwoDays(page, business)
  const checkoutKey = sessionUrl.split('/').pop() as string
  await page.goto(sessionUrl)
  await page.getByRole('button', { name: 'Pay' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Thank You!' })).toBeVisible()
  expect(await publicStatus(page, first.id)).toBe('reserved')

  await page.goto('/admin/orders')
  await page.getByRole('button', { name: `Details of checkout ${checkoutKey}` }).click()
  const drawer = page.getByRole('dialog', { name: business })
  await drawer.getByRole('button', { name: 'Refund', exact: true }).click()

  // The confirmation: both paid lines checked, the buyer e-mailed; the reason is required.
  const dialog = page.getByRole('dialog', { name: 'Refund', exact: true })
  const firstLine = dialog.getByRole('checkbox', { name: new RegExp(formatDayDate(first.date)) })
  const secondLine = dialog.getByRole('checkbox', { name: new RegExp(formatDayDate(second.date)) })
  await expect(firstLine).toBeChecked()
  await expect(secondLine).toBeChecked()
  await expect(dialog.getByRole('checkbox', { name: 'E-mail the buyer' })).toBeChecked()
  await expectNoAxeViolations(page)
  const whole = (await dialog.getByRole('status', { name: 'Amount' }).textContent()) ?? ''
  await dialog.getByRole('button', { name: `Refund ${whole}` }).click()
  await expect(dialog.getByText('Please give a reason for the refund.')).toBeVisible()

  // Per line: only the second day.
  await firstLine.click()
  await expect(firstLine).not.toBeChecked()
  const lineAmount = (await dialog.getByRole('status', { name: 'Amount' }).textContent()) ?? ''
  expect(lineAmount).not.toBe(whole)
  await dialog.getByLabel('Reason').fill('Booked the wrong day')
  await dialog.getByRole('button', { name: `Refund ${lineAmount}` }).click()
  await expect(toastText(page, `Refund of ${lineAmount} issued.`)).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(drawer.getByText('Booked the wrong day', { exact: false })).toBeVisible()
  expect(await publicStatus(page, second.id)).toBe('available')
  expect(await publicStatus(page, first.id)).toBe('reserved')

  // The rest of the checkout: only the first day is still offered.
  await drawer.getByRole('button', { name: 'Refund', exact: true }).click()
  await expect(dialog.getByRole('checkbox', { name: new RegExp(formatDayDate(second.date)) })).toHaveCount(0)
  await expect(firstLine).toBeChecked()
  await dialog.getByLabel('Reason').fill('Closed for the season')
  await dialog.getByRole('checkbox', { name: 'E-mail the buyer' }).click()
  const rest = (await dialog.getByRole('status', { name: 'Amount' }).textContent()) ?? ''
  await dialog.getByRole('button', { name: `Refund ${rest}` }).click()
  await expect(toastText(page, `Refund of ${rest} issued.`)).toBeVisible()
  await expect(drawer.getByRole('button', { name: 'Refund', exact: true })).toBeDisabled()
  await expect(drawer.getByText('Nothing to refund: no line of this checkout is paid.')).toBeVisible()
  expect(await publicStatus(page, first.id)).toBe('available')
})
