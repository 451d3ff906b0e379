import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '#client/lib/api-client.ts'
import { queryKeys } from '#client/lib/query-keys.ts'
import type { MediaListResponse, MediaType } from '#shared/dto.ts'

/** GET /api/media?type=… → the items of one category, newest first, each with a public url. */
export function getMedia(type: MediaType, options: { cacheBust?: boolean } = {}): Promise<MediaListResponse> {
  const params = new URLSearchParams({ type })
  // The map example refetch carries a cache-busting parameter so no HTTP cache answers it.
  if (options.cacheBust) params.set('t', String(Date.now()))
  return apiClient.get<MediaListResponse>(`/api/media?${params}`)
}

export function mediaQueryOptions(type: MediaType) {
  return queryOptions({ queryKey: queryKeys.media.ofType(type), queryFn: () => getMedia(type), retry: 1 })
}

/** The map example is refetched every 30 seconds. */
export const MAP_EXAMPLE_REFETCH_MS = 30_000

export const mapExampleQueryOptions = queryOptions({
  queryKey: queryKeys.media.ofType('map_example'),
  queryFn: () => getMedia('map_example', { cacheBust: true }),
  refetchInterval: MAP_EXAMPLE_REFETCH_MS,
  retry: 1,
})

export function useMedia(type: MediaType) {
  return useQuery(mediaQueryOptions(type))
}

export function useMapExample() {
  return useQuery(mapExampleQueryOptions)
}
