import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '#client/lib/api-client.ts'
import type { AdminEmailDto, AdminEmailsResponse, EmailState } from '#shared/admin-communication.ts'

export type EmailLogFilters = { status: EmailState | 'all'; q: string; page: number; pageSize: number }

export const EMAIL_LOG_PAGE_SIZE = 25

export const EMPTY_EMAIL_LOG_FILTERS: EmailLogFilters = {
  status: 'all',
  q: '',
  page: 1,
  pageSize: EMAIL_LOG_PAGE_SIZE,
}

export const ADMIN_EMAILS_KEY = ['admin', 'emails'] as const

export function emailLogSearch(filters: EmailLogFilters): string {
  const params = new URLSearchParams({ page: String(filters.page), pageSize: String(filters.pageSize) })
  if (filters.status !== 'all') params.set('status', filters.status)
  if (filters.q.trim()) params.set('q', filters.q.trim())
  return params.toString()
}

export function getAdminEmails(filters: EmailLogFilters): Promise<AdminEmailsResponse> {
  return apiClient.get<AdminEmailsResponse>(`/api/admin/emails?${emailLogSearch(filters)}`)
}

export function adminEmailsQueryOptions(filters: EmailLogFilters) {
  return queryOptions({
    queryKey: [...ADMIN_EMAILS_KEY, filters],
    queryFn: () => getAdminEmails(filters),
    placeholderData: keepPreviousData,
  })
}

export function useAdminEmails(filters: EmailLogFilters) {
  return useQuery(adminEmailsQueryOptions(filters))
}

export function resendEmail(id: string): Promise<AdminEmailDto> {
  return apiClient.post<AdminEmailDto>(`/api/admin/emails/${encodeURIComponent(id)}/resend`)
}

/** A resent mail is a new queued row: the log and the banners' queued count both change. */
export function useResendEmail() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: resendEmail,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_EMAILS_KEY }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'status'] }),
      ]),
  })
}
