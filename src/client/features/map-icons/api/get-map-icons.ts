import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '#client/lib/api-client.ts'
import type { MapIconsResponse } from '#shared/dto.ts'

export const MAP_ICONS_QUERY_KEY = ['map-icons'] as const

export function getMapIcons(): Promise<MapIconsResponse> {
  return apiClient.get<MapIconsResponse>('/api/map-icons')
}

export const mapIconsQueryOptions = queryOptions({
  queryKey: [...MAP_ICONS_QUERY_KEY, 'list'],
  queryFn: getMapIcons,
})

export function useMapIcons() {
  return useQuery(mapIconsQueryOptions)
}
