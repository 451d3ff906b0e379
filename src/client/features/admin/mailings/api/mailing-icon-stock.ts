import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, ok } from '#client/features/admin/admin-api.ts'
import { adminQueryKeys } from '#client/features/admin/admin-query-keys.ts'
import type { MonthKey } from '#shared/mailings.ts'

export function getMailingIconStock(month: MonthKey) {
  return ok(api.admin.mailings[':month']['icon-stock'].$get({ param: { month } }))
}

export function mailingIconStockQueryOptions(month: MonthKey) {
  return queryOptions({
    queryKey: adminQueryKeys.mailingIconStock(month),
    queryFn: () => getMailingIconStock(month),
  })
}

export function useMailingIconStock(month: MonthKey | null) {
  return useQuery({ ...mailingIconStockQueryOptions(month ?? ''), enabled: month !== null })
}

export function updateIconStock({
  month,
  iconId,
  quantity,
}: {
  month: MonthKey
  iconId: string
  quantity: number
}) {
  return ok(
    api.admin.mailings[':month']['icon-stock'][':iconId'].$put({
      param: { month, iconId },
      json: { quantity },
    }),
  )
}

export function useUpdateIconStock() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateIconStock,
    // The stock dialog, the manual icon order form and the public icon reads all count from it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.all() }),
  })
}
