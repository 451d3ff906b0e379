import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, ok } from '#client/features/admin/admin-api.ts'
import { adminQueryKeys } from '#client/features/admin/admin-query-keys.ts'
import type { MonthKey, UpdateMailingDatesInput } from '#shared/mailings.ts'

export function updateMailingDates({ month, input }: { month: MonthKey; input: UpdateMailingDatesInput }) {
  return ok(api.admin.mailings[':month'].$patch({ param: { month }, json: input }))
}

export function useUpdateMailingDates() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateMailingDates,
    // The dates decide what buyers can order: the calendar and icon reads change with them.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.all() }),
  })
}
