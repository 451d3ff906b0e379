import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { json, renderWithQueries, stubFetchForEachTest } from '#client/test/admin-test-helpers.tsx'
import type { MailingMapResponse, MapMarkerDto } from '#shared/map-composer.ts'
import { MapComposer } from './map-composer'

const marker = (
  extra: Partial<MapMarkerDto> & Pick<MapMarkerDto, 'orderId' | 'businessName'>,
): MapMarkerDto => ({
  number: 1,
  iconName: 'Map Icon',
  size: 'regular',
  sizeInches: { width: 0.5, height: 0.5 },
  artworkUrl: null,
  x: 0.5,
  y: 0.5,
  placed: true,
  ...extra,
})

const MAP: MailingMapResponse = {
  month: '2033-03',
  image: { url: '/media/map_example/1-town.png', width: 850, height: 1100 },
  imageIsDefault: true,
  legend: true,
  card: { widthInches: 8.5, heightInches: 11, bleedInches: 0.125, safeInches: 0.25 },
  // The legend's band across the foot of the safe area: 9.75 in to 10.75 in from the top.
  legendBand: { leftInches: 0.25, topInches: 9.75, widthInches: 8, heightInches: 1 },
  markers: [
    marker({ orderId: 'MAP-1', businessName: "Bob's Bakery", size: 'premium', x: 0.42, y: 0.18 }),
    marker({ orderId: 'MAP-2', businessName: 'Corner Garage', number: 2, x: 0.3, y: 0.6 }),
    marker({ orderId: 'MAP-3', businessName: 'Dune Deli', number: 3, x: 0.93, y: 0.02, placed: false }),
  ],
}

let current: MailingMapResponse = MAP

const description = (element: HTMLElement) =>
  document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent

