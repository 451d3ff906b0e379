import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  type AdApprovalLineDto,
  type AdApprovalsResponse,
  adApprovalClosedMessage,
  AD_APPROVAL_TEXTS as T,
} from '#shared/ad-approval.ts'
import { AdApprovalSection } from './ad-approval-section'

const line = (id: string, approval: AdApprovalLineDto['approval']): AdApprovalLineDto => ({
  id,
  kind: 'day',
  label: `Calendar day: ${id}`,
  previewPath: `/api/account/lines/${id}/preview.png?v=1`,
  previewAlt: `Your ad for ${id} as printed: the day number 5, Harbor Books, your artwork, and a QR code.`,
  approval,
})

const waiting = { state: 'waiting', note: null, decidedAt: null } as const

const data = (open = true): AdApprovalsResponse => ({
  mailings: [
    {
      month: '2027-01',
      label: 'January 2027',
      artworkDueText: 'Friday, December 18, 5:00 PM (EST)',
      open,
      lines: [
        line('ORD-1', waiting),
        line('ORD-2', { state: 'approved', note: null, decidedAt: '2026-12-06T15:00:00.000Z' }),
        line('ORD-3', {
          state: 'changes_requested',
          note: 'Bigger logo',
          decidedAt: '2026-12-06T15:00:00.000Z',
        }),
      ],
    },
  ],
})

let posted: { path: string; body: unknown }[]

function renderSection(first: AdApprovalsResponse, answer?: (body: unknown) => Response) {
  posted = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input)
      if ((init?.method ?? 'GET') === 'GET' && path === '/api/account/approvals')
        return new Response(JSON.stringify(first))
      const body = JSON.parse(String(init?.body))
      posted.push({ path, body })
      if (answer) return answer(body)
      const id = /lines\/([^/]+)\/approval/.exec(path)?.[1] as string
      const decided =
        body.decision === 'approved'
          ? { state: 'approved', note: null, decidedAt: '2026-12-07T15:00:00.000Z' }
          : { state: 'changes_requested', note: body.note, decidedAt: '2026-12-07T15:00:00.000Z' }
      return new Response(JSON.stringify(line(id, decided as AdApprovalLineDto['approval'])))
    }),
  )
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <AdApprovalSection />
    </QueryClientProvider>,
  )
}

const item = async (id: string) =>
  (await screen.findByRole('heading', { name: `Calendar day: ${id}` })).closest('li') as HTMLElement

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('Check your ad before print', () => {
  it('shows each line as printed, with where it stands', async () => {
    renderSection(data())
    const region = await screen.findByRole('region', { name: T.sectionHeading })
    expect(
      within(region).getByText(/January 2027 postcard.*by Friday, December 18, 5:00 PM \(EST\)/),
    ).toBeTruthy()
    const first = await item('ORD-1')
    expect(within(first).getByRole('img').getAttribute('alt')).toMatch(/^Your ad for ORD-1 as printed: /)
    expect(within(first).getByRole('img').getAttribute('src')).toBe(
      '/api/account/lines/ORD-1/preview.png?v=1',
    )
    expect(within(first).getByText(T.waiting)).toBeTruthy()
    expect(within(await item('ORD-2')).getByText('You approved this on December 6, 2026')).toBeTruthy()
    expect(within(await item('ORD-3')).getByText('You asked for a change: Bigger logo')).toBeTruthy()
    // An approved line can still be changed, not approved twice.
    expect(within(await item('ORD-2')).queryByRole('button', { name: T.approve })).toBeNull()
    expect(within(await item('ORD-2')).getByRole('button', { name: T.requestChange })).toBeTruthy()
  })

  it('approves a line: the confirmation is read out and the focus goes to its status', async () => {
    renderSection(data())
    const first = await item('ORD-1')
    fireEvent.click(within(first).getByRole('button', { name: T.approve }))
    await waitFor(() => expect(within(first).getByRole('status').textContent).toBe(T.approvedDone))
    expect(posted).toEqual([{ path: '/api/account/lines/ORD-1/approval', body: { decision: 'approved' } }])
    const status = within(first).getByText('You approved this on December 7, 2026')
    expect(document.activeElement).toBe(status)
  })

  it('asks for a note before sending a change request, then sends it', async () => {
    renderSection(data())
    const first = await item('ORD-1')
    fireEvent.click(within(first).getByRole('button', { name: T.requestChange }))
    const note = within(first).getByRole('textbox', { name: T.noteLabel })
    await waitFor(() => expect(document.activeElement).toBe(note))

    fireEvent.click(within(first).getByRole('button', { name: T.send }))
    expect(posted).toEqual([])
    expect(note.getAttribute('aria-invalid')).toBe('true')
    const error = within(first).getByText(T.noteRequired)
    expect(note.getAttribute('aria-describedby')).toContain(error.id)
    expect(document.activeElement).toBe(note)

    fireEvent.change(note, { target: { value: '  Use our new phone number  ' } })
    expect(note.getAttribute('aria-invalid')).toBeNull()
    fireEvent.click(within(first).getByRole('button', { name: T.send }))
    await waitFor(() => expect(within(first).getByRole('status').textContent).toBe(T.changeSent))
    expect(posted[0]?.body).toEqual({ decision: 'changes_requested', note: 'Use our new phone number' })
    const status = within(first).getByText('You asked for a change: Use our new phone number')
    expect(document.activeElement).toBe(status)
    expect(within(first).queryByRole('textbox')).toBeNull()
  })

  it("shows the server's refusal (the deadline passed) and keeps the line as it was", async () => {
    const message = adApprovalClosedMessage('January 2027')
    renderSection(
      data(),
      () => new Response(JSON.stringify({ error: { code: 'conflict', message } }), { status: 409 }),
    )
    const first = await item('ORD-1')
    fireEvent.click(within(first).getByRole('button', { name: T.approve }))
    expect((await within(first).findByRole('alert')).textContent).toBe(message)
    expect(within(first).getByText(T.waiting)).toBeTruthy()
  })

  it('offers no decision once the mailing is past its deadline', async () => {
    renderSection(data(false))
    const first = await item('ORD-1')
    expect(within(first).getByText(T.closed)).toBeTruthy()
    expect(within(first).queryByRole('button')).toBeNull()
  })
})
