import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '#client/lib/api-client.ts'
import type { SiteSettings } from '#shared/settings.ts'

/** The same key the public pages use, so a saved setting reaches them in this tab at once. */
export const SETTINGS_KEY = ['settings'] as const

export function getSettings(): Promise<SiteSettings> {
  return apiClient.get<SiteSettings>('/api/settings')
}

export const settingsQueryOptions = queryOptions({ queryKey: SETTINGS_KEY, queryFn: getSettings })

export function useSettings() {
  return useQuery(settingsQueryOptions)
}
