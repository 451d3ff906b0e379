import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Toaster } from '#client/components/ui/toaster.tsx'
import { resetToasts } from '#client/components/ui/use-toast.ts'
import { cartActions, resetCartStore } from '#client/features/cart/cart-store.ts'
import type { CalendarDayDto } from '#shared/dto.ts'
import type { PublicMailingDto } from '#shared/mailings.ts'
import { CalendarSection } from './calendar-section'

const day = (date: string, status = 'available', businessName: string | null = null): CalendarDayDto => ({
  id: `id-${date}`,
  date,
  status,
  businessName,
  price: 120,
})

const decemberMailing: PublicMailingDto = {
  month: '2026-12',
  status: 'open',
  salesCloseAt: '2026-11-17T23:00:00.000Z',
  salesCloseLocal: '2026-11-17T17:00',
  salesCloseText: 'Tuesday, November 17, 5:00 PM (EST)',
  artworkDueAt: '2026-11-20T23:00:00.000Z',
  artworkDueLocal: '2026-11-20T17:00',
  artworkDueText: 'Friday, November 20, 5:00 PM (EST)',
  inHomesDate: '2026-12-01',
}

type Routes = Record<string, { status: number; body: unknown }>

function mockApi(routes: Routes) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input)
      const match = routes[url]
      if (!match) return new Response(JSON.stringify({ error: { code: 'not_found' } }), { status: 404 })
      return new Response(JSON.stringify(match.body), { status: match.status })
    }),
  )
}

const december = [
  day('2026-12-01'),
  day('2026-12-02', 'reserved', 'Harbor Bakery'),
  day('2026-12-03', 'reserved_pending'),
  // 2026-12-04 is not in the system: a placeholder cell.
  day('2026-12-05'),
]

function baseRoutes(days: Routes[string] = { status: 200, body: { days: december } }): Routes {
  return {
    '/api/settings': { status: 200, body: { font: 'Neucha', defaultMonth: 12, defaultYear: 2026 } },
    '/api/calendar-days/available-months': { status: 200, body: { months: [{ year: 2026, month: 12 }] } },
    '/api/calendar-days?month=2026-12': days,
  }
}

function renderSection(showPricing = true, at = '/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <CalendarSection showPricing={showPricing} />
            <Toaster />
          </>
        ),
      },
      { path: '/cart-checkout', element: <h1>Cart page</h1> },
    ],
    { initialEntries: [at] },
  )
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return router
}

const cell = (name: RegExp) => screen.findByRole('button', { name })

