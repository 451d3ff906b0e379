import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AuthContext, type AuthContextValue } from '#client/features/auth/auth-context.ts'
import { SignInPage } from './sign-in-page'

/**
 * A signed-in non-admin on /auth. There is no public sign-up and no admin API that makes a
 * member, so the e2e server has no non-admin account: this renders the page with the auth context of one.
 */
const member = { id: 'u1', email: 'member@example.com', name: 'Member' }

function renderAt(auth: Partial<AuthContextValue>) {
  const value: AuthContextValue = {
    session: null,
    user: null,
    isAdmin: false,
    isLoading: false,
    signIn: vi.fn(async () => {}),
    signOut: vi.fn(async () => {}),
    ...auth,
  }
  render(
    <AuthContext.Provider value={value}>
      <MemoryRouter initialEntries={[{ pathname: '/auth', state: { from: { pathname: '/admin/orders' } } }]}>
        <Routes>
          <Route path="/auth" element={<SignInPage />} />
          <Route path="/admin/orders" element={<p>Orders screen</p>} />
        </Routes>
      </MemoryRouter>
    </AuthContext.Provider>,
  )
  return value
}

describe('SignInPage', () => {
  afterEach(cleanup)

  it('tells a signed-in non-admin they have no administrator access, and lets them sign out', async () => {
    const auth = renderAt({ user: member, session: { user: member }, isAdmin: false })
    expect(screen.getByRole('heading', { name: 'Admin Sign In' })).toBeTruthy()
    expect(
      screen.getByText('You are signed in as member@example.com, which has no administrator access.'),
    ).toBeTruthy()
    expect(screen.queryByLabelText('Password')).toBeNull()
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }))
    })
    expect(auth.signOut).toHaveBeenCalledTimes(1)
  })

  it('shows the sign-in form to a visitor who is not signed in', () => {
    renderAt({})
    expect(screen.getByLabelText('Email')).toBeTruthy()
    expect(screen.getByLabelText('Password')).toBeTruthy()
    expect(screen.queryByText(/no administrator access/)).toBeNull()
  })

  it('sends a signed-in admin on to the remembered page', () => {
    renderAt({ user: member, session: { user: member }, isAdmin: true })
    expect(screen.getByText('Orders screen')).toBeTruthy()
  })

  it('sends a reset link from "Forgot password?" and answers every e-mail alike', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ status: true }), { status: 200 }))
    vi.stubGlobal('fetch', fetchMock)
    try {
      renderAt({})
      fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }))
      expect(screen.queryByLabelText('Password')).toBeNull()
      fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'someone@example.com' } })
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }))
      })
      expect(
        await screen.findByText(
          "If an account exists for that e-mail, we've sent a link to reset your password.",
        ),
      ).toBeTruthy()
      const [url, init] = (fetchMock.mock.calls[0] ?? []) as unknown as [string, RequestInit]
      expect(url).toBe('/api/auth/request-password-reset')
      expect(JSON.parse(String(init.body))).toEqual({ email: 'someone@example.com' })
      fireEvent.click(screen.getByRole('button', { name: 'Back to sign in' }))
      expect(screen.getByLabelText('Password')).toBeTruthy()
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
