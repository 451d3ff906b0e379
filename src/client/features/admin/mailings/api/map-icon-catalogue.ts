import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '#client/lib/api-client.ts'
import type { AdminMapIconDto, AdminMapIconsResponse, UpdateMapIconInput } from '#shared/mailings.ts'

export const MAP_ICON_CATALOGUE_KEY = ['admin', 'map-icon-catalogue'] as const

export function getMapIconCatalogue(): Promise<AdminMapIconsResponse> {
  return apiClient.get<AdminMapIconsResponse>('/api/admin/map-icons')
}

export const mapIconCatalogueQueryOptions = queryOptions({
  queryKey: MAP_ICON_CATALOGUE_KEY,
  queryFn: getMapIconCatalogue,
})

export function useMapIconCatalogue() {
  return useQuery(mapIconCatalogueQueryOptions)
}

export function updateMapIcon({
  id,
  input,
}: {
  id: string
  input: UpdateMapIconInput
}): Promise<AdminMapIconDto> {
  return apiClient.patch<AdminMapIconDto>(`/api/admin/map-icons/${id}`, input)
}

export function useUpdateMapIcon() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateMapIcon,
    // Names and prices show in the stock dialog and the manual icon order form too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  })
}
