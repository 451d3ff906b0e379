import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { apiClient } from '#client/lib/api-client.ts'
import { queryKeys } from '#client/lib/query-keys.ts'
import type { ArtworkPageResponse } from '#shared/artwork.ts'
import type { LineLinkDto, LineLinkInput } from '#shared/short-links.ts'

/** PUT /api/artwork/:token/lines/:orderId/link: where the line's QR code leads; answers the saved link. */
export function saveArtworkLineLink(token: string, orderId: string, input: LineLinkInput) {
  return apiClient.put<LineLinkDto>(
    `/api/artwork/${encodeURIComponent(token)}/lines/${encodeURIComponent(orderId)}/link`,
    input,
  )
}

/** The save for one line's form; the answer replaces the line's link in the page's data. */
export function useSaveArtworkLineLink(token: string, orderId: string) {
  const queryClient = useQueryClient()
  return useCallback(
    async (input: LineLinkInput) => {
      const link = await saveArtworkLineLink(token, orderId, input)
      queryClient.setQueryData<ArtworkPageResponse>(queryKeys.artworkPage(token), (page) =>
        page
          ? {
              ...page,
              lines: page.lines.map((line) => (line.orderId === orderId ? { ...line, link } : line)),
            }
          : page,
      )
      return link
    },
    [queryClient, token, orderId],
  )
}
