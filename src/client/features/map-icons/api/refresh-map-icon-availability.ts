import { apiClient } from '#client/lib/api-client.ts'
import type { RefreshMapIconAvailabilityResponse } from '#shared/checkout.ts'

/** Asks the server to recount each icon from paid orders and live holds. */
export function refreshMapIconAvailability(): Promise<RefreshMapIconAvailabilityResponse> {
  return apiClient.post<RefreshMapIconAvailabilityResponse>(
    '/api/functions/refresh-map-icon-availability',
    {},
  )
}
