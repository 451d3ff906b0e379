import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '#client/lib/api-client.ts'
import type { SiteFont } from '#shared/fonts.ts'
import type { SiteSettings } from '#shared/settings.ts'
import { SETTINGS_KEY } from './get-settings'

export function updateFont(font: SiteFont): Promise<SiteSettings> {
  return apiClient.put<SiteSettings>('/api/settings/font', { font })
}

export function useUpdateFont() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateFont,
    onSuccess: (settings) => queryClient.setQueryData(SETTINGS_KEY, settings),
  })
}
