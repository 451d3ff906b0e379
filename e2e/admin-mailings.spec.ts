import { expect, type Locator, type Page } from '@playwright/test'
import type { AdminEmailsResponse } from '#shared/admin-communication.ts'
import { addMonths, daysInMonth, toIsoDate } from '#shared/dates.ts'
import type { CalendarMonthResponse } from '#shared/dto.ts'
import { formatDayDate, formatPrice, MONTH_NAMES } from '#shared/format.ts'
import {
  DEFAULT_MAILING_DEFAULTS,
  type MailingOverviewResponse,
  type MonthKey,
  mailingMonthLabel,
  parseMonthKey,
  toMonthKey,
} from '#shared/mailings.ts'
import { api, type Day, makeDays } from './admin-api.ts'
import { expectNoAxeViolations, signInAt, test, toastText } from './fixtures.ts'

/**
 * The owner's view of the monthly mailings. The overview lists the mailings of the last 3 and the
 * next 12 months only (the town's current month and the next 11), so these tests need months inside that
 * window, which moves with the calendar. The window is this spec's: every other spec on the admin server
 * keeps to two years ahead, which the window never reaches (see `ownMonth` for the one exception).
 *
 * Each test makes its own mailing, by initialising days of a month that has no mailing yet, so a retry (a
 * month the first attempt closed, printed or sold in) starts clean on a fresh month. New mailings take the
 * default dates (14 days before the month at the town's midnight, artwork 3 days later, in homes on the
 * 1st), which no admin spec changes.
 */

/** The tests below share the window's free months, each month belonging to one test (slot) for good. */
const SLOTS = 3

/**
 * A month of the overview window whose mailing this test (`slot` of SLOTS) makes now: one that has no
 * mailing yet and whose mailing will be created open (its default sales close is after the town's today).
 * Left out: the first start's seed (the first three months still open for sale, re-derived from today as
 * src/server/db/seed.ts's openMonthsFrom does), and this year's June, which e2e/admin-usability.spec.ts
 * sets as a default month "nobody opens days in" when it runs in January. That leaves 6 to 8 months, at
 * least two per test (slots go by month number, so parallel tests never pick the same one): a first
 * attempt and a retry.
 */
async function ownMonth(page: Page, slot: number): Promise<MonthKey> {
  const overview = await api<MailingOverviewResponse>(page, 'GET', '/api/admin/mailings')
  const { today } = await api<CalendarMonthResponse>(
    page,
    'GET',
    `/api/calendar-days?month=${overview.currentMonth}`,
  )
  if (!today) throw new Error('GET /api/calendar-days answered no town date')
  const { year, month } = parseMonthKey(overview.currentMonth)
  const openForSale = Array.from({ length: 12 }, (_, offset) => addMonths(year, month, offset))
    .map((m) => toMonthKey(m.year, m.month))
    .filter((key) => defaultDates(key).salesClose > today)
  const usabilityDefault = toMonthKey(new Date().getUTCFullYear(), 6)
  const candidates = openForSale
    .slice(3)
    .filter((key) => key !== usabilityDefault)
    .filter((key) => monthIndex(key) % SLOTS === slot)
  const taken = new Set(overview.rows.map((row) => row.month))
  const fresh = candidates.find((key) => !taken.has(key))
  if (!fresh) throw new Error(`No month left without a mailing for this test among ${candidates.join(', ')}`)
  return fresh
}

const monthIndex = (key: MonthKey) => parseMonthKey(key).year * 12 + parseMonthKey(key).month - 1

/** A date `days` after the ISO date (negative: before). */
function shiftDate(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
}

/** A new mailing's dates from the defaults, as the town's dates (the times are midnight). */
function defaultDates(key: MonthKey) {
  const { year, month } = parseMonthKey(key)
  const first = toIsoDate(year, month, 1)
  const salesClose = shiftDate(first, -DEFAULT_MAILING_DEFAULTS.salesCloseDaysBefore)
  return {
    salesClose,
    artworkDue: shiftDate(salesClose, DEFAULT_MAILING_DEFAULTS.artworkDueDaysAfterClose),
    inHomes: toIsoDate(year, month, DEFAULT_MAILING_DEFAULTS.inHomesDay),
  }
}

/** How the overview writes a town date: 'Sep 17, 2027'. */
/**
 * A deadline as the server words it (deadlineText) at `time` ('11:59 PM') on `date`, the zone EST or EDT
 * by the date: 'Thursday, December 17, 11:59 PM (EST)'. A midnight deadline is worded as the day before.
 */
