import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { resetToasts } from '#client/components/ui/use-toast.ts'
import { click, expectFieldError } from '#client/test/field-errors.ts'
import { renderOffline } from '#client/test/render-offline.tsx'
import { AlternateLandingPage } from './alternate-landing-page'

const renderPage = () => renderOffline(<AlternateLandingPage />, '/5k-example')

describe('AlternateLandingPage (/5k-example)', () => {
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
    // The sections' failed loads toast (no toaster here): none is left for the next file.
    resetToasts()
  })

  it("the waitlist's e-mail error shows next to the field, marks it invalid and takes the focus", async () => {
    renderPage()
    const section = screen.getByRole('region', { name: 'Join the Waitlist' })
    fireEvent.change(within(section).getByRole('textbox', { name: 'Email' }), {
      target: { value: 'not-an-address' },
    })
    await click(within(section).getByRole('button', { name: 'Join Waitlist' }))
    // The validating form takes over from the stand-in (a new input) and checks the submit made meanwhile.
    await waitFor(() =>
      expectFieldError(
        within(section).getByRole('textbox', { name: 'Email' }),
        'Please enter a valid email address.',
      ),
    )
    expect(document.activeElement).toBe(within(section).getByRole('textbox', { name: 'Email' }))
  })
})
