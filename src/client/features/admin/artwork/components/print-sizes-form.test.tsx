import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { json, renderWithQueries, stubFetchForEachTest } from '#client/test/admin-test-helpers.tsx'
import { DEFAULT_PRINT_SPECS } from '#shared/artwork.ts'
import { PrintSizesForm } from './print-sizes-form'

describe('PrintSizesForm', () => {
  const fetchMock = stubFetchForEachTest(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET'
    if (url === '/api/admin/print-specs' && method === 'GET') return json(DEFAULT_PRINT_SPECS)
    if (url === '/api/admin/print-specs/house-ad' && method === 'POST')
      return json({
        ...DEFAULT_PRINT_SPECS,
        houseAd: {
          ...DEFAULT_PRINT_SPECS.houseAd,
          image: { key: 'house-ad/a.png', contentType: 'image/png' },
        },
      })
    if (url === '/api/admin/print-specs' && method === 'PUT') {
      const body = JSON.parse(String(init?.body))
      if (body.dpi === 999)
        return json(
          {
            error: {
              code: 'validation_failed',
              message: 'Some fields are missing or invalid.',
              fields: { dpi: ['The printer cannot print 999 DPI.'] },
            },
          },
          400,
        )
      return json(body)
    }
    return json({ error: { code: 'x', message: 'no' } }, 500)
  })
  const puts = () =>
    fetchMock.mock.calls
      .filter(([, init]) => init?.method === 'PUT')
      .map(([, init]) => JSON.parse(String(init?.body)))

  const field = (group: string, label: string) =>
    within(screen.getByRole('group', { name: group })).getByLabelText(label) as HTMLInputElement

  async function renderForm() {
    renderWithQueries(<PrintSizesForm />)
    // The groups show with the server's answer; the form takes its values in the effect that follows.
    await waitFor(() => expect(field('Print resolution', 'Resolution (DPI)').value).toBe('300'))
  }

  async function save() {
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save print sizes' }))
    })
  }

  it('shows the saved sizes in their groups', async () => {
    await renderForm()
    expect(screen.getByRole('heading', { name: 'Print sizes' })).toBeTruthy()
    expect(field('Day square', 'Width (inches)').value).toBe('1')
    expect(field('Regular icon', 'Height (inches)').value).toBe('0.5')
    expect(field('Premium icon', 'Width (inches)').value).toBe('0.75')
    expect(field('Postcard', 'Height (inches)').value).toBe('11')
    expect(field('Postcard', 'Bleed (inches)').value).toBe('0.125')
    expect(field('Print resolution', 'Resolution (DPI)').value).toBe('300')
    expect(field('QR code', 'Size without margin (inches)').value).toBe('0.6')
    expect(field('Postcard', 'Safe margin (inches)').value).toBe('0.25')
    expect(field('House ad', 'Text').value).toBe('Your business here — {site}')
    expect((screen.getByRole('checkbox', { name: 'CMYK for press' }) as HTMLInputElement).checked).toBe(false)
    expect(screen.getByText('No image: unsold days show the text.')).toBeTruthy()
  })

  it('saves the safe margin, the house ad text and CMYK for press; refuses an empty house ad', async () => {
    await renderForm()
    fireEvent.change(field('House ad', 'Text'), { target: { value: '' } })
    fireEvent.change(field('Postcard', 'Safe margin (inches)'), { target: { value: '-0.1' } })
    await save()
    expect(await screen.findByText('Enter the house ad text.')).toBeTruthy()
    expect(screen.getByText('The safe margin cannot be negative.')).toBeTruthy()
    expect(puts()).toEqual([])
    fireEvent.change(field('House ad', 'Text'), { target: { value: 'Advertise here: {site}' } })
    fireEvent.change(field('Postcard', 'Safe margin (inches)'), { target: { value: '0.3' } })
    fireEvent.click(screen.getByRole('checkbox', { name: 'CMYK for press' }))
    await save()
    await waitFor(() =>
      expect(puts()).toEqual([
        {
          ...DEFAULT_PRINT_SPECS,
          postcard: { ...DEFAULT_PRINT_SPECS.postcard, safeInches: 0.3 },
          houseAd: { text: 'Advertise here: {site}', image: null },
          cmykForPress: true,
        },
      ]),
    )
  })

  it('uploads the house ad image and then offers to remove it', async () => {
    await renderForm()
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'ad.png', { type: 'image/png' })
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Image (PNG or JPEG)'), { target: { files: [file] } })
    })
    expect(await screen.findByRole('button', { name: 'Remove image' })).toBeTruthy()
    expect(screen.getByText('An image is set: unsold days show it.')).toBeTruthy()
    const posts = fetchMock.mock.calls.filter(
      ([url, init]) => url === '/api/admin/print-specs/house-ad' && init?.method === 'POST',
    )
    expect(posts).toHaveLength(1)
    const body = posts[0]?.[1]?.body
    expect(body instanceof FormData && body.get('file')).toBeInstanceOf(File)
  })

  it('refuses empty and out-of-range sizes under their fields, and sends nothing', async () => {
    await renderForm()
    fireEvent.change(field('Day square', 'Width (inches)'), { target: { value: '' } })
    fireEvent.change(field('Postcard', 'Bleed (inches)'), { target: { value: '-1' } })
    fireEvent.change(field('Print resolution', 'Resolution (DPI)'), { target: { value: '72.5' } })
    fireEvent.change(field('QR code', 'Size without margin (inches)'), { target: { value: '0.2' } })
    await save()
    expect(await screen.findByText('Enter the day square width in inches.')).toBeTruthy()
    expect(screen.getByText('The bleed cannot be negative.')).toBeTruthy()
    expect(screen.getByText('Enter the resolution as a whole number.')).toBeTruthy()
    expect(
      screen.getByText('The QR code must be at least 0.4 inches: smaller ones do not scan.'),
    ).toBeTruthy()
    expect(field('Day square', 'Width (inches)').getAttribute('aria-invalid')).toBe('true')
    expect(puts()).toEqual([])
  })

  it('saves the sizes as numbers', async () => {
    await renderForm()
    fireEvent.change(field('Day square', 'Width (inches)'), { target: { value: '1.25' } })
    fireEvent.change(field('Print resolution', 'Resolution (DPI)'), { target: { value: '600' } })
    fireEvent.change(field('QR code', 'Size without margin (inches)'), { target: { value: '0.8' } })
    await save()
    await waitFor(() =>
      expect(puts()).toEqual([
        {
          ...DEFAULT_PRINT_SPECS,
          daySquare: { widthInches: 1.25, heightInches: 1 },
          dpi: 600,
          qrCode: { sizeInches: 0.8 },
        },
      ]),
    )
    expect(await screen.findByText('Print sizes saved')).toBeTruthy()
  })

  it('shows the server’s refusal under its field', async () => {
    await renderForm()
    fireEvent.change(field('Print resolution', 'Resolution (DPI)'), { target: { value: '999' } })
    await save()
    expect(await screen.findByText('The printer cannot print 999 DPI.')).toBeTruthy()
    expect(field('Print resolution', 'Resolution (DPI)').getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('Save Failed')).toBeTruthy()
  })
})
