import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, ok } from '#client/features/admin/admin-api.ts'
import { adminQueryKeys } from '#client/features/admin/admin-query-keys.ts'
import type { UpdateCalendarDayInput } from '#shared/calendar-admin.ts'

export function updateCalendarDay(id: string, input: UpdateCalendarDayInput) {
  return ok(api.admin['calendar-days'][':id'].$patch({ param: { id: encodeURIComponent(id) }, json: input }))
}

export function useUpdateCalendarDay() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateCalendarDayInput }) =>
      updateCalendarDay(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.calendarDays() }),
  })
}
