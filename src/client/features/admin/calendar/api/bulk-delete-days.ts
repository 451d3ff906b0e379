import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '#client/lib/api-client.ts'
import type { BulkDeleteDaysResponse } from '#shared/admin-dto.ts'
import { ADMIN_CALENDAR_DAYS_KEY } from './get-admin-calendar-days'

/** The ids of exactly the days shown (filters included); the server keeps days an order holds. */
export type BulkDeleteDaysInput = { ids: string[] }

export function bulkDeleteDays(input: BulkDeleteDaysInput): Promise<BulkDeleteDaysResponse> {
  return apiClient.post<BulkDeleteDaysResponse>('/api/admin/calendar-days/bulk-delete', input)
}

export function useBulkDeleteDays() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: bulkDeleteDays,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_CALENDAR_DAYS_KEY }),
  })
}
