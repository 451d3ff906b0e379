import { queryOptions, useQuery } from '@tanstack/react-query'
import type { PublicMailingsResponse } from '../../../../shared/mailings'
import { apiClient } from '../../../lib/api-client'

export const MAILINGS_QUERY_KEY = ['mailings'] as const

/** The mailings open for sale and the most recent one whose sales closed (issue 12). */
export function getMailings(): Promise<PublicMailingsResponse> {
  return apiClient.get<PublicMailingsResponse>('/api/mailings')
}

export const mailingsQueryOptions = queryOptions({
  queryKey: [...MAILINGS_QUERY_KEY, 'public'],
  queryFn: getMailings,
  // Only a notice hangs on it: without an answer the page simply does not show it.
  retry: 1,
})

export function useMailings() {
  return useQuery(mailingsQueryOptions)
}
