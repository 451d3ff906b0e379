import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '#client/lib/api-client.ts'
import type { MediaListResponse, MediaType } from '#shared/dto.ts'

export const adminMediaQueryKey = (type: MediaType) => ['admin', 'media', type] as const

/** GET /api/admin/media?type=… (newest first). */
export function getAdminMedia(type: MediaType): Promise<MediaListResponse> {
  return apiClient.get<MediaListResponse>(`/api/admin/media?${new URLSearchParams({ type })}`)
}

export function adminMediaQueryOptions(type: MediaType) {
  return queryOptions({ queryKey: adminMediaQueryKey(type), queryFn: () => getAdminMedia(type) })
}

export function useAdminMedia(type: MediaType) {
  return useQuery(adminMediaQueryOptions(type))
}
