import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { useState } from 'react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AuthContext, type AuthContextValue } from '#client/features/auth/auth-context.ts'
import type { AccountDto } from '#shared/account.ts'
import { ACCOUNT_TEXTS } from '#shared/account-texts.ts'
import {
  LINK_DESTINATION_LABELS,
  LINK_QUESTION,
  type LineLinkDto,
  linkSavedMessage,
  scansText,
} from '#shared/short-links.ts'
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

  it("signed in: a line's scans, their chart, and where its QR code leads, saved to the account's line", async () => {
    const link: LineLinkDto = {
      orderId: 'o1',
      code: 'k7m4qx2',
      shortUrl: 'https://town.example/go/k7m4qx2',
      destination: 'page',
      target: null,
      pagePath: '/ads/k7m4qx2',
    }
    const withLine: AccountDto = {
      ...account,
      groups: [
        {
          mailing: null,
          purchases: [
            {
              id: 'p1',
              reference: 'REF1',
              createdAt: '2027-02-01T15:00:00.000Z',
              createdOn: '2027-02-01',
              state: 'paid',
              lines: [
                {
                  id: 'o1',
                  kind: 'calendar_day',
                  description: 'Tuesday, March 2, 2027',
                  date: '2027-03-02',
                  amountCents: 12000,
                  status: 'paid',
                  artworkState: null,
                  link,
                  scans: {
                    scans: 12,
                    people: 9,
                    days: [
                      { day: '2027-03-05', scans: 7, people: 5 },
                      { day: '2027-03-06', scans: 5, people: 4 },
                    ],
                  },
                },
              ],
              totalCents: 12000,
              paidCents: 12000,
              refunds: [],
              artworkPath: null,
              receiptPath: null,
              receiptNumber: null,
            },
          ],
        },
      ],
    }
    const saved: LineLinkDto = { ...link, destination: 'phone', target: '5555550123' }
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) =>
      init?.method === 'PUT'
        ? new Response(JSON.stringify(saved), { status: 200 })
        : new Response(JSON.stringify(withLine), { status: 200 }),
    )
    vi.stubGlobal('fetch', fetchMock)
    renderAt('/account', { user: advertiser, session: { user: advertiser } })
    expect(await screen.findByText(scansText(12, 9))).toBeTruthy()
    expect(screen.getByRole('img', { name: 'Scans per day from Mar 5 to Mar 6: 12 scans' })).toBeTruthy()
    const question = screen.getByRole('group', { name: LINK_QUESTION })
    fireEvent.click(within(question).getByRole('radio', { name: LINK_DESTINATION_LABELS.phone }))
    fireEvent.change(screen.getByRole('textbox', { name: 'Your phone number' }), {
      target: { value: '(555) 555-0123' },
    })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /^Save/ }))
    })
    expect(await screen.findByText(linkSavedMessage(saved))).toBeTruthy()
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')
    expect(String(put?.[0])).toBe('/api/account/lines/o1/link')
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ destination: 'phone', target: '(555) 555-0123' })
  })

  it('tells a signed-in administrator the page is for advertisers', () => {
    renderAt('/account', { user: advertiser, session: { user: advertiser }, isAdmin: true })
    expect(screen.getByText(ACCOUNT_TEXTS.notAnAdvertiser)).toBeTruthy()
    expect(screen.queryByLabelText(ACCOUNT_TEXTS.emailLabel)).toBeNull()
  })
})
