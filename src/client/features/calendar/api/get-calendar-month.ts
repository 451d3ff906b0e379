import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '#client/lib/api-client.ts'
import { queryKeys } from '#client/lib/query-keys.ts'
import { type YearMonth, yearMonthKey } from '#shared/calendar-months.ts'
import type { CalendarMonthResponse } from '#shared/dto.ts'

export function getCalendarMonth(month: YearMonth): Promise<CalendarMonthResponse> {
  return apiClient.get<CalendarMonthResponse>(`/api/calendar-days?month=${yearMonthKey(month)}`)
}

export function calendarMonthQueryOptions(month: YearMonth) {
  return queryOptions({
    queryKey: queryKeys.calendarDays.month(yearMonthKey(month)),
    queryFn: () => getCalendarMonth(month),
  })
}

export function useCalendarMonth(month: YearMonth | null) {
  return useQuery({
    ...calendarMonthQueryOptions(month ?? { year: 1970, month: 1 }),
    enabled: month !== null,
  })
}
