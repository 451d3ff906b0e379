import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '#client/lib/api-client.ts'
import type { AdminInboxEntryDto, AdminInboxResponse, InboxKind } from '#shared/admin-communication.ts'

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

export const ADMIN_INBOX_KEY = ['admin', 'inbox'] as const

function filterParams(filters: InboxFilters): URLSearchParams {
  const params = new URLSearchParams()
  if (filters.kind !== 'all') params.set('kind', filters.kind)
  if (filters.handled !== 'all') params.set('handled', filters.handled)
  return params
}

export function inboxSearch(filters: InboxFilters): string {
  const params = filterParams(filters)
  params.set('page', String(filters.page))
  params.set('pageSize', String(filters.pageSize))
  return params.toString()
}

/** The CSV of the filtered inbox (every page), downloaded by the browser itself. */
export function inboxExportUrl(filters: InboxFilters): string {
  const search = filterParams(filters).toString()
  return search ? `/api/admin/inbox/export.csv?${search}` : '/api/admin/inbox/export.csv'
}

export function getInbox(filters: InboxFilters): Promise<AdminInboxResponse> {
  return apiClient.get<AdminInboxResponse>(`/api/admin/inbox?${inboxSearch(filters)}`)
}

export function inboxQueryOptions(filters: InboxFilters) {
  return queryOptions({
    queryKey: [...ADMIN_INBOX_KEY, filters],
    queryFn: () => getInbox(filters),
    placeholderData: keepPreviousData,
  })
}

export function useInbox(filters: InboxFilters) {
  return useQuery(inboxQueryOptions(filters))
}

export function markInboxEntry(id: string, handled: boolean): Promise<AdminInboxEntryDto> {
  return apiClient.post<AdminInboxEntryDto>(`/api/admin/inbox/${encodeURIComponent(id)}/handled`, {
    handled,
  })
}

export function useMarkInboxEntry() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, handled }: { id: string; handled: boolean }) => markInboxEntry(id, handled),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_INBOX_KEY }),
  })
}
