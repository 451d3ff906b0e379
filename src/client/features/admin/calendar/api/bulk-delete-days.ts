import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, ok } from '#client/features/admin/admin-api.ts'
import { adminQueryKeys } from '#client/features/admin/admin-query-keys.ts'

/** The ids of exactly the days shown (filters included); the server keeps days an order holds. */
export type BulkDeleteDaysInput = { ids: string[] }

export function bulkDeleteDays(input: BulkDeleteDaysInput) {
  return ok(api.admin['calendar-days']['bulk-delete'].$post({ json: input }))
}

export function useBulkDeleteDays() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: bulkDeleteDays,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.calendarDays() }),
  })
}
