import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '#client/lib/api-client.ts'
import type { AdminOrdersResponse } from '#shared/admin-dto.ts'
import type { SettableOrderStatus } from './update-order-status'

export function bulkUpdateOrderStatus(
  ids: string[],
  status: SettableOrderStatus,
): Promise<AdminOrdersResponse> {
  return apiClient.post<AdminOrdersResponse>('/api/admin/orders/bulk-status', { ids, status })
}

export function useBulkUpdateOrderStatus() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ ids, status }: { ids: string[]; status: SettableOrderStatus }) =>
      bulkUpdateOrderStatus(ids, status),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  })
}
