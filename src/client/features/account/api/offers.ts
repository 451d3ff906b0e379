import { queryOptions } from '@tanstack/react-query'
import { ApiError, apiClient } from '#client/lib/api-client.ts'
import { queryKeys } from '#client/lib/query-keys.ts'
import type { KeepOfferResponse, PublicOfferDto } from '#shared/offers.ts'

/**
 * The spots held for a returning advertiser, two ways in: the e-mailed link's token (no sign-in) and the
 * signed-in account's offer ids. Both answer the same offer, and "keep" answers where to pay.
 */
export type OfferActions = {
  keep: () => Promise<KeepOfferResponse>
  release: () => Promise<PublicOfferDto>
}

const tokenPath = (token: string) => `/api/offers/${encodeURIComponent(token)}`
const accountPath = (id: string) => `/api/account/offers/${encodeURIComponent(id)}`

/** GET /api/offers/:token; 404 for a link with no offer behind it. */
export function getOffer(token: string): Promise<PublicOfferDto> {
  return apiClient.get<PublicOfferDto>(tokenPath(token))
}

export function isOfferNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404
}

export function offerQueryOptions(token: string) {
  return queryOptions({
    queryKey: queryKeys.offer(token),
    queryFn: () => getOffer(token),
    // A bad link stays bad: say so at once instead of retrying it.
    retry: (failureCount, error) => !isOfferNotFound(error) && failureCount < 2,
  })
}

export function tokenOfferActions(token: string): OfferActions {
  return {
    keep: () => apiClient.post<KeepOfferResponse>(`${tokenPath(token)}/keep`),
    release: () => apiClient.post<PublicOfferDto>(`${tokenPath(token)}/release`),
  }
}

export function accountOfferActions(id: string): OfferActions {
  return {
    keep: () => apiClient.post<KeepOfferResponse>(`${accountPath(id)}/keep`),
    release: () => apiClient.post<PublicOfferDto>(`${accountPath(id)}/release`),
  }
}

/** The server's own words for a refusal it explained (the hold ended, already paid); else the fallback. */
export function offerErrorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.hasServerMessage && error.status < 500 ? error.message : fallback
}
