import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ResetPasswordPage } from './reset-password-page'

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/auth" element={<p>Sign-in screen</p>} />
      </Routes>
    </MemoryRouter>,
  )
}

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status }))
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

function fill(password: string, confirm = password) {
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: password } })
  fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: confirm } })
}

describe('ResetPasswordPage', () => {
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('sets the new password with the token from the link and sends the user to sign in', async () => {
    const fetchMock = answer(200, { status: true })
    renderAt('/reset-password?token=abc123')
    expect(screen.getByRole('heading', { name: 'Choose a new password' })).toBeTruthy()
    fill('a-brand-new-password')
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Set password' }))
    })
    expect(await screen.findByText('Your password has been set. You can sign in now.')).toBeTruthy()
    const [url, init] = (fetchMock.mock.calls[0] ?? []) as unknown as [string, RequestInit]
    expect(url).toBe('/api/auth/reset-password')
    expect(JSON.parse(String(init.body))).toEqual({ token: 'abc123', newPassword: 'a-brand-new-password' })
    fireEvent.click(screen.getByRole('link', { name: 'Sign In' }))
    expect(screen.getByText('Sign-in screen')).toBeTruthy()
  })

  it('checks length and confirmation before sending', () => {
    const fetchMock = answer(200, { status: true })
    renderAt('/reset-password?token=abc123')
    fill('short', 'different')
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }))
    expect(screen.getByText('Password must be at least 12 characters long.')).toBeTruthy()
    expect(screen.getByText('The two passwords are not the same.')).toBeTruthy()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('says plainly when the link is invalid or expired', async () => {
    answer(400, { code: 'INVALID_TOKEN', message: 'This link is invalid or has expired.' })
    renderAt('/reset-password?token=expired&invite=1')
    expect(screen.getByText(/Welcome! Choose the password for your administrator account/)).toBeTruthy()
    fill('a-brand-new-password')
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Set password' }))
    })
    expect(await screen.findByText('This link is invalid or has expired.')).toBeTruthy()
    expect(screen.getByText(/send you a new invitation/)).toBeTruthy()
    expect(screen.queryByLabelText('New password')).toBeNull()
  })

  it('shows the invalid-link message when the link has no token', () => {
    renderAt('/reset-password')
    expect(screen.getByRole('heading', { name: 'Choose a new password' })).toBeTruthy()
    expect(screen.getByText('This link is invalid or has expired.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toBeTruthy()
  })
})
