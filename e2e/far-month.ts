import { type APIRequestContext, expect } from '@playwright/test'
import type { AdminCalendarDaysResponse } from '#shared/admin-dto.ts'
import type { CalendarMonthResponse } from '#shared/dto.ts'
import type { MonthKey } from '#shared/mailings.ts'
import { E2E_ADMIN } from './fixtures.ts'

/**
 * A browser test's own mailing in a month two years ahead that has no days yet (found from December down),
 * its days set up at $0 so the month stays out of the public month list, and lines sold there by the owner.
 * Specs that share a month this way take different days of it.
 */

export const FAR_YEAR = new Date().getUTCFullYear() + 2

const monthKey = (month: number): MonthKey => `${FAR_YEAR}-${String(month).padStart(2, '0')}`

/** An API context signed in as the owner, on `baseURL`. */
export async function adminRequest(
  playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } },
  baseURL: string,
): Promise<APIRequestContext> {
  const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } })
  expect((await request.post('/api/auth/sign-in/email', { data: E2E_ADMIN })).ok()).toBe(true)
  return request
}

/** A call that must succeed; its JSON answer (null for any other content, a PDF say). */
export async function call<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST',
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await request.fetch(path, { method, data })
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300)
  const type = response.headers()['content-type'] ?? ''
  return (type.includes('json') ? await response.json() : null) as T
}

/** The last month of FAR_YEAR with no days yet: this attempt's mailing. */
export async function freeMonth(request: APIRequestContext): Promise<MonthKey> {
  for (let month = 12; month >= 1; month -= 1) {
    const key = monthKey(month)
    const { days } = await call<CalendarMonthResponse>(request, 'GET', `/api/calendar-days?month=${key}`)
    if (days.length === 0) return key
  }
  throw new Error(`no free month left in ${FAR_YEAR}`)
}

/**
 * A day set up at $0 (the first day of a month's mailing opens it), sold to `buyer` by the owner and paid;
 * `sendConfirmation` e-mails the order (its artwork link).
 */
export async function soldDay(
  request: APIRequestContext,
  date: string,
  buyer: { businessName: string; email: string },
  sendConfirmation: boolean,
) {
  await call(request, 'POST', '/api/admin/calendar-days/initialize', {
    startDate: date,
    endDate: date,
    price: 0,
  })
  const { days } = await call<AdminCalendarDaysResponse>(
    request,
    'GET',
    `/api/admin/calendar-days?startDate=${date}&endDate=${date}`,
  )
  const dayId = days[0]?.id
  if (!dayId) throw new Error(`no day ${date}`)
  await call(request, 'POST', '/api/admin/manual-orders', {
    ...buyer,
    dayId,
    amountCents: 12000,
    status: 'paid',
    sendConfirmation,
  })
}
