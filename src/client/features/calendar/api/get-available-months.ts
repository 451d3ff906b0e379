import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '#client/lib/api-client.ts'
import { queryKeys } from '#client/lib/query-keys.ts'
import type { AvailableMonthsResponse } from '#shared/dto.ts'

export function getAvailableMonths(): Promise<AvailableMonthsResponse> {
  return apiClient.get<AvailableMonthsResponse>('/api/calendar-days/available-months')
}

export const availableMonthsQueryOptions = queryOptions({
  queryKey: queryKeys.calendarDays.availableMonths(),
  queryFn: getAvailableMonths,
})

export function useAvailableMonths() {
  return useQuery(availableMonthsQueryOptions)
}
