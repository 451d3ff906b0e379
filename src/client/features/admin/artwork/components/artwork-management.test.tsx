import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { json, renderWithQueries, stubFetchForEachTest } from '#client/test/admin-test-helpers.tsx'
import {
  ARTWORK_STATES,
  type ArtworkState,
  DEFAULT_PRINT_SPECS,
  type PrintCheck,
  type ProductionBoardResponse,
  type ProductionLineDto,
} from '#shared/artwork.ts'
import type { MailingOverviewRow, MailingStatus } from '#shared/mailings.ts'
import { ArtworkManagement } from './artwork-management'

const FUTURE = '2099-01-01T00:00:00.000Z'

const mailingRow = (month: string, status: MailingStatus, artworkDueAt: string): MailingOverviewRow => ({
  month,
  status,
  salesCloseAt: artworkDueAt,
  salesCloseLocal: `${month}-01T17:00`,
  salesCloseText: `${month}-01, 5:00 PM (EST)`,
  artworkDueAt,
  artworkDueLocal: `${month}-04T17:00`,
  artworkDueText: `${month}-04, 5:00 PM (EST)`,
  inHomesDate: `${month}-28`,
  waitlistNotifiedAt: null,
  days: { sold: 3, held: 1, free: 20, notSetUp: 7 },
  icons: { regular: 2, premium: 1 },
  revenue: 480.5,
})

// January is mailed, February's artwork was due long ago: March is the next one due.
const mailingRows = [
  mailingRow('2033-01', 'mailed', '2020-01-01T00:00:00.000Z'),
  mailingRow('2033-02', 'closed', '2020-02-01T00:00:00.000Z'),
  mailingRow('2033-03', 'open', FUTURE),
  mailingRow('2033-04', 'open', '2099-02-01T00:00:00.000Z'),
]

const warning: PrintCheck = {
  level: 'warning',
  printSize: { widthInches: 1, heightInches: 1 },
  requiredDpi: 300,
  minWidthPx: 300,
  minHeightPx: 300,
  widthPx: 150,
  heightPx: 150,
  effectiveDpi: 150,
  pageWidthInches: null,
  pageHeightInches: null,
  pageCount: null,
  fileAspect: 1,
  slotAspect: 1,
  aspectMismatch: false,
  messages: [
    'This image will print at 150 DPI and may look blurry.',
    'Upload an image at least 300 × 300 pixels.',
  ],
}
const ok: PrintCheck = {
  ...warning,
  level: 'ok',
  widthPx: 600,
  heightPx: 600,
  effectiveDpi: 600,
  messages: ['Prints sharp at 1 × 1 in.'],
}

const line = (orderId: string, extra: Partial<ProductionLineDto> = {}): ProductionLineDto => ({
  orderId,
  kind: 'day',
  label: `Calendar day: ${orderId}`,
  date: '2033-03-05',
  iconName: null,
  iconSize: null,
  mailingMonth: '2033-03',
  state: 'missing',
  ownerNote: null,
  file: null,
  printCheck: null,
  printSize: { widthInches: 1, heightInches: 1 },
  canUpload: true,
  link: null,
  businessName: `Business ${orderId}`,
  email: `${orderId}@example.com`,
  orderStatus: 'paid',
  source: 'online',
  artworkUrl: `/artwork/token-${orderId}`,
  reviewedAt: null,
  reviewedBy: null,
  advertiserApproval: { state: 'waiting', note: null, decidedAt: null },
  ...extra,
})

const file = (name: string, contentType: string, thumbnail: boolean) => ({
  name,
  contentType,
  sizeBytes: 250_000,
  uploadedAt: '2033-02-10T15:00:00.000Z',
  url: `/api/admin/artwork-files/${name}`,
  thumbnailUrl: thumbnail ? `/api/admin/artwork-files/${name}/thumbnail.png` : null,
})

