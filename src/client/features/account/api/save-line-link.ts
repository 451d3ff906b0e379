import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { apiClient } from '#client/lib/api-client.ts'
import { queryKeys } from '#client/lib/query-keys.ts'
import type { AccountDto } from '#shared/account.ts'
import type { LineLinkDto, LineLinkInput } from '#shared/short-links.ts'

/** PUT /api/account/lines/:orderId/link: where the line's QR code leads; answers the saved link. */
export function saveAccountLineLink(orderId: string, input: LineLinkInput) {
  return apiClient.put<LineLinkDto>(`/api/account/lines/${encodeURIComponent(orderId)}/link`, input)
}

/** The save for one line's form; the answer replaces the line's link in the account's data. */
export function useSaveAccountLineLink(orderId: string) {
  const queryClient = useQueryClient()
  return useCallback(
    async (input: LineLinkInput) => {
      const link = await saveAccountLineLink(orderId, input)
      queryClient.setQueryData<AccountDto>(queryKeys.account(), (account) =>
        account
          ? {
              ...account,
              groups: account.groups.map((group) => ({
                ...group,
                purchases: group.purchases.map((purchase) => ({
                  ...purchase,
                  lines: purchase.lines.map((line) =>
                    line.link?.orderId === orderId ? { ...line, link } : line,
                  ),
                })),
              })),
            }
          : account,
      )
      return link
    },
    [queryClient, orderId],
  )
}
