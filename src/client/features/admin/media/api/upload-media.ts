import { useMutation, useQueryClient } from '@tanstack/react-query'
import { adminQueryKeys } from '#client/features/admin/admin-query-keys.ts'
import { apiClient } from '#client/lib/api-client.ts'
import type { MediaItemDto, MediaType } from '#shared/dto.ts'

/**
 * POST /api/admin/media as multipart/form-data {type, file}; the server checks the bytes again. On apiClient,
 * not the typed client: the route reads the form itself (no validator), so hc knows no input to send.
 */
export function uploadMedia(type: MediaType, file: File): Promise<MediaItemDto> {
  const form = new FormData()
  form.set('type', type)
  form.set('file', file)
  return apiClient.post<MediaItemDto>('/api/admin/media', form)
}

export function useUploadMedia(type: MediaType) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (file: File) => uploadMedia(type, file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.media(type) }),
  })
}
