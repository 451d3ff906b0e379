import { useMutation, useQueryClient } from '@tanstack/react-query'
import { adminQueryKeys } from '#client/features/admin/admin-query-keys.ts'
import { apiClient } from '#client/lib/api-client.ts'
import type { MediaType } from '#shared/dto.ts'

/**
 * DELETE /api/admin/media/<id path>; each path segment is encoded, the slashes stay. On apiClient, not the
 * typed client: the route is a wildcard (/admin/media/*), which hc cannot fill in.
 */
export function deleteMedia(id: string): Promise<void> {
  const path = id.split('/').map(encodeURIComponent).join('/')
  return apiClient.delete<void>(`/api/admin/media/${path}`)
}

export function useDeleteMedia(type: MediaType) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteMedia,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.media(type) }),
  })
}
