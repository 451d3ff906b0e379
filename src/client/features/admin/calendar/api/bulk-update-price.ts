import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, ok } from '#client/features/admin/admin-api.ts'
import { adminQueryKeys } from '#client/features/admin/admin-query-keys.ts'

/** The ids of exactly the days shown (filters included); the server skips days an order holds. */
export type BulkPriceInput = { ids: string[]; price: number }

export function bulkUpdatePrice(input: BulkPriceInput) {
  return ok(api.admin['calendar-days']['bulk-price'].$post({ json: input }))
}

export function useBulkUpdatePrice() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: bulkUpdatePrice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.calendarDays() }),
  })
}