function deadlineWords(date: string, time: string): RegExp {
  const day = formatDayDate(date).replace(/, \d{4}$/, '')
  return new RegExp(`^${day}, ${time} \\(E[SD]T\\)$`)
}
const midnightWords = (date: string) => deadlineWords(shiftDate(date, -1), '11:59 PM')

function shortDate(date: string): string {
  const { year, month } = parseMonthKey(date.slice(0, 7))
  return `${MONTH_NAMES[month - 1]?.slice(0, 3)} ${Number(date.slice(8, 10))}, ${year}`
}

/**
 * The month's row. Below 768 px its header cell's name starts with the card label 'Month' (CSS generated
 * content counts in an accessible name), so the name is matched at its end.
 */
function mailingRow(page: Page, month: string): Locator {
  return page
    .getByRole('region', { name: 'Mailings', exact: true })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(`(^|\\s)${month}$`) }) })
}

/** The row's cells after the month: Status, Sales close, Artwork due, In homes, Days, Icons sold, Revenue, Actions. */
const cell = (row: Locator, index: number) => row.getByRole('cell').nth(index)

async function expectNoSideways(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(0)
}

test('a new mailing shows what sold, the chart table has its month, and the page passes axe at 375 and 1280 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await signInAt(page, '/admin/mailings')
  const month = await ownMonth(page, 0)
  const label = mailingMonthLabel(month)
  const { year, month: m } = parseMonthKey(month)
  const dates = defaultDates(month)
  const days = await makeDays(page, toIsoDate(year, m, 1), toIsoDate(year, m, 5))
  await api(page, 'POST', '/api/admin/manual-orders', {
    businessName: `Mailing Bakery ${Date.now()}`,
    email: 'owner@example.com',
    dayId: (days[0] as Day).id,
  })
  await page.reload()

  const row = mailingRow(page, label)
  await expect(cell(row, 0)).toHaveText('Open')
  // The default deadlines are the town's midnight: worded as the end of the day before.
  await expect(cell(row, 1)).toHaveText(midnightWords(dates.salesClose))
  await expect(cell(row, 2)).toHaveText(midnightWords(dates.artworkDue))
  await expect(cell(row, 3)).toHaveText(shortDate(dates.inHomes))
  await expect(cell(row, 4)).toHaveText(`1 sold, 0 held, 4 free, ${daysInMonth(year, m) - 5} not set up`)
  await expect(cell(row, 5)).toHaveText('0 regular, 0 premium')
  await expect(cell(row, 6)).toHaveText('$120')
  await expect(row.getByRole('button')).toHaveText([
    `Close sales now for ${label}`,
    `Edit dates for ${label}`,
    `Icon stock for ${label}`,
    `Offers for ${label}`,
    `Scans for ${label}`,
    `E-mail waitlist for ${label}`,
    `E-mail advertisers for ${label}`,
  ])

  await expect(page.getByRole('img', { name: /^Days and revenue per mailing, / })).toBeVisible()
  await page.getByRole('button', { name: 'Show data table' }).click()
  const table = page.getByRole('table', { name: 'Next 12 months' })
  const chartRow = table
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: label, exact: true }) })
  await expect(chartRow.getByRole('cell')).toHaveText(['1', '0', '4', '$120'])
  await expect(page.getByRole('button', { name: 'Hide data table' })).toHaveAttribute('aria-expanded', 'true')
  await expectNoAxeViolations(page)

  await row.getByRole('button', { name: `Edit dates for ${label}` }).click()
  await expect(page.getByRole('dialog', { name: 'Edit Dates' })).toBeVisible()
  await expectNoAxeViolations(page)
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog', { name: 'Edit Dates' })).toBeHidden()

  await page.setViewportSize({ width: 375, height: 800 })
  await expect(cell(row, 4)).toBeVisible()
  await expectNoSideways(page)
  await expectNoAxeViolations(page)
  await row.getByRole('button', { name: `Icon stock for ${label}` }).click()
  const stock = page.getByRole('dialog', { name: 'Icon Stock' })
  await expect(stock.getByLabel('Quantity of Map Icon', { exact: true })).toBeVisible()
  await expectNoAxeViolations(page)
  await page.keyboard.press('Escape')
  await row.getByRole('button', { name: `Close sales now for ${label}` }).click()
  await expect(page.getByRole('alertdialog', { name: 'Close Sales Now' })).toBeVisible()
  await expectNoAxeViolations(page)
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click()
  await expect(cell(row, 0)).toHaveText('Open')
})

