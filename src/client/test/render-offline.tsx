import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { vi } from 'vitest'
import { Toaster } from '#client/components/ui/toaster.tsx'

type Offline = {
  /** The router pattern the page is rendered under (for its params), e.g. '/checkout/:dayId'. */
  route?: string
  /** JSON answers by exact request URL; every other request answers 404. */
  answers?: Record<string, unknown>
  /** Renders the site's toaster beside the page, so its toasts can be read. */
  toaster?: boolean
}

/**
 * Renders a page at `path` whose requests answer only what `answers` lists, every other one 404 (its lists
 * stay empty, and a request a test did not expect never reaches the network): for tests of what the page
 * does before it sends anything, such as a form's field rules. Queries and mutations are not retried. The
 * caller unstubs fetch after the test.
 */
export function renderOffline(page: ReactElement, path = '/', options: Offline = {}) {
  const answers = options.answers ?? {}
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input)
      if (Object.hasOwn(answers, url)) return new Response(JSON.stringify(answers[url]), { status: 200 })
      return new Response(JSON.stringify({ error: { code: 'not_found', message: 'x' } }), { status: 404 })
    }),
  )
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  })
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        {options.route ? (
          <Routes>
            <Route path={options.route} element={page} />
          </Routes>
        ) : (
          page
        )}
      </MemoryRouter>
      {options.toaster ? <Toaster /> : null}
    </QueryClientProvider>,
  )
}
