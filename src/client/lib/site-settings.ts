import { queryOptions, useQuery } from '@tanstack/react-query'
import type { SiteSettings } from '#shared/settings.ts'
import { apiClient } from './api-client.ts'
import { queryKeys } from './query-keys.ts'

/** GET /api/settings → { font, defaultMonth, defaultYear } */
export function getSiteSettings(): Promise<SiteSettings> {
  return apiClient.get<SiteSettings>('/api/settings')
}

/**
 * The site settings' one query, for the public pages (the heading font, the calendar's default month),
 * server rendering and the admin's settings screen alike, which writes its saved answer into it so every
 * reader in the tab shows it at once. Settings rarely change: kept fresh for five minutes, and tried once
 * more on failure only (without them the calendar still opens on the current or earliest month).
 */
export const siteSettingsQueryOptions = queryOptions({
  queryKey: queryKeys.settings(),
  queryFn: getSiteSettings,
  staleTime: 5 * 60_000,
  retry: 1,
})

export function useSiteSettings() {
  return useQuery(siteSettingsQueryOptions)
}
