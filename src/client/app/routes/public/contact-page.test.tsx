import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { click, expectFieldError } from '#client/test/field-errors.ts'
import { renderOffline } from '#client/test/render-offline.tsx'
import { ContactPage } from './contact-page'

const renderPage = () => renderOffline(<ContactPage />, '/contact')

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
