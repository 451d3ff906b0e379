import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  heldUntilText,
  lapsedText,
  OFFER_TEXTS,
  offerIntroText,
  releaseQuestionText,
} from '#shared/offer-texts.ts'
import type { PublicOfferDto } from '#shared/offers.ts'
import { OfferPage } from './offer-page'

const TOKEN = 'offer-token-1'
const EXPIRES = 'Thursday, February 11, 11:59 PM (EST)'

const offer: PublicOfferDto = {
  id: 'o1',
  mailingMonth: '2027-03',
  mailingLabel: 'March 2027',
  state: 'offered',
  expiresAt: '2027-02-12T04:59:00.000Z',
  expiresText: EXPIRES,
  lines: [
    {
      id: 'l1',
      kind: 'calendar_day',
      description: 'Tuesday, March 2, 2027',
      date: '2027-03-02',
      previousDate: '2027-02-02',
      amountCents: 12000,
    },
    {
      id: 'l2',
      kind: 'calendar_day',
      description: 'Wednesday, March 17, 2027',
      date: '2027-03-17',
      previousDate: '2027-02-16',
      amountCents: 12050,
    },
    {
      id: 'l3',
      kind: 'map_icon',
      description: 'Premium map icon (Coffee cup)',
      date: null,
      previousDate: null,
      amountCents: 30000,
    },
  ],
  totalCents: 54050,
  purchaseReference: 'P-100123',
  businessName: 'Harbor Books',
}

type Answer = { status: number; body: unknown }
const json = ({ status, body }: Answer) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

let answers: Record<string, Answer[]>
let fetchMock: ReturnType<typeof vi.fn>

