import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '#client/lib/api-client.ts'
import type { MailingActionInput, MailingOverviewRow, MonthKey } from '#shared/mailings.ts'

export function applyMailingAction({
  month,
  input,
}: {
  month: MonthKey
  input: MailingActionInput
}): Promise<MailingOverviewRow> {
  return apiClient.post<MailingOverviewRow>(`/api/admin/mailings/${month}/status`, input)
}

export function useApplyMailingAction() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: applyMailingAction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  })
}
