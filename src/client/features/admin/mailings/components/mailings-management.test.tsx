import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { beforeEach, describe, expect, it } from 'vitest'
import { json, renderWithQueries, stubFetchForEachTest } from '#client/test/admin-test-helpers.tsx'
import type {
  MailingChartPoint,
  MailingIconStockDto,
  MailingOverviewRow,
  MailingStatus,
} from '#shared/mailings.ts'
import type { PrintReadinessResponse } from '#shared/print-readiness.ts'
import { MailingsManagement } from './mailings-management'

const FUTURE = '2099-01-01T00:00:00.000Z'
const PAST = '2020-01-01T00:00:00.000Z'

/** The server's words for a deadline at 5:00 PM on `date` (deadlineText): the screen shows them as sent. */
const fivePm = (date: string) =>
  `${new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' })}, 5:00 PM (EST)`

const row = (
  month: string,
  status: MailingStatus,
  extra: Partial<MailingOverviewRow> = {},
): MailingOverviewRow => ({
  month,
  status,
  salesCloseAt: FUTURE,
  salesCloseLocal: `${month}-01T17:00`,
  salesCloseText: fivePm(`${month}-01`),
  artworkDueAt: FUTURE,
  artworkDueLocal: `${month}-04T17:00`,
  artworkDueText: fivePm(`${month}-04`),
  inHomesDate: `${month}-28`,
  waitlistNotifiedAt: null,
  days: { sold: 3, held: 1, free: 20, notSetUp: 7 },
  icons: { regular: 2, premium: 1 },
  revenue: 480.5,
  ...extra,
})

const rows = [
  row('2033-01', 'open'),
  row('2033-02', 'closed', { salesCloseAt: PAST, liveCheckouts: 2 }),
  row('2033-03', 'printed'),
  row('2033-04', 'mailed', { waitlistNotifiedAt: '2032-12-01T15:00:00.000Z' }),
]

const point = (month: string, extra: Partial<MailingChartPoint> = {}): MailingChartPoint => ({
  month,
  hasMailing: true,
  sold: 0,
  held: 0,
  free: 0,
  revenue: 0,
  ...extra,
})
const chart = [
  point('2033-01', { sold: 3, held: 1, free: 20, revenue: 480.5 }),
  point('2033-02', { sold: 10, free: 18, revenue: 1200 }),
  point('2033-03', { hasMailing: false }),
]

const stock: MailingIconStockDto[] = [
  { iconId: 'i1', name: 'Map Icon', size: 'small', price: 150, quantity: 20, claimed: 5, available: 15 },
  { iconId: 'i2', name: 'Featured Icon', size: 'large', price: 300, quantity: 4, claimed: 4, available: 0 },
]

const ALL_APPROVED: PrintReadinessResponse = { missing: [], notApproved: [] }
/** What GET …/print-readiness answers; a test sets it before opening "Mark printed". */
let readiness: PrintReadinessResponse = ALL_APPROVED
/** The statuses the test's status moves set: the list answers them afterwards, as the server does. */
const movedStatus = new Map<string, MailingStatus>()
beforeEach(() => movedStatus.clear())

