import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, ok } from '#client/features/admin/admin-api.ts'
import { adminQueryKeys } from '#client/features/admin/admin-query-keys.ts'
import type { MailingDefaults } from '#shared/mailings.ts'

export function getMailingDefaults() {
  return ok(api.admin['mailing-settings'].$get())
}

export const mailingDefaultsQueryOptions = queryOptions({
  queryKey: adminQueryKeys.mailingDefaults(),
  queryFn: getMailingDefaults,
})

export function useMailingDefaults() {
  return useQuery(mailingDefaultsQueryOptions)
}

export function updateMailingDefaults(input: MailingDefaults) {
  return ok(api.admin['mailing-settings'].$put({ json: input }))
}

export function useUpdateMailingDefaults() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateMailingDefaults,
    onSuccess: (saved) => queryClient.setQueryData(adminQueryKeys.mailingDefaults(), saved),
  })
}
