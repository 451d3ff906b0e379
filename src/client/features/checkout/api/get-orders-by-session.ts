import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '#client/lib/api-client.ts'
import { queryKeys } from '#client/lib/query-keys.ts'
import type { OrdersBySessionResponse } from '#shared/checkout.ts'

/** The order session lookup retries 2 times. */
export const ORDER_LOOKUP_RETRIES = 2

export function getOrdersBySession(sessionId: string): Promise<OrdersBySessionResponse> {
  return apiClient
    .post<OrdersBySessionResponse>('/api/functions/get-orders-by-session', { sessionId })
    .then((result) => {
      // No orders yet (a late payment event) counts as a failure, so the lookup retries.
      if (result.orders.length === 0)
        throw new Error(result.error ?? 'No orders were found for this checkout session.')
      return result
    })
}

export function ordersBySessionQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: queryKeys.ordersBySession(sessionId),
    queryFn: () => getOrdersBySession(sessionId),
    retry: ORDER_LOOKUP_RETRIES,
    retryDelay: (attempt) => 1000 * 2 ** attempt,
    staleTime: Number.POSITIVE_INFINITY,
  })
}

export function useOrdersBySession(sessionId: string | null) {
  return useQuery({ ...ordersBySessionQueryOptions(sessionId ?? ''), enabled: Boolean(sessionId) })
}
