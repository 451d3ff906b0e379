import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, vi } from 'vitest'
import { Toaster } from '#client/components/ui/toaster.tsx'
import { resetToasts } from '#client/components/ui/use-toast.ts'

/** A JSON answer of the stubbed API. */
export function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

type FetchAnswer = (url: string, init?: RequestInit) => Promise<Response>

/**
 * For each test of the calling block: fetch answered by `answer` with a fresh record of the calls and no
 * toast left from before; after it, the screen cleared and the real fetch back. Returns the mock.
 */
export function stubFetchForEachTest(answer: FetchAnswer) {
  const fetchMock = vi.fn(answer)
  beforeEach(() => {
    resetToasts()
    fetchMock.mockClear()
    vi.stubGlobal('fetch', fetchMock)
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
    resetToasts()
  })
  return fetchMock
}

/** An admin screen with its own query cache (no retries, so a failed load shows at once) and the toaster. */
export function renderWithQueries(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={client}>
      {ui}
      <Toaster />
    </QueryClientProvider>,
  )
}