describe('CalendarSection', () => {
  beforeEach(() => {
    localStorage.clear()
    resetCartStore()
    resetToasts()
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('opens on the settings month and names each cell by date, price and state', async () => {
    mockApi(baseRoutes())
    renderSection()
    expect(await cell(/^Tuesday, December 1, 2026 — \$120, available$/)).toBeTruthy()
    expect(await cell(/^Wednesday, December 2, 2026 — reserved$/)).toBeTruthy()
    expect((await cell(/^Thursday, December 3, 2026 — pending$/)).textContent).toContain('Pending')
    expect(await cell(/^Friday, December 4, 2026 — not available yet$/)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Previous month' }).hasAttribute('disabled')).toBe(true)
    expect(screen.getByRole('button', { name: 'Next month' }).hasAttribute('disabled')).toBe(true)
  })

  it("opens on a link's ?month= when that month is for sale, else as without it", async () => {
    const routes = {
      ...baseRoutes(),
      '/api/calendar-days/available-months': {
        status: 200,
        body: {
          months: [
            { year: 2026, month: 12 },
            { year: 2027, month: 1 },
          ],
        },
      },
      '/api/calendar-days?month=2027-01': { status: 200, body: { days: [day('2027-01-05')] } },
    }
    mockApi(routes)
    renderSection(true, '/?month=2027-01')
    expect(await cell(/^Tuesday, January 5, 2027 — \$120, available$/)).toBeTruthy()
    cleanup()
    mockApi(routes)
    renderSection(true, '/?month=2027-03')
    expect(await cell(/^Tuesday, December 1, 2026 — \$120, available$/)).toBeTruthy()
  })

  it('hides prices when asked', async () => {
    mockApi(baseRoutes())
    renderSection(false)
    const first = await cell(/^Tuesday, December 1, 2026 — available$/)
    expect(first.textContent).not.toContain('$')
  })

  it('adds an available day, then shows In Cart and goes to the cart on a second click', async () => {
    mockApi(baseRoutes())
    const router = renderSection()
    fireEvent.click(await cell(/December 1, 2026/))
    expect((await screen.findAllByText('Added to Cart')).length).toBeGreaterThan(0)
    expect(screen.getByRole('button', { name: 'Go to Cart' })).toBeTruthy()
    const inCart = await cell(/^Tuesday, December 1, 2026 — \$120, in cart$/)
    expect(inCart.textContent).toContain('In Cart')
    fireEvent.click(inCart)
    await act(async () => {})
    expect(router.state.location.pathname).toBe('/cart-checkout')
  })

  it('says Ready to Checkout? when the cart also holds a map icon', async () => {
    cartActions.setMapIcon({ id: 'icon', name: 'Map Icon', size: 'small', price: 150 })
    mockApi(baseRoutes())
    renderSection()
    fireEvent.click(await cell(/December 5, 2026/))
    expect((await screen.findAllByText('Ready to Checkout?')).length).toBeGreaterThan(0)
    expect(screen.getAllByText('You have calendar days and a map icon in your cart.').length).toBeGreaterThan(
      0,
    )
  })

  it('refuses a seventh day', async () => {
    for (let n = 10; n < 16; n++)
      cartActions.addCalendarDay({ id: `other-${n}`, date: `2026-12-${n}`, price: 120 })
    mockApi(baseRoutes())
    renderSection()
    fireEvent.click(await cell(/December 1, 2026/))
    expect((await screen.findAllByText('Cart Limit Reached')).length).toBeGreaterThan(0)
  })

  it('explains reserved, pending and placeholder days', async () => {
    mockApi(baseRoutes())
    renderSection()
    fireEvent.click(await cell(/December 2, 2026/))
    expect(
      (await screen.findAllByText('This day is already booked by Harbor Bakery.')).length,
    ).toBeGreaterThan(0)
    fireEvent.click(await cell(/December 3, 2026/))
    expect((await screen.findAllByText('Day Being Reserved')).length).toBeGreaterThan(0)
    fireEvent.click(await cell(/December 4, 2026/))
    expect((await screen.findAllByText('Day Not Available Yet')).length).toBeGreaterThan(0)
  })

  it("shows the days before the server's today as Past, never as available or not opened yet", async () => {
    const days = [
      day('2026-12-01'),
      day('2026-12-02', 'reserved', 'Harbor Bakery'),
      day('2026-12-03', 'past'),
      day('2026-12-05'),
    ]
    mockApi(baseRoutes({ status: 200, body: { days, today: '2026-12-05' } }))
    renderSection()
    const first = await cell(/^Tuesday, December 1, 2026 — past, not available$/)
    expect(first.textContent).toContain('Past')
    expect(first.textContent).not.toContain('$')
    expect(await cell(/^Wednesday, December 2, 2026 — reserved$/)).toBeTruthy()
    expect(await cell(/^Thursday, December 3, 2026 — past, not available$/)).toBeTruthy()
    expect(await cell(/^Friday, December 4, 2026 — past, not available$/)).toBeTruthy()
    expect(await cell(/^Saturday, December 5, 2026 — \$120, available$/)).toBeTruthy()
    fireEvent.click(first)
    expect(
      (await screen.findAllByText('This day is no longer available for booking.')).length,
    ).toBeGreaterThan(0)
    expect(screen.queryAllByText('Added to Cart')).toHaveLength(0)
  })

  it("states the displayed month's sales close and in-homes dates while its mailing is open", async () => {
    mockApi(baseRoutes({ status: 200, body: { days: december, mailing: decemberMailing } }))
    renderSection()
    expect(
      await screen.findByText(
        'Orders for the December 2026 mailing close Tuesday, November 17, 5:00 PM (EST). In homes by Tuesday, December 1, 2026.',
      ),
    ).toBeTruthy()
    expect(await cell(/^Tuesday, December 1, 2026 — \$120, available$/)).toBeTruthy()
  })

  it('shows the days of a mailing that takes no orders as Closed, never addable', async () => {
    const days = [
      day('2026-12-01', 'closed'),
      day('2026-12-02', 'reserved', 'Harbor Bakery'),
      day('2026-12-03', 'reserved_pending'),
      // 2026-12-04 has no day: it will not open in a closed mailing either.
      day('2026-12-05', 'closed'),
    ]
    const mailing = { ...decemberMailing, status: 'closed' as const }
    mockApi(baseRoutes({ status: 200, body: { days, today: '2026-11-20', mailing } }))
    renderSection()
    expect(await screen.findByText('Orders for the December 2026 mailing are closed.')).toBeTruthy()
    const first = await cell(/^Tuesday, December 1, 2026 — closed, not available$/)
    expect(first.textContent).toBe('1ClosedClosed')
    expect(await cell(/^Wednesday, December 2, 2026 — reserved$/)).toBeTruthy()
    expect(await cell(/^Thursday, December 3, 2026 — pending$/)).toBeTruthy()
    expect(await cell(/^Friday, December 4, 2026 — closed, not available$/)).toBeTruthy()
    fireEvent.click(first)
    expect(
      (await screen.findAllByText('This day is no longer available for booking.')).length,
    ).toBeGreaterThan(0)
    expect(screen.queryAllByText('Added to Cart')).toHaveLength(0)
    expect(localStorage.getItem('townflyer-cart')).toBeNull()
  })

  it('offers a month whose sales have closed (not yet mailed) to look at, without opening on it', async () => {
    const closedDays = [day('2026-11-10', 'closed'), day('2026-11-11', 'reserved', 'Harbor Bakery')]
    const november = { ...decemberMailing, month: '2026-11' as const, status: 'closed' as const }
    mockApi({
      ...baseRoutes(),
      '/api/calendar-days/available-months': {
        status: 200,
        body: { months: [{ year: 2026, month: 12 }], closedMonths: [{ year: 2026, month: 11 }] },
      },
      '/api/calendar-days?month=2026-11': {
        status: 200,
        body: { days: closedDays, today: '2026-11-01', mailing: november },
      },
    })
    renderSection()
    // It opens on the month that is for sale.
    expect(await cell(/^Tuesday, December 1, 2026 — \$120, available$/)).toBeTruthy()
    const previous = screen.getByRole('button', { name: 'Previous month' }) as HTMLButtonElement
    expect(previous.disabled).toBe(false)
    fireEvent.click(previous)
    expect(await screen.findByText('Orders for the November 2026 mailing are closed.')).toBeTruthy()
    expect(await cell(/^Tuesday, November 10, 2026 — closed, not available$/)).toBeTruthy()
    expect(screen.queryAllByRole('button', { name: /, available$/ })).toHaveLength(0)
  })

  it('says nothing about a mailing when the month has none', async () => {
    mockApi(baseRoutes({ status: 200, body: { days: december, mailing: null } }))
    renderSection()
    expect(await cell(/^Tuesday, December 1, 2026 — \$120, available$/)).toBeTruthy()
    expect(screen.queryByText(/^Orders for the/)).toBeNull()
  })

  it('shows the empty-month text', async () => {
    mockApi(baseRoutes({ status: 200, body: { days: [] } }))
    renderSection()
    expect(await screen.findByText('No calendar days available for this month.')).toBeTruthy()
  })

  it('toasts when the days fail to load', async () => {
    mockApi(baseRoutes({ status: 500, body: { error: { code: 'internal', message: 'boom' } } }))
    renderSection()
    expect(
      (await screen.findAllByText('Failed to load calendar days. Please try again.')).length,
    ).toBeGreaterThan(0)
  })

  it('toasts when the available months fail to load and falls back to the settings month', async () => {
    mockApi({
      ...baseRoutes(),
      '/api/calendar-days/available-months': {
        status: 500,
        body: { error: { code: 'internal', message: 'x' } },
      },
    })
    renderSection()
    expect(
      (await screen.findAllByText('Failed to load available months. Please try again.')).length,
    ).toBeGreaterThan(0)
    expect(await cell(/December 1, 2026/)).toBeTruthy()
  })
})
