import { queryOptions, useQuery } from '@tanstack/react-query'
import { ApiError, apiClient } from '#client/lib/api-client.ts'
import { queryKeys } from '#client/lib/query-keys.ts'
import type { AdPageDto } from '#shared/short-links.ts'

/** GET /api/ads/:code: the advertiser's page; 404 once the line is not live (refunded, expired) or unknown. */
export function getAdPage(code: string): Promise<AdPageDto> {
  return apiClient.get<AdPageDto>(`/api/ads/${encodeURIComponent(code)}`)
}

export function isAdNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404
}

export function adPageQueryOptions(code: string) {
  return queryOptions({
    queryKey: queryKeys.adPage(code),
    queryFn: () => getAdPage(code),
    // A link that is no longer active stays so: say it at once instead of retrying.
    retry: (failureCount, error) => !isAdNotFound(error) && failureCount < 2,
  })
}

export function useAdPage(code: string) {
  return useQuery(adPageQueryOptions(code))
}
