import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, ok } from '#client/features/admin/admin-api.ts'
import { adminQueryKeys } from '#client/features/admin/admin-query-keys.ts'
import type { SettableOrderStatus } from './update-order-status'

export function bulkUpdateOrderStatus(ids: string[], status: SettableOrderStatus) {
  return ok(api.admin.orders['bulk-status'].$post({ json: { ids, status } }))
}

export function useBulkUpdateOrderStatus() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ ids, status }: { ids: string[]; status: SettableOrderStatus }) =>
      bulkUpdateOrderStatus(ids, status),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.all() }),
  })
}
