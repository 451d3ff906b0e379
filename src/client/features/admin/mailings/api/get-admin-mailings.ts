import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, ok } from '#client/features/admin/admin-api.ts'
import { adminQueryKeys } from '#client/features/admin/admin-query-keys.ts'

export function getAdminMailings() {
  return ok(api.admin.mailings.$get())
}

export const adminMailingsQueryOptions = queryOptions({
  // Under the admin key: any admin change (an order, a day, a status) refreshes the overview too.
  queryKey: adminQueryKeys.mailings(),
  queryFn: getAdminMailings,
})

export function useAdminMailings() {
  return useQuery(adminMailingsQueryOptions)
}
