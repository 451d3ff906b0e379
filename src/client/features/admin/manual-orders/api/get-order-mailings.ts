import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, ok } from '#client/features/admin/admin-api.ts'
import type { MailingOverviewResponse, MonthKey } from '#shared/mailings.ts'

/** The Mailings section's key and read: one cache entry, refreshed by any admin change. */
export const ORDER_MAILINGS_KEY = ['admin', 'mailings'] as const

export function getOrderMailings() {
  return ok(api.admin.mailings.$get())
}

export const orderMailingsQueryOptions = queryOptions({
  queryKey: ORDER_MAILINGS_KEY,
  queryFn: getOrderMailings,
})

export function useOrderMailings() {
  return useQuery(orderMailingsQueryOptions)
}

/** The mailings an order may go into: those open for sale (the server refuses any other, 409). */
export function orderableMailings(response: MailingOverviewResponse | undefined) {
  return (response?.rows ?? []).filter((row) => row.status === 'open')
}

/** The first mailing open for sale, the form's default. */
export function firstOpenMailing(response: MailingOverviewResponse | undefined): MonthKey | null {
  return response?.rows.find((row) => row.status === 'open')?.month ?? null
}
