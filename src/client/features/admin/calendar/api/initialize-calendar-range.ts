import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, ok } from '#client/features/admin/admin-api.ts'
import { adminQueryKeys } from '#client/features/admin/admin-query-keys.ts'

export type InitializeRangeInput = { startDate: string; endDate: string; price: number }

export function initializeCalendarRange(input: InitializeRangeInput) {
  return ok(api.admin['calendar-days'].initialize.$post({ query: {}, json: input }))
}

/** The same request as a dry run: the counts the real one would answer, nothing written. */
export function previewCalendarRange(input: InitializeRangeInput) {
  return ok(api.admin['calendar-days'].initialize.$post({ query: { dryRun: '1' }, json: input }))
}

export function useInitializeCalendarRange() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: initializeCalendarRange,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.calendarDays() }),
  })
}

export function usePreviewCalendarRange() {
  return useMutation({ mutationFn: previewCalendarRange })
}
