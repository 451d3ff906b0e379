import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '#client/lib/api-client.ts'
import type { MailingDefaults } from '#shared/mailings.ts'

export const MAILING_DEFAULTS_KEY = ['admin', 'mailing-settings'] as const

export function getMailingDefaults(): Promise<MailingDefaults> {
  return apiClient.get<MailingDefaults>('/api/admin/mailing-settings')
}

export const mailingDefaultsQueryOptions = queryOptions({
  queryKey: MAILING_DEFAULTS_KEY,
  queryFn: getMailingDefaults,
})

export function useMailingDefaults() {
  return useQuery(mailingDefaultsQueryOptions)
}

export function updateMailingDefaults(input: MailingDefaults): Promise<MailingDefaults> {
  return apiClient.put<MailingDefaults>('/api/admin/mailing-settings', input)
}

export function useUpdateMailingDefaults() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateMailingDefaults,
    onSuccess: (saved) => queryClient.setQueryData(MAILING_DEFAULTS_KEY, saved),
  })
}
