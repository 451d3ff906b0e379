import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AuthContext, type AuthContextValue } from '#client/features/auth/auth-context.ts'
import type { AccountDto } from '#shared/account.ts'
import { ACCOUNT_TEXTS } from '#shared/account-texts.ts'
import { AccountPage } from './account-page'

const advertiser = { id: 'u1', email: 'owner@harbor-books.test', name: '' }

const account: AccountDto = {
  email: advertiser.email,
  businessName: 'Harbor Books',
  groups: [],
  offers: [],
}

const signedOutValue: AuthContextValue = {
  session: null,
  user: null,
  isAdmin: false,
  isLoading: false,
  signIn: vi.fn(async () => {}),
  signOut: vi.fn(async () => {}),
}

/**
 * The page under an auth context the test controls. Signing out reads as signed out before its own answer
 * arrives, as it does in the app (the session query is set to signed out first).
 */
function Harness({ initial }: { initial: Partial<AuthContextValue> }) {
  const [auth, setAuth] = useState<AuthContextValue>({
    ...signedOutValue,
    ...initial,
    signOut: async () => {
      setAuth(signedOutValue)
      await new Promise((resolve) => setTimeout(resolve, 10))
    },
  })
  return (
    <AuthContext.Provider value={auth}>
      <Routes>
        <Route path="/account" element={<AccountPage />} />
      </Routes>
    </AuthContext.Provider>
  )
}

function renderAt(path: string, initial: Partial<AuthContextValue>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Harness initial={initial} />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

describe('AccountPage', () => {
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('signed out after a spent link: says so above the form', () => {
    renderAt('/account?error=INVALID_TOKEN', {})
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      ACCOUNT_TEXTS.title,
    ])
    expect(screen.getByText(ACCOUNT_TEXTS.linkInvalid)).toBeTruthy()
    expect(screen.getByLabelText(ACCOUNT_TEXTS.emailLabel)).toBeTruthy()
  })

  it('signed in: shows the business, and Sign out says so, with the focus on it, and offers the form', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(account), { status: 200 })),
    )
    renderAt('/account', { user: advertiser, session: { user: advertiser } })
    expect(await screen.findByText('Harbor Books')).toBeTruthy()
    expect(screen.getByText(ACCOUNT_TEXTS.noPurchases)).toBeTruthy()
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: ACCOUNT_TEXTS.signOut }))
      await new Promise((resolve) => setTimeout(resolve, 30))
    })
    const status = screen.getByRole('status')
    expect(status.textContent).toBe(ACCOUNT_TEXTS.signedOut)
    expect(document.activeElement).toBe(status)
    expect(screen.getByLabelText(ACCOUNT_TEXTS.emailLabel)).toBeTruthy()
  })

  it('tells a signed-in administrator the page is for advertisers', () => {
    renderAt('/account', { user: advertiser, session: { user: advertiser }, isAdmin: true })
    expect(screen.getByText(ACCOUNT_TEXTS.notAnAdvertiser)).toBeTruthy()
    expect(screen.queryByLabelText(ACCOUNT_TEXTS.emailLabel)).toBeNull()
  })
})
