import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '#client/lib/api-client.ts'
import type { CalendarDefaultInput, SiteSettings } from '#shared/settings.ts'
import { SETTINGS_KEY } from './get-settings'

export function updateCalendarDefault(input: CalendarDefaultInput): Promise<SiteSettings> {
  return apiClient.put<SiteSettings>('/api/settings/calendar', input)
}

export function useUpdateCalendarDefault() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateCalendarDefault,
    onSuccess: (settings) => queryClient.setQueryData(SETTINGS_KEY, settings),
  })
}
