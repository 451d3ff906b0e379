import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '#client/lib/api-client.ts'
import type { AdminOrderDto } from '#shared/admin-dto.ts'
import type { MonthKey } from '#shared/mailings.ts'
import type { ManualOrderTerms } from './manual-order-terms'

/** month: the mailing the icon is sold in (issue 12); without it the server picks the first open one. */
export type ManualMapIconOrderInput = {
  businessName: string
  email: string
  iconId: string
  month?: MonthKey
} & ManualOrderTerms

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
