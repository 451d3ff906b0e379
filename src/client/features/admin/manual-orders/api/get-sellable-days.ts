import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { api, ok } from '#client/features/admin/admin-api.ts'
import { adminQueryKeys } from '#client/features/admin/admin-query-keys.ts'

export function getSellableDays(q: string) {
  return ok(api.admin['manual-orders']['sellable-days'].$get({ query: { q } }))
}

/** The days a manual order can still sell, narrowed by the typed text (the server reads it). */
export function useSellableDays(q: string, enabled: boolean) {
  return useQuery({
    // Under the calendar key, so any calendar change or new order (both refresh the admin key) refreshes it.
    queryKey: adminQueryKeys.sellableDays(q),
    queryFn: () => getSellableDays(q),
    enabled,
    // While the next answer loads, the list shows the last one rather than emptying at every keystroke.
    placeholderData: keepPreviousData,
  })
}
