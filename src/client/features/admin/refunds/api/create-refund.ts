import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, ok } from '#client/features/admin/admin-api.ts'
import { adminQueryKeys } from '#client/features/admin/admin-query-keys.ts'
import type { CreateRefundInput } from '#shared/refunds.ts'

export function createRefund(input: CreateRefundInput) {
  return ok(api.admin.refunds.$post({ json: input }))
}

/**
 * A refund changes the checkout's lines and frees their days and icon units, so the checkout and order
 * lists are refreshed, and every other admin list (the calendar's days) with them.
 */
export function useCreateRefund() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createRefund,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: adminQueryKeys.all() })]),
  })
}
