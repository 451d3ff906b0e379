import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AccountDto, AccountPurchaseDto } from '#shared/account.ts'
import { OFFER_TEXTS, offerOutcomeText } from '#shared/offer-texts.ts'
import type { PublicOfferDto } from '#shared/offers.ts'
import { AccountOverview } from './account-overview'

const EXPIRES = 'Thursday, February 11, 11:59 PM (EST)'

const offer = (id: string, month: string, label: string, state: PublicOfferDto['state']): PublicOfferDto => ({
  id,
  mailingMonth: month,
  mailingLabel: label,
  state,
  expiresAt: '2027-02-12T04:59:00.000Z',
  expiresText: EXPIRES,
  lines: [
    {
      id: `${id}-l1`,
      kind: 'calendar_day',
      description: 'Tuesday, March 2, 2027',
      date: '2027-03-02',
      previousDate: '2027-02-02',
      amountCents: 12000,
    },
  ],
  totalCents: 12000,
  purchaseReference: `P-${id}`,
  businessName: 'Harbor Books',
})

const held = offer('o1', '2027-03', 'March 2027', 'offered')
const kept = offer('o0', '2027-02', 'February 2027', 'kept')

const account = (offers: PublicOfferDto[]): AccountDto => ({
  email: 'owner@harbor-books.test',
  businessName: 'Harbor Books',
  groups: [],
  offers,
})

let accountAnswers: AccountDto[]
let fetchMock: ReturnType<typeof vi.fn>

function renderOverview(first: AccountDto, answers: Record<string, () => Response> = {}) {
  accountAnswers = [first]
  fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`
    if (key === 'GET /api/account')
      return new Response(
        JSON.stringify(accountAnswers.length > 1 ? accountAnswers.shift() : accountAnswers[0]),
      )
    const answer = answers[key]
    return answer ? answer() : new Response('{}', { status: 404 })
  })
  vi.stubGlobal('fetch', fetchMock)
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AccountOverview userEmail="owner@harbor-books.test" onSignOut={() => {}} isSigningOut={false} />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

const section = async () => screen.findByRole('region', { name: OFFER_TEXTS.title })

describe('AccountOverview: spots held for a returning advertiser', () => {
  beforeEach(() => {
    vi.spyOn(window.location, 'assign').mockImplementation(() => {})
    vi.spyOn(console, 'error').mockImplementation(() => {})
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('shows a held offer with both answers above the purchases, and an earlier one as a short line', async () => {
    renderOverview(account([held, kept]))
    const offers = await section()
    const card = within(offers).getByRole('article', { name: 'March 2027 mailing' })
    expect(within(card).getByText('Tuesday, March 2, 2027')).toBeTruthy()
    expect(within(card).getByRole('button', { name: OFFER_TEXTS.keep })).toBeTruthy()
    expect(within(card).getByRole('button', { name: OFFER_TEXTS.release })).toBeTruthy()
    expect(within(offers).getByText(offerOutcomeText('kept', 'February 2027', EXPIRES))).toBeTruthy()
    expect(within(offers).getAllByRole('button')).toHaveLength(2)
    // Above the purchases (here: none yet).
    const noPurchases = screen.getByText('No orders yet for this address.')
    expect(offers.compareDocumentPosition(noPurchases) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })

  it('lists the held lines only in the section, not again as a purchase awaiting payment', async () => {
    const purchase = (reference: string, status: string): AccountPurchaseDto => ({
      id: reference,
      reference,
      createdAt: '2027-02-01T15:00:00.000Z',
      createdOn: '2027-02-01',
      state: status,
      lines: [
        {
          id: `${reference}-l`,
          kind: 'calendar_day',
          description: 'Tuesday, March 2, 2027',
          date: '2027-03-02',
          amountCents: 12000,
          status,
          artworkState: null,
          link: null,
          scans: null,
        },
      ],
      totalCents: 12000,
      paidCents: status === 'paid' ? 12000 : 0,
      refunds: [],
      artworkPath: null,
      receiptPath: null,
      receiptNumber: null,
    })
    const progress = {
      month: '2027-03',
      status: 'open',
      salesCloseAt: '2027-02-12T12:00:00.000Z',
      artworkDueAt: '2027-02-16T12:00:00.000Z',
      salesCloseText: 'Friday, February 12, 2027 at 7:00 AM',
      artworkDueText: 'Tuesday, February 16, 2027 at 7:00 AM',
      inHomesDate: '2027-03-01',
    }
    renderOverview({
      ...account([held]),
      groups: [{ mailing: progress, purchases: [purchase('P-o1', 'pending'), purchase('P-9', 'paid')] }],
    })
    await section()
    expect(screen.getByRole('heading', { name: 'Order P-9' })).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'Order P-o1' })).toBeNull()
  })

  it('shows no section for an address with no offers', async () => {
    renderOverview(account([]))
    expect(await screen.findByText('No orders yet for this address.')).toBeTruthy()
    expect(screen.queryByRole('region', { name: OFFER_TEXTS.title })).toBeNull()
  })

  it('keeps through the account route, to the checkout it answers', async () => {
    renderOverview(account([held]), {
      'POST /api/account/offers/o1/keep': () => new Response(JSON.stringify({ url: '/pay/s9' })),
    })
    await act(async () => {
      fireEvent.click(within(await section()).getByRole('button', { name: OFFER_TEXTS.keep }))
    })
    await waitFor(() => expect(window.location.assign).toHaveBeenCalledWith('/pay/s9'))
  })

  it('releases after the confirmation, then shows the short line with the focus on it', async () => {
    const released = { ...held, state: 'released' as const }
    renderOverview(account([held]), {
      'POST /api/account/offers/o1/release': () => {
        accountAnswers = [account([released])]
        return new Response(JSON.stringify(released))
      },
    })
    fireEvent.click(within(await section()).getByRole('button', { name: OFFER_TEXTS.release }))
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: OFFER_TEXTS.confirmRelease }))
    })
    const line = await screen.findByText(offerOutcomeText('released', 'March 2027', EXPIRES))
    await waitFor(() => expect(document.activeElement).toBe(line))
    expect(screen.queryByRole('button', { name: OFFER_TEXTS.keep })).toBeNull()
  })

  it('a refused release says the server’s words and, once the offer reads lapsed, focuses its line', async () => {
    renderOverview(account([held]), {
      'POST /api/account/offers/o1/release': () => {
        accountAnswers = [account([{ ...held, state: 'lapsed' }])]
        return new Response(
          JSON.stringify({ error: { code: 'conflict', message: 'These spots are no longer held.' } }),
          { status: 409 },
        )
      },
    })
    fireEvent.click(within(await section()).getByRole('button', { name: OFFER_TEXTS.release }))
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: OFFER_TEXTS.confirmRelease }))
    })
    const line = await screen.findByText(offerOutcomeText('lapsed', 'March 2027', EXPIRES))
    await waitFor(() => expect(document.activeElement).toBe(line))
  })
})
