import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, ok } from '#client/features/admin/admin-api.ts'
import { adminQueryKeys } from '#client/features/admin/admin-query-keys.ts'
import type { MailingActionInput, MonthKey } from '#shared/mailings.ts'

export function applyMailingAction({ month, input }: { month: MonthKey; input: MailingActionInput }) {
  return ok(api.admin.mailings[':month'].status.$post({ param: { month }, json: input }))
}

export function useApplyMailingAction() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: applyMailingAction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.all() }),
  })
}
