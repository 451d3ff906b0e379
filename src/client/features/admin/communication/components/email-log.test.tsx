import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { json, renderWithQueries, stubFetchForEachTest } from '#client/test/admin-test-helpers.tsx'
import type { AdminEmailDto } from '#shared/admin-communication.ts'
import { EmailLog } from './email-log'

const email = (id: string, extra: Partial<AdminEmailDto> = {}): AdminEmailDto => ({
  id,
  to: `${id}@example.com`,
  subject: `Subject ${id}`,
  kind: 'order_confirmation',
  state: 'queued',
  lastError: null,
  attempts: 0,
  nextAttemptAt: '2033-01-01T10:00:00.000Z',
  createdAt: '2033-01-01T09:00:00.000Z',
  sentAt: null,
  checkoutKey: null,
  ...extra,
})

const rows = [
  email('queued', { checkoutKey: 'cs_test_a/b' }),
  email('sent', { state: 'sent', sentAt: '2033-01-01T09:01:00.000Z', nextAttemptAt: null }),
  email('failed', {
    state: 'failed',
    lastError: '550 mailbox unavailable',
    attempts: 8,
    nextAttemptAt: null,
  }),
]

describe('EmailLog', () => {
  const fetchMock = stubFetchForEachTest(async (url: string, init?: RequestInit) => {
    const [path, search = ''] = url.split('?') as [string, string?]
    if (path === '/api/admin/emails') {
      const params = new URLSearchParams(search)
      const page = Number(params.get('page'))
      return json({ emails: page === 2 ? [email('older')] : rows, total: 26, page, pageSize: 25 })
    }
    const resend = path.match(/^\/api\/admin\/emails\/(\w+)\/resend$/)
    if (resend && init?.method === 'POST') return json(email(`copy-of-${resend[1]}`), 201)
    return json({ error: { code: 'x', message: 'no' } }, 500)
  })

  const listCalls = () =>
    fetchMock.mock.calls.map(([url]) => String(url)).filter((u) => u.startsWith('/api/admin/emails?'))

  function renderLog() {
    return renderWithQueries(
      <MemoryRouter>
        <EmailLog />
      </MemoryRouter>,
    )
  }

  it('shows each e-mail with its state, the error of a failed one, and a link to its order', async () => {
    renderLog()
    const table = await screen.findByRole('region', { name: 'E-mail log' })
    const row = (to: string) =>
      within(table).getByRole('rowheader', { name: to }).closest('tr') as HTMLElement
    expect(within(row('queued@example.com')).getByText('Queued')).toBeTruthy()
    expect(within(row('sent@example.com')).getByText('Sent')).toBeTruthy()
    expect(within(row('failed@example.com')).getByText('Failed')).toBeTruthy()
    expect(within(row('failed@example.com')).getByText('Error: 550 mailbox unavailable')).toBeTruthy()
    const link = within(row('queued@example.com')).getByRole('link', { name: /^View order/ })
    expect(link.getAttribute('href')).toBe('/admin/orders?checkout=cs_test_a%2Fb')
    expect(within(row('sent@example.com')).queryByRole('link')).toBeNull()
    expect(screen.getByText(/Showing 1–25 of 26/)).toBeTruthy()
    expect(listCalls()[0]).toBe('/api/admin/emails?page=1&pageSize=25')
  })

  it('resends an e-mail and says so', async () => {
    renderLog()
    fireEvent.click(
      await screen.findByRole('button', { name: 'Resend “Subject failed” to failed@example.com' }),
    )
    expect(await screen.findByText('E-mail queued again')).toBeTruthy()
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => url === '/api/admin/emails/failed/resend' && init?.method === 'POST',
      ),
    ).toBe(true)
    // The log is read again, with the new row.
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(1))
  })

  it('searches by recipient or subject and pages on the server', async () => {
    renderLog()
    await screen.findByRole('region', { name: 'E-mail log' })
    fireEvent.change(screen.getByLabelText('Recipient or subject'), { target: { value: ' acme ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Search' }))
    await waitFor(() => expect(listCalls()).toContain('/api/admin/emails?page=1&pageSize=25&q=acme'))
    fireEvent.click(screen.getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(listCalls()).toContain('/api/admin/emails?page=2&pageSize=25&q=acme'))
    expect(await screen.findByRole('rowheader', { name: 'older@example.com' })).toBeTruthy()
  })
})