const initialLines = () => [
  line('o1', { businessName: 'Acme Hardware', label: 'Calendar day: Saturday, March 5, 2033' }),
  line('o2', {
    businessName: 'Corner Café',
    label: 'Map icon: Premium Icon',
    kind: 'icon',
    iconName: 'Premium Icon',
    iconSize: 'large',
    state: 'received',
    file: file('logo.png', 'image/png', true),
    printCheck: warning,
    source: 'manual',
  }),
  line('o3', {
    businessName: 'Bakery',
    state: 'approved',
    file: file('flyer.pdf', 'application/pdf', false),
    printCheck: ok,
    reviewedBy: 'owner@example.com',
  }),
]

/** The server's state: the lines, changed by the owner's actions. */
let lines: ProductionLineDto[] = initialLines()
/** Lines per page the server answers with (its default is 50; the paging test asks for fewer rows). */
let pageSize = 50

/** The server's answer: one page of the lines in `state`, a page past the last answering the last. */
function board(state: string | null, requestedPage = 1): ProductionBoardResponse {
  const counts = Object.fromEntries(
    ARTWORK_STATES.map((s) => [s, lines.filter((l) => l.state === s).length]),
  ) as Record<ArtworkState, number>
  const shown = state ? lines.filter((l) => l.state === state) : lines
  const page = Math.min(requestedPage, Math.max(1, Math.ceil(shown.length / pageSize)))
  return {
    mailing: {
      month: '2033-03',
      label: 'March 2033',
      artworkDueAt: FUTURE,
      artworkDueText: 'Friday, February 18, 2033 at 5:00 PM',
      isOpenForArtwork: true,
      status: 'open',
      inHomesDate: '2033-03-01',
    },
    lines: shown.slice((page - 1) * pageSize, page * pageSize),
    counts,
    total: shown.length,
    page,
    pageSize,
  }
}

function setLine(orderId: string, change: Partial<ProductionLineDto>): ProductionLineDto {
  lines = lines.map((l) => (l.orderId === orderId ? { ...l, ...change } : l))
  return lines.find((l) => l.orderId === orderId) as ProductionLineDto
}

/** Where the router is, to see the month picker write ?month=. */
function LocationProbe() {
  const location = useLocation()
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>
}

