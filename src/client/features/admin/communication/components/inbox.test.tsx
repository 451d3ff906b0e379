import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { json, renderWithQueries, stubFetchForEachTest } from '#client/test/admin-test-helpers.tsx'
import type { AdminInboxEntryDto } from '#shared/admin-communication.ts'
import { Inbox } from './inbox'

const entry = (id: string, extra: Partial<AdminInboxEntryDto> = {}): AdminInboxEntryDto => ({
  id,
  kind: 'contact',
  email: `${id}@example.com`,
  name: `Name ${id}`,
  businessName: null,
  message: null,
  details: {},
  createdAt: '2033-01-01T09:00:00.000Z',
  handledAt: null,
  handledBy: null,
  ...extra,
})

let entries: AdminInboxEntryDto[] = []

describe('Inbox', () => {
  const fetchMock = stubFetchForEachTest(async (url: string, init?: RequestInit) => {
    const path = url.split('?')[0]
    if (path === '/api/admin/inbox') return json({ entries, total: entries.length, page: 1, pageSize: 25 })
    const mark = path?.match(/^\/api\/admin\/inbox\/(\w+)\/handled$/)
    if (mark && init?.method === 'POST') {
      const { handled } = JSON.parse(String(init.body))
      entries = entries.map((e) =>
        e.id === mark[1]
          ? {
              ...e,
              handledAt: handled ? '2033-01-02T09:00:00.000Z' : null,
              handledBy: handled ? 'owner@example.com' : null,
            }
          : e,
      )
      return json(entries.find((e) => e.id === mark[1]))
    }
    return json({ error: { code: 'x', message: 'no' } }, 500)
  })

  beforeEach(() => {
    entries = [
      entry('ann'),
      entry('ben', { kind: 'waitlist', businessName: 'Ben Bikes', details: { source: 'flyer' } }),
    ]
  })

  it('lists contact inquiries and waitlist sign-ups with their fields, and exports them as CSV', async () => {
    renderWithQueries(<Inbox />)
    const table = await screen.findByRole('region', { name: 'Inbox' })
    const ben = within(table)
      .getByRole('rowheader', { name: /ben@example.com/ })
      .closest('tr') as HTMLElement
    expect(within(ben).getByText('Waitlist sign-up')).toBeTruthy()
    expect(within(ben).getByText('Ben Bikes')).toBeTruthy()
    expect(within(ben).getByText('flyer')).toBeTruthy()
    const ann = within(table)
      .getByRole('rowheader', { name: /ann@example.com/ })
      .closest('tr') as HTMLElement
    expect(within(ann).getByText('Contact inquiry')).toBeTruthy()
    expect(within(ann).getByText('Not handled')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/admin/inbox/export.csv',
    )
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/admin/inbox?page=1&pageSize=25')
  })

  it('marks an entry handled and not handled again', async () => {
    renderWithQueries(<Inbox />)
    fireEvent.click(await screen.findByRole('button', { name: 'Mark handled for ann@example.com' }))
    expect(await screen.findByText('Marked handled')).toBeTruthy()
    const undo = await screen.findByRole('button', { name: 'Mark not handled for ann@example.com' })
    expect(screen.getByText(/by owner@example.com/)).toBeTruthy()
    const body = fetchMock.mock.calls.find(([url]) => url === '/api/admin/inbox/ann/handled')?.[1]?.body
    expect(JSON.parse(String(body))).toEqual({ handled: true })
    fireEvent.click(undo)
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Mark handled for ann@example.com' })).toBeTruthy(),
    )
  })

  it('says so when the inbox is empty', async () => {
    entries = []
    renderWithQueries(<Inbox />)
    expect(await screen.findByText('Nothing in the inbox.')).toBeTruthy()
  })
})
