import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '#client/lib/api-client.ts'
import type { MailingOverviewResponse } from '#shared/mailings.ts'

/** Under the admin key: any admin change (an order, a day, a status) refreshes the overview too. */
export const ADMIN_MAILINGS_KEY = ['admin', 'mailings'] as const

export function getAdminMailings(): Promise<MailingOverviewResponse> {
  return apiClient.get<MailingOverviewResponse>('/api/admin/mailings')
}

export const adminMailingsQueryOptions = queryOptions({
  queryKey: ADMIN_MAILINGS_KEY,
  queryFn: getAdminMailings,
})

export function useAdminMailings() {
  return useQuery(adminMailingsQueryOptions)
}