test('Close sales now, then Mark printed, then Mark mailed, each after a confirmation; mailed e-mails the buyer', async ({
  page,
}) => {
  await signInAt(page, '/admin/mailings')
  const month = await ownMonth(page, 1)
  const label = mailingMonthLabel(month)
  const { year, month: m } = parseMonthKey(month)
  const [day] = await makeDays(page, toIsoDate(year, m, 2), toIsoDate(year, m, 3))
  const email = `mailed-${Date.now()}@example.com`
  const business = `Mailed Bakery ${Date.now()}`
  await api(page, 'POST', '/api/admin/manual-orders', {
    businessName: business,
    email,
    dayId: (day as Day).id,
  })
  await page.reload()
  const row = mailingRow(page, label)
  await expect(cell(row, 0)).toHaveText('Open')

  await row.getByRole('button', { name: `Close sales now for ${label}` }).click()
  const close = page.getByRole('alertdialog', { name: 'Close Sales Now' })
  await expect(close).toContainText(
    `Close sales for the ${label} mailing now? Buyers can no longer order its days or map icons.`,
  )
  await close.getByRole('button', { name: 'Close Sales' }).click()
  await expect(toastText(page, `The ${label} mailing is closed for sales.`)).toBeVisible()
  await expect(cell(row, 0)).toHaveText('Sales closed')
  await expect(row.getByRole('button')).toHaveText([
    `Reopen for ${label}`,
    `Mark printed for ${label}`,
    `Edit dates for ${label}`,
    `Icon stock for ${label}`,
    `Offers for ${label}`,
    `Scans for ${label}`,
    `E-mail advertisers for ${label}`,
  ])

  // The day has no artwork yet: the confirmation lists it and asks to mark printed anyway.
  const markPrinted = row.getByRole('button', { name: `Mark printed for ${label}` })
  await markPrinted.click()
  const printed = page.getByRole('alertdialog', { name: 'Mark Printed' })
  await expect(printed).toContainText(
    `Some artwork of the ${label} mailing is missing or not approved: these lines would print without it, or with artwork you have not approved. Mark it printed anyway?`,
  )
  const notReady = printed.getByRole('region', { name: 'Artwork not ready' })
  await expect(notReady.getByRole('heading', { name: 'Missing artwork', exact: true })).toBeVisible()
  await expect(notReady.getByRole('listitem')).toHaveText([
    `${formatDayDate((day as Day).date)} · ${business} · Missing`,
  ])
  await expect(printed.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await expectNoAxeViolations(page)
  await page.setViewportSize({ width: 375, height: 800 })
  await expectNoAxeViolations(page)
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.keyboard.press('Escape')
  await expect(printed).toBeHidden()
  await expect(markPrinted).toBeFocused()
  await expect(cell(row, 0)).toHaveText('Sales closed')

  await page.keyboard.press('Enter')
  await expect(printed.getByRole('button', { name: 'Cancel' })).toBeFocused()
  // The dialog reads the unready lines afresh; its confirm button is disabled (and skipped by Tab) until then.
  await expect(printed.getByRole('button', { name: 'Mark printed anyway' })).toBeEnabled()
  await page.keyboard.press('Tab')
  await expect(printed.getByRole('button', { name: 'Mark printed anyway' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(toastText(page, `The ${label} mailing is marked printed.`)).toBeVisible()
  await expect(cell(row, 0)).toHaveText('Printed')
  // The button that made the move is gone; focus is on the next step, not lost to the page.
  await expect(row.getByRole('button', { name: `Mark mailed for ${label}` })).toBeFocused()
  await expect(row.getByRole('button')).toHaveText([
    `Mark mailed for ${label}`,
    `Edit dates for ${label}`,
    `Icon stock for ${label}`,
    `Offers for ${label}`,
    `Scans for ${label}`,
    `E-mail advertisers for ${label}`,
  ])
  // Printed tells the buyers nothing yet. The offer round, a timed task, may meanwhile hold this buyer's
  // spots in the next mailing and e-mail them so: that message is the offers' own, not this mailing's.
  const toBuyer = async () =>
    (
      await api<AdminEmailsResponse>(page, 'GET', `/api/admin/emails?q=${encodeURIComponent(email)}`)
    ).emails.filter((e) => e.kind !== 'offer')
  expect(await toBuyer()).toEqual([])

  await row.getByRole('button', { name: `Mark mailed for ${label}` }).click()
  const mailed = page.getByRole('alertdialog', { name: 'Mark Mailed' })
  await expect(mailed).toContainText(
    `Mark the ${label} mailing as mailed? Each buyer with paid orders in it is e-mailed that their postcard is on its way.`,
  )
  await mailed.getByRole('button', { name: 'Mark Mailed' }).click()
  await expect(toastText(page, `The ${label} mailing is marked mailed. 1 buyer e-mailed.`)).toBeVisible()
  await expect(cell(row, 0)).toHaveText('Mailed')
  expect((await toBuyer()).map((e) => e.subject)).toEqual([
    `Your postcard is on its way: in homes by ${formatDayDate(defaultDates(month).inHomes)}`,
  ])
})

test('Edit dates saves the changed dates and shows a refused one under its field; icon stock never goes below what is claimed', async ({
  page,
}) => {
  await signInAt(page, '/admin/mailings')
  const month = await ownMonth(page, 2)
  const label = mailingMonthLabel(month)
  const { year, month: m } = parseMonthKey(month)
  const { salesClose } = defaultDates(month)
  await makeDays(page, toIsoDate(year, m, 1), toIsoDate(year, m, 3))
  const { icons } = await api<{ icons: Array<{ id: string; name: string; price: number }> }>(
    page,
    'GET',
    '/api/admin/map-icons',
  )
  const icon = icons.find((i) => i.name === 'Map Icon')
  expect(icon, 'the seeded Map Icon').toBeDefined()
  if (!icon) return
  await api(page, 'POST', '/api/admin/manual-map-icon-orders', {
    businessName: `Mailing Florist ${Date.now()}`,
    email: 'owner@example.com',
    iconId: icon.id,
    month,
  })
  await page.reload()
  const row = mailingRow(page, label)
  await expect(cell(row, 5)).toHaveText('1 regular, 0 premium')
  await expect(cell(row, 6)).toHaveText(formatPrice(icon.price))

  // Edit dates: the artwork deadline may not come before sales close (the default, at the town's midnight).
  const artworkDue = shiftDate(salesClose, 7)
  const inHomes = toIsoDate(year, m, 5)
  await row.getByRole('button', { name: `Edit dates for ${label}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit Dates' })
  await expect(dialog.getByLabel('Sales close', { exact: true })).toHaveValue(`${salesClose}T00:00`)
  await dialog.getByLabel('Artwork due', { exact: true }).fill(`${shiftDate(salesClose, -8)}T09:00`)
  await dialog.getByRole('button', { name: 'Save Dates' }).click()
  await expect(dialog.getByText('The artwork deadline cannot come before sales close.')).toBeVisible()
  await expect(dialog.getByLabel('Artwork due', { exact: true })).toHaveAttribute('aria-invalid', 'true')
  await dialog.getByLabel('Artwork due', { exact: true }).fill(`${artworkDue}T17:00`)
  await dialog.getByLabel('In homes', { exact: true }).fill(inHomes)
  await dialog.getByRole('button', { name: 'Save Dates' }).click()
  // The icon's buyer is told: its artwork (none yet) is now due later, and it is in homes later.
  await expect(
    toastText(page, `The ${label} mailing's dates are saved. 1 buyer e-mailed the new dates.`),
  ).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(cell(row, 1)).toHaveText(midnightWords(salesClose))
  await expect(cell(row, 2)).toHaveText(deadlineWords(artworkDue, '5:00 PM'))
  await expect(cell(row, 3)).toHaveText(shortDate(inHomes))

  // Icon stock: one Map Icon is sold in this mailing, so 0 is refused under the field; 7 is saved.
  await row.getByRole('button', { name: `Icon stock for ${label}` }).click()
  const stock = page.getByRole('dialog', { name: 'Icon Stock' })
  const quantity = stock.getByLabel('Quantity of Map Icon', { exact: true })
  await expect(stock.getByText(`Regular · ${formatPrice(icon.price)} · 1 claimed · `)).toBeVisible()
  await quantity.fill('0')
  await stock.getByRole('button', { name: 'Save quantity of Map Icon' }).click()
  await expect(
    stock.getByText(
      `1 unit is already sold or held in the ${label} mailing: the stock cannot go below that.`,
    ),
  ).toBeVisible()
  await expect(quantity).toHaveAttribute('aria-invalid', 'true')
  await quantity.fill('7')
  await stock.getByRole('button', { name: 'Save quantity of Map Icon' }).click()
  await expect(toastText(page, `Map Icon: 7 for the ${label} mailing.`)).toBeVisible()
  await expect(
    stock.getByText(`Regular · ${formatPrice(icon.price)} · 1 claimed · 6 available`),
  ).toBeVisible()
  await expect(quantity).toHaveValue('7')
  await expect(quantity).not.toHaveAttribute('aria-invalid', 'true')
})
