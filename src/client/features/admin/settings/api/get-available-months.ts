import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '#client/lib/api-client.ts'
import { queryKeys } from '#client/lib/query-keys.ts'
import type { AvailableMonthsResponse } from '#shared/dto.ts'

/** The months a visitor can buy in (the public list): the settings screen checks the default against it. */
export function getAvailableMonths(): Promise<AvailableMonthsResponse> {
  return apiClient.get<AvailableMonthsResponse>('/api/calendar-days/available-months')
}

export const adminAvailableMonthsQueryOptions = queryOptions({
  queryKey: queryKeys.admin.availableMonths(),
  queryFn: getAvailableMonths,
})

export function useAvailableMonths() {
  return useQuery(adminAvailableMonthsQueryOptions)
}
