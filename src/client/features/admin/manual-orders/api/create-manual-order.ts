import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, ok } from '#client/features/admin/admin-api.ts'
import { adminQueryKeys } from '#client/features/admin/admin-query-keys.ts'
import type { ManualOrderTerms } from './manual-order-terms'

export type ManualOrderInput = { businessName: string; email: string; dayId: string } & ManualOrderTerms

export function createManualOrder(input: ManualOrderInput) {
  return ok(api.admin['manual-orders'].$post({ json: input }))
}

export function useCreateManualOrder() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createManualOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.all() }),
  })
}
