import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../../lib/api-client'
import { ADMIN_CALENDAR_DAYS_KEY } from './get-admin-calendar-days'

export type BulkDeleteDaysInput = { startDate: string; endDate: string }

export function bulkDeleteDays(input: BulkDeleteDaysInput): Promise<{ deleted: number }> {
  return apiClient.post<{ deleted: number }>('/api/admin/calendar-days/bulk-delete', input)
}

export function useBulkDeleteDays() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: bulkDeleteDays,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_CALENDAR_DAYS_KEY }),
  })
}
