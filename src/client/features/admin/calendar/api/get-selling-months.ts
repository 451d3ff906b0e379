import { queryOptions, useQuery } from '@tanstack/react-query'
import { adminQueryKeys } from '#client/features/admin/admin-query-keys.ts'
import { apiClient } from '#client/lib/api-client.ts'
import type { PublicMailingsResponse } from '#shared/mailings.ts'

/** The mailings on sale, earliest first (the buyers' GET /api/mailings); the calendar opens on the first. */
export function getSellingMailings(): Promise<PublicMailingsResponse> {
  // The public route answers cached JSON that hc cannot type; apiClient reads it as the buyers' pages do.
  return apiClient.get<PublicMailingsResponse>('/api/mailings')
}

export const sellingMailingsQueryOptions = queryOptions({
  // Under the admin key: an admin change (a day initialised, a mailing closed) reads it again.
  queryKey: adminQueryKeys.sellingMailings(),
  queryFn: getSellingMailings,
})

export function useSellingMailings() {
  return useQuery(sellingMailingsQueryOptions)
}
