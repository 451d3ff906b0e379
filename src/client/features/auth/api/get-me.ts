import { queryOptions } from '@tanstack/react-query'
import { apiClient } from '#client/lib/api-client.ts'
import { queryKeys } from '#client/lib/query-keys.ts'
import type { MeResponse } from '#shared/auth.ts'

export type Me = MeResponse
export type AuthUser = NonNullable<MeResponse['user']>

export const signedOut: Me = { user: null, isAdmin: false }

export function getMe(): Promise<Me> {
  return apiClient.get<Me>('/api/me')
}

export const meQueryOptions = queryOptions({
  queryKey: queryKeys.me(),
  queryFn: getMe,
  // A failing session check means "signed out", so do not keep the app waiting on retries.
  retry: false,
  staleTime: 60_000,
})
