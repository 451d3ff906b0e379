import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, ok } from '#client/features/admin/admin-api.ts'

/** The same key the public pages use, so a saved setting reaches them in this tab at once. */
export const SETTINGS_KEY = ['settings'] as const

export function getSettings() {
  return ok(api.settings.$get())
}

export const settingsQueryOptions = queryOptions({ queryKey: SETTINGS_KEY, queryFn: getSettings })

export function useSettings() {
  return useQuery(settingsQueryOptions)
}