describe('MailingsManagement', () => {
  const fetchMock = stubFetchForEachTest(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET'
    if (url.endsWith('/print-readiness') && method === 'GET') return json(readiness)
    if (url === '/api/admin/mailings' && method === 'GET')
      return json({
        rows: rows.map((r) => ({ ...r, status: movedStatus.get(r.month) ?? r.status })),
        chart,
        currentMonth: '2032-12',
      })
    if (url === '/api/admin/digest' && method === 'GET')
      return json({
        date: '2032-12-01',
        dateText: 'Wednesday, December 1, 2032',
        mailings: [],
        isEmpty: true,
      })
    if (url === '/api/admin/mailing-settings' && method === 'GET')
      return json({
        salesCloseDaysBefore: 14,
        artworkDueDaysAfterClose: 3,
        inHomesDay: 1,
        priorityWindowDays: 7,
      })
    if (url === '/api/admin/mailing-settings' && method === 'PUT') return json(JSON.parse(String(init?.body)))
    if (url.endsWith('/status')) {
      const body = JSON.parse(String(init?.body))
      const month = url.split('/')[4] as string
      const next = { close: 'closed', reopen: 'open', printed: 'printed', mailed: 'mailed' } as const
      movedStatus.set(month, next[body.action as keyof typeof next])
      return json({
        ...row(month, next[body.action as keyof typeof next], {
          salesCloseLocal: body.salesCloseLocal ?? `${month}-01T17:00`,
          ...(body.salesCloseLocal === '2033-02-10T12:00'
            ? { salesCloseText: 'Thursday, February 10, 12:00 PM (EST)' }
            : {}),
        }),
        endedCheckouts:
          body.action === 'reopen' ? 0 : (rows.find((r) => r.month === month)?.liveCheckouts ?? 0),
        buyersEmailed: body.action === 'mailed' ? 2 : 0,
      })
    }
    if (url.endsWith('/icon-stock')) return json({ month: url.split('/')[4], icons: stock })
    if (url.endsWith('/icon-stock/i1'))
      return json(
        { error: { code: 'CONFLICT', message: 'The quantity cannot be below the 5 already claimed.' } },
        409,
      )
    if (url.endsWith('/icon-stock/i2')) return json({ ...stock[1], quantity: 6, available: 2 })
    if (url.endsWith('/notify-waitlist')) return json({ queued: 3, skipped: 1 })
    if (method === 'PATCH')
      return json(
        { error: { code: 'VALIDATION', message: 'Invalid', fields: { salesCloseLocal: ['Too late.'] } } },
        422,
      )
    return json({ error: { code: 'x', message: 'no' } }, 500)
  })
  const sent = (method: string, path: string) =>
    fetchMock.mock.calls
      .filter(([url, init]) => String(url) === path && (init?.method ?? 'GET') === method)
      .map(([, init]) => (init?.body === undefined ? undefined : JSON.parse(String(init.body))))

  async function renderScreen() {
    // The row's Artwork link is a router link, so the screen is rendered in a router as in the app.
    renderWithQueries(
      <MemoryRouter>
        <MailingsManagement />
      </MemoryRouter>,
    )
    await screen.findByRole('rowheader', { name: 'January 2033' })
  }

  const rowOf = (label: string) => screen.getByRole('rowheader', { name: label }).closest('tr') as HTMLElement
  const buttonsOf = (label: string) =>
    within(rowOf(label))
      .getAllByRole('button')
      .map((b) => b.textContent?.replace(` for ${label}`, ''))

  it('shows each row with its counts and offers only the status moves its status allows', async () => {
    await renderScreen()
    const january = within(rowOf('January 2033'))
    expect(january.getByText('Open')).toBeTruthy()
    expect(january.getByText('Saturday, January 1, 5:00 PM (EST)')).toBeTruthy()
    expect(january.getByText('Tuesday, January 4, 5:00 PM (EST)')).toBeTruthy()
    expect(january.getByText('Jan 28, 2033')).toBeTruthy()
    expect(january.getByText('3 sold, 1 held, 20 free, 7 not set up')).toBeTruthy()
    expect(january.getByText('2 regular, 1 premium')).toBeTruthy()
    expect(january.getByText('$480.50')).toBeTruthy()

    expect(buttonsOf('January 2033')).toEqual([
      'Close sales now',
      'Edit dates',
      'Icon stock',
      'Offers',
      'Scans',
      'E-mail waitlist',
      'E-mail advertisers',
    ])
    expect(buttonsOf('February 2033')).toEqual([
      'Reopen',
      'Mark printed',
      'Edit dates',
      'Icon stock',
      'Offers',
      'Scans',
      'E-mail advertisers',
    ])
    expect(buttonsOf('March 2033')).toEqual([
      'Mark mailed',
      'Edit dates',
      'Icon stock',
      'Offers',
      'Scans',
      'E-mail advertisers',
    ])
    expect(buttonsOf('April 2033')).toEqual([
      'Edit dates',
      'Icon stock',
      'Offers',
      'Scans',
      'E-mail advertisers',
    ])
    expect(within(rowOf('February 2033')).getByText('Sales closed')).toBeTruthy()
    expect(within(rowOf('April 2033')).getByText(/^Waitlist e-mailed /)).toBeTruthy()
  })

  it('links each row to its mailing on the artwork board', async () => {
    await renderScreen()
    const link = within(rowOf('February 2033')).getByRole('link', { name: 'Artwork for February 2033' })
    expect(link.getAttribute('href')).toBe('/admin/artwork?month=2033-02')
  })

  it('closes sales after a confirmation and says so', async () => {
    await renderScreen()
    fireEvent.click(
      within(rowOf('January 2033')).getByRole('button', { name: 'Close sales now for January 2033' }),
    )
    const dialog = await screen.findByRole('alertdialog', { name: 'Close Sales Now' })
    expect(dialog.textContent).toContain('Close sales for the January 2033 mailing now?')
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Close Sales' }))
    })
    await waitFor(() =>
      expect(sent('POST', '/api/admin/mailings/2033-01/status')).toEqual([{ action: 'close' }]),
    )
    expect(await screen.findByText('The January 2033 mailing is closed for sales.')).toBeTruthy()
  })

  it('says how many checkouts in progress marking printed ends, before and after', async () => {
    await renderScreen()
    fireEvent.click(
      within(rowOf('February 2033')).getByRole('button', { name: 'Mark printed for February 2033' }),
    )
    const dialog = await screen.findByRole('alertdialog', { name: 'Mark Printed' })
    expect(dialog.textContent).toContain(
      'Mark the February 2033 mailing as printed? A printed mailing takes no more orders of any kind. 2 checkouts in progress hold its days or map icons: this ends them, and a payment that still arrives is refunded.',
    )
    // Every line is approved (the readiness read answers no lines): the confirmation is as before.
    const confirm = within(dialog).getByRole('button', { name: 'Mark Printed' }) as HTMLButtonElement
    await waitFor(() => expect(confirm.disabled).toBe(false))
    expect(within(dialog).queryByRole('region', { name: 'Artwork not ready' })).toBeNull()
    await act(async () => {
      fireEvent.click(confirm)
    })
    await waitFor(() =>
      expect(sent('POST', '/api/admin/mailings/2033-02/status')).toEqual([{ action: 'printed' }]),
    )
    expect(
      await screen.findByText(
        'The February 2033 mailing is marked printed. 2 checkouts in progress were ended.',
      ),
    ).toBeTruthy()
  })

  it("moves the focus to the row's next step once a status move has removed the button that made it", async () => {
    await renderScreen()
    const markPrinted = within(rowOf('February 2033')).getByRole('button', {
      name: 'Mark printed for February 2033',
    })
    markPrinted.focus()
    fireEvent.click(markPrinted)
    const dialog = await screen.findByRole('alertdialog', { name: 'Mark Printed' })
    const confirm = within(dialog).getByRole('button', { name: 'Mark Printed' }) as HTMLButtonElement
    await waitFor(() => expect(confirm.disabled).toBe(false))
    await act(async () => {
      fireEvent.click(confirm)
    })
    const markMailed = await within(rowOf('February 2033')).findByRole('button', {
      name: 'Mark mailed for February 2033',
    })
    await waitFor(() => expect(document.activeElement).toBe(markMailed))
    expect(markPrinted.isConnected).toBe(false)

    // Closing sales: the next step is "Mark printed", not "Reopen" (which comes first in the row).
    const closeNow = within(rowOf('January 2033')).getByRole('button', {
      name: 'Close sales now for January 2033',
    })
    closeNow.focus()
    fireEvent.click(closeNow)
    const close = await screen.findByRole('alertdialog', { name: 'Close Sales Now' })
    await act(async () => {
      fireEvent.click(within(close).getByRole('button', { name: 'Close Sales' }))
    })
    const next = await within(rowOf('January 2033')).findByRole('button', {
      name: 'Mark printed for January 2033',
    })
    await waitFor(() => expect(document.activeElement).toBe(next))
  })

  it('lists the artwork missing or not approved before marking printed, and acknowledges exactly those lines', async () => {
    readiness = {
      missing: [
        {
          orderId: 'ORD-1',
          date: '2033-02-05',
          iconName: null,
          businessName: 'Bob Hardware',
          state: 'missing',
        },
      ],
      notApproved: [
        {
          orderId: 'ORD-2',
          date: null,
          iconName: 'Premium Icon',
          businessName: 'Corner Cafe',
          state: 'received',
        },
        {
          orderId: 'ORD-3',
          date: '2033-02-09',
          iconName: null,
          businessName: 'Deli',
          state: 'changes_requested',
        },
      ],
    }
    try {
      await renderScreen()
      const opener = within(rowOf('February 2033')).getByRole('button', {
        name: 'Mark printed for February 2033',
      })
      opener.focus()
      fireEvent.click(opener)
      const dialog = await screen.findByRole('alertdialog', { name: 'Mark Printed' })
      // Enabled only once the list is read: what it acknowledges is what the owner sees.
      const confirm = (await within(dialog).findByRole('button', {
        name: 'Mark printed anyway',
      })) as HTMLButtonElement
      expect(confirm.disabled).toBe(false)
      expect(dialog.textContent).toContain(
        'Some artwork of the February 2033 mailing is missing or not approved: these lines would print without it, or with artwork you have not approved. Mark it printed anyway?',
      )
      const list = within(dialog).getByRole('region', { name: 'Artwork not ready' })
      expect(
        within(list)
          .getAllByRole('heading')
          .map((h) => h.textContent),
      ).toEqual(['Missing artwork', 'Not approved'])
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual([
        'Saturday, February 5, 2033 · Bob Hardware · Missing',
        'Premium Icon · Corner Cafe · Received',
        'Wednesday, February 9, 2033 · Deli · Changes requested',
      ])
      // The keyboard starts on the safe choice; Escape closes and returns to the row's button.
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }))
      fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' })
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
      await waitFor(() => expect(document.activeElement).toBe(opener))
      expect(sent('POST', '/api/admin/mailings/2033-02/status')).toEqual([])

      fireEvent.click(opener)
      const again = await screen.findByRole('alertdialog', { name: 'Mark Printed' })
      await act(async () => {
        fireEvent.click(await within(again).findByRole('button', { name: 'Mark printed anyway' }))
      })
      await waitFor(() =>
        expect(sent('POST', '/api/admin/mailings/2033-02/status')).toEqual([
          { action: 'printed', acknowledgedOrderIds: ['ORD-1', 'ORD-2', 'ORD-3'] },
        ]),
      )
    } finally {
      readiness = ALL_APPROVED
    }
  })

  it('asks for a new sales close to reopen a mailing whose close has passed, and sends it', async () => {
    await renderScreen()
    fireEvent.click(within(rowOf('February 2033')).getByRole('button', { name: 'Reopen for February 2033' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Reopen Sales' })
    expect(dialog.textContent).toContain(
      'Its sales close (Tuesday, February 1, 5:00 PM (EST)) has passed: choose a new one.',
    )
    const confirm = within(dialog).getByRole('button', { name: 'Reopen' })
    expect((confirm as HTMLButtonElement).disabled).toBe(true)
    fireEvent.change(within(dialog).getByLabelText('New sales close'), {
      target: { value: '2033-02-10T12:00' },
    })
    await act(async () => {
      fireEvent.click(confirm)
    })
    await waitFor(() =>
      expect(sent('POST', '/api/admin/mailings/2033-02/status')).toEqual([
        { action: 'reopen', salesCloseLocal: '2033-02-10T12:00' },
      ]),
    )
    expect(
      await screen.findByText(
        'The February 2033 mailing is open for orders until Thursday, February 10, 12:00 PM (EST).',
      ),
    ).toBeTruthy()
  })

  it('e-mails the waitlist of an open mailing after a confirmation and counts what was queued', async () => {
    await renderScreen()
    fireEvent.click(
      within(rowOf('January 2033')).getByRole('button', { name: 'E-mail waitlist for January 2033' }),
    )
    const dialog = await screen.findByRole('alertdialog', { name: 'E-mail Waitlist' })
    expect(dialog.textContent).toContain('“The January 2033 mailing is open”')
    expect(dialog.textContent).toContain('The waitlist has not been e-mailed for this mailing yet.')
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Send E-mails' }))
    })
    expect(await screen.findByText('3 e-mails queued, 1 skipped.')).toBeTruthy()
    expect(sent('POST', '/api/admin/mailings/2033-01/notify-waitlist')).toEqual([undefined])
  })

  it('sends only the changed dates and shows the server’s field error under its field', async () => {
    await renderScreen()
    fireEvent.click(
      within(rowOf('January 2033')).getByRole('button', { name: 'Edit dates for January 2033' }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Edit Dates' })
    const salesClose = within(dialog).getByLabelText('Sales close') as HTMLInputElement
    expect(salesClose.value).toBe('2033-01-01T17:00')
    expect((within(dialog).getByLabelText('In homes') as HTMLInputElement).value).toBe('2033-01-28')
    fireEvent.change(salesClose, { target: { value: '2033-01-02T09:30' } })
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save Dates' }))
    })
    await waitFor(() =>
      expect(sent('PATCH', '/api/admin/mailings/2033-01')).toEqual([{ salesCloseLocal: '2033-01-02T09:30' }]),
    )
    expect(await within(dialog).findByText('Too late.')).toBeTruthy()
    expect(salesClose.getAttribute('aria-invalid')).toBe('true')
  })

  it('shows a refused icon quantity under its field and saves another', async () => {
    await renderScreen()
    fireEvent.click(
      within(rowOf('January 2033')).getByRole('button', { name: 'Icon stock for January 2033' }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Icon Stock' })
    expect(await within(dialog).findByText('Regular · $150 · 5 claimed · 15 available')).toBeTruthy()
    expect(within(dialog).getByText('Premium · $300 · 4 claimed · 0 available')).toBeTruthy()

    const regular = within(dialog).getByLabelText('Quantity of Map Icon')
    fireEvent.change(regular, { target: { value: '3' } })
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save quantity of Map Icon' }))
    })
    await waitFor(() =>
      expect(sent('PUT', '/api/admin/mailings/2033-01/icon-stock/i1')).toEqual([{ quantity: 3 }]),
    )
    expect(
      await within(dialog).findByText('The quantity cannot be below the 5 already claimed.'),
    ).toBeTruthy()
    expect(regular.getAttribute('aria-invalid')).toBe('true')

    fireEvent.change(within(dialog).getByLabelText('Quantity of Featured Icon'), { target: { value: '2.5' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save quantity of Featured Icon' }))
    expect(within(dialog).getByText('Enter a whole number from 0 to 10,000.')).toBeTruthy()
    expect(sent('PUT', '/api/admin/mailings/2033-01/icon-stock/i2')).toEqual([])

    fireEvent.change(within(dialog).getByLabelText('Quantity of Featured Icon'), { target: { value: '6' } })
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save quantity of Featured Icon' }))
    })
    expect(await screen.findByText('Featured Icon: 6 for the January 2033 mailing.')).toBeTruthy()
    expect(sent('PUT', '/api/admin/mailings/2033-01/icon-stock/i2')).toEqual([{ quantity: 6 }])
  })

  it('draws the chart as one labelled image and shows its numbers as a table', async () => {
    await renderScreen()
    const image = screen.getByRole('img', {
      name: /^Days and revenue per mailing, January 2033 to March 2033\./,
    })
    expect(image.getAttribute('aria-label')).toContain(
      '13 days sold, 1 held and 38 free in all, $1,680.50 revenue.',
    )
    expect(image.getAttribute('aria-label')).toContain('Most revenue: February 2033, $1,200.')
    expect(screen.queryByRole('table', { name: 'Next 12 months' })).toBeNull()

    fireEvent.click(screen.getByRole('button', { name: 'Show data table' }))
    const table = screen.getByRole('table', { name: 'Next 12 months' })
    const cells = within(table)
      .getAllByRole('row')
      .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent))
    expect(cells).toEqual([
      ['Month', 'Sold', 'Held', 'Free', 'Revenue'],
      ['January 2033', '3', '1', '20', '$480.50'],
      ['February 2033', '10', '0', '18', '$1,200'],
      ['March 2033 (no mailing)', '0', '0', '0', '$0'],
    ])
    expect(screen.getByRole('button', { name: 'Hide data table' }).getAttribute('aria-expanded')).toBe('true')
  })

  it('loads and saves the new-mailing defaults, refusing a day of the month past 28', async () => {
    await renderScreen()
    const inHomes = (await screen.findByLabelText('In homes by (day of the month)')) as HTMLInputElement
    expect(inHomes.value).toBe('1')
    expect((screen.getByLabelText('Sales close (days before the month)') as HTMLInputElement).value).toBe(
      '14',
    )
    fireEvent.change(inHomes, { target: { value: '30' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save Defaults' }))
    expect(screen.getByText('Enter a whole number from 1 to 28.')).toBeTruthy()
    expect(sent('PUT', '/api/admin/mailing-settings')).toEqual([])

    fireEvent.change(inHomes, { target: { value: '5' } })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save Defaults' }))
    })
    await waitFor(() =>
      expect(sent('PUT', '/api/admin/mailing-settings')).toEqual([
        { salesCloseDaysBefore: 14, artworkDueDaysAfterClose: 3, inHomesDay: 5, priorityWindowDays: 7 },
      ]),
    )
    expect(await screen.findByText('Defaults Saved')).toBeTruthy()
  })

  it('saves the priority window, 0 turning it off, and refuses more than 60 days', async () => {
    await renderScreen()
    const priority = (await screen.findByLabelText('Priority window (days)')) as HTMLInputElement
    expect(priority.value).toBe('7')
    expect(priority.getAttribute('aria-describedby')).toBeTruthy()
    const hint = document.getElementById(priority.getAttribute('aria-describedby')?.split(' ')[0] ?? '')
    expect(hint?.textContent).toMatch(/0 turns it off\.$/)
    fireEvent.change(priority, { target: { value: '61' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save Defaults' }))
    expect(screen.getByText('Enter a whole number from 0 to 60.')).toBeTruthy()
    expect(document.activeElement).toBe(priority)
    expect(sent('PUT', '/api/admin/mailing-settings')).toEqual([])

    fireEvent.change(priority, { target: { value: '0' } })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save Defaults' }))
    })
    await waitFor(() =>
      expect(sent('PUT', '/api/admin/mailing-settings')).toEqual([
        { salesCloseDaysBefore: 14, artworkDueDaysAfterClose: 3, inHomesDay: 1, priorityWindowDays: 0 },
      ]),
    )
  })
})
