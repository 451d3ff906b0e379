import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Toaster } from '#client/components/ui/toaster.tsx'
import { resetToasts } from '#client/components/ui/use-toast.ts'
import { getCart, resetCartStore } from '#client/features/cart/cart-store.ts'
import type { MapIconDto } from '#shared/dto.ts'
import { MapIconSection } from './map-icon-section'

const regular: MapIconDto = {
  id: 'small',
  name: 'Map Icon',
  size: 'small',
  price: 150,
  month: '2027-01',
  availableQuantity: 12,
  totalQuantity: 20,
  stock: [
    { month: '2027-01', availableQuantity: 12, totalQuantity: 20 },
    { month: '2027-02', availableQuantity: 20, totalQuantity: 20 },
  ],
  printSize: { widthInches: 0.5, heightInches: 0.5 },
}
const large: MapIconDto = {
  id: 'large',
  name: 'Large Map Icon',
  size: 'large',
  price: 300,
  month: '2027-01',
  availableQuantity: 6,
  totalQuantity: 6,
  stock: [
    { month: '2027-01', availableQuantity: 6, totalQuantity: 6 },
    { month: '2027-02', availableQuantity: 0, totalQuantity: 6 },
  ],
  printSize: { widthInches: 0.75, heightInches: 0.75 },
}
/** No mailing is open for sale: no month, no stock. */
const closed = (icon: MapIconDto): MapIconDto => ({
  ...icon,
  month: null,
  availableQuantity: 0,
  totalQuantity: 0,
  stock: [],
})

function mockIcons(respond: () => Response) {
  const fetchMock = vi.fn(async () => respond())
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

const ok = (icons: MapIconDto[]) => () => new Response(JSON.stringify({ icons }), { status: 200 })
const fail = () =>
  new Response(JSON.stringify({ error: { code: 'internal', message: 'x' } }), { status: 500 })

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <>
          <MapIconSection />
          <Toaster />
        </>
      ),
    },
  ])
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
}

async function card(name: string) {
  const heading = await screen.findByRole('heading', { name, level: 3 })
  return within(heading.closest('li') as HTMLElement)
}

