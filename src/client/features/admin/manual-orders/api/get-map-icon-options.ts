import { queryOptions, useQuery } from '@tanstack/react-query'
import type { MapIconsResponse } from '../../../../../shared/dto'
import { apiClient } from '../../../../lib/api-client'

export const MAP_ICON_OPTIONS_KEY = ['admin', 'map-icons'] as const

/** GET /api/map-icons (price ascending) with each icon's remaining quantity. */
export function getMapIconOptions(): Promise<MapIconsResponse> {
  return apiClient.get<MapIconsResponse>('/api/map-icons')
}

export const mapIconOptionsQueryOptions = queryOptions({
  queryKey: MAP_ICON_OPTIONS_KEY,
  queryFn: getMapIconOptions,
})

export function useMapIconOptions() {
  return useQuery(mapIconOptionsQueryOptions)
}
