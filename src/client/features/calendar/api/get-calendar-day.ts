import { queryOptions, useQuery } from '@tanstack/react-query'
import { ApiError, apiClient } from '#client/lib/api-client.ts'
import type { CalendarDayDto } from '#shared/dto.ts'
import { CALENDAR_DAYS_QUERY_KEY } from './get-calendar-month'

export function getCalendarDay(dayId: string): Promise<CalendarDayDto> {
  return apiClient.get<CalendarDayDto>(`/api/calendar-days/${encodeURIComponent(dayId)}`)
}

export function calendarDayQueryOptions(dayId: string) {
  return queryOptions({
    queryKey: [...CALENDAR_DAYS_QUERY_KEY, 'day', dayId],
    queryFn: () => getCalendarDay(dayId),
    // A 404 is an answer ('Day not found.'), not a hiccup to retry.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  })
}

export function useCalendarDay(dayId: string) {
  return useQuery(calendarDayQueryOptions(dayId))
}
