import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, ok } from '#client/features/admin/admin-api.ts'
import { adminQueryKeys } from '#client/features/admin/admin-query-keys.ts'

export function getAdminStatus() {
  return ok(api.admin.status.$get())
}

/** Read once per visit and again after anything that queues mail; a minute stale is fine for a banner. */
export function adminStatusQueryOptions() {
  return queryOptions({ queryKey: adminQueryKeys.status(), queryFn: getAdminStatus, staleTime: 60_000 })
}

export function useAdminStatus() {
  return useQuery(adminStatusQueryOptions())
}
