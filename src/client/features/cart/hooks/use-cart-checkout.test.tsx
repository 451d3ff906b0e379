import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { currentToasts, resetToasts } from '#client/components/ui/use-toast.ts'
import { tooManyOpenCheckoutsMessage } from '#shared/checkout.ts'
import { cartActions, resetCartStore } from '../cart-store'
import { useCartCheckout } from './use-cart-checkout'

const icon = { id: 'i1', name: 'Map Icon', size: 'small', price: 150 }
const details = { businessName: 'Harbor Bakery', email: 'owner@example.com' }

function renderCheckout() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  )
  return renderHook(() => useCartCheckout(), { wrapper })
}

/** The JSON body of the one create-cart-checkout-session call. */
async function submittedBody(): Promise<Record<string, unknown>> {
  const fetchMock = vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Response(JSON.stringify({ sessionUrl: '/pay/session' }), { status: 200 }),
  )
  vi.stubGlobal('fetch', fetchMock)
  const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {})
  const { result } = renderCheckout()
  await act(() => result.current.submit(details))
  expect(assign).toHaveBeenCalledWith('/pay/session')
  expect(fetchMock).toHaveBeenCalledTimes(1)
  const [url, init] = fetchMock.mock.calls[0] ?? []
  expect(String(url)).toBe('/api/functions/create-cart-checkout-session')
  return JSON.parse(String(init?.body)) as Record<string, unknown>
}

describe('useCartCheckout', () => {
  beforeEach(() => {
    localStorage.clear()
    resetCartStore()
    resetToasts()
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it("sends the map icon's mailing as mapIconMonth", async () => {
    cartActions.setMapIcon({ ...icon, month: '2027-02' })
    const body = await submittedBody()
    expect(body).toMatchObject({ calendarDayIds: [], mapIconId: 'i1', mapIconMonth: '2027-02', discount: 0 })
  })

  it('sends mapIconMonth null for an icon saved before mailings, and for a cart of days only', async () => {
    cartActions.setMapIcon(icon)
    expect(await submittedBody()).toMatchObject({ mapIconId: 'i1', mapIconMonth: null })
    vi.restoreAllMocks()
    cartActions.clearCart()
    cartActions.addCalendarDay({ id: 'd1', date: '2027-02-03', price: 120 })
    expect(await submittedBody()).toMatchObject({
      calendarDayIds: ['d1'],
      mapIconId: null,
      mapIconMonth: null,
    })
  })

  it("shows the server's own message when the hold limits refuse the checkout (429)", async () => {
    cartActions.addCalendarDay({ id: 'd1', date: '2027-02-03', price: 120 })
    const message = tooManyOpenCheckoutsMessage(2, 31)
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ error: { code: 'rate_limited', message } }), {
            status: 429,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    )
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {})
    const { result } = renderCheckout()
    await act(() => result.current.submit(details))
    expect(assign).not.toHaveBeenCalled()
    // The toast store itself (a module mock would not reach a hook another test file imported first: the
    // client tests share one module graph per worker).
    expect(currentToasts()).toMatchObject([
      { variant: 'destructive', title: 'Too Many Checkouts', description: message, open: true },
    ])
  })
})
