import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, ok } from '#client/features/admin/admin-api.ts'
import { adminQueryKeys } from '#client/features/admin/admin-query-keys.ts'

export function deleteCalendarDay(id: string) {
  return ok(api.admin['calendar-days'][':id'].$delete({ param: { id: encodeURIComponent(id) } }))
}

export function useDeleteCalendarDay() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteCalendarDay,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.calendarDays() }),
  })
}
