import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SiteFont } from '../../../../../shared/fonts'
import type { SiteSettings } from '../../../../../shared/settings'
import { apiClient } from '../../../../lib/api-client'
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
