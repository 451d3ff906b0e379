import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '#client/lib/api-client.ts'
import type { SiteSettings } from '#shared/settings.ts'

export const SITE_SETTINGS_QUERY_KEY = ['settings'] as const

/** GET /api/settings → { font, defaultMonth, defaultYear } */
export function getSiteSettings(): Promise<SiteSettings> {
  return apiClient.get<SiteSettings>('/api/settings')
}

export const siteSettingsQueryOptions = queryOptions({
  queryKey: SITE_SETTINGS_QUERY_KEY,
  queryFn: getSiteSettings,
  staleTime: 5 * 60_000,
})

export function useSiteSettings() {
  return useQuery(siteSettingsQueryOptions)
}
