import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../../lib/api-client'
import { ADMIN_CALENDAR_DAYS_KEY } from './get-admin-calendar-days'

export type BulkPriceInput = { startDate: string; endDate: string; price: number }

export function bulkUpdatePrice(input: BulkPriceInput): Promise<{ updated: number }> {
  return apiClient.post<{ updated: number }>('/api/admin/calendar-days/bulk-price', input)
}

export function useBulkUpdatePrice() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: bulkUpdatePrice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_CALENDAR_DAYS_KEY }),
  })
}
