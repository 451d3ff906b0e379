import { queryOptions, useQuery } from '@tanstack/react-query'
import { ApiError, apiClient } from '#client/lib/api-client.ts'
import { queryKeys } from '#client/lib/query-keys.ts'
import type { MapIconDto } from '#shared/dto.ts'

export function getMapIcon(iconId: string): Promise<MapIconDto> {
  return apiClient.get<MapIconDto>(`/api/map-icons/${encodeURIComponent(iconId)}`)
}

export function mapIconQueryOptions(iconId: string) {
  return queryOptions({
    queryKey: queryKeys.mapIcons.icon(iconId),
    queryFn: () => getMapIcon(iconId),
    // A 404 is an answer ('Map icon not found.'), not a hiccup to retry.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  })
}

export function useMapIcon(iconId: string) {
  return useQuery(mapIconQueryOptions(iconId))
}
