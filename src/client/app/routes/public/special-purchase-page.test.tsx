import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { resetToasts } from '#client/components/ui/use-toast.ts'
import { click, expectFieldError, expectToast } from '#client/test/field-errors.ts'
import { renderOffline } from '#client/test/render-offline.tsx'
import { SpecialPurchasePage } from './special-purchase-page'

// Every submit here is refused before it sends anything; a stray request gets a 404, never the network.
const renderPage = () => renderOffline(<SpecialPurchasePage />, '/special-purchase', { toaster: true })

describe('SpecialPurchasePage', () => {
  beforeEach(() => {
    sessionStorage.clear()
    resetToasts()
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
    resetToasts()
  })

  it('shows each form error next to its field, marks it invalid and gives it the focus', async () => {
    renderPage()
    const name = screen.getByRole('textbox', { name: 'Business Name' })
    const email = screen.getByRole('textbox', { name: 'Email' })
    await click(screen.getByRole('button', { name: 'Proceed to Payment' }))
    await expectToast('Business Name Required')
    expectFieldError(name, 'Please provide your business name')
    expect(document.activeElement).toBe(name)

    fireEvent.change(name, { target: { value: 'Usability Bakery' } })
    fireEvent.change(email, { target: { value: 'nobody' } })
    await click(screen.getByRole('button', { name: 'Proceed to Payment' }))
    await expectToast('Valid Email Required')
    expectFieldError(email, 'Please provide a valid email address')
    expect(document.activeElement).toBe(email)
  })
})
