import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, ok } from '#client/features/admin/admin-api.ts'
import { adminQueryKeys } from '#client/features/admin/admin-query-keys.ts'
import { apiClient } from '#client/lib/api-client.ts'
import {
  MAP_IMAGE_FIELD,
  type MailingMapResponse,
  type MapPositionsInput,
  type MapPositionsSavedResponse,
} from '#shared/map-composer.ts'

/** A mailing's map: its image, legend choice, card and every sold icon with its position. */
export function mailingMapQueryOptions(month: string) {
  return queryOptions({
    queryKey: adminQueryKeys.mailingMap(month),
    queryFn: (): Promise<MailingMapResponse> =>
      ok(api.admin.mailings[':month'].map.$get({ param: { month } })),
  })
}

export function useMailingMap(month: string) {
  return useQuery(mailingMapQueryOptions(month))
}

/** The mailing's proof PDF (a plain link: the browser downloads it with the session's cookie). */
export function mailingProofPath(month: string): string {
  return `/api/admin/mailings/${month}/proof.pdf`
}

export function useSaveMapPositions(month: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (positions: MapPositionsInput['positions']): Promise<MapPositionsSavedResponse> =>
      ok(api.admin.mailings[':month'].map.positions.$put({ param: { month }, json: { positions } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.mailingMap(month) }),
  })
}

/** The mutations that answer the whole map again: it replaces the cached one. */
function useMapChange<T>(month: string, change: (input: T) => Promise<MailingMapResponse>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: change,
    onSuccess: (map) => queryClient.setQueryData(adminQueryKeys.mailingMap(month), map),
  })
}

export function useSetMapLegend(month: string) {
  return useMapChange(month, (legend: boolean) =>
    ok(api.admin.mailings[':month'].map.settings.$put({ param: { month }, json: { legend } })),
  )
}

/**
 * POST …/map/image as multipart/form-data {file}; the server checks the bytes. On apiClient, not the typed
 * client: the route reads the form itself (no validator), so hc knows no input to send.
 */
export function useUploadMapImage(month: string) {
  return useMapChange(month, (file: File) => {
    const form = new FormData()
    form.set(MAP_IMAGE_FIELD, file)
    return apiClient.post<MailingMapResponse>(`/api/admin/mailings/${month}/map/image`, form)
  })
}

export function useResetMapImage(month: string) {
  return useMapChange(month, (_: undefined) =>
    ok(api.admin.mailings[':month'].map.image.$delete({ param: { month } })),
  )
}
