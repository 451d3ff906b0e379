import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { click, expectFieldError } from '#client/test/field-errors.ts'
import { ContactPage } from './contact-page'

function renderPage() {
  // Every submit here is refused before it sends anything; a stray request gets a 404, never the network.
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ error: { code: 'not_found', message: 'x' } }), { status: 404 }),
    ),
  )
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/contact']}>
        <ContactPage />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

describe('ContactPage', () => {
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it("'Stay in The Loop!' shows its errors next to their fields, marks them invalid and focuses the first", async () => {
    renderPage()
    const section = screen.getByRole('region', { name: 'Stay in The Loop!' })
    await click(within(section).getByRole('button', { name: 'Inquire' }))
    // The validating form takes over from the stand-in (new inputs) and checks the submit made meanwhile.
    await waitFor(() =>
      expectFieldError(
        within(section).getByRole('textbox', { name: 'Email' }),
        'Please enter a valid email address.',
      ),
    )
    const email = within(section).getByRole('textbox', { name: 'Email' })
    expectFieldError(
      within(section).getByRole('textbox', { name: 'Name/Business' }),
      'Please enter your name.',
    )
    expect(document.activeElement).toBe(email)
  })
})
