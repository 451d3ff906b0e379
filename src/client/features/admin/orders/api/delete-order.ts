import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '#client/lib/api-client.ts'

export function deleteOrder(id: string): Promise<void> {
  return apiClient.delete<void>(`/api/admin/orders/${encodeURIComponent(id)}`)
}

export function useDeleteOrder() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  })
}
