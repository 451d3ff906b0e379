import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '#client/lib/api-client.ts'
import type { MailingIconStockDto, MailingIconStockResponse, MonthKey } from '#shared/mailings.ts'
import { ADMIN_MAILINGS_KEY } from './get-admin-mailings'

export const mailingIconStockKey = (month: MonthKey) => [...ADMIN_MAILINGS_KEY, month, 'icon-stock'] as const

export function getMailingIconStock(month: MonthKey): Promise<MailingIconStockResponse> {
  return apiClient.get<MailingIconStockResponse>(`/api/admin/mailings/${month}/icon-stock`)
}

export function mailingIconStockQueryOptions(month: MonthKey) {
  return queryOptions({ queryKey: mailingIconStockKey(month), queryFn: () => getMailingIconStock(month) })
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
}): Promise<MailingIconStockDto> {
  return apiClient.put<MailingIconStockDto>(`/api/admin/mailings/${month}/icon-stock/${iconId}`, { quantity })
}

export function useUpdateIconStock() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateIconStock,
    // The stock dialog, the manual icon order form and the public icon reads all count from it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  })
}
