import type { CheckoutSessionResponse } from '../../../shared/checkout'
import { apiClient } from '../../lib/api-client'

/**
 * The checkout calls of spec section 7 (create-cart-checkout-session, create-checkout-session,
 * create-map-icon-checkout). Each resolves to the payment session URL the browser then navigates to;
 * a missing URL is a failure (spec section 8's thrown message). The server recomputes every price and
 * answers 409 when a day or icon was taken meanwhile, 422 when a field is wrong.
 */

export type CartCheckoutRequest = {
  calendarDayIds: string[]
  mapIconId: string | null
  businessName: string
  email: string
  discount: number
}

export type DayCheckoutRequest = { dayId: string; businessName: string; email: string }
export type MapIconCheckoutRequest = { iconId: string; businessName: string; email: string }

export const NO_SESSION_URL = 'No session URL returned from checkout function'

export async function callCheckoutFunction(name: string, body: unknown): Promise<string> {
  const { sessionUrl } = await apiClient.post<Partial<CheckoutSessionResponse>>(
    `/api/functions/${name}`,
    body,
  )
  if (!sessionUrl) throw new Error(NO_SESSION_URL)
  return sessionUrl
}

export function startCartCheckout(request: CartCheckoutRequest): Promise<string> {
  return callCheckoutFunction('create-cart-checkout-session', request)
}

export function startDayCheckout(request: DayCheckoutRequest): Promise<string> {
  return callCheckoutFunction('create-checkout-session', request)
}

export function startMapIconCheckout(request: MapIconCheckoutRequest): Promise<string> {
  return callCheckoutFunction('create-map-icon-checkout', request)
}
