import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, ok } from '#client/features/admin/admin-api.ts'
import { adminQueryKeys } from '#client/features/admin/admin-query-keys.ts'

/** Refunds go through the Refund action: a status select never moves money. */
export type SettableOrderStatus = 'pending' | 'paid'
export const SETTABLE_ORDER_STATUSES: SettableOrderStatus[] = ['pending', 'paid']

export function updateOrderStatus(id: string, status: SettableOrderStatus) {
  return ok(api.admin.orders[':id'].$patch({ param: { id: encodeURIComponent(id) }, json: { status } }))
}

/** Order changes move days and icons too, so the calendar list is refreshed as well. */
export function useUpdateOrderStatus() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: SettableOrderStatus }) =>
      updateOrderStatus(id, status),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.all() }),
  })
}
