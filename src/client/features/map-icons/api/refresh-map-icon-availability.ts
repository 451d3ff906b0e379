import { apiClient } from '#client/lib/api-client.ts'
import type { RefreshMapIconAvailabilityResponse } from '#shared/checkout.ts'

/** The icons with their stock as of now (derived from paid orders and live holds), read past any cache. */
export function refreshMapIconAvailability(): Promise<RefreshMapIconAvailabilityResponse> {
  return apiClient.post<RefreshMapIconAvailabilityResponse>(
    '/api/functions/refresh-map-icon-availability',
    {},
  )
}
