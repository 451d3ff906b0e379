import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '#client/lib/api-client.ts'
import type { InitializeRangeResponse } from '#shared/admin-dto.ts'
import { ADMIN_CALENDAR_DAYS_KEY } from './get-admin-calendar-days'

export type InitializeRangeInput = { startDate: string; endDate: string; price: number }

export function initializeCalendarRange(input: InitializeRangeInput): Promise<InitializeRangeResponse> {
  return apiClient.post<InitializeRangeResponse>('/api/admin/calendar-days/initialize', input)
}

/** The same request as a dry run: the counts the real one would answer, nothing written (issue 11). */
export function previewCalendarRange(input: InitializeRangeInput): Promise<InitializeRangeResponse> {
  return apiClient.post<InitializeRangeResponse>('/api/admin/calendar-days/initialize?dryRun=1', input)
}

export function useInitializeCalendarRange() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: initializeCalendarRange,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_CALENDAR_DAYS_KEY }),
  })
}

export function usePreviewCalendarRange() {
  return useMutation({ mutationFn: previewCalendarRange })
}
