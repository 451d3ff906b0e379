import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '#client/lib/api-client.ts'
import { ADMIN_CALENDAR_DAYS_KEY } from './get-admin-calendar-days'

export function deleteCalendarDay(id: string): Promise<void> {
  return apiClient.delete<void>(`/api/admin/calendar-days/${encodeURIComponent(id)}`)
}

export function useDeleteCalendarDay() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteCalendarDay,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_CALENDAR_DAYS_KEY }),
  })
}
