import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { availableMonthsQueryOptions } from '#client/features/calendar/api/get-available-months.ts'
import type { AvailableMonthsResponse } from '#shared/dto.ts'
import { CalendarPage } from './calendar-page'

/**
 * /calendar's notice names the most recent mailing whose sales closed, from the available-months
 * answer the calendar loads anyway.
 */
function renderPage(mailings: { status: number; body: AvailableMonthsResponse | unknown }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      if (String(input) === '/api/calendar-days/available-months') {
        return new Response(JSON.stringify(mailings.body), { status: mailings.status })
      }
      // The calendar below is not what this test is about: it just stays without days.
      return new Response(JSON.stringify({ error: { code: 'not_found', message: 'x' } }), { status: 404 })
    }),
  )
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <CalendarPage />
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return client
}

/** The page has had the answer (or the failure) of the available months. */
async function mailingsSettled(client: QueryClient) {
  await vi.waitFor(
    () =>
      expect(client.getQueryState(availableMonthsQueryOptions.queryKey)?.status).toMatch(/^(success|error)$/),
    { timeout: 10_000 },
  )
}

describe('CalendarPage', () => {
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('names the concluded mailing once it is mailed', async () => {
    renderPage({ status: 200, body: { months: [], concluded: '2026-11', concludedStatus: 'mailed' } })
    expect(await screen.findByText('The November mailing is concluded.')).toBeTruthy()
    expect(screen.queryByText('The August mailing is concluded.')).toBeNull()
  })

  it('says sales have closed while the mailing is not yet mailed', async () => {
    for (const concludedStatus of ['closed', 'printed'] as const) {
      renderPage({ status: 200, body: { months: [], concluded: '2026-11', concludedStatus } })
      expect(await screen.findByText('Sales for the November mailing have closed.')).toBeTruthy()
      expect(screen.queryByText(/mailing is concluded/)).toBeNull()
      cleanup()
    }
  })

  it('says nothing when no mailing has concluded, or when the answer fails', async () => {
    await mailingsSettled(renderPage({ status: 200, body: { months: [], concluded: null } }))
    expect(screen.getByRole('heading', { name: 'Calendar', level: 1 })).toBeTruthy()
    expect(screen.queryByText(/mailing is concluded|have closed/)).toBeNull()
    cleanup()
    await mailingsSettled(renderPage({ status: 500, body: { error: { code: 'internal', message: 'x' } } }))
    expect(screen.queryByText(/mailing is concluded/)).toBeNull()
  })
})
