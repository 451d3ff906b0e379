/**
 * The business name and e-mail the buyer last checked out with, kept for this tab (sessionStorage) so
 * Cancel on the payment page brings them back to a filled form. Nothing outlives the tab.
 */
export type RememberedBuyer = { businessName: string; email: string }

const KEY = 'townflyer-checkout-buyer'

export function readRememberedBuyer(): RememberedBuyer {
  try {
    const data: unknown = JSON.parse(globalThis.sessionStorage?.getItem(KEY) ?? 'null')
    if (data && typeof data === 'object') {
      const { businessName, email } = data as Record<string, unknown>
      return {
        businessName: typeof businessName === 'string' ? businessName : '',
        email: typeof email === 'string' ? email : '',
      }
    }
  } catch {
    // Storage off or corrupt: start with an empty form.
  }
  return { businessName: '', email: '' }
}

export function rememberBuyer(buyer: RememberedBuyer) {
  try {
    globalThis.sessionStorage?.setItem(KEY, JSON.stringify(buyer))
  } catch {
    // Private mode or a full quota: the form simply starts empty next time.
  }
}

/** The page the checkout starts from, where Cancel on the payment page returns (the server checks it). */
export function checkoutReturnPath(): string {
  return globalThis.location?.pathname ?? '/cart-checkout'
}
