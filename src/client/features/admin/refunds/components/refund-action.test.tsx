import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { json, renderWithQueries, stubFetchForEachTest } from '#client/test/admin-test-helpers.tsx'
import { NOTHING_TO_REFUND_MESSAGE, RefundAction } from './refund-action'

const lines = [
  { orderId: 'ORD-10001', label: 'Calendar day: Monday, March 2, 2035', amountCents: 12000, status: 'paid' },
  { orderId: 'ORD-10002', label: 'Map icon: Coffee', amountCents: 5050, status: 'paid' },
  {
    orderId: 'ORD-10003',
    label: 'Calendar day: Tuesday, March 3, 2035',
    amountCents: 12000,
    status: 'pending',
  },
]

const refundAnswer = (body: { orderIds: string[]; amountCents: number }, status: string) => ({
  id: 'f3b1c1de-0000-4000-8000-000000000001',
  kind: 'admin',
  checkoutKey: 'cs_local_abc',
  orderIds: body.orderIds,
  amountCents: body.amountCents,
  reason: 'x',
  emailBuyer: true,
  provider: status === 'requested' ? 'stripe' : 'local',
  status,
  lastError: null,
  requestedBy: 'admin@example.com',
  createdAt: '2035-01-01T00:00:00.000Z',
  completedAt: null,
})

describe('RefundAction', () => {
  let answer: 'succeeded' | 'requested' | 'bad_gateway' | 'conflict' = 'succeeded'
  const fetchMock = stubFetchForEachTest(async (url: string, init?: RequestInit) => {
    if (url === '/api/admin/refunds' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body))
      if (answer === 'bad_gateway')
        return json(
          {
            error: {
              code: 'bad_gateway',
              message:
                'The payment provider could not make the refund (card network down). Nothing was refunded.',
            },
          },
          502,
        )
      if (answer === 'conflict')
        return json({ error: { code: 'conflict', message: 'ORD-10001 is already being refunded.' } }, 409)
      return json(refundAnswer(body, answer), 201)
    }
    return json({ error: { code: 'not_found', message: 'no' } }, 404)
  })
  const posted = () =>
    fetchMock.mock.calls
      .filter(([url, init]) => url === '/api/admin/refunds' && init?.method === 'POST')
      .map(([, init]) => JSON.parse(String(init?.body)))

  function openDialog() {
    renderWithQueries(<RefundAction checkoutKey="cs_local_abc" lines={lines} />)
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }))
    return screen.getByRole('dialog', { name: 'Refund' })
  }

  it('is disabled, saying why, when no line is paid', () => {
    renderWithQueries(
      <RefundAction checkoutKey="ORD-10009" lines={lines.map((l) => ({ ...l, status: 'refunded' }))} />,
    )
    const button = screen.getByRole('button', { name: 'Refund' })
    expect(button).toHaveProperty('disabled', true)
    expect(button.getAttribute('aria-describedby')).toBeTruthy()
    expect(screen.getByText(NOTHING_TO_REFUND_MESSAGE)).toBeTruthy()
  })

  it('refunds the whole checkout by default: paid lines checked, amount their sum, buyer e-mailed', async () => {
    answer = 'succeeded'
    const dialog = openDialog()
    const boxes = within(dialog).getAllByRole('checkbox')
    // Two paid lines and "E-mail the buyer"; the pending line is not offered.
    expect(boxes).toHaveLength(3)
    expect(within(dialog).queryByText(/Tuesday, March 3/)).toBeNull()
    expect(boxes.every((box) => box.getAttribute('aria-checked') === 'true')).toBe(true)
    expect(within(dialog).getByRole('status', { name: 'Amount' }).textContent).toBe('$170.50')
    expect(
      within(dialog).getByRole('checkbox', { name: 'E-mail the buyer' }).getAttribute('aria-checked'),
    ).toBe('true')

    // The reason is required.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund $170.50' }))
    expect(await within(dialog).findByText('Please give a reason for the refund.')).toBeTruthy()
    expect(within(dialog).getByLabelText('Reason').getAttribute('aria-invalid')).toBe('true')
    expect(posted()).toEqual([])

    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: ' Event cancelled ' } })
    // The dialog shows what the buyer will read, reason included.
    const preview = within(dialog).getByRole('figure', { name: 'What the buyer reads in the refund e-mail' })
    expect(preview.textContent).toContain('We have refunded $170.50 of your order')
    expect(preview.textContent).toContain('Reason: Event cancelled')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund $170.50' }))
    expect(await screen.findByText('Refund of $170.50 issued.')).toBeTruthy()
    expect(posted()).toEqual([
      {
        orderIds: ['ORD-10001', 'ORD-10002'],
        amountCents: 17050,
        reason: 'Event cancelled',
        emailBuyer: true,
      },
    ])
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('refunds one line without e-mail; with Stripe the toast says the provider confirms later', async () => {
    answer = 'requested'
    const dialog = openDialog()
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Map icon: Coffee ($50.50)' }))
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'E-mail the buyer' }))
    expect(within(dialog).queryByRole('figure')).toBeNull()
    expect(within(dialog).getByRole('status', { name: 'Amount' }).textContent).toBe('$120')
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Duplicate' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund $120' }))
    expect(
      await screen.findByText(
        'Refund of $120 requested. The order becomes refunded when the payment provider confirms.',
      ),
    ).toBeTruthy()
    expect(posted()).toEqual([
      { orderIds: ['ORD-10001'], amountCents: 12000, reason: 'Duplicate', emailBuyer: false },
    ])
  })

  it('cannot refund nothing: unchecking every line disables the confirm button', () => {
    const dialog = openDialog()
    for (const name of ['Calendar day: Monday, March 2, 2035 ($120)', 'Map icon: Coffee ($50.50)'])
      fireEvent.click(within(dialog).getByRole('checkbox', { name }))
    expect(within(dialog).getByRole('button', { name: 'Refund $0' })).toHaveProperty('disabled', true)
  })

  it("shows the provider's refusal and a conflict in the dialog, which stays open", async () => {
    for (const [kind, message] of [
      [
        'bad_gateway',
        'The payment provider could not make the refund (card network down). Nothing was refunded.',
      ],
      ['conflict', 'ORD-10001 is already being refunded.'],
    ] as const) {
      answer = kind
      const dialog = openDialog()
      fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Customer asked' } })
      fireEvent.click(within(dialog).getByRole('button', { name: 'Refund $170.50' }))
      expect((await within(dialog).findByRole('alert')).textContent).toBe(message)
      expect(screen.getByRole('dialog', { name: 'Refund' })).toBeTruthy()
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
      document.body.innerHTML = ''
    }
  })
})
