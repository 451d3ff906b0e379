import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Toaster } from '#client/components/ui/toaster.tsx'
import { resetToasts } from '#client/components/ui/use-toast.ts'
import { expectBookingFormErrors } from '#client/test/field-errors.ts'
import type { MapIconDto } from '#shared/dto.ts'
import { MapIconCheckoutPage } from './map-icon-checkout-page'

/** The single icon checkout is for one mailing, ?month=YYYY-MM or else the next open one. */
const icon: MapIconDto = {
  id: '11111111-1111-1111-1111-111111111111',
  name: 'Map Icon',
  size: 'small',
  price: 150,
  month: '2027-01',
  availableQuantity: 12,
  totalQuantity: 20,
  stock: [
    { month: '2027-01', availableQuantity: 12, totalQuantity: 20 },
    { month: '2027-02', availableQuantity: 0, totalQuantity: 20 },
    { month: '2027-03', availableQuantity: 19, totalQuantity: 20 },
  ],
  printSize: { widthInches: 0.5, heightInches: 0.5 },
}

let fetchMock: ReturnType<typeof vi.fn>

function renderAt(search: string, answer: MapIconDto = icon) {
  fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = String(input)
    if (url === `/api/map-icons/${icon.id}`) return new Response(JSON.stringify(answer), { status: 200 })
    if (url === '/api/functions/create-map-icon-checkout') {
      return new Response(JSON.stringify({ sessionUrl: '/pay/session' }), { status: 200 })
    }
    return new Response(JSON.stringify({ error: { code: 'not_found', message: 'x' } }), { status: 404 })
  })
  vi.stubGlobal('fetch', fetchMock)
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/map-icon-checkout/${icon.id}${search}`]}>
        <Routes>
          <Route path="/map-icon-checkout/:iconId" element={<MapIconCheckoutPage />} />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  )
}

async function pay() {
  fireEvent.change(await screen.findByLabelText(/Business Name/), { target: { value: 'Harbor Bakery' } })
  fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'owner@example.com' } })
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Proceed to Payment' }))
  })
  const call = fetchMock.mock.calls.find(([url]) => String(url) === '/api/functions/create-map-icon-checkout')
  return JSON.parse(String(call?.[1]?.body)) as Record<string, unknown>
}

describe('MapIconCheckoutPage', () => {
  beforeEach(() => {
    sessionStorage.clear()
    resetToasts()
    vi.spyOn(window.location, 'assign').mockImplementation(() => {})
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
    resetToasts()
  })

  it('buys for the mailing in ?month, with its stock', async () => {
    renderAt('?month=2027-03')
    expect(await screen.findByText('For the March 2027 mailing')).toBeTruthy()
    expect(screen.getByText('19 of 20 remaining')).toBeTruthy()
    expect(await pay()).toMatchObject({ iconId: icon.id, month: '2027-03', businessName: 'Harbor Bakery' })
    expect(window.location.assign).toHaveBeenCalledWith('/pay/session')
  })

  it('buys for the next open mailing without ?month (or with a garbled one)', async () => {
    renderAt('?month=2027-13')
    expect(await screen.findByText('For the January 2027 mailing')).toBeTruthy()
    expect(screen.getByText('12 of 20 remaining')).toBeTruthy()
    expect(await pay()).toMatchObject({ month: '2027-01' })
  })

  it('says Sold Out for a mailing whose stock is gone, before the buyer types anything', async () => {
    renderAt('?month=2027-02')
    expect(await screen.findByRole('heading', { name: 'Sold Out' })).toBeTruthy()
    expect(screen.getByText('0 of 20 remaining')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Proceed to Payment' })).toBeNull()
  })

  it('offers no checkout for a mailing that is not open, nor when none is', async () => {
    renderAt('?month=2027-06')
    expect(
      await screen.findByText('For the June 2027 mailing: This mailing is not taking orders.'),
    ).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Proceed to Payment' })).toBeNull()
    cleanup()
    renderAt('', { ...icon, month: null, availableQuantity: 0, totalQuantity: 0, stock: [] })
    expect(await screen.findByText('No mailing is open for orders right now.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Proceed to Payment' })).toBeNull()
    expect(screen.getByRole('link', { name: 'See map icon options' })).toBeTruthy()
  })

  it('shows each form error next to its field, marks it invalid and gives it the focus', async () => {
    renderAt('')
    await expectBookingFormErrors('Proceed to Payment')
  })
})