describe('MapIconSection', () => {
  beforeEach(() => {
    localStorage.clear()
    resetCartStore()
    resetToasts()
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('shows each card with price, availability, size label and text', async () => {
    mockIcons(ok([regular, large]))
    renderSection()
    expect(screen.getByRole('heading', { name: 'Map Icon Pricing' })).toBeTruthy()
    const small = await card('Map Icon')
    expect(small.getByText('$150')).toBeTruthy()
    expect(small.getByText('For the January 2027 mailing')).toBeTruthy()
    expect(small.getByText('12 of 20 remaining')).toBeTruthy()
    expect(small.getByText('Standard size map icon.')).toBeTruthy()
    expect(small.getByText('Printed size: 0.5 in × 0.5 in')).toBeTruthy()
    const big = await card('Large Map Icon')
    expect(big.getByText('Premium size')).toBeTruthy()
    expect(big.getByText('Printed size: 0.75 in × 0.75 in')).toBeTruthy()
    expect(big.getByText('Personalized Service & Collaboration. We work closely with you.')).toBeTruthy()
  })

  it('reserves one icon, shows In Cart, and refuses a second', async () => {
    mockIcons(ok([regular, large]))
    renderSection()
    fireEvent.click((await card('Map Icon')).getByRole('button', { name: 'Reserve' }))
    expect((await card('Map Icon')).getByRole('button', { name: 'In Cart' })).toBeTruthy()
    expect(getCart().mapIcon).toEqual({
      id: 'small',
      name: 'Map Icon',
      size: 'small',
      price: 150,
      month: '2027-01',
    })
    fireEvent.click((await card('Large Map Icon')).getByRole('button', { name: 'Reserve' }))
    expect((await screen.findAllByText('Map Icon Already in Cart')).length).toBeGreaterThan(0)
    expect(getCart().mapIcon?.id).toBe('small')
  })

  it('marks an icon without stock Sold Out and disables it', async () => {
    mockIcons(
      ok([
        {
          ...large,
          availableQuantity: 0,
          stock: [{ month: '2027-01', availableQuantity: 0, totalQuantity: 6 }],
        },
      ]),
    )
    renderSection()
    const button = (await card('Large Map Icon')).getByRole('button', { name: 'Sold Out' })
    expect(button.hasAttribute('disabled')).toBe(true)
  })

  it("offers every open mailing, the next one first, and shows the chosen mailing's stock", async () => {
    mockIcons(ok([regular, large]))
    renderSection()
    const picker = within(await screen.findByRole('group', { name: 'Mailing' }))
    const radios = picker.getAllByRole('radio') as HTMLInputElement[]
    expect(radios.map((r) => r.labels?.[0]?.textContent)).toEqual(['January 2027', 'February 2027'])
    expect(radios.map((r) => r.checked)).toEqual([true, false])

    fireEvent.click(picker.getByRole('radio', { name: 'February 2027' }))
    expect((picker.getByRole('radio', { name: 'February 2027' }) as HTMLInputElement).checked).toBe(true)
    const small = await card('Map Icon')
    expect(small.getByText('For the February 2027 mailing')).toBeTruthy()
    expect(small.getByText('20 of 20 remaining')).toBeTruthy()
    const big = await card('Large Map Icon')
    expect(big.getByText('0 of 6 remaining')).toBeTruthy()
    expect(big.getByRole('button', { name: 'Sold Out' }).hasAttribute('disabled')).toBe(true)

    fireEvent.click(small.getByRole('button', { name: 'Reserve' }))
    expect(getCart().mapIcon?.month).toBe('2027-02')
    expect((await card('Map Icon')).getByRole('button', { name: 'In Cart' })).toBeTruthy()
    // The same icon for another mailing is not the one in the cart.
    fireEvent.click(picker.getByRole('radio', { name: 'January 2027' }))
    expect((await card('Map Icon')).getByRole('button', { name: 'Reserve' })).toBeTruthy()
  })

  it('reads a cart icon saved without a mailing as the next open one', async () => {
    localStorage.setItem(
      'townflyer-cart',
      JSON.stringify({
        calendarDays: [],
        mapIcon: { id: 'small', name: 'Map Icon', size: 'small', price: 150 },
      }),
    )
    resetCartStore()
    mockIcons(ok([regular]))
    renderSection()
    expect((await card('Map Icon')).getByRole('button', { name: 'In Cart' })).toBeTruthy()
    fireEvent.click(screen.getByRole('radio', { name: 'February 2027' }))
    expect((await card('Map Icon')).getByRole('button', { name: 'Reserve' })).toBeTruthy()
  })

  it('says no mailing is open, with no picker and no Reserve, when none is', async () => {
    mockIcons(ok([closed(regular), closed(large)]))
    renderSection()
    const small = await card('Map Icon')
    expect(small.getByText('No mailing is open for orders right now.')).toBeTruthy()
    expect(small.queryByRole('button')).toBeNull()
    expect(small.queryByText(/remaining/)).toBeNull()
    expect(screen.queryByRole('group', { name: 'Mailing' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy()
  })

  it('shows No available icons for an empty list', async () => {
    mockIcons(ok([]))
    renderSection()
    expect(await screen.findByText('No available icons')).toBeTruthy()
  })

  it('toasts a load failure', async () => {
    mockIcons(fail)
    renderSection()
    expect(
      (await screen.findAllByText('Failed to load map icons. Please try again.')).length,
    ).toBeGreaterThan(0)
  })

  it('refreshes with a success toast, and says Failed to refresh. when it fails', async () => {
    let respond = ok([regular])
    mockIcons(() => respond())
    renderSection()
    await card('Map Icon')
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }))
    expect(
      (await screen.findAllByText('Map icon availability and example have been refreshed.')).length,
    ).toBeGreaterThan(0)
    respond = fail
    fireEvent.click(await screen.findByRole('button', { name: 'Refresh' }))
    expect((await screen.findAllByText('Failed to refresh.')).length).toBeGreaterThan(0)
    expect(screen.queryAllByText('Failed to load map icons. Please try again.')).toHaveLength(0)
  })
})
