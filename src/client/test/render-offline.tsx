import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { MemoryRouter } from 'react-router'
import { vi } from 'vitest'

/**
 * Renders a page at `path` whose requests all answer 404 (its lists stay empty, and a request a test did not
 * expect never reaches the network): for tests of what the page does before it sends anything, such as
 * a form's field rules. Queries and mutations are not retried. The caller unstubs fetch after the test.
 */
export function renderOffline(page: ReactElement, path = '/') {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ error: { code: 'not_found', message: 'x' } }), { status: 404 }),
    ),
  )
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  })
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
    </QueryClientProvider>,
  )
}