describe('MapComposer', () => {
  const fetchMock = stubFetchForEachTest(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET'
    if (url === '/api/admin/mailings/2033-03/map' && method === 'GET') return json(current)
    if (url === '/api/admin/mailings/2033-03/map/positions' && method === 'PUT') {
      const { positions } = JSON.parse(String(init?.body)) as {
        positions: { orderId: string; x: number; y: number }[]
      }
      current = {
        ...current,
        markers: current.markers.map((m) => {
          const p = positions.find((q) => q.orderId === m.orderId)
          return p ? { ...m, x: p.x, y: p.y, placed: true } : m
        }),
      }
      return json({ saved: positions.length })
    }
    return json({ error: { code: 'x', message: 'no' } }, 500)
  })

  it('moves the focused marker with the arrow keys, 1 % a press and 5 % with Shift, and saves', async () => {
    current = MAP
    renderWithQueries(<MapComposer month="2033-03" />)
    const bob = await screen.findByRole('button', { name: "Bob's Bakery, Premium icon, placed at 42%, 18%" })
    bob.focus()
    fireEvent.keyDown(bob, { key: 'ArrowRight' })
    fireEvent.keyDown(bob, { key: 'ArrowDown', shiftKey: true })
    fireEvent.keyDown(bob, { key: 'ArrowUp' })
    expect(bob.getAttribute('aria-label')).toBe("Bob's Bakery, Premium icon, placed at 43%, 22%")
    expect(screen.getByText('1 marker moved, not saved yet.')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Save positions' }))
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Positions saved.'))
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      positions: [{ orderId: 'MAP-1', x: 0.43, y: 0.22 }],
    })
    expect((screen.getByRole('button', { name: 'Save positions' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('keeps a marker on the card at the edges', async () => {
    current = MAP
    renderWithQueries(<MapComposer month="2033-03" />)
    const deli = await screen.findByRole('button', { name: /^Dune Deli,/ })
    for (let i = 0; i < 3; i++) fireEvent.keyDown(deli, { key: 'ArrowUp', shiftKey: true })
    expect(deli.getAttribute('aria-label')).toBe('Dune Deli, Regular icon, placed at 93%, 0%')
  })

  it('flags overlaps, markers outside the safe area and markers not placed yet, visibly and in each description', async () => {
    current = MAP
    renderWithQueries(<MapComposer month="2033-03" />)
    const garage = await screen.findByRole('button', { name: /^Corner Garage,/ })
    expect(screen.queryByText(/^Overlaps:/)).toBeNull()
    expect(screen.getByText('Outside the safe area: Dune Deli')).toBeTruthy()
    expect(screen.getByText('Not placed yet: Dune Deli')).toBeTruthy()
    expect(description(screen.getByRole('button', { name: /^Dune Deli,/ }))).toBe(
      'Number 3, Map Icon. Not placed yet. Outside the safe area.',
    )
    // Corner Garage to 42 %, 18 %: on top of Bob's Bakery.
    for (let i = 0; i < 12; i++) fireEvent.keyDown(garage, { key: 'ArrowRight' })
    for (let i = 0; i < 42; i++) fireEvent.keyDown(garage, { key: 'ArrowUp' })
    expect(garage.getAttribute('aria-label')).toBe('Corner Garage, Regular icon, placed at 42%, 18%')
    expect(screen.getByText("Overlaps: Bob's Bakery and Corner Garage")).toBeTruthy()
    expect(description(garage)).toBe("Number 2, Map Icon. Overlaps Bob's Bakery.")
  })

  it('flags a marker over the map key while the card prints the legend, and shows where the key goes', async () => {
    current = MAP
    const { unmount } = renderWithQueries(<MapComposer month="2033-03" />)
    const garage = await screen.findByRole('button', { name: /^Corner Garage,/ })
    expect(screen.getByText('Map key')).toBeTruthy()
    // Down from 60 % to 90 % (9.9 in of 11): its square reaches into the band from 9.75 in.
    for (let i = 0; i < 6; i++) fireEvent.keyDown(garage, { key: 'ArrowDown', shiftKey: true })
    expect(garage.getAttribute('aria-label')).toBe('Corner Garage, Regular icon, placed at 30%, 90%')
    expect(screen.getByText('Over the map key: Corner Garage')).toBeTruthy()
    expect(description(garage)).toBe('Number 2, Map Icon. Over the map key.')
    // Up 2 % at a time until its square (0.5 in) clears the band: 84 % puts its foot at 9.49 in.
    for (let i = 0; i < 6; i++) fireEvent.keyDown(garage, { key: 'ArrowUp' })
    expect(garage.getAttribute('aria-label')).toBe('Corner Garage, Regular icon, placed at 30%, 84%')
    expect(screen.queryByText(/^Over the map key:/)).toBeNull()
    unmount()

    // Without the legend nothing prints there: no band, no flag.
    current = {
      ...MAP,
      legend: false,
      markers: MAP.markers.map((m) => ({ ...m, y: m.orderId === 'MAP-2' ? 0.9 : m.y })),
    }
    renderWithQueries(<MapComposer month="2033-03" />)
    const moved = await screen.findByRole('button', {
      name: 'Corner Garage, Regular icon, placed at 30%, 90%',
    })
    expect(screen.queryByText('Map key')).toBeNull()
    expect(screen.queryByText(/^Over the map key:/)).toBeNull()
    expect(description(moved)).toBe('Number 2, Map Icon.')
  })

  it('says so when no map icons are sold', async () => {
    current = { ...MAP, markers: [] }
    renderWithQueries(<MapComposer month="2033-03" />)
    expect(await screen.findByText('No map icons sold for this mailing.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Save positions' })).toBeNull()
    expect(screen.getByRole('link', { name: 'Download proof' }).getAttribute('href')).toBe(
      '/api/admin/mailings/2033-03/proof.pdf',
    )
    expect(
      screen.getByRole('checkbox', { name: 'Show numbered legend on the card' }).getAttribute('aria-checked'),
    ).toBe('true')
  })
})
