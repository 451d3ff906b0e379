import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api, ok } from '#client/features/admin/admin-api.ts'
import { adminQueryKeys } from '#client/features/admin/admin-query-keys.ts'

export type AdminCalendarQuery = {
  startDate: string
  endDate: string
  /** 'all' = no status filter. */
  status: string
  /** Applies only when > 0. */
  maxPrice: number
}

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
    queryKey: adminQueryKeys.calendarDaysList(query),
    queryFn: () => getAdminCalendarDays(query),
    placeholderData: keepPreviousData,
  })
}

export function useAdminCalendarDays(query: AdminCalendarQuery) {
  return useQuery(adminCalendarDaysQueryOptions(query))
}
