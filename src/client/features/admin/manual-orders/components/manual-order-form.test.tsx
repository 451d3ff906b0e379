import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { json, renderWithQueries, stubFetchForEachTest } from '#client/test/admin-test-helpers.tsx'
import type { SellableDaysResponse } from '#shared/admin-orders.ts'
import { ManualOrderForm } from './manual-order-form'

const JANUARY = {
  month: '2033-01',
  label: 'January 2033',
  days: [
    { id: 'd1', date: '2033-01-05', price: 120 },
    { id: 'd2', date: '2033-01-06', price: 135.5 },
  ],
}
const FEBRUARY = {
  month: '2033-02',
  label: 'February 2033',
  days: [{ id: 'd3', date: '2033-02-01', price: 90 }],
}

/** A stand-in for the server's search: '' answers every day, 'feb' February's, anything else nothing. */
function sellable(q: string): SellableDaysResponse {
  const text = q.toLowerCase()
  const mailings = text === '' ? [JANUARY, FEBRUARY] : 'february'.startsWith(text) ? [FEBRUARY] : []
  return { mailings, truncated: false }
}

const postedBodies = (calls: [url: string, init?: RequestInit][]) =>
  calls.filter(([, init]) => init?.method === 'POST').map(([, init]) => JSON.parse(String(init?.body)))

