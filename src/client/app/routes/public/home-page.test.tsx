import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { resetToasts } from '#client/components/ui/use-toast.ts'
import { click, expectFieldError } from '#client/test/field-errors.ts'
import { renderOffline } from '#client/test/render-offline.tsx'
import { HomePage } from './home-page'

const renderPage = () => renderOffline(<HomePage />, '/')

describe('HomePage', () => {
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
    // The calendar's failed loads toast (no toaster here): none is left for the next file.
    resetToasts()
  })

  it("the waitlist's errors show next to their fields, mark them invalid and the first takes the focus", async () => {
    renderPage()
    await click(screen.getByRole('button', { name: 'Join Waitlist' }))
    const section = screen.getByRole('region', { name: 'Join the Waitlist' })
    await click(await within(section).findByRole('button', { name: 'Join Waitlist' }))
    const email = within(section).getByRole('textbox', { name: 'Email' })
    await waitFor(() => expectFieldError(email, 'Please enter a valid email address.'))
    expectFieldError(within(section).getByRole('textbox', { name: 'Name' }), 'Please enter your name.')
    expect(document.activeElement).toBe(email)
  })
})
