import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api, ok } from '#client/features/admin/admin-api.ts'

export type AdminCalendarQuery = {
  startDate: string
  endDate: string
  /** 'all' = no status filter (spec section 5). */
  status: string
  /** Applies only when > 0 (spec section 5). */
  maxPrice: number
}

export const ADMIN_CALENDAR_DAYS_KEY = ['admin', 'calendar-days'] as const

export function toCalendarQuery(query: AdminCalendarQuery) {
  return {
    startDate: query.startDate,
    endDate: query.endDate,
    status: query.status && query.status !== 'all' ? query.status : undefined,
    maxPrice: query.maxPrice > 0 ? String(query.maxPrice) : undefined,
  }
}

export function getAdminCalendarDays(query: AdminCalendarQuery) {
  return ok(api.admin['calendar-days'].$get({ query: toCalendarQuery(query) }))
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
