import fs from 'node:fs'
import path from 'node:path'
import { expect, type Page } from '@playwright/test'
import { CART_STORAGE_KEY } from '#client/features/cart/cart-store.ts'
import { formatYearMonth, type YearMonth } from '#shared/calendar-months.ts'
import type {
  AvailableMonthsResponse,
  BlogPostDto,
  CalendarDayDto,
  CalendarMonthResponse,
} from '#shared/dto.ts'
import { formatDayDate } from '#shared/format.ts'
import { CLAIMS_DIR_ENV, E2E_ADMIN, expectNoAxeViolations } from './fixtures.ts'

/** The seeded server opens the current month and the next two. */
export async function availableMonths(page: Page): Promise<YearMonth[]> {
  const response = await page.request.get('/api/calendar-days/available-months')
  expect(response.ok()).toBe(true)
  return ((await response.json()) as AvailableMonthsResponse).months
}

export async function daysOf(page: Page, month: YearMonth): Promise<CalendarDayDto[]> {
  const key = `${month.year}-${String(month.month).padStart(2, '0')}`
  const response = await page.request.get(`/api/calendar-days?month=${key}`)
  expect(response.ok()).toBe(true)
  return ((await response.json()) as CalendarMonthResponse).days
}

/** Which of the open months: its place in the month list (0 the first), or the last one. */
export type OpenMonth = number | 'last'

export async function openMonth(page: Page, which: OpenMonth): Promise<YearMonth> {
  const months = await availableMonths(page)
  const month = which === 'last' ? months.at(-1) : months[which]
  if (!month) throw new Error(`no open month ${which} (the site has ${months.length})`)
  return month
}

/**
 * How a test uses the days it claims: `take` holds, buys or changes them on the server (no other test may
 * claim them at all); `look` only looks at them and puts them in its own cart in the browser (other lookers
 * may share them, a taker may not take them).
 */
export type ClaimMode = 'take' | 'look'

/**
 * Claims a day: a hard link named by the day's id, made in the run's claims folder to a file that says how
 * the day is used. A link is made whole or not at all, so across Playwright's worker processes no two tests
 * (nor a retry and the attempt before it) ever take the same day, and no day looked at is taken.
 */
function claim(day: CalendarDayDto, mode: ClaimMode): boolean {
  const dir = process.env[CLAIMS_DIR_ENV]
  if (!dir) throw new Error(`${CLAIMS_DIR_ENV} is not set: e2e/global-setup.ts makes the claims folder`)
  const target = path.join(dir, day.id)
  // The file of each mode is written by e2e/global-setup.ts before any test runs.
  const source = path.join(dir, `${mode}.mode`)
  try {
    fs.linkSync(source, target)
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    return mode === 'look' && fs.readFileSync(target, 'utf8') === 'look'
  }
}

/**
 * Days of an open month that are for sale and that no other test of the run has taken, claimed for this
 * test (claim, in `mode`): `count` of them in date order, each one that `fits` (it sees the month's days too). `'any'` looks
 * in the last open month first, then the earlier ones, so the tests that do not care spread over them all.
 */
export async function claimDays(
  page: Page,
  mode: ClaimMode,
  which: OpenMonth | 'any',
  count: number,
  fits: (day: CalendarDayDto, days: CalendarDayDto[]) => boolean = () => true,
): Promise<{ month: YearMonth; days: CalendarDayDto[] }> {
  return claimGroup(page, mode, which, (day, days) => (fits(day, days) ? [day.date] : null), count)
}

/**
 * A group of days taken together: `group` names, for a day of the month, the dates the test needs with it
 * (that day's first), or null; the first day whose dates are all for sale and free of other tests' claims
 * is taken with them. `times` groups are taken, their days returned in the order taken.
 */
