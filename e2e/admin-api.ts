import { expect, type Page } from '@playwright/test'

/** The API from inside the signed-in page: same origin, same session cookie (admin routes included). */
export async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const result = await page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      return { status: response.status, text: await response.text() }
    },
    { method, path, body },
  )
  expect(result.status, `${method} ${path}: ${result.text}`).toBeLessThan(300)
  return (result.text ? JSON.parse(result.text) : null) as T
}

export type Day = { id: string; date: string }

/**
 * Days made available in the range, and the ids of those dates (the first day of a month also makes its
 * mailing).
 */
export async function makeDays(page: Page, startDate: string, endDate: string, price = 120): Promise<Day[]> {
  await api(page, 'POST', '/api/admin/calendar-days/initialize', { startDate, endDate, price })
  const { days } = await api<{ days: Day[] }>(
    page,
    'GET',
    `/api/admin/calendar-days?startDate=${startDate}&endDate=${endDate}`,
  )
  return days
}
