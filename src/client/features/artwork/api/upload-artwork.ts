import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import { apiClient } from '#client/lib/api-client.ts'
import { queryKeys } from '#client/lib/query-keys.ts'
import { ARTWORK_UPLOAD_FIELDS, type ArtworkPageResponse } from '#shared/artwork.ts'

export type UploadArtworkInput = { file: File; orderIds: string[] }

/**
 * POST /api/artwork/:token/upload as multipart/form-data: `file` and one `orderId` field per line the
 * file is for. Answers the refreshed page.
 */
export function uploadArtwork(
  token: string,
  { file, orderIds }: UploadArtworkInput,
): Promise<ArtworkPageResponse> {
  const form = new FormData()
  form.set(ARTWORK_UPLOAD_FIELDS.file, file)
  for (const orderId of orderIds) form.append(ARTWORK_UPLOAD_FIELDS.orderId, orderId)
  return apiClient.post<ArtworkPageResponse>(`/api/artwork/${encodeURIComponent(token)}/upload`, form)
}

/**
 * One per form, so each line's button shows its own "Uploading...". The answer replaces the page's data.
 * A plain async call rather than useMutation: this page is public, and useMutation's ~1 KB gzip would
 * be its only user on the route (the 110 KB per-route budget).
 */
export function useUploadArtwork(token: string) {
  const queryClient = useQueryClient()
  const [isPending, setIsPending] = useState(false)
  const upload = useCallback(
    async (input: UploadArtworkInput): Promise<ArtworkPageResponse> => {
      setIsPending(true)
      try {
        // A refetch still under way would answer the page as it was before this upload.
        await queryClient.cancelQueries({ queryKey: queryKeys.artworkPage(token) })
        const page = await uploadArtwork(token, input)
        queryClient.setQueryData(queryKeys.artworkPage(token), page)
        return page
      } finally {
        setIsPending(false)
      }
    },
    [queryClient, token],
  )
  return { upload, isPending }
}
