import { ApiError, apiClient } from '#client/lib/api-client.ts'
import type { CheckoutSessionResponse } from '#shared/checkout.ts'
import { checkoutReturnPath } from './remembered-buyer'

/**
 * The checkout calls (create-cart-checkout-session, create-checkout-session,
 * create-map-icon-checkout). Each resolves to the payment session URL the browser then navigates to;
 * a missing URL is a failure (NO_SESSION_URL is thrown). The server recomputes every price and
 * answers 409 when a day or icon was taken meanwhile (naming each day in `fields['days.<id>']`), 422 when
 * a field is wrong. Each sends the page it starts from, where Cancel on the payment page returns.
 */

export type CartCheckoutRequest = {
  calendarDayIds: string[]
  mapIconId: string | null
  /** The mailing the icon is for ('YYYY-MM'); null: the next open one (a cart saved before mailings). */
  mapIconMonth: string | null
  businessName: string
  email: string
  discount: number
}

export type DayCheckoutRequest = { dayId: string; businessName: string; email: string }
export type MapIconCheckoutRequest = {
  iconId: string
  /** The mailing the icon is for ('YYYY-MM'); null: the next open one. */
  month: string | null
  businessName: string
  email: string
}

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
  return callCheckoutFunction('create-cart-checkout-session', {
    ...request,
    returnPath: checkoutReturnPath(),
  })
}

export function startDayCheckout(request: DayCheckoutRequest): Promise<string> {
  return callCheckoutFunction('create-checkout-session', { ...request, returnPath: checkoutReturnPath() })
}

export function startMapIconCheckout(request: MapIconCheckoutRequest): Promise<string> {
  return callCheckoutFunction('create-map-icon-checkout', { ...request, returnPath: checkoutReturnPath() })
}

/**
 * The days a 409 names as no longer available (server: `fields['days.<dayId>']`), each with its sentence,
 * e.g. 'Tuesday, December 1, 2026 is no longer available for booking.'
 */
export function unavailableDaysOf(error: unknown): { dayId: string; message: string }[] {
  if (!(error instanceof ApiError) || error.status !== 409 || !error.fields) return []
  return Object.entries(error.fields).flatMap(([key, messages]) =>
    key.startsWith('days.') && messages[0]
      ? [{ dayId: key.slice('days.'.length), message: messages[0] }]
      : [],
  )
}
