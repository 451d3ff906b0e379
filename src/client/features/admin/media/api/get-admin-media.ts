import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, ok } from '#client/features/admin/admin-api.ts'
import { adminQueryKeys } from '#client/features/admin/admin-query-keys.ts'
import type { MediaType } from '#shared/dto.ts'

/** GET /api/admin/media?type=… (newest first). */
export function getAdminMedia(type: MediaType) {
  return ok(api.admin.media.$get({ query: { type } }))
}

export function adminMediaQueryOptions(type: MediaType) {
  return queryOptions({ queryKey: adminQueryKeys.media(type), queryFn: () => getAdminMedia(type) })
}

export function useAdminMedia(type: MediaType) {
  return useQuery(adminMediaQueryOptions(type))
}
