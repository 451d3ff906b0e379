import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, ok } from '#client/features/admin/admin-api.ts'
import { adminQueryKeys } from '#client/features/admin/admin-query-keys.ts'
import type { MonthKey } from '#shared/mailings.ts'
import type { ManualOrderTerms } from './manual-order-terms'

/** month: the mailing the icon is sold in; without it the server picks the first open one. */
export type ManualMapIconOrderInput = {
  businessName: string
  email: string
  iconId: string
  month?: MonthKey
} & ManualOrderTerms

export function createManualMapIconOrder(input: ManualMapIconOrderInput) {
  return ok(api.admin['manual-map-icon-orders'].$post({ json: input }))
}

export function useCreateManualMapIconOrder() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createManualMapIconOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.all() }),
  })
}
