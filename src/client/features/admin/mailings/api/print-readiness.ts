import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, ok } from '#client/features/admin/admin-api.ts'
import { adminQueryKeys } from '#client/features/admin/admin-query-keys.ts'
import type { MonthKey } from '#shared/mailings.ts'

export function getPrintReadiness(month: MonthKey) {
  return ok(api.admin.mailings[':month']['print-readiness'].$get({ param: { month } }))
}

export function printReadinessQueryOptions(month: MonthKey) {
  return queryOptions({
    queryKey: adminQueryKeys.mailingPrintReadiness(month),
    queryFn: () => getPrintReadiness(month),
  })
}

/** The lines "mark printed" must list, read afresh each time the confirmation opens. */
export function usePrintReadiness(month: MonthKey | null) {
  return useQuery({
    ...printReadinessQueryOptions(month ?? ''),
    enabled: month !== null,
    staleTime: 0,
    refetchOnMount: 'always',
  })
}