/** Each path answers its list in turn, the last one again and again. */
function renderPage(routes: Record<string, Answer[]>) {
  answers = routes
  fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`
    const list = answers[key]
    if (!list) return json({ status: 404, body: { error: { code: 'not_found', message: 'No route.' } } })
    return json((list.length > 1 ? list.shift() : list[0]) as Answer)
  })
  vi.stubGlobal('fetch', fetchMock)
  // The page's own retries of a failed load (not of a 404) come at once.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, retryDelay: 0 } } })
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/offers/${TOKEN}`]}>
        <Routes>
          <Route path="/offers/:token" element={<OfferPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

const GET = `GET /api/offers/${TOKEN}`
const KEEP = `POST /api/offers/${TOKEN}/keep`
const RELEASE = `POST /api/offers/${TOKEN}/release`
const heading = () => screen.getByRole('heading', { level: 1 })

describe('OfferPage', () => {
  beforeEach(() => {
    vi.spyOn(window.location, 'assign').mockImplementation(() => {})
    // A refused answer is logged as well as said.
    vi.spyOn(console, 'error').mockImplementation(() => {})
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('shows what is held, for whom, until when, with both answers, and tells search engines to keep out', async () => {
    renderPage({ [GET]: [{ status: 200, body: offer }] })
    expect(await screen.findByText(offerIntroText('Harbor Books', 'March 2027'))).toBeTruthy()
    expect(heading().textContent).toBe(OFFER_TEXTS.title)
    const items = screen.getAllByRole('listitem').map((item) => item.textContent)
    expect(items).toEqual([
      'Tuesday, March 2, 2027$120',
      'Wednesday, March 17, 2027Last mailing: Tuesday, February 16, 2027$120.50',
      'Premium map icon (Coffee cup)$300',
    ])
    expect(screen.getByRole('term').textContent).toBe(OFFER_TEXTS.total)
    expect(screen.getByRole('definition').textContent).toBe('$540.50')
    expect(screen.getByText(heldUntilText(EXPIRES))).toBeTruthy()
    expect(screen.getByRole('button', { name: OFFER_TEXTS.keep })).toBeTruthy()
    expect(screen.getByRole('button', { name: OFFER_TEXTS.release })).toBeTruthy()
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex')
    expect(document.head.querySelector('meta[name="referrer"]')?.getAttribute('content')).toBe('no-referrer')
  })

  it('Keep my spots goes to the checkout the server made for the held lines', async () => {
    renderPage({ [GET]: [{ status: 200, body: offer }], [KEEP]: [{ status: 200, body: { url: '/pay/s1' } }] })
    const keep = await screen.findByRole('button', { name: OFFER_TEXTS.keep })
    await act(async () => {
      fireEvent.click(keep)
    })
    await waitFor(() => expect(window.location.assign).toHaveBeenCalledWith('/pay/s1'))
    expect(keep.textContent).toBe(OFFER_TEXTS.keeping)
    expect(keep.getAttribute('aria-disabled')).toBe('true')
  })

  it('a refused keep says the server’s words, focused, and the page then shows the hold has ended', async () => {
    const lapsed = { ...offer, state: 'lapsed' as const }
    renderPage({
      [GET]: [
        { status: 200, body: offer },
        { status: 200, body: lapsed },
      ],
      [KEEP]: [
        { status: 409, body: { error: { code: 'conflict', message: 'These spots are no longer held.' } } },
      ],
    })
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: OFFER_TEXTS.keep }))
    })
    const status = await screen.findByRole('status')
    expect(status.textContent).toBe(lapsedText(EXPIRES))
    await waitFor(() => expect(document.activeElement).toBe(status))
    expect(heading().textContent).toBe(OFFER_TEXTS.lapsedTitle)
    expect(screen.queryByRole('button', { name: OFFER_TEXTS.keep })).toBeNull()
    expect(window.location.assign).not.toHaveBeenCalled()
  })

  it('a refusal while still held stays on the page as an alert with the focus', async () => {
    renderPage({
      [GET]: [{ status: 200, body: offer }],
      [KEEP]: [{ status: 503, body: { error: { code: 'unavailable', message: 'Database down.' } } }],
    })
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: OFFER_TEXTS.keep }))
    })
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe(OFFER_TEXTS.keepFailed)
    expect(document.activeElement).toBe(alert)
    expect(screen.getByRole('button', { name: OFFER_TEXTS.keep }).getAttribute('aria-disabled')).toBeNull()
  })

  it('Release my spots asks first; Cancel and Escape go back to the button', async () => {
    renderPage({ [GET]: [{ status: 200, body: offer }] })
    const release = await screen.findByRole('button', { name: OFFER_TEXTS.release })
    fireEvent.click(release)
    const question = screen.getByText(releaseQuestionText('March 2027'))
    expect(document.activeElement).toBe(question)
    expect(screen.getByRole('group', { name: releaseQuestionText('March 2027') })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: OFFER_TEXTS.cancelRelease }))
    expect(screen.queryByText(releaseQuestionText('March 2027'))).toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: OFFER_TEXTS.release }))

    fireEvent.click(screen.getByRole('button', { name: OFFER_TEXTS.release }))
    fireEvent.keyDown(screen.getByText(releaseQuestionText('March 2027')), { key: 'Escape' })
    expect(document.activeElement).toBe(screen.getByRole('button', { name: OFFER_TEXTS.release }))
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([])
  })

  it('releases after the confirmation, then says so with the focus on it and no actions', async () => {
    renderPage({
      [GET]: [{ status: 200, body: offer }],
      [RELEASE]: [{ status: 200, body: { ...offer, state: 'released' } }],
    })
    fireEvent.click(await screen.findByRole('button', { name: OFFER_TEXTS.release }))
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: OFFER_TEXTS.confirmRelease }))
    })
    const status = await screen.findByRole('status')
    expect(status.textContent).toBe(OFFER_TEXTS.released)
    await waitFor(() => expect(document.activeElement).toBe(status))
    expect(heading().textContent).toBe(OFFER_TEXTS.releasedTitle)
    expect(screen.queryByRole('button')).toBeNull()
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/release'))).toHaveLength(1)
  })

  it('reads a kept offer as kept, with the way to the account and no actions', async () => {
    renderPage({ [GET]: [{ status: 200, body: { ...offer, state: 'kept' } }] })
    expect((await screen.findByText(OFFER_TEXTS.kept)).getAttribute('role')).toBe('status')
    expect(heading().textContent).toBe(OFFER_TEXTS.keptTitle)
    expect(screen.getByRole('link', { name: OFFER_TEXTS.accountLink }).getAttribute('href')).toBe('/account')
    expect(screen.queryByRole('button')).toBeNull()
    expect(screen.getByText('Premium map icon (Coffee cup)')).toBeTruthy()
  })

  it('reads a lapsed offer as lapsed, with its end', async () => {
    renderPage({ [GET]: [{ status: 200, body: { ...offer, state: 'lapsed' } }] })
    expect((await screen.findByText(lapsedText(EXPIRES))).getAttribute('role')).toBe('status')
    expect(heading().textContent).toBe(OFFER_TEXTS.lapsedTitle)
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('says a link with no offer behind it is not valid, without a retry', async () => {
    renderPage({})
    expect(await screen.findByText(OFFER_TEXTS.notFound)).toBeTruthy()
    expect(heading().textContent).toBe(OFFER_TEXTS.title)
    expect(screen.queryByRole('button', { name: OFFER_TEXTS.tryAgain })).toBeNull()
  })

  it('offers a retry when the offer could not be loaded', async () => {
    const failure = { status: 500, body: { error: { code: 'internal', message: 'Boom.' } } }
    renderPage({ [GET]: [failure, failure, failure, { status: 200, body: offer }] })
    expect(await screen.findByText(OFFER_TEXTS.loadFailed)).toBeTruthy()
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: OFFER_TEXTS.tryAgain }))
    })
    expect(await screen.findByRole('button', { name: OFFER_TEXTS.keep })).toBeTruthy()
  })
})
