import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, ok } from '#client/features/admin/admin-api.ts'
import { adminQueryKeys } from '#client/features/admin/admin-query-keys.ts'
import type { AddAdministratorInput, Administrator } from '#shared/team.ts'

export function useTeam() {
  return useQuery({
    queryKey: adminQueryKeys.team(),
    queryFn: () => ok(api.admin.team.$get()),
    select: (data) => data.administrators,
  })
}

export function useAddAdministrator() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: AddAdministratorInput) => ok(api.admin.team.$post({ json: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.team() }),
  })
}

export function useResendInvitation() {
  return useMutation({
    mutationFn: (administrator: Administrator) =>
      ok(
        api.admin.team[':userId'].invitation.$post({
          param: { userId: encodeURIComponent(administrator.id) },
        }),
      ),
  })
}

export function useRemoveAdministrator() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (administrator: Administrator) =>
      ok(api.admin.team[':userId'].$delete({ param: { userId: encodeURIComponent(administrator.id) } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.team() }),
  })
}
