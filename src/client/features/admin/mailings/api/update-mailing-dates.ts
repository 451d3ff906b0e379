import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '#client/lib/api-client.ts'
import type { MailingOverviewRow, MonthKey, UpdateMailingDatesInput } from '#shared/mailings.ts'

export function updateMailingDates({
  month,
  input,
}: {
  month: MonthKey
  input: UpdateMailingDatesInput
}): Promise<MailingOverviewRow> {
  return apiClient.patch<MailingOverviewRow>(`/api/admin/mailings/${month}`, input)
}

export function useUpdateMailingDates() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateMailingDates,
    // The dates decide what buyers can order: the calendar and icon reads change with them.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  })
}
