/**
 * The checkout calls of spec section 7 (create-cart-checkout-session, create-checkout-session,
 * create-map-icon-checkout). The payment issue wires them to the server; until then each one throws
 * the spec's 'Failed to create checkout session' so the pages' failure paths are the real ones.
 * On success each resolves to the payment session URL the browser then navigates to.
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

const NOT_WIRED = 'Failed to create checkout session'

export async function startCartCheckout(_request: CartCheckoutRequest): Promise<string> {
  throw new Error(NOT_WIRED)
}

export async function startDayCheckout(_request: DayCheckoutRequest): Promise<string> {
  throw new Error(NOT_WIRED)
}

export async function startMapIconCheckout(_request: MapIconCheckoutRequest): Promise<string> {
  throw new Error(NOT_WIRED)
}
