import { expect, type Page } from '@playwright/test'
import type { SellableDaysResponse } from '#shared/admin-orders.ts'
import { toIsoDate } from '#shared/dates.ts'
import { formatDayDate } from '#shared/format.ts'
import { api, makeDays } from './admin-api.ts'
import { expectNoAxeViolations, signInAt, test, toastText } from './fixtures.ts'

/**
 * Manual orders: the owner finds a day by typing, books it as a free non-profit feature awaiting
 * payment, and e-mails the buyer. Runs on the admin specs' site in May two years ahead (from the 12th), days no other
 * spec uses; each attempt takes the first day still for sale under a fresh business name, so a retry starts
 * clean.
 */

const YEAR = new Date().getUTCFullYear() + 2
const MONTH = `${YEAR}-05`

async function sellableDays(page: Page, q: string) {
  const answer = await api<SellableDaysResponse>(
    page,
    'GET',
    `/api/admin/manual-orders/sellable-days?q=${encodeURIComponent(q)}`,
  )
  return answer.mailings.flatMap((m) => m.days)
}

/**
 * The first day from the 12th still for sale (an earlier attempt may have sold some). The days before are
 * left alone: e2e/admin-usability.spec.ts creates and sells May 9 of the same year.
 */
async function freshDay(page: Page) {
  await makeDays(page, toIsoDate(YEAR, 5, 12), toIsoDate(YEAR, 5, 28))
  const day = (await sellableDays(page, MONTH)).find((d) => d.date >= toIsoDate(YEAR, 5, 12))
  if (!day) throw new Error(`no day of ${MONTH} is still for sale`)
  return day
}

test('search a day by typing, book it as a free feature awaiting payment with an e-mail; axe-clean at 1280 and 375', async ({
  page,
}) => {
  await signInAt(page, '/admin/manual-orders')
  const day = await freshDay(page)
  const dayOfMonth = Number(day.date.slice(8, 10))
  const optionName = `${formatDayDate(day.date)} ($120)`
  const business = `Food Bank ${Date.now().toString(36).slice(-5)}`

  await page.getByLabel('Business Name').fill(business)
  await page.getByLabel('Email').fill('food-bank@example.com')

  // Typing a month lists that mailing's days under its name.
  const picker = page.getByRole('combobox', { name: 'Day' })
  await picker.fill(`May ${YEAR}`)
  const listbox = page.getByRole('listbox', { name: 'Days for sale' })
  await expect(listbox.getByRole('group', { name: `May ${YEAR} mailing` })).toBeVisible()
  await expect(listbox.getByRole('option', { name: optionName, exact: true })).toBeVisible()
  await expectNoAxeViolations(page)

  // Typing the date narrows it to that day; the keyboard chooses it.
  await picker.fill(`May ${dayOfMonth} ${YEAR}`)
  await expect(listbox.getByRole('option')).toHaveText([optionName])
  await picker.press('ArrowDown')
  await expect(listbox.getByRole('option', { name: optionName, exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  )
  await picker.press('Enter')
  await expect(listbox).toBeHidden()
  await expect(picker).toHaveValue(optionName)
  const amount = page.getByRole('textbox', { name: 'Amount' })
  await expect(amount).toHaveValue('120')

  await page.getByRole('checkbox', { name: 'Free feature (non-profit)' }).check()
  await expect(amount).toHaveValue('0')
  await expect(amount).toBeDisabled()
  await page.getByRole('radio', { name: 'Pending (awaiting payment)' }).check()
  await page.getByRole('checkbox', { name: 'Send a confirmation e-mail to the buyer' }).check()
  await page.getByRole('button', { name: 'Create Order' }).click()
  await expect(toastText(page, 'Order Created')).toBeVisible()
  await expect(
    page
      .getByText(
        /^Order ORD-\d{5} has been created and marked pending \(awaiting payment\)\. A confirmation e-mail to the buyer is queued\.$/,
      )
      .first(),
  ).toBeVisible()
  // The form starts over, and the day is no longer offered: the pending order holds it.
  await expect(picker).toHaveValue('')
  expect((await sellableDays(page, MONTH)).map((d) => d.id)).not.toContain(day.id)

  await page.setViewportSize({ width: 375, height: 800 })
  await picker.fill(`May ${YEAR}`)
  await expect(listbox.getByRole('group', { name: `May ${YEAR} mailing` })).toBeVisible()
  await expectNoAxeViolations(page)
  await picker.press('Escape')
  await expect(listbox).toBeHidden()
  await expectNoAxeViolations(page)
})
