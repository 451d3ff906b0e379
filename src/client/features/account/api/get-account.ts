import { queryOptions } from '@tanstack/react-query'
import { ApiError, apiClient } from '#client/lib/api-client.ts'
import { queryKeys } from '#client/lib/query-keys.ts'
import type { AccountDto } from '#shared/account.ts'

/** GET /api/account: the signed-in user's purchases by mailing; 401 once the session is gone. */
export function getAccount(): Promise<AccountDto> {
  return apiClient.get<AccountDto>('/api/account')
}

export function isSignedOutError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401
}

export const accountQueryOptions = queryOptions({
  queryKey: queryKeys.account(),
  queryFn: getAccount,
  // A lapsed session stays lapsed: the page asks for the session again instead of retrying.
  retry: (failureCount, error) => !isSignedOutError(error) && failureCount < 2,
})
