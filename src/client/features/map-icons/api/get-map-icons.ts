import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '#client/lib/api-client.ts'
import { queryKeys } from '#client/lib/query-keys.ts'
import type { MapIconsResponse } from '#shared/dto.ts'

export function getMapIcons(): Promise<MapIconsResponse> {
  return apiClient.get<MapIconsResponse>('/api/map-icons')
}

export const mapIconsQueryOptions = queryOptions({
  queryKey: queryKeys.mapIcons.list(),
  queryFn: getMapIcons,
})

export function useMapIcons() {
  return useQuery(mapIconsQueryOptions)
}
