import { queryOptions, useQuery } from '@tanstack/react-query'
import type { AdminCalendarDaysResponse } from '../../../../../shared/admin-dto'
import { apiClient } from '../../../../lib/api-client'

/** Under the calendar key, so any calendar change refreshes the day choices too. */
export const AVAILABLE_DAYS_KEY = ['admin', 'calendar-days', 'available'] as const

export function getAvailableDays(): Promise<AdminCalendarDaysResponse> {
  return apiClient.get<AdminCalendarDaysResponse>('/api/admin/calendar-days?status=available')
}

export const availableDaysQueryOptions = queryOptions({
  queryKey: AVAILABLE_DAYS_KEY,
  queryFn: getAvailableDays,
})

export function useAvailableDays() {
  return useQuery(availableDaysQueryOptions)
}
