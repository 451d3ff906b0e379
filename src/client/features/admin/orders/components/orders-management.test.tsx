import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { json, renderWithQueries, stubFetchForEachTest } from '#client/test/admin-test-helpers.tsx'
import type {
  CheckoutDetailDto,
  CheckoutLineDto,
  CheckoutRowDto,
  CheckoutsPageDto,
} from '#shared/admin-checkouts.ts'
import { OrdersManagement } from './orders-management'

const line = (id: string, extra: Partial<CheckoutLineDto> = {}): CheckoutLineDto => ({
  id,
  type: 'calendar_day',
  date: '2034-03-09',
  iconName: null,
  iconSize: null,
  units: null,
  description: null,
  amount: 110,
  unitPrice: 120,
  status: 'paid',
  mailingMonth: '2034-03',
  artwork: 'missing',
  refund: null,
  createdAt: '2034-01-01T12:00:00.000Z',
  ...extra,
})

const cart: CheckoutRowDto = {
  key: 'cs_local_cart',
  createdAt: '2034-01-01T12:00:00.000Z',
  businessName: 'Corner Café',
  email: 'cafe@example.com',
  source: 'checkout',
  paymentProvider: 'local',
  total: 330,
  statuses: [
    { status: 'paid', count: 2 },
    { status: 'refunded', count: 1 },
  ],
  lineCount: 3,
  lines: [
    line('ORD-1', { date: '2034-03-09', artwork: 'approved' }),
    line('ORD-2', { date: '2034-03-10' }),
    line('ORD-3', { date: '2034-03-11', status: 'refunded' }),
  ],
}

const manual: CheckoutRowDto = {
  key: 'ORD-9',
  createdAt: '2034-01-02T12:00:00.000Z',
  businessName: 'Hardware',
  email: 'hw@example.com',
  source: 'manual',
  paymentProvider: null,
  total: 120,
  statuses: [{ status: 'paid', count: 1 }],
  lineCount: 1,
  lines: [line('ORD-9')],
}

const detail: CheckoutDetailDto = {
  ...cart,
  paymentSessionId: 'cs_local_cart',
  paymentIntentId: 'local_pay_abc',
  lines: cart.lines.map((l) => ({
    ...l,
    deletedAt: null,
    deletedBy: null,
    history: [{ at: '2034-01-01T12:00:00.000Z', by: 'system', from: null, to: 'paid' }],
  })),
  emails: [
    {
      id: 'e1',
      kind: 'order_confirmation',
      to: 'cafe@example.com',
      subject: 'Your order is confirmed',
      status: 'failed',
      sentAt: null,
      lastError: 'SMTP refused',
      createdAt: '2034-01-01T12:00:01.000Z',
    },
  ],
  refunds: [],
  notes: [
    { id: 'n1', body: 'Called the owner.', by: 'admin@example.com', createdAt: '2034-01-03T12:00:00.000Z' },
  ],
}

const page = (extra: Partial<CheckoutsPageDto> = {}): CheckoutsPageDto => ({
  checkouts: [manual, cart],
  total: 30,
  page: 1,
  pageSize: 25,
  ...extra,
})

const fetchMock = stubFetchForEachTest(async (url, init) => {
  if (init?.method === 'POST' && url.endsWith('/notes'))
    return json({ id: 'n2', body: 'Second', by: 'admin@example.com', createdAt: '2034-01-04T00:00:00Z' }, 201)
  if (url.startsWith('/api/admin/checkouts/cs_local_cart')) return json(detail)
  if (url.startsWith('/api/admin/checkouts?')) {
    const params = new URL(url, 'http://x').searchParams
    return json(page({ page: Number(params.get('page')) }))
  }
  return json({ error: { code: 'not_found', message: 'No route' } }, 404)
})

const listCalls = () =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/admin/checkouts?'))
const lastParams = () => new URL(listCalls().at(-1) as string, 'http://x').searchParams

