import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, it, vi } from 'vitest'
import { Toaster } from '#client/components/ui/toaster.tsx'
import { resetToasts } from '#client/components/ui/use-toast.ts'
import { cartActions, resetCartStore } from '#client/features/cart/cart-store.ts'
import { expectBookingFormErrors } from '#client/test/field-errors.ts'
import { CartCheckoutPage } from './cart-checkout-page'

/** /cart-checkout with one day in the cart; the icons offered below it answer with none. */
function renderPage() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      if (String(input) === '/api/map-icons')
        return new Response(JSON.stringify({ icons: [] }), { status: 200 })
      return new Response(JSON.stringify({ error: { code: 'not_found', message: 'x' } }), { status: 404 })
    }),
  )
  cartActions.addCalendarDay({ id: 'd1', date: '2034-03-09', price: 120 })
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/cart-checkout']}>
        <Routes>
          <Route path="/cart-checkout" element={<CartCheckoutPage />} />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  )
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
