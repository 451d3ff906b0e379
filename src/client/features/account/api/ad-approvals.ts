import { queryOptions, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { apiClient } from '#client/lib/api-client.ts'
import { queryKeys } from '#client/lib/query-keys.ts'
import type { AdApprovalInput, AdApprovalLineDto, AdApprovalsResponse } from '#shared/ad-approval.ts'

/** GET /api/account/approvals: the signed-in advertiser's lines to check in mailings whose proof exists. */
export const adApprovalsQueryOptions = queryOptions({
  queryKey: queryKeys.accountApprovals(),
  queryFn: () => apiClient.get<AdApprovalsResponse>('/api/account/approvals'),
})

/** POST /api/account/lines/:id/approval; the answer replaces the line in the list. */
export function useDecideAdApproval(orderId: string) {
  const queryClient = useQueryClient()
  return useCallback(
    async (input: AdApprovalInput) => {
      const line = await apiClient.post<AdApprovalLineDto>(
        `/api/account/lines/${encodeURIComponent(orderId)}/approval`,
        input,
      )
      queryClient.setQueryData<AdApprovalsResponse>(queryKeys.accountApprovals(), (data) =>
        data
          ? {
              mailings: data.mailings.map((m) => ({
                ...m,
                lines: m.lines.map((l) => (l.id === orderId ? line : l)),
              })),
            }
          : data,
      )
      return line
    },
    [queryClient, orderId],
  )
}
