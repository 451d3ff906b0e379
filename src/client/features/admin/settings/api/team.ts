import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '#client/lib/api-client.ts'
import type {
  AddAdministratorInput,
  AddAdministratorResponse,
  Administrator,
  TeamResponse,
} from '#shared/team.ts'

export const TEAM_KEY = ['admin', 'team'] as const

export function useTeam() {
  return useQuery({
    queryKey: TEAM_KEY,
    queryFn: () => apiClient.get<TeamResponse>('/api/admin/team'),
    select: (data) => data.administrators,
  })
}

export function useAddAdministrator() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: AddAdministratorInput) =>
      apiClient.post<AddAdministratorResponse>('/api/admin/team', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TEAM_KEY }),
  })
}

export function useResendInvitation() {
  return useMutation({
    mutationFn: (administrator: Administrator) =>
      apiClient.post<{ administrator: Administrator }>(
        `/api/admin/team/${encodeURIComponent(administrator.id)}/invitation`,
      ),
  })
}

export function useRemoveAdministrator() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (administrator: Administrator) =>
      apiClient.delete<void>(`/api/admin/team/${encodeURIComponent(administrator.id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: TEAM_KEY }),
  })
}
