import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, it, vi } from 'vitest'
import { Toaster } from '#client/components/ui/toaster.tsx'
import { resetToasts } from '#client/components/ui/use-toast.ts'
import { expectBookingFormErrors } from '#client/test/field-errors.ts'
import type { CalendarDayDto } from '#shared/dto.ts'
import { DayCheckoutPage } from './day-checkout-page'

const day: CalendarDayDto = {
  id: '22222222-2222-2222-2222-222222222222',
  date: '2034-03-09',
  status: 'available',
  businessName: null,
  price: 120,
}

function renderPage() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      if (String(input) === `/api/calendar-days/${day.id}`) {
        return new Response(JSON.stringify(day), { status: 200 })
      }
      return new Response(JSON.stringify({ error: { code: 'not_found', message: 'x' } }), { status: 404 })
    }),
  )
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/checkout/${day.id}`]}>
        <Routes>
          <Route path="/checkout/:dayId" element={<DayCheckoutPage />} />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  )
}

describe('DayCheckoutPage', () => {
  beforeEach(() => {
    sessionStorage.clear()
    resetToasts()
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
    resetToasts()
  })

  it('shows each form error next to its field, marks it invalid and gives it the focus', async () => {
    renderPage()
    await expectBookingFormErrors('Proceed to Payment')
  })
})
