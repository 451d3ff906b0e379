import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, ok } from '#client/features/admin/admin-api.ts'
import { queryKeys } from '#client/lib/query-keys.ts'
import type { CalendarDefaultInput } from '#shared/settings.ts'

export function updateCalendarDefault(input: CalendarDefaultInput) {
  return ok(api.settings.calendar.$put({ json: input }))
}

export function useUpdateCalendarDefault() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateCalendarDefault,
    onSuccess: (settings) => queryClient.setQueryData(queryKeys.settings(), settings),
  })
}
