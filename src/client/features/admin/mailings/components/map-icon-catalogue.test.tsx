import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { json, renderWithQueries, stubFetchForEachTest } from '#client/test/admin-test-helpers.tsx'
import type { AdminMapIconDto } from '#shared/mailings.ts'
import { MapIconCatalogue } from './map-icon-catalogue'

const icons: AdminMapIconDto[] = [
  { id: 'i1', name: 'Map Icon', size: 'small', price: 150, defaultQuantity: 20, retiredFrom: null },
  { id: 'i2', name: 'Featured Icon', size: 'large', price: 299.5, defaultQuantity: 4, retiredFrom: null },
]

describe('MapIconCatalogue', () => {
  let patchAnswer: Response | null = null
  const fetchMock = stubFetchForEachTest(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET'
    if (url === '/api/admin/map-icons') return json({ icons })
    if (url === '/api/admin/mailings') return json({ rows: [], chart: [], currentMonth: '2032-12' })
    if (method === 'PATCH') {
      if (patchAnswer) return patchAnswer
      const id = url.split('/').pop()
      return json({ ...icons.find((i) => i.id === id), ...JSON.parse(String(init?.body)) })
    }
    return json({ error: { code: 'x', message: 'no' } }, 500)
  })
  const patched = () =>
    fetchMock.mock.calls
      .filter(([, init]) => init?.method === 'PATCH')
      .map(([url, init]) => [url, JSON.parse(String(init?.body))])

  beforeEach(() => {
    patchAnswer = null
  })

  async function renderCatalogue() {
    renderWithQueries(<MapIconCatalogue />)
    await screen.findByRole('rowheader', { name: 'Featured Icon' })
  }

  const rowOf = (name: string) => screen.getByRole('rowheader', { name }).closest('tr') as HTMLElement

  it('lists each icon with its size, price and default quantity', async () => {
    await renderCatalogue()
    const cells = (name: string) => [...rowOf(name).querySelectorAll('th, td')].map((c) => c.textContent)
    expect(cells('Map Icon')).toEqual([
      'Map Icon',
      'Regular',
      '$150',
      '20',
      'On sale',
      'Edit Map IconRetire Map Icon',
    ])
    expect(cells('Featured Icon')).toEqual([
      'Featured Icon',
      'Premium',
      '$299.50',
      '4',
      'On sale',
      'Edit Featured IconRetire Featured Icon',
    ])
  })

  it('sends only the changed fields and reports the saved icon', async () => {
    await renderCatalogue()
    fireEvent.click(within(rowOf('Map Icon')).getByRole('button', { name: 'Edit Map Icon' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Map Icon' })
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('Map Icon')
    fireEvent.change(within(dialog).getByLabelText('Price'), { target: { value: '175' } })
    fireEvent.change(within(dialog).getByLabelText('Default quantity'), { target: { value: '30' } })
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save Icon' }))
    })
    await waitFor(() =>
      expect(patched()).toEqual([['/api/admin/map-icons/i1', { price: 175, defaultQuantity: 30 }]]),
    )
    expect(await screen.findByText('Map Icon has been updated.')).toBeTruthy()
  })

  it('refuses a price under $1 next to the field and shows the server’s field errors', async () => {
    await renderCatalogue()
    fireEvent.click(within(rowOf('Featured Icon')).getByRole('button', { name: 'Edit Featured Icon' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Map Icon' })
    const price = within(dialog).getByLabelText('Price')
    fireEvent.change(price, { target: { value: '0.5' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Icon' }))
    expect(within(dialog).getByText('The price must be at least $1.')).toBeTruthy()
    expect(price.getAttribute('aria-invalid')).toBe('true')
    expect(patched()).toEqual([])

    patchAnswer = json(
      { error: { code: 'VALIDATION', message: 'Invalid input', fields: { name: ['That name is taken.'] } } },
      422,
    )
    fireEvent.change(price, { target: { value: '299.5' } })
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Map Icon' } })
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save Icon' }))
    })
    expect(await within(dialog).findByText('That name is taken.')).toBeTruthy()
    expect(patched()).toEqual([['/api/admin/map-icons/i2', { name: 'Map Icon' }]])
  })
})
