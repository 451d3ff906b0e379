import { cleanup } from '@testing-library/react'
import { afterEach, beforeEach, describe, it, vi } from 'vitest'
import { resetToasts } from '#client/components/ui/use-toast.ts'
import { expectBookingFormErrors } from '#client/test/field-errors.ts'
import { renderOffline } from '#client/test/render-offline.tsx'
import type { CalendarDayDto } from '#shared/dto.ts'
import { DayCheckoutPage } from './day-checkout-page'

const day: CalendarDayDto = {
  id: '22222222-2222-2222-2222-222222222222',
  date: '2034-03-09',
  status: 'available',
  businessName: null,
  price: 120,
}

const renderPage = () =>
  renderOffline(<DayCheckoutPage />, `/checkout/${day.id}`, {
    route: '/checkout/:dayId',
    answers: { [`/api/calendar-days/${day.id}`]: day },
    toaster: true,
  })

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
