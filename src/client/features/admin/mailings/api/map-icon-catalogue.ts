import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, ok } from '#client/features/admin/admin-api.ts'
import { adminQueryKeys } from '#client/features/admin/admin-query-keys.ts'
import type { CreateMapIconInput, UpdateMapIconInput } from '#shared/mailings.ts'

export function getMapIconCatalogue() {
  return ok(api.admin['map-icons'].$get())
}

export const mapIconCatalogueQueryOptions = queryOptions({
  queryKey: adminQueryKeys.mapIconCatalogue(),
  queryFn: getMapIconCatalogue,
})

export function useMapIconCatalogue() {
  return useQuery(mapIconCatalogueQueryOptions)
}

export function updateMapIcon({ id, input }: { id: string; input: UpdateMapIconInput }) {
  return ok(api.admin['map-icons'][':id'].$patch({ param: { id }, json: input }))
}

export function useUpdateMapIcon() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateMapIcon,
    // Names and prices show in the stock dialog and the manual icon order form too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.all() }),
  })
}

export function createMapIcon(input: CreateMapIconInput) {
  return ok(api.admin['map-icons'].$post({ json: input }))
}

export function useCreateMapIcon() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createMapIcon,
    // A new type has stock in every mailing: the stock dialog and the manual icon order form list it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.all() }),
  })
}

export function retireMapIcon(id: string) {
  return ok(api.admin['map-icons'][':id'].retire.$post({ param: { id } }))
}

export function useRetireMapIcon() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: retireMapIcon,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.all() }),
  })
}
