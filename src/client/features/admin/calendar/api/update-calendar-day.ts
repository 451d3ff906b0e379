import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, ok } from '#client/features/admin/admin-api.ts'
import type { UpdateCalendarDayInput } from '#shared/calendar-admin.ts'
import { ADMIN_CALENDAR_DAYS_KEY } from './get-admin-calendar-days'

export function updateCalendarDay(id: string, input: UpdateCalendarDayInput) {
  return ok(api.admin['calendar-days'][':id'].$patch({ param: { id: encodeURIComponent(id) }, json: input }))
}

export function useUpdateCalendarDay() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateCalendarDayInput }) =>
      updateCalendarDay(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_CALENDAR_DAYS_KEY }),
  })
}
