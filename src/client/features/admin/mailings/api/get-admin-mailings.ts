import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, ok } from '#client/features/admin/admin-api.ts'

/** Under the admin key: any admin change (an order, a day, a status) refreshes the overview too. */
export const ADMIN_MAILINGS_KEY = ['admin', 'mailings'] as const

export function getAdminMailings() {
  return ok(api.admin.mailings.$get())
}

export const adminMailingsQueryOptions = queryOptions({
  queryKey: ADMIN_MAILINGS_KEY,
  queryFn: getAdminMailings,
})

export function useAdminMailings() {
  return useQuery(adminMailingsQueryOptions)
}
