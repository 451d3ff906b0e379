import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '#client/lib/api-client.ts'
import type { CreateRefundInput, RefundDto } from '#shared/refunds.ts'

export function createRefund(input: CreateRefundInput): Promise<RefundDto> {
  return apiClient.post<RefundDto>('/api/admin/refunds', input)
}

/**
 * A refund changes the checkout's lines and frees their days and icon units, so the checkout and order
 * lists are refreshed, and every other admin list (the calendar's days) with them.
 */
export function useCreateRefund() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createRefund,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin-checkouts'] }),
        queryClient.invalidateQueries({ queryKey: ['admin-orders'] }),
        queryClient.invalidateQueries({ queryKey: ['admin'] }),
      ]),
  })
}
