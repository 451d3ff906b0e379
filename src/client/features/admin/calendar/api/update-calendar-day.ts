import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { UpdateCalendarDayInput } from '../../../../../shared/calendar-admin'
import type { CalendarDayDto } from '../../../../../shared/dto'
import { apiClient } from '../../../../lib/api-client'
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
