import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, ok } from '#client/features/admin/admin-api.ts'
import { adminQueryKeys } from '#client/features/admin/admin-query-keys.ts'
import type { InboxKind } from '#shared/admin-communication.ts'

export type InboxFilters = {
  kind: InboxKind | 'all'
  handled: 'all' | 'true' | 'false'
  page: number
  pageSize: number
}

export const INBOX_PAGE_SIZE = 25

export const EMPTY_INBOX_FILTERS: InboxFilters = {
  kind: 'all',
  handled: 'all',
  page: 1,
  pageSize: INBOX_PAGE_SIZE,
}

function filterQuery(filters: InboxFilters) {
  return {
    kind: filters.kind === 'all' ? undefined : filters.kind,
    handled: filters.handled === 'all' ? undefined : filters.handled,
  }
}

export function inboxQuery(filters: InboxFilters) {
  return { ...filterQuery(filters), page: String(filters.page), pageSize: String(filters.pageSize) }
}

/** The CSV of the filtered inbox (every page), downloaded by the browser itself. */
export function inboxExportUrl(filters: InboxFilters): string {
  return api.admin.inbox['export.csv'].$path({ query: filterQuery(filters) })
}

export function getInbox(filters: InboxFilters) {
  return ok(api.admin.inbox.$get({ query: inboxQuery(filters) }))
}

export function inboxQueryOptions(filters: InboxFilters) {
  return queryOptions({
    queryKey: adminQueryKeys.inboxList(filters),
    queryFn: () => getInbox(filters),
    placeholderData: keepPreviousData,
  })
}

export function useInbox(filters: InboxFilters) {
  return useQuery(inboxQueryOptions(filters))
}

export function markInboxEntry(id: string, handled: boolean) {
  return ok(
    api.admin.inbox[':id'].handled.$post({ param: { id: encodeURIComponent(id) }, json: { handled } }),
  )
}

export function useMarkInboxEntry() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, handled }: { id: string; handled: boolean }) => markInboxEntry(id, handled),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.inbox() }),
  })
}
