import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { apiClient } from '#client/lib/api-client.ts'
import type { SellableDaysResponse } from '#shared/admin-orders.ts'

/** Under the calendar key, so any calendar change or new order (both refresh ['admin']) refreshes the picker. */
export const SELLABLE_DAYS_KEY = ['admin', 'calendar-days', 'sellable'] as const

export function getSellableDays(q: string): Promise<SellableDaysResponse> {
  return apiClient.get<SellableDaysResponse>(
    `/api/admin/manual-orders/sellable-days?q=${encodeURIComponent(q)}`,
  )
}

/** The days a manual order can still sell, narrowed by the typed text (the server reads it). */
export function useSellableDays(q: string, enabled: boolean) {
  return useQuery({
    queryKey: [...SELLABLE_DAYS_KEY, q] as const,
    queryFn: () => getSellableDays(q),
    enabled,
    // While the next answer loads, the list shows the last one rather than emptying at every keystroke.
    placeholderData: keepPreviousData,
  })
}
