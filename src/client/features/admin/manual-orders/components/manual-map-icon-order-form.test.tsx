import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { json, renderWithQueries, stubFetchForEachTest } from '#client/test/admin-test-helpers.tsx'
import type { MailingOverviewRow, MailingStatus } from '#shared/mailings.ts'
import { ManualMapIconOrderForm } from './manual-map-icon-order-form'

const row = (month: string, status: MailingStatus): MailingOverviewRow => ({
  month,
  status,
  salesCloseAt: '2099-01-01T00:00:00.000Z',
  salesCloseLocal: `${month}-01T17:00`,
  salesCloseText: `${month}-01, 5:00 PM (EST)`,
  artworkDueAt: '2099-01-01T00:00:00.000Z',
  artworkDueLocal: `${month}-04T17:00`,
  artworkDueText: `${month}-04, 5:00 PM (EST)`,
  inHomesDate: `${month}-28`,
  waitlistNotifiedAt: null,
  days: { sold: 0, held: 0, free: 0, notSetUp: 0 },
  icons: { regular: 0, premium: 0 },
  revenue: 0,
})

describe('ManualMapIconOrderForm (the order goes into a mailing)', () => {
  const fetchMock = stubFetchForEachTest(async (url: string, init?: RequestInit) => {
    if (url === '/api/admin/mailings')
      return json({
        rows: [
          row('2033-01', 'printed'),
          row('2033-02', 'closed'),
          row('2033-03', 'open'),
          row('2033-04', 'open'),
        ],
        chart: [],
        currentMonth: '2033-01',
      })
    if (url.endsWith('/icon-stock')) {
      const month = url.split('/')[4]
      return json({
        month,
        icons: [
          {
            iconId: 'i1',
            name: 'Map Icon',
            size: 'small',
            price: 150,
            quantity: 20,
            claimed: 5,
            available: 15,
          },
        ],
      })
    }
    if (init?.method === 'POST') return json({ id: 'MAP-12345' }, 201)
    return json({ error: { code: 'x', message: 'no' } }, 500)
  })

  it('starts on the first open mailing, offers only the open ones, and sends the month with the order', async () => {
    renderWithQueries(<ManualMapIconOrderForm />)
    const mailing = await screen.findByRole('combobox', { name: 'Mailing' })
    expect(mailing.textContent).toBe('March 2033')
    await screen.findByRole('combobox', { name: 'Icon' })
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/admin/mailings/2033-03/icon-stock')

    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Icon' }), { key: 'Enter' })
    fireEvent.click(await screen.findByRole('option', { name: 'Map Icon ($150), 15 of 20 remaining' }))
    fireEvent.change(screen.getByLabelText('Business Name'), { target: { value: 'Corner Café' } })
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'cafe@example.com' } })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create Order' }))
    })
    await waitFor(() =>
      expect(
        fetchMock.mock.calls
          .filter(([, init]) => init?.method === 'POST')
          .map(([url, init]) => [url, JSON.parse(String(init?.body))]),
      ).toEqual([
        [
          '/api/admin/manual-map-icon-orders',
          {
            businessName: 'Corner Café',
            email: 'cafe@example.com',
            iconId: 'i1',
            month: '2033-03',
            amountCents: 15000,
            freeFeature: false,
            status: 'paid',
            sendConfirmation: false,
          },
        ],
      ]),
    )
    expect(await screen.findByText('Order MAP-12345 has been created and marked paid.')).toBeTruthy()

    fireEvent.keyDown(mailing, { key: 'Enter' })
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent)
    expect(options).toEqual(['March 2033', 'April 2033'])
  })

  it('prefills the amount with the icon price; a free feature sends $0, pending and the e-mail flag', async () => {
    renderWithQueries(<ManualMapIconOrderForm />)
    fireEvent.keyDown(await screen.findByRole('combobox', { name: 'Icon' }), { key: 'Enter' })
    fireEvent.click(await screen.findByRole('option', { name: 'Map Icon ($150), 15 of 20 remaining' }))
    const amount = screen.getByRole('textbox', { name: 'Amount' }) as HTMLInputElement
    expect(amount.value).toBe('150')
    fireEvent.click(screen.getByRole('checkbox', { name: 'Free feature (non-profit)' }))
    expect(amount.value).toBe('0')
    expect(amount.disabled).toBe(true)
    fireEvent.click(screen.getByRole('radio', { name: 'Pending (awaiting payment)' }))
    fireEvent.click(screen.getByRole('checkbox', { name: 'Send a confirmation e-mail to the buyer' }))
    fireEvent.change(screen.getByLabelText('Business Name'), { target: { value: 'Food Bank' } })
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'food@bank.org' } })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create Order' }))
    })
    await waitFor(() =>
      expect(
        fetchMock.mock.calls
          .filter(([, init]) => init?.method === 'POST')
          .map(([, init]) => JSON.parse(String(init?.body))),
      ).toEqual([
        {
          businessName: 'Food Bank',
          email: 'food@bank.org',
          iconId: 'i1',
          month: '2033-03',
          amountCents: 0,
          freeFeature: true,
          status: 'pending',
          sendConfirmation: true,
        },
      ]),
    )
    expect(
      await screen.findByText(
        'Order MAP-12345 has been created and marked pending (awaiting payment). A confirmation e-mail to the buyer is queued.',
      ),
    ).toBeTruthy()
  })
})
