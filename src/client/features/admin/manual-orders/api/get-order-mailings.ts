import { useQuery } from '@tanstack/react-query'
import type { MailingOverviewResponse, MonthKey } from '#shared/mailings.ts'
import { adminMailingsQueryOptions } from '../../mailings/api/get-admin-mailings'

/** The Mailings section's own read (one cache entry, refreshed by any admin change). */
export function useOrderMailings() {
  return useQuery(adminMailingsQueryOptions)
}

/** The mailings an order may go into: those open for sale (the server refuses any other, 409). */
export function orderableMailings(response: MailingOverviewResponse | undefined) {
  return (response?.rows ?? []).filter((row) => row.status === 'open')
}

/** The first mailing open for sale, the form's default. */
export function firstOpenMailing(response: MailingOverviewResponse | undefined): MonthKey | null {
  return response?.rows.find((row) => row.status === 'open')?.month ?? null
}
