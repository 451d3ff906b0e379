import { queryOptions, useQuery } from '@tanstack/react-query'
import { ApiError, apiClient } from '#client/lib/api-client.ts'
import { queryKeys } from '#client/lib/query-keys.ts'
import type { ArtworkPageResponse } from '#shared/artwork.ts'

/** GET /api/artwork/:token: the buyer's lines, grouped by mailing on the page; 404 for a bad token. */
export function getArtworkPage(token: string): Promise<ArtworkPageResponse> {
  return apiClient.get<ArtworkPageResponse>(`/api/artwork/${encodeURIComponent(token)}`)
}

export function isArtworkLinkNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404
}

export function artworkPageQueryOptions(token: string) {
  return queryOptions({
    queryKey: queryKeys.artworkPage(token),
    queryFn: () => getArtworkPage(token),
    // A bad link stays bad: say so at once instead of retrying it.
    retry: (failureCount, error) => !isArtworkLinkNotFound(error) && failureCount < 2,
  })
}

export function useArtworkPage(token: string) {
  return useQuery(artworkPageQueryOptions(token))
}
