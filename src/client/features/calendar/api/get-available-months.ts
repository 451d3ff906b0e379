import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '#client/lib/api-client.ts'
import type { AvailableMonthsResponse } from '#shared/dto.ts'
import { CALENDAR_DAYS_QUERY_KEY } from './get-calendar-month'

export function getAvailableMonths(): Promise<AvailableMonthsResponse> {
  return apiClient.get<AvailableMonthsResponse>('/api/calendar-days/available-months')
}

export const availableMonthsQueryOptions = queryOptions({
  queryKey: [...CALENDAR_DAYS_QUERY_KEY, 'available-months'],
  queryFn: getAvailableMonths,
})

export function useAvailableMonths() {
  return useQuery(availableMonthsQueryOptions)
}
