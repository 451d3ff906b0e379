import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, ok } from '#client/features/admin/admin-api.ts'
import { adminQueryKeys } from '#client/features/admin/admin-query-keys.ts'
import type { MonthKey } from '#shared/mailings.ts'

export function notifyWaitlist(month: MonthKey) {
  return ok(api.admin.mailings[':month']['notify-waitlist'].$post({ param: { month } }))
}

export function useNotifyWaitlist() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: notifyWaitlist,
    // The row shows when the waitlist was last e-mailed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.mailings() }),
  })
}
