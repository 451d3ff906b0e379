import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AdminOrderDto } from '../../../../../shared/admin-dto'
import { apiClient } from '../../../../lib/api-client'

export type ManualMapIconOrderInput = { businessName: string; email: string; iconId: string }

export function createManualMapIconOrder(input: ManualMapIconOrderInput): Promise<AdminOrderDto> {
  return apiClient.post<AdminOrderDto>('/api/admin/manual-map-icon-orders', input)
}

export function useCreateManualMapIconOrder() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createManualMapIconOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  })
}
