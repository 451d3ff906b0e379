import { queryOptions, useQuery } from '@tanstack/react-query'
import { ApiError, apiClient } from '#client/lib/api-client.ts'
import { queryKeys } from '#client/lib/query-keys.ts'
import type { CalendarDayDto } from '#shared/dto.ts'

export function getCalendarDay(dayId: string): Promise<CalendarDayDto> {
  return apiClient.get<CalendarDayDto>(`/api/calendar-days/${encodeURIComponent(dayId)}`)
}

export function calendarDayQueryOptions(dayId: string) {
  return queryOptions({
    queryKey: queryKeys.calendarDays.day(dayId),
    queryFn: () => getCalendarDay(dayId),
    // A 404 is an answer ('Day not found.'), not a hiccup to retry.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  })
}

export function useCalendarDay(dayId: string) {
  return useQuery(calendarDayQueryOptions(dayId))
}
