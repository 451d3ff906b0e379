import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '#client/lib/api-client.ts'
import type { AdminCalendarDaysResponse } from '#shared/admin-dto.ts'

export type AdminCalendarQuery = {
  startDate: string
  endDate: string
  /** 'all' = no status filter (spec section 5). */
  status: string
  /** Applies only when > 0 (spec section 5). */
  maxPrice: number
}

export const ADMIN_CALENDAR_DAYS_KEY = ['admin', 'calendar-days'] as const

export function toCalendarSearch(query: AdminCalendarQuery): URLSearchParams {
  const params = new URLSearchParams({ startDate: query.startDate, endDate: query.endDate })
  if (query.status && query.status !== 'all') params.set('status', query.status)
  if (query.maxPrice > 0) params.set('maxPrice', String(query.maxPrice))
  return params
}

export function getAdminCalendarDays(query: AdminCalendarQuery): Promise<AdminCalendarDaysResponse> {
  return apiClient.get<AdminCalendarDaysResponse>(`/api/admin/calendar-days?${toCalendarSearch(query)}`)
}

export function adminCalendarDaysQueryOptions(query: AdminCalendarQuery) {
  return queryOptions({
    queryKey: [...ADMIN_CALENDAR_DAYS_KEY, query],
    queryFn: () => getAdminCalendarDays(query),
    placeholderData: keepPreviousData,
  })
}

export function useAdminCalendarDays(query: AdminCalendarQuery) {
  return useQuery(adminCalendarDaysQueryOptions(query))
}
