import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { json, renderWithQueries, stubFetchForEachTest } from '#client/test/admin-test-helpers.tsx'
import type { MailingOverviewRow } from '#shared/mailings.ts'
import {
  type AdminMailingScansDto,
  type AdminScanLineDto,
  LINK_QUESTION,
  LINK_WEBSITE_INVALID,
  type LineLinkDto,
} from '#shared/short-links.ts'
import { MailingsManagement } from './mailings-management'

const row = (month: string): MailingOverviewRow => ({
  month,
  status: 'open',
  salesCloseAt: '2099-01-01T00:00:00.000Z',
  salesCloseLocal: `${month}-01T17:00`,
  salesCloseText: `${month}-01 at 5:00 PM`,
  artworkDueText: `${month}-04 at 5:00 PM`,
  artworkDueAt: '2099-01-01T00:00:00.000Z',
  artworkDueLocal: `${month}-04T17:00`,
  inHomesDate: `${month}-28`,
  waitlistNotifiedAt: null,
  days: { sold: 2, held: 0, free: 20, notSetUp: 7 },
  icons: { regular: 1, premium: 0 },
  revenue: 0,
})

const link = (orderId: string, code: string, extra: Partial<LineLinkDto> = {}): LineLinkDto => ({
  orderId,
  code,
  shortUrl: `https://town.example/go/${code}`,
  destination: 'page',
  target: null,
  pagePath: `/ads/${code}`,
  ...extra,
})

const harbor: AdminScanLineDto = {
  orderId: 'ORD-1',
  businessName: 'Harbor Books',
  description: 'Wednesday, March 2, 2033',
  status: 'paid',
  link: link('ORD-1', 'k7m4qx2', { destination: 'website', target: 'https://harbor-books.test/' }),
  scans: 12,
  people: 9,
}
const garage: AdminScanLineDto = {
  orderId: 'MAP-2',
  businessName: 'Corner Garage',
  description: 'Map icon (Wrench)',
  status: 'refunded',
  link: link('MAP-2', 'p3r8stv'),
  scans: 0,
  people: 0,
}

const scansOf: Record<string, AdminMailingScansDto> = {
  '2033-03': { month: '2033-03', scans: 12, people: 9, lines: [harbor, garage] },
  '2033-04': {
    month: '2033-04',
    scans: 0,
    people: 0,
    lines: [{ ...garage, link: link('MAP-2', 'p3r8stv', { destination: 'phone', target: '5555550123' }) }],
  },
  '2033-05': { month: '2033-05', scans: 0, people: 0, lines: [] },
}