export async function claimGroup(
  page: Page,
  mode: ClaimMode,
  which: OpenMonth | 'any',
  group: (day: CalendarDayDto, days: CalendarDayDto[]) => string[] | null,
  times = 1,
): Promise<{ month: YearMonth; days: CalendarDayDto[] }> {
  const months = await availableMonths(page)
  const candidates = which === 'any' ? [...months].reverse() : [await openMonth(page, which)]
  for (const month of candidates) {
    const all = await daysOf(page, month)
    const byDate = new Map(all.map((d) => [d.date, d]))
    const taken: CalendarDayDto[] = []
    let groups = 0
    for (const day of all) {
      if (groups === times) break
      const dates = group(day, all)
      const days = dates?.map((date) => byDate.get(date))
      if (!days || days.some((d) => d?.status !== 'available')) continue
      // Claimed one by one: a day another test took meanwhile ends this group (its days taken so far stay
      // taken, by nobody) and the next day is tried.
      const mine: CalendarDayDto[] = []
      for (const d of days as CalendarDayDto[]) {
        if (!claim(d, mode)) break
        mine.push(d)
      }
      if (mine.length === days.length) {
        taken.push(...mine)
        groups++
      }
    }
    if (groups === times) return { month, days: taken }
  }
  throw new Error(
    `no ${times} free group(s) of days left in ${candidates.map(formatYearMonth).join(', ')} for this test`,
  )
}

/** One day of an open month taken for this test (claimDays). */
export async function claimDay(
  page: Page,
  mode: ClaimMode,
  which: OpenMonth | 'any',
  fits?: (day: CalendarDayDto, days: CalendarDayDto[]) => boolean,
): Promise<{ month: YearMonth; day: CalendarDayDto }> {
  const { month, days } = await claimDays(page, mode, which, 1, fits)
  return { month, day: days[0] as CalendarDayDto }
}

/** The month an ISO date (YYYY-MM-DD) is in. */
export function monthOfDate(date: string): YearMonth {
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) }
}

/** The date `n` days after an ISO date (YYYY-MM-DD). */
export function daysAfter(date: string, n: number): string {
  const next = new Date(`${date}T00:00:00Z`)
  next.setUTCDate(next.getUTCDate() + n)
  return next.toISOString().slice(0, 10)
}

/** Shows `month` in the calendar through the month dropdown. */
export async function showMonth(page: Page, month: YearMonth) {
  const label = formatYearMonth(month)
  const selector = page.getByRole('combobox', { name: 'Month' })
  await expect(selector).toBeEnabled()
  await selector.click()
  await page.getByRole('option', { name: label, exact: true }).click()
  await expect(selector).toHaveText(label)
}

/** A day cell: its accessible name starts with the long date (e.g. 'Monday, December 1, 2026 — $120, available'). */
export function dayCell(page: Page, date: string) {
  return page.getByRole('button', { name: new RegExp(`^${formatDayDate(date)} — `) })
}

export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
}

export const PHONE = { width: 375, height: 800 }
export const DESKTOP = { width: 1280, height: 900 }

/** No sideways scroll and no axe violation at 375 and at 1280 px; the page is left at 375 px. */
export async function expectCleanAtBothWidths(page: Page) {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport)
    await expectNoHorizontalScroll(page)
    await expectNoAxeViolations(page)
  }
  await page.setViewportSize(PHONE)
}

/** Signs the page's context in as the e2e admin and creates a post through the admin API. */
export async function createPost(
  page: Page,
  baseURL: string,
  data: { title: string; content: string; author?: string; isPublished: boolean },
): Promise<BlogPostDto> {
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    data: E2E_ADMIN,
    headers: { origin: baseURL },
  })
  expect(signIn.ok()).toBe(true)
  const response = await page.request.post('/api/admin/blog-posts', { data, headers: { origin: baseURL } })
  expect(response.status()).toBe(201)
  return (await response.json()) as BlogPostDto
}

/** Fills the cart the way the site stores it (localStorage), from a page of the site, with these days. */
export async function storeCartDays(page: Page, days: CalendarDayDto[]) {
  await page.goto('/about')
  await page.evaluate(([key, cart]) => localStorage.setItem(key, cart), [
    CART_STORAGE_KEY,
    JSON.stringify({
      calendarDays: days.map(({ id, date, price }) => ({ id, date, price })),
      mapIcon: null,
    }),
  ] as const)
}
