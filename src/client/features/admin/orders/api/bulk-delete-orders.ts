import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, ok } from '#client/features/admin/admin-api.ts'
import { queryKeys } from '#client/lib/query-keys.ts'

export function bulkDeleteOrders(ids: string[]) {
  return ok(api.admin.orders['bulk-delete'].$post({ json: { ids } }))
}

export function useBulkDeleteOrders() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: bulkDeleteOrders,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all() }),
  })
}