describe('MailingScansDrawer', () => {
  const fetchMock = stubFetchForEachTest(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET'
    if (url === '/api/admin/mailings' && method === 'GET')
      return json({ rows: Object.keys(scansOf).map(row), chart: [], currentMonth: '2033-01' })
    if (url === '/api/admin/mailing-settings')
      return json({
        salesCloseDaysBefore: 14,
        artworkDueDaysAfterClose: 3,
        inHomesDay: 1,
        priorityWindowDays: 7,
      })
    const scans = /^\/api\/admin\/mailings\/(\d{4}-\d{2})\/scans$/.exec(url)
    if (scans) return json(scansOf[scans[1] as string])
    if (url === '/api/admin/orders/MAP-2/link' && method === 'PUT') {
      const body = JSON.parse(String(init?.body)) as { destination: string; target?: string }
      if (body.target === 'not a site')
        return json(
          {
            error: {
              code: 'bad_request',
              message: LINK_WEBSITE_INVALID,
              fields: { target: [LINK_WEBSITE_INVALID] },
            },
          },
          400,
        )
      return json(link('MAP-2', 'p3r8stv', { destination: 'website', target: 'https://garage.test/' }))
    }
    return json({ error: { code: 'x', message: 'no' } }, 500)
  })
  const sent = (method: string, path: string) =>
    fetchMock.mock.calls
      .filter(([url, init]) => String(url) === path && (init?.method ?? 'GET') === method)
      .map(([, init]) => (init?.body === undefined ? undefined : JSON.parse(String(init.body))))

  async function openScans(label: string) {
    renderWithQueries(
      <MemoryRouter>
        <MailingsManagement />
      </MemoryRouter>,
    )
    const opener = await screen.findByRole('button', { name: `Scans for ${label}` })
    opener.focus()
    fireEvent.click(opener)
    return { drawer: await screen.findByRole('dialog', { name: 'Scans' }), opener }
  }

  const cellsOf = (tableRow: HTMLElement) =>
    Array.from(tableRow.querySelectorAll('th, td'), (cell) => cell.textContent)

  it('shows the mailing’s totals, every line with its link and scans, and the CSV link', async () => {
    const { drawer } = await openScans('March 2033')
    expect(document.activeElement).toBe(drawer)
    expect(await within(drawer).findByText('Total: 12 scans, 9 people')).toBeTruthy()
    const table = within(drawer).getByRole('table')
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Business', 'Item', 'Status', 'Short link', 'Leads to', 'Scans', 'People', 'Actions'])
    const [, first, second] = within(table).getAllByRole('row')
    expect(cellsOf(first as HTMLElement)).toEqual([
      'Harbor Books',
      'Wednesday, March 2, 2033',
      'Paid',
      'https://town.example/go/k7m4qx2',
      'My website: https://harbor-books.test/',
      '12',
      '9',
      'Edit link for Harbor Books, Wednesday, March 2, 2033',
    ])
    expect(cellsOf(second as HTMLElement)).toEqual([
      'Corner Garage',
      'Map icon (Wrench)',
      'Refunded',
      'https://town.example/go/p3r8stv',
      'My page on this site: /ads/p3r8stv',
      '0',
      '0',
      'Edit link for Corner Garage, Map icon (Wrench)',
    ])
    const csv = within(drawer).getByRole('link', { name: 'Download CSV' })
    expect(csv.getAttribute('href')).toBe('/api/admin/mailings/2033-03/scans.csv')
  })

  it('says when no line has scans yet, still listing the lines', async () => {
    const { drawer } = await openScans('April 2033')
    expect(await within(drawer).findByText('No scans yet for this mailing.')).toBeTruthy()
    expect(within(drawer).getByRole('rowheader', { name: 'Corner Garage' })).toBeTruthy()
    expect(within(drawer).getByRole('cell', { name: 'A phone call: 5555550123' })).toBeTruthy()
  })

  it('says when the mailing has no lines sold', async () => {
    const { drawer } = await openScans('May 2033')
    expect(await within(drawer).findByText('No lines sold for this mailing.')).toBeTruthy()
    expect(within(drawer).queryByRole('table')).toBeNull()
  })

  it('edits a line’s link, showing the server’s refusal on the field and then the confirmation', async () => {
    const { drawer } = await openScans('March 2033')
    const edit = await within(drawer).findByRole('button', {
      name: 'Edit link for Corner Garage, Map icon (Wrench)',
    })
    expect(edit.getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(edit)
    expect(edit.getAttribute('aria-expanded')).toBe('true')
    const form = within(drawer).getByRole('form', { name: 'Link of Corner Garage, Map icon (Wrench)' })
    expect(edit.getAttribute('aria-controls')).toBe(form.id)
    const group = within(form).getByRole('group', { name: LINK_QUESTION })
    const page = within(group).getByRole('radio', { name: 'My page on this site' }) as HTMLInputElement
    expect(page.checked).toBe(true)
    expect(document.activeElement).toBe(page)
    expect(within(form).queryByRole('textbox')).toBeNull()

    fireEvent.click(within(group).getByRole('radio', { name: 'My website' }))
    const field = within(form).getByLabelText('Website') as HTMLInputElement
    fireEvent.change(field, { target: { value: 'not a site' } })
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Save' }))
    })
    const message = await within(form).findByText(LINK_WEBSITE_INVALID)
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(field.getAttribute('aria-describedby')?.split(' ')).toContain(message.id)
    await waitFor(() => expect(document.activeElement).toBe(field))

    fireEvent.change(field, { target: { value: 'garage.test' } })
    expect(field.getAttribute('aria-invalid')).toBeNull()
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Save' }))
    })
    expect((await within(drawer).findByRole('status')).textContent).toBe(
      'Saved. This QR code (Corner Garage, Map icon (Wrench)) now sends people to https://garage.test/.',
    )
    expect(within(drawer).queryByRole('form')).toBeNull()
    expect(document.activeElement).toBe(edit)
    expect(sent('PUT', '/api/admin/orders/MAP-2/link')).toEqual([
      { destination: 'website', target: 'not a site' },
      { destination: 'website', target: 'garage.test' },
    ])
    // The table is read again with the new link.
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.filter(([url]) => url === '/api/admin/mailings/2033-03/scans'),
      ).toHaveLength(2),
    )
  })

  it('sends only the destination for the advertiser’s page, and Cancel closes the form', async () => {
    const { drawer } = await openScans('April 2033')
    const edit = await within(drawer).findByRole('button', { name: /^Edit link for Corner Garage/ })
    fireEvent.click(edit)
    const form = within(drawer).getByRole('form')
    const phone = within(form).getByLabelText('Phone number') as HTMLInputElement
    expect(phone.value).toBe('5555550123')
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }))
    expect(within(drawer).queryByRole('form')).toBeNull()
    expect(document.activeElement).toBe(edit)

    fireEvent.click(edit)
    fireEvent.click(within(drawer).getByRole('radio', { name: 'My page on this site' }))
    await act(async () => {
      fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }))
    })
    await within(drawer).findByText(/^Saved\. This QR code/)
    expect(sent('PUT', '/api/admin/orders/MAP-2/link')).toEqual([{ destination: 'page' }])
  })

  it('gives the focus back to the row’s Scans button when closed', async () => {
    const { drawer, opener } = await openScans('March 2033')
    fireEvent.keyDown(drawer, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(document.activeElement).toBe(opener)
  })
})
