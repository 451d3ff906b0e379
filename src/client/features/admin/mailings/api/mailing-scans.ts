import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, ok } from '#client/features/admin/admin-api.ts'
import { adminQueryKeys } from '#client/features/admin/admin-query-keys.ts'
import type { MonthKey } from '#shared/mailings.ts'
import type { AdminMailingScansDto, LineLinkDto, LineLinkInput } from '#shared/short-links.ts'

/** A mailing's lines with their short links, where each leads, and their scans. */
export function getMailingScans(month: MonthKey): Promise<AdminMailingScansDto> {
  return ok(api.admin.mailings[':month'].scans.$get({ param: { month } }))
}

/** The mailing's scans as a CSV file (a plain link: the browser downloads it with the session's cookie). */
export function mailingScansCsvPath(month: MonthKey): string {
  return `/api/admin/mailings/${month}/scans.csv`
}

export function mailingScansQueryOptions(month: MonthKey) {
  return queryOptions({
    queryKey: adminQueryKeys.mailingScans(month),
    queryFn: () => getMailingScans(month),
  })
}

export function useMailingScans(month: MonthKey | null) {
  return useQuery({ ...mailingScansQueryOptions(month ?? ''), enabled: month !== null })
}

/** Where a line's short link leads, set by the owner. */
export function setLineLink({
  orderId,
  ...input
}: LineLinkInput & { orderId: string }): Promise<LineLinkDto> {
  return ok(api.admin.orders[':orderId'].link.$put({ param: { orderId }, json: input }))
}

export function useSetLineLink(month: MonthKey) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: setLineLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.mailingScans(month) }),
  })
}
