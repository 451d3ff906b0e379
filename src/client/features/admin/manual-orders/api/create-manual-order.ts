import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '#client/lib/api-client.ts'
import type { AdminOrderDto } from '#shared/admin-dto.ts'
import type { ManualOrderTerms } from './manual-order-terms'

export type ManualOrderInput = { businessName: string; email: string; dayId: string } & ManualOrderTerms

export function createManualOrder(input: ManualOrderInput): Promise<AdminOrderDto> {
  return apiClient.post<AdminOrderDto>('/api/admin/manual-orders', input)
}

export function useCreateManualOrder() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createManualOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  })
}
