import { cleanup } from '@testing-library/react'
import { afterEach, beforeEach, describe, it, vi } from 'vitest'
import { resetToasts } from '#client/components/ui/use-toast.ts'
import { cartActions, resetCartStore } from '#client/features/cart/cart-store.ts'
import { expectBookingFormErrors } from '#client/test/field-errors.ts'
import { renderOffline } from '#client/test/render-offline.tsx'
import { CartCheckoutPage } from './cart-checkout-page'

/** /cart-checkout with one day in the cart; the icons offered below it answer with none. */
function renderPage() {
  cartActions.addCalendarDay({ id: 'd1', date: '2034-03-09', price: 120 })
  renderOffline(<CartCheckoutPage />, '/cart-checkout', {
    route: '/cart-checkout',
    answers: { '/api/map-icons': { icons: [] } },
    toaster: true,
  })
}

describe('CartCheckoutPage', () => {
  beforeEach(() => {
    localStorage.clear()
    sessionStorage.clear()
    resetCartStore()
    resetToasts()
  })
  afterEach(() => {
    cleanup()
    cartActions.clearCart()
    vi.unstubAllGlobals()
    resetToasts()
  })

  it('shows each form error next to its field, marks it invalid and gives it the focus', async () => {
    renderPage()
    await expectBookingFormErrors('Proceed to Checkout')
  })
})
