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
import { E2E_ADMIN, expectNoAxeViolations } from './fixtures.ts'

/**
 * The seeded server opens the current month and the next two. Each test picks its own days by their
 * position in one of those months, so parallel tests never share a day.
 */
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
