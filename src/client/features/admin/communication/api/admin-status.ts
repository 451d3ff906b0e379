import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '#client/lib/api-client.ts'
import type { AdminStatusDto } from '#shared/admin-communication.ts'

export const ADMIN_STATUS_KEY = ['admin', 'status'] as const

export function getAdminStatus(): Promise<AdminStatusDto> {
  return apiClient.get<AdminStatusDto>('/api/admin/status')
}

/** Read once per visit and again after anything that queues mail; a minute stale is fine for a banner. */
export function adminStatusQueryOptions() {
  return queryOptions({ queryKey: ADMIN_STATUS_KEY, queryFn: getAdminStatus, staleTime: 60_000 })
}

export function useAdminStatus() {
  return useQuery(adminStatusQueryOptions())
}
