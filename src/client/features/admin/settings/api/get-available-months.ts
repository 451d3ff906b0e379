import { queryOptions, useQuery } from '@tanstack/react-query'
import { adminQueryKeys } from '#client/features/admin/admin-query-keys.ts'
import { apiClient } from '#client/lib/api-client.ts'
import type { AvailableMonthsResponse } from '#shared/dto.ts'

/** The months a visitor can buy in (the public list): the settings screen checks the default against it. */
export function getAvailableMonths(): Promise<AvailableMonthsResponse> {
  return apiClient.get<AvailableMonthsResponse>('/api/calendar-days/available-months')
}

export const adminAvailableMonthsQueryOptions = queryOptions({
  queryKey: adminQueryKeys.availableMonths(),
  queryFn: getAvailableMonths,
})

export function useAvailableMonths() {
  return useQuery(adminAvailableMonthsQueryOptions)
}