describe('ArtworkManagement', () => {
  const fetchMock = stubFetchForEachTest(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET'
    const path = url.split('?')[0] as string
    const query = new URLSearchParams(url.split('?')[1] ?? '')
    const state = query.get('state')
    if (path === '/api/admin/mailings') return json({ rows: mailingRows, chart: [], currentMonth: '2033-01' })
    if (path === '/api/admin/mailings/2033-03/artwork')
      return json(board(state, Number(query.get('page') ?? 1)))
    if (path === '/api/admin/mailings/2033-04/artwork')
      return json({
        ...board(null),
        mailing: { ...board(null).mailing, month: '2033-04', label: 'April 2033' },
        lines: [],
        counts: { missing: 0, received: 0, approved: 0, changes_requested: 0 },
        total: 0,
      })
    if (path.startsWith('/api/admin/mailings/') && path.endsWith('/artwork'))
      return json({ error: { code: 'not_found', message: 'Mailing not found.' } }, 404)
    if (path === '/api/admin/mailings/2033-03/artwork-reminders') return json({ sent: 3 })
    const action = path.match(/^\/api\/admin\/artwork\/(\w+)\/([\w-]+)$/)
    if (action && method === 'POST') {
      const [, orderId = '', name] = action
      if (name === 'approve')
        return json(setLine(orderId, { state: 'approved', reviewedBy: 'owner@example.com' }))
      if (name === 'request-changes') {
        const { note } = JSON.parse(String(init?.body))
        return json(setLine(orderId, { state: 'changes_requested', ownerNote: note }))
      }
      if (name === 'send-link') return json({ sentTo: `${orderId}@example.com` })
    }
    if (path === '/api/admin/print-specs' && method === 'GET') return json(DEFAULT_PRINT_SPECS)
    if (path === '/api/admin/print-specs' && method === 'PUT') return json(JSON.parse(String(init?.body)))
    return json({ error: { code: 'x', message: 'no' } }, 500)
  })

  beforeEach(() => {
    lines = initialLines()
    pageSize = 50
  })

  const calls = (method: string, path: string) =>
    fetchMock.mock.calls
      .filter(([url, init]) => String(url) === path && (init?.method ?? 'GET') === method)
      .map(([, init]) => (init?.body === undefined ? undefined : JSON.parse(String(init.body))))

  async function renderBoard(entry = '/admin/artwork?month=2033-03') {
    renderWithQueries(
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="admin/:section?" element={<ArtworkManagement />} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>,
    )
    return screen.findByRole('heading', { name: 'March 2033 mailing' })
  }

  const table = () => screen.getByRole('table', { name: 'Artwork for the March 2033 mailing' })
  const rowOf = (label: string) =>
    within(table())
      .getByRole('rowheader', { name: new RegExp(`^${label}`) })
      .closest('tr') as HTMLElement

  it('shows the mailing, its counts, and each line with its artwork, state and print check', async () => {
    await renderBoard()
    expect(screen.getByText('Open')).toBeTruthy()
    expect(
      screen.getByText('Artwork due Friday, February 18, 2033 at 5:00 PM · In homes Mar 1, 2033'),
    ).toBeTruthy()
    expect(screen.getByText('3 lines: 1 missing, 1 received, 0 changes requested, 1 approved')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Download proof (PDF)' }).getAttribute('href')).toBe(
      '/api/admin/mailings/2033-03/proof.pdf',
    )
    expect(screen.getByRole('link', { name: 'Download all artwork (ZIP)' }).getAttribute('href')).toBe(
      '/api/admin/mailings/2033-03/artwork.zip',
    )

    const missing = within(rowOf('Calendar day: Saturday, March 5, 2033'))
    expect(missing.getByText('None yet')).toBeTruthy()
    expect(missing.getByText('Missing')).toBeTruthy()
    expect(missing.getByText('Not checked')).toBeTruthy()
    expect(missing.queryByRole('button', { name: /^Approve/ })).toBeNull()
    expect(missing.queryByRole('button', { name: /^Request changes/ })).toBeNull()
    expect(missing.getByRole('button', { name: /^Copy link for Acme Hardware/ })).toBeTruthy()

    const received = within(rowOf('Map icon: Premium Icon'))
    const thumbnail = received.getByRole('img', { name: 'Artwork for Corner Café, Map icon: Premium Icon' })
    expect(thumbnail.getAttribute('src')).toBe('/api/admin/artwork-files/logo.png/thumbnail.png')
    expect(thumbnail.closest('a')?.getAttribute('href')).toBe('/api/admin/artwork-files/logo.png')
    expect(received.getByText('Received')).toBeTruthy()
    expect(received.getByText('Manual order')).toBeTruthy()
    expect(received.getByText('Warning')).toBeTruthy()
    expect(received.getByText('This image will print at 150 DPI and may look blurry.')).toBeTruthy()
    expect(received.queryByText('Upload an image at least 300 × 300 pixels.')).toBeNull()
    const more = received.getByRole('button', { name: /^More about the print check/ })
    fireEvent.click(more)
    expect(more.getAttribute('aria-expanded')).toBe('true')
    expect(received.getByText('Upload an image at least 300 × 300 pixels.')).toBeTruthy()
    expect(
      received.getByRole('button', { name: 'Approve for Corner Café, Map icon: Premium Icon' }),
    ).toBeTruthy()
    expect(received.getByRole('button', { name: /^E-mail link/ })).toBeTruthy()

    const approved = within(rowOf('Calendar day: o3'))
    expect(approved.getByRole('link', { name: /^flyer\.pdf/ }).getAttribute('href')).toBe(
      '/api/admin/artwork-files/flyer.pdf',
    )
    expect(approved.getByText('Approved')).toBeTruthy()
    expect(approved.getByText('OK')).toBeTruthy()
    expect(approved.queryByRole('button', { name: /^Approve/ })).toBeNull()
    expect(approved.getByRole('button', { name: /^Request changes/ })).toBeTruthy()
  })

  it('without ?month= opens the mailing not yet mailed whose artwork is due next, and the picker sets ?month=', async () => {
    await renderBoard('/admin/artwork')
    expect(calls('GET', '/api/admin/mailings/2033-03/artwork')).toHaveLength(1)
    const picker = screen.getByRole('combobox', { name: 'Mailing' })
    expect(picker.textContent).toBe('March 2033')

    fireEvent.keyDown(picker, { key: 'Enter' })
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'January 2033',
      'February 2033',
      'March 2033',
      'April 2033',
    ])
    fireEvent.click(screen.getByRole('option', { name: 'April 2033' }))
    expect(await screen.findByRole('heading', { name: 'April 2033 mailing' })).toBeTruthy()
    expect(screen.getByTestId('location').textContent).toBe('/admin/artwork?month=2033-04')
    expect(screen.getByText('No lines sold for this mailing yet.')).toBeTruthy()
  })

  it('says so when the month has no mailing', async () => {
    renderWithQueries(
      <MemoryRouter initialEntries={['/admin/artwork?month=2040-05']}>
        <Routes>
          <Route path="admin/:section?" element={<ArtworkManagement />} />
        </Routes>
      </MemoryRouter>,
    )
    expect(await screen.findByText('There is no May 2040 mailing.')).toBeTruthy()
  })

  it('asks the server for one state when filtered, and says when nothing matches', async () => {
    await renderBoard()
    fireEvent.click(screen.getByRole('radio', { name: 'Missing' }))
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => url)).toContain(
        '/api/admin/mailings/2033-03/artwork?state=missing',
      ),
    )
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(2))
    expect(within(table()).getByText('Acme Hardware')).toBeTruthy()

    fireEvent.click(screen.getByRole('radio', { name: 'Changes requested' }))
    expect(await screen.findByText('No lines match this filter.')).toBeTruthy()
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain(
      '/api/admin/mailings/2033-03/artwork?state=changes_requested',
    )
    expect((screen.getByRole('radio', { name: 'Changes requested' }) as HTMLInputElement).checked).toBe(true)
  })

  it('shows a page of lines at a time with Previous and Next, and a new filter starts at its first page', async () => {
    pageSize = 5
    lines = [
      ...initialLines(),
      ...Array.from({ length: 9 }, (_, i) => line(`p${i}`, { state: i % 2 === 0 ? 'missing' : 'received' })),
    ]
    await renderBoard()
    const pages = screen.getByRole('navigation', { name: 'Artwork pages' })
    expect(within(pages).getByText('Showing 1–5 of 12 (page 1 of 3)')).toBeTruthy()
    expect(within(table()).getAllByRole('row')).toHaveLength(6)
    const previous = within(pages).getByRole('button', { name: 'Previous' }) as HTMLButtonElement
    const next = within(pages).getByRole('button', { name: 'Next' }) as HTMLButtonElement
    expect(previous.disabled).toBe(true)

    fireEvent.click(next)
    expect(await within(pages).findByText('Showing 6–10 of 12 (page 2 of 3)')).toBeTruthy()
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/admin/mailings/2033-03/artwork?page=2')
    expect(within(table()).getByText('Business p2')).toBeTruthy()
    expect(within(table()).queryByText('Acme Hardware')).toBeNull()
    fireEvent.click(next)
    expect(await within(pages).findByText('Showing 11–12 of 12 (page 3 of 3)')).toBeTruthy()
    expect(next.disabled).toBe(true)
    fireEvent.click(previous)
    expect(await within(pages).findByText('Showing 6–10 of 12 (page 2 of 3)')).toBeTruthy()

    fireEvent.click(screen.getByRole('radio', { name: 'Missing' }))
    expect(await within(pages).findByText('Showing 1–5 of 6 (page 1 of 2)')).toBeTruthy()
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain(
      '/api/admin/mailings/2033-03/artwork?state=missing',
    )
    fireEvent.click(next)
    expect(await within(pages).findByText('Showing 6–6 of 6 (page 2 of 2)')).toBeTruthy()
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain(
      '/api/admin/mailings/2033-03/artwork?state=missing&page=2',
    )
  })

  it('approves a line, shows it approved and keeps the focus in its row', async () => {
    await renderBoard()
    const approve = screen.getByRole('button', { name: 'Approve for Corner Café, Map icon: Premium Icon' })
    approve.focus()
    await act(async () => {
      fireEvent.click(approve)
    })
    await waitFor(() => expect(calls('POST', '/api/admin/artwork/o2/approve')).toEqual([undefined]))
    const row = within(rowOf('Map icon: Premium Icon'))
    expect(await row.findByText('Approved')).toBeTruthy()
    expect(row.queryByRole('button', { name: /^Approve/ })).toBeNull()
    expect(await screen.findByText('Artwork approved')).toBeTruthy()
    await waitFor(() =>
      expect(
        screen.getByText('3 lines: 1 missing, 0 received, 0 changes requested, 2 approved'),
      ).toBeTruthy(),
    )
    expect(document.activeElement).toBe(row.getByRole('button', { name: /^Request changes/ }))
  })

  it('asks for a note before requesting changes, then sends it', async () => {
    await renderBoard()
    fireEvent.click(
      screen.getByRole('button', { name: 'Request changes for Corner Café, Map icon: Premium Icon' }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Request Changes' })
    const note = within(dialog).getByLabelText('What should the buyer change?')
    fireEvent.change(note, { target: { value: '   ' } })
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Send to buyer' }))
    })
    expect(await within(dialog).findByText('Write what the buyer should change.')).toBeTruthy()
    expect(note.getAttribute('aria-invalid')).toBe('true')
    expect(calls('POST', '/api/admin/artwork/o2/request-changes')).toEqual([])

    fireEvent.change(note, { target: { value: 'Please send a larger logo.' } })
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Send to buyer' }))
    })
    await waitFor(() =>
      expect(calls('POST', '/api/admin/artwork/o2/request-changes')).toEqual([
        { note: 'Please send a larger logo.' },
      ]),
    )
    expect(await screen.findByText('The buyer has been e-mailed.')).toBeTruthy()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const row = within(rowOf('Map icon: Premium Icon'))
    expect(await row.findByText('Note: Please send a larger logo.')).toBeTruthy()
  })

  it('e-mails the buyers with missing artwork after a confirmation and counts them', async () => {
    await renderBoard()
    fireEvent.click(screen.getByRole('button', { name: 'Send reminders now' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Send Reminders' })
    expect(dialog.textContent).toContain(
      'E-mail every buyer whose artwork is missing for the March 2033 mailing?',
    )
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Send Reminders' }))
    })
    expect(await screen.findByText('Reminders sent to 3 buyers')).toBeTruthy()
    expect(calls('POST', '/api/admin/mailings/2033-03/artwork-reminders')).toEqual([undefined])
  })

  describe('the buyer’s link', () => {
    const writeText = vi.fn(async (_text: string) => {})
    beforeEach(() => {
      writeText.mockClear()
      Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    })
    afterEach(() => {
      Reflect.deleteProperty(navigator, 'clipboard')
    })

    it('copies the buyer’s artwork link as an absolute URL', async () => {
      await renderBoard()
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: /^Copy link for Acme Hardware/ }))
      })
      expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/artwork/token-o1`)
      expect(await screen.findByText('Link copied')).toBeTruthy()
    })

    it('keeps a link the server already made absolute, and e-mails it to the buyer', async () => {
      lines = lines.map((l) => ({ ...l, artworkUrl: `https://town.example/artwork/${l.orderId}` }))
      await renderBoard()
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: /^Copy link for Bakery/ }))
      })
      expect(writeText).toHaveBeenCalledWith('https://town.example/artwork/o3')

      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: /^E-mail link for Bakery/ }))
      })
      expect(await screen.findByText('Artwork link sent to o3@example.com')).toBeTruthy()
      expect(calls('POST', '/api/admin/artwork/o3/send-link')).toEqual([undefined])
    })
  })
})
