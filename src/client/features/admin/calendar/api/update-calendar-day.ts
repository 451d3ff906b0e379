import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '#client/lib/api-client.ts'
import type { UpdateCalendarDayInput } from '#shared/calendar-admin.ts'
import type { CalendarDayDto } from '#shared/dto.ts'
import { ADMIN_CALENDAR_DAYS_KEY } from './get-admin-calendar-days'

export function updateCalendarDay(id: string, input: UpdateCalendarDayInput): Promise<CalendarDayDto> {
  return apiClient.patch<CalendarDayDto>(`/api/admin/calendar-days/${encodeURIComponent(id)}`, input)
}

export function useUpdateCalendarDay() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateCalendarDayInput }) =>
      updateCalendarDay(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_CALENDAR_DAYS_KEY }),
  })
}
