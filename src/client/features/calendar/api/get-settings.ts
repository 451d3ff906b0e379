import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '#client/lib/api-client.ts'
import type { SiteSettings } from '#shared/settings.ts'

export const SETTINGS_QUERY_KEY = ['settings'] as const

export function getSettings(): Promise<SiteSettings> {
  return apiClient.get<SiteSettings>('/api/settings')
}

export const settingsQueryOptions = queryOptions({
  queryKey: SETTINGS_QUERY_KEY,
  queryFn: getSettings,
  // Without settings the calendar still opens (current or earliest month), so do not hold it up.
  retry: 1,
})

export function useSettings() {
  return useQuery(settingsQueryOptions)
}
