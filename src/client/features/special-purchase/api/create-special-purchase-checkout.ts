import { apiClient } from '#client/lib/api-client.ts'
import type { CheckoutSessionResponse } from '#shared/checkout.ts'

export type SpecialPurchaseCheckoutInput = {
  businessName: string
  email: string
  units: number
  description: string
  amount: number
  /** The page to return to on Cancel at the payment page (the server accepts only its checkout pages). */
  returnPath?: string
}

/**
 * create-special-purchase-checkout takes businessName, email, units, description and amount
 * (the server recomputes the amount and refuses a mismatch) and answers the sessionUrl the browser goes to.
 */
export async function startSpecialPurchaseCheckout(
  input: SpecialPurchaseCheckoutInput,
): Promise<CheckoutSessionResponse> {
  const { sessionUrl } = await apiClient.post<Partial<CheckoutSessionResponse>>(
    '/api/functions/create-special-purchase-checkout',
    input,
  )
  if (!sessionUrl) throw new Error('No checkout session URL received')
  return { sessionUrl }
}
