import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '#client/lib/api-client.ts'

export function bulkDeleteOrders(ids: string[]): Promise<{ deleted: number }> {
  return apiClient.post<{ deleted: number }>('/api/admin/orders/bulk-delete', { ids })
}

export function useBulkDeleteOrders() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: bulkDeleteOrders,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  })
}
