import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, ok } from '#client/features/admin/admin-api.ts'
import { adminQueryKeys } from '#client/features/admin/admin-query-keys.ts'

export function getOwnerDigest() {
  return ok(api.admin.digest.$get())
}

export const ownerDigestQueryOptions = queryOptions({
  // Under the admin key: any admin change (an order, a review, a status) refreshes it too.
  queryKey: adminQueryKeys.ownerDigest(),
  queryFn: getOwnerDigest,
})

export function useOwnerDigest() {
  return useQuery(ownerDigestQueryOptions)
}
