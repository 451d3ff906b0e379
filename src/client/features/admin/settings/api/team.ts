import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, ok } from '#client/features/admin/admin-api.ts'
import type { AddAdministratorInput, Administrator } from '#shared/team.ts'

export const TEAM_KEY = ['admin', 'team'] as const

export function useTeam() {
  return useQuery({
    queryKey: TEAM_KEY,
    queryFn: () => ok(api.admin.team.$get()),
    select: (data) => data.administrators,
  })
}

export function useAddAdministrator() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: AddAdministratorInput) => ok(api.admin.team.$post({ json: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TEAM_KEY }),
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
    onSettled: () => queryClient.invalidateQueries({ queryKey: TEAM_KEY }),
  })
}