describe('OrdersManagement (by checkout)', () => {
  it('shows one row per checkout with its summary, and its lines on expand', async () => {
    renderWithQueries(<OrdersManagement />)
    const row = (await screen.findByText('Corner Café')).closest('tr') as HTMLElement
    expect(within(row).getByText('$330')).toBeTruthy()
    expect(within(row).getByText('2 paid · refunded')).toBeTruthy()
    expect(lastParams().get('sort')).toBe('created')
    expect(lastParams().get('pageSize')).toBe('25')

    const expand = within(row).getByRole('button', { name: 'Lines of checkout cs_local_cart' })
    expect(expand.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByRole('region', { name: 'Lines of checkout cs_local_cart' })).toBeNull()
    fireEvent.click(expand)
    expect(expand.getAttribute('aria-expanded')).toBe('true')
    const lines = screen.getByRole('region', { name: 'Lines of checkout cs_local_cart' })
    expect(within(lines).getAllByRole('row')).toHaveLength(4)
    expect(within(lines).getByText('Thursday, March 9, 2034')).toBeTruthy()
    expect(within(lines).getByText('Approved')).toBeTruthy()
  })

  it("the line's status select offers pending and paid, never refunded", async () => {
    renderWithQueries(<OrdersManagement />)
    fireEvent.click(await screen.findByRole('button', { name: 'Lines of checkout cs_local_cart' }))
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Status of order ORD-1' }), { key: 'Enter' })
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['pending', 'paid'])
  })

  it('selecting a checkout selects its lines for the bulk actions', async () => {
    renderWithQueries(<OrdersManagement />)
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select checkout cs_local_cart' }))
    expect(screen.getByText('Bulk actions (3 selected)')).toBeTruthy()
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all orders' }))
    expect(screen.getByText('Bulk actions (4 selected)')).toBeTruthy()
  })

  it('sorts on the server by the column headers, with aria-sort', async () => {
    renderWithQueries(<OrdersManagement />)
    await screen.findByText('Corner Café')
    const created = screen.getByRole('columnheader', { name: /Created At/ })
    const amount = screen.getByRole('columnheader', { name: /Amount/ })
    expect(created.getAttribute('aria-sort')).toBe('descending')
    expect(amount.getAttribute('aria-sort')).toBe('none')
    fireEvent.click(within(amount).getByRole('button', { name: 'Amount' }))
    await waitFor(() => expect(lastParams().get('sort')).toBe('amount'))
    expect(lastParams().get('dir')).toBe('desc')
    expect(amount.getAttribute('aria-sort')).toBe('descending')
    fireEvent.click(within(amount).getByRole('button', { name: 'Amount' }))
    await waitFor(() => expect(lastParams().get('dir')).toBe('asc'))
    expect(amount.getAttribute('aria-sort')).toBe('ascending')
    fireEvent.click(screen.getByRole('button', { name: 'Ad Date' }))
    await waitFor(() => expect(lastParams().get('sort')).toBe('adDate'))
  })

  it('pages on the server: Page X of Y, Previous and Next', async () => {
    renderWithQueries(<OrdersManagement />)
    expect(await screen.findByText('30 checkouts · Page 1 of 2')).toBeTruthy()
    const previous = screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement
    expect(previous.disabled).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByText('30 checkouts · Page 2 of 2')).toBeTruthy()
    expect(lastParams().get('page')).toBe('2')
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('filters by e-mail, type and mailing month, and the CSV link carries them', async () => {
    renderWithQueries(<OrdersManagement />)
    await screen.findByText('Corner Café')
    fireEvent.click(screen.getByRole('button', { name: 'Advanced Filters' }))
    fireEvent.change(screen.getByLabelText('Email Contains'), { target: { value: 'cafe@' } })
    fireEvent.change(screen.getByLabelText('Mailing Month'), { target: { value: '2034-03' } })
    fireEvent.change(screen.getByLabelText('Max Price'), { target: { value: '400' } })
    // happy-dom's constraint validation does not know type="month"; the submit itself is what is tested.
    fireEvent.submit(screen.getByRole('button', { name: 'Apply Filters' }).closest('form') as HTMLFormElement)
    await waitFor(() => expect(lastParams().get('email')).toBe('cafe@'))
    expect(lastParams().get('mailingMonth')).toBe('2034-03')
    expect(lastParams().get('maxPrice')).toBe('400')
    expect(lastParams().get('page')).toBe('1')
    expect(screen.getByRole('button', { name: 'Advanced Filters (3)' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/admin/checkouts/export.csv?email=cafe%40&maxPrice=400&mailingMonth=2034-03',
    )
  })

  it('opens the drawer of the checkout named by ?checkout= (the e-mail log links there)', async () => {
    window.history.replaceState(null, '', '/admin/orders?checkout=cs_local_cart')
    try {
      renderWithQueries(<OrdersManagement />)
      expect(await screen.findByRole('dialog', { name: 'Corner Café' })).toBeTruthy()
    } finally {
      window.history.replaceState(null, '', '/')
    }
  })

  it('the drawer shows the payment, history, e-mails and notes, and adds a note', async () => {
    renderWithQueries(<OrdersManagement />)
    fireEvent.click(await screen.findByRole('button', { name: 'Details of checkout cs_local_cart' }))
    const drawer = await screen.findByRole('dialog', { name: 'Corner Café' })
    expect(within(drawer).getByText('local_pay_abc')).toBeTruthy()
    const history = within(drawer).getByRole('region', { name: 'Order History' })
    expect(within(history).getAllByText(/new → paid by system/)).toHaveLength(3)
    const emails = within(drawer).getByRole('region', { name: 'E-mails Sent' })
    expect(within(emails).getByText('Your order is confirmed')).toBeTruthy()
    expect(within(emails).getByText('Error: SMTP refused')).toBeTruthy()
    expect(within(drawer).getByText('Called the owner.')).toBeTruthy()
    expect(within(drawer).getByRole('button', { name: /Refund/ })).toBeTruthy()

    fireEvent.click(within(drawer).getByRole('button', { name: 'Add Note' }))
    expect(within(drawer).getByText('Write the note.')).toBeTruthy()
    fireEvent.change(within(drawer).getByLabelText('New note'), { target: { value: 'Second' } })
    fireEvent.click(within(drawer).getByRole('button', { name: 'Add Note' }))
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url, init]) => url === '/api/admin/checkouts/cs_local_cart/notes' && init?.method === 'POST',
        ),
      ).toBe(true),
    )
    const post = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/notes'))
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ body: 'Second' })
    expect(await screen.findByText('Note Added')).toBeTruthy()
  })
})