describe('ManualOrderForm (a searchable day picker and the order terms)', () => {
  const fetchMock = stubFetchForEachTest(async (url: string, init?: RequestInit) => {
    if (url.startsWith('/api/admin/manual-orders/sellable-days'))
      return json(sellable(new URL(url, 'http://x').searchParams.get('q') ?? ''))
    if (init?.method === 'POST') return json({ id: 'ORD-12345' }, 201)
    return json({ error: { code: 'x', message: 'no' } }, 500)
  })
  const searches = () =>
    fetchMock.mock.calls
      .map(([url]) => url)
      .filter((url) => url.includes('sellable-days'))
      .map((url) => new URL(url, 'http://x').searchParams.get('q'))

  function fillCustomer() {
    fireEvent.change(screen.getByLabelText('Business Name'), { target: { value: 'Harbor Food Bank' } })
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'food@bank.org' } })
  }

  it('lists the sellable days grouped by mailing, narrows them as the admin types, and chooses with the keyboard', async () => {
    renderWithQueries(<ManualOrderForm />)
    const day = screen.getByRole('combobox', { name: 'Day' })
    expect(day.getAttribute('aria-expanded')).toBe('false')
    fireEvent.focus(day)
    const listbox = await screen.findByRole('listbox')
    expect(day.getAttribute('aria-expanded')).toBe('true')
    expect(
      within(listbox)
        .getAllByRole('group')
        .map((g) => g.getAttribute('aria-labelledby')),
    ).toHaveLength(2)
    expect(within(listbox).getByRole('group', { name: 'January 2033 mailing' })).toBeTruthy()
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Wednesday, January 5, 2033 ($120)',
      'Thursday, January 6, 2033 ($135.50)',
      'Tuesday, February 1, 2033 ($90)',
    ])

    fireEvent.change(day, { target: { value: 'Feb' } })
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
        'Tuesday, February 1, 2033 ($90)',
      ]),
    )
    expect(searches()).toContain('Feb')
    expect(screen.getByRole('group', { name: 'February 2033 mailing' })).toBeTruthy()

    fireEvent.keyDown(day, { key: 'ArrowDown' })
    const option = screen.getByRole('option', { name: 'Tuesday, February 1, 2033 ($90)' })
    expect(day.getAttribute('aria-activedescendant')).toBe(option.id)
    expect(option.getAttribute('aria-selected')).toBe('true')
    fireEvent.keyDown(day, { key: 'Enter' })
    expect(screen.queryByRole('listbox')).toBeNull()
    expect((day as HTMLInputElement).value).toBe('Tuesday, February 1, 2033 ($90)')
    expect((screen.getByRole('textbox', { name: 'Amount' }) as HTMLInputElement).value).toBe('90')

    // Escape closes the list; typing something no day matches says so.
    fireEvent.change(day, { target: { value: 'zzz' } })
    expect(await screen.findByText('No available days match "zzz".')).toBeTruthy()
    fireEvent.keyDown(day, { key: 'Escape' })
    expect(day.getAttribute('aria-expanded')).toBe('false')
  })

  it('sends the chosen day at its price, paid, without an e-mail by default, with the success toast', async () => {
    renderWithQueries(<ManualOrderForm />)
    fillCustomer()
    const day = screen.getByRole('combobox', { name: 'Day' })
    fireEvent.click(day)
    fireEvent.click(await screen.findByRole('option', { name: 'Thursday, January 6, 2033 ($135.50)' }))
    expect((screen.getByRole('textbox', { name: 'Amount' }) as HTMLInputElement).value).toBe('135.50')
    expect((screen.getByRole('radio', { name: 'Paid' }) as HTMLInputElement).checked).toBe(true)
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create Order' }))
    })
    await waitFor(() =>
      expect(postedBodies(fetchMock.mock.calls)).toEqual([
        {
          businessName: 'Harbor Food Bank',
          email: 'food@bank.org',
          dayId: 'd2',
          amountCents: 13550,
          freeFeature: false,
          status: 'paid',
          sendConfirmation: false,
        },
      ]),
    )
    expect(await screen.findByText('Order ORD-12345 has been created and marked paid.')).toBeTruthy()
    // The form starts over.
    expect((screen.getByRole('combobox', { name: 'Day' }) as HTMLInputElement).value).toBe('')
  })

  it('a free feature sends $0 with the amount locked; pending and the e-mail flag are sent as chosen', async () => {
    renderWithQueries(<ManualOrderForm />)
    fillCustomer()
    fireEvent.focus(screen.getByRole('combobox', { name: 'Day' }))
    fireEvent.click(await screen.findByRole('option', { name: 'Wednesday, January 5, 2033 ($120)' }))
    const amount = screen.getByRole('textbox', { name: 'Amount' }) as HTMLInputElement
    fireEvent.click(screen.getByRole('checkbox', { name: 'Free feature (non-profit)' }))
    expect(amount.value).toBe('0')
    expect(amount.disabled).toBe(true)
    fireEvent.click(screen.getByRole('radio', { name: 'Pending (awaiting payment)' }))
    fireEvent.click(screen.getByRole('checkbox', { name: 'Send a confirmation e-mail to the buyer' }))
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create Order' }))
    })
    await waitFor(() =>
      expect(postedBodies(fetchMock.mock.calls)).toEqual([
        {
          businessName: 'Harbor Food Bank',
          email: 'food@bank.org',
          dayId: 'd1',
          amountCents: 0,
          freeFeature: true,
          status: 'pending',
          sendConfirmation: true,
        },
      ]),
    )
    expect(
      await screen.findByText(
        'Order ORD-12345 has been created and marked pending (awaiting payment). A confirmation e-mail to the buyer is queued.',
      ),
    ).toBeTruthy()
  })

  it('unticking the free feature restores the price; a typed amount is sent in cents; $0 needs the free feature', async () => {
    renderWithQueries(<ManualOrderForm />)
    fillCustomer()
    fireEvent.focus(screen.getByRole('combobox', { name: 'Day' }))
    fireEvent.click(await screen.findByRole('option', { name: 'Wednesday, January 5, 2033 ($120)' }))
    const amount = screen.getByRole('textbox', { name: 'Amount' }) as HTMLInputElement
    const free = screen.getByRole('checkbox', { name: 'Free feature (non-profit)' })
    fireEvent.click(free)
    fireEvent.click(free)
    expect(amount.value).toBe('120')
    expect(amount.disabled).toBe(false)

    fireEvent.change(amount, { target: { value: '0' } })
    fireEvent.click(screen.getByRole('button', { name: 'Create Order' }))
    expect(await screen.findByText("Choose 'Free feature (non-profit)' for a $0 order.")).toBeTruthy()
    fireEvent.change(amount, { target: { value: '12.5x' } })
    fireEvent.click(screen.getByRole('button', { name: 'Create Order' }))
    expect(await screen.findByText('Enter the amount in dollars, for example 120 or 99.50.')).toBeTruthy()
    expect(postedBodies(fetchMock.mock.calls)).toEqual([])

    fireEvent.change(amount, { target: { value: '99.5' } })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create Order' }))
    })
    await waitFor(() => expect(postedBodies(fetchMock.mock.calls)).toMatchObject([{ amountCents: 9950 }]))
  })

  it("keeps 'Please fill in all fields.' when the day is missing, and typing drops a chosen day", async () => {
    renderWithQueries(<ManualOrderForm />)
    fillCustomer()
    const day = screen.getByRole('combobox', { name: 'Day' })
    fireEvent.focus(day)
    fireEvent.click(await screen.findByRole('option', { name: 'Wednesday, January 5, 2033 ($120)' }))
    fireEvent.change(day, { target: { value: 'Wednesday, January 5, 2033 ($12' } })
    fireEvent.click(screen.getByRole('button', { name: 'Create Order' }))
    expect(await screen.findByText('Please fill in all fields.')).toBeTruthy()
    expect(postedBodies(fetchMock.mock.calls)).toEqual([])
  })
})
