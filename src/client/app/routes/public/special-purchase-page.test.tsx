import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Toaster } from '#client/components/ui/toaster.tsx'
import { resetToasts } from '#client/components/ui/use-toast.ts'
import { click, expectFieldError, expectToast } from '#client/test/field-errors.ts'
import { SpecialPurchasePage } from './special-purchase-page'

function renderPage() {
  // Every submit here is refused before it sends anything; a stray request gets a 404, never the network.
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ error: { code: 'not_found', message: 'x' } }), { status: 404 }),
    ),
  )
  render(
    <MemoryRouter initialEntries={['/special-purchase']}>
      <SpecialPurchasePage />
      <Toaster />
    </MemoryRouter>,
  )
}

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
