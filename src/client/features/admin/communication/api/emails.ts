import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, ok } from '#client/features/admin/admin-api.ts'
import { adminQueryKeys } from '#client/features/admin/admin-query-keys.ts'
import type { EmailState } from '#shared/admin-communication.ts'

export type EmailLogFilters = { status: EmailState | 'all'; q: string; page: number; pageSize: number }

export const EMAIL_LOG_PAGE_SIZE = 25

export const EMPTY_EMAIL_LOG_FILTERS: EmailLogFilters = {
  status: 'all',
  q: '',
  page: 1,
  pageSize: EMAIL_LOG_PAGE_SIZE,
}

export function emailLogQuery(filters: EmailLogFilters) {
  return {
    page: String(filters.page),
    pageSize: String(filters.pageSize),
    status: filters.status === 'all' ? undefined : filters.status,
    q: filters.q.trim() || undefined,
  }
}

export function getAdminEmails(filters: EmailLogFilters) {
  return ok(api.admin.emails.$get({ query: emailLogQuery(filters) }))
}

export function adminEmailsQueryOptions(filters: EmailLogFilters) {
  return queryOptions({
    queryKey: adminQueryKeys.emailsList(filters),
    queryFn: () => getAdminEmails(filters),
    placeholderData: keepPreviousData,
  })
}

export function useAdminEmails(filters: EmailLogFilters) {
  return useQuery(adminEmailsQueryOptions(filters))
}

export function resendEmail(id: string) {
  return ok(api.admin.emails[':id'].resend.$post({ param: { id: encodeURIComponent(id) } }))
}

/** A resent mail is a new queued row: the log and the banners' queued count both change. */
export function useResendEmail() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: resendEmail,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminQueryKeys.emails() }),
        queryClient.invalidateQueries({ queryKey: adminQueryKeys.status() }),
      ]),
  })
}
