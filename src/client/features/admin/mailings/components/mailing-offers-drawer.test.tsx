import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { json, renderWithQueries, stubFetchForEachTest } from '#client/test/admin-test-helpers.tsx'
import type { MailingOverviewRow } from '#shared/mailings.ts'
import type { AdminMailingOffersDto, AdminOfferDto } from '#shared/offers.ts'
import { MailingsManagement } from './mailings-management'

const row = (month: string): MailingOverviewRow => ({
  month,
  status: 'open',
  salesCloseAt: '2099-01-01T00:00:00.000Z',
  salesCloseLocal: `${month}-01T17:00`,
  salesCloseText: `${month}-01 at 5:00 PM`,
  artworkDueText: `${month}-04 at 5:00 PM`,
  artworkDueAt: '2099-01-01T00:00:00.000Z',
  artworkDueLocal: `${month}-04T17:00`,
  inHomesDate: `${month}-28`,
  waitlistNotifiedAt: null,
  days: { sold: 0, held: 2, free: 20, notSetUp: 7 },
  icons: { regular: 0, premium: 0 },
  revenue: 0,
})

const offer = (id: string, extra: Partial<AdminOfferDto>): AdminOfferDto => ({
  id,
  mailingMonth: '2033-03',
  mailingLabel: 'March 2033',
  state: 'offered',
  expiresAt: '2033-02-08T04:59:00.000Z',
  expiresText: 'Monday, February 7, 11:59 PM (EST)',
  lines: [
    {
      id: `${id}-1`,
      kind: 'calendar_day',
      description: 'Wednesday, March 2, 2033',
      date: '2033-03-02',
      previousDate: '2033-02-02',
      amountCents: 12000,
    },
    {
      id: `${id}-2`,
      kind: 'map_icon',
      description: 'Map icon (Map Icon)',
      date: null,
      previousDate: null,
      amountCents: 15050,
    },
  ],
  totalCents: 27050,
  purchaseReference: `P-${id}`,
  advertiserId: `a-${id}`,
  businessName: 'Harbor Books',
  email: 'owner@harbor-books.test',
  phone: '555-0100',
  sentAt: '2033-01-31T15:00:00.000Z',
  sentCount: 1,
  ...extra,
})

const held = offer('o1', {})
const kept = offer('o2', {
  businessName: 'Corner Garage',
  email: 'garage@example.com',
  phone: null,
  state: 'kept',
  sentCount: 2,
})

const offersOf: Record<string, AdminMailingOffersDto> = {
  '2033-03': {
    month: '2033-03',
    windowDays: 7,
    offersMadeAt: '2033-01-31T15:00:00.000Z',
    offers: [held, kept],
  },
  '2033-04': { month: '2033-04', windowDays: 7, offersMadeAt: null, offers: [] },
  // Made while the window was 0: nothing was offered.
  '2033-05': { month: '2033-05', windowDays: 0, offersMadeAt: '2033-03-31T15:00:00.000Z', offers: [] },
  '2033-06': { month: '2033-06', windowDays: 7, offersMadeAt: '2033-04-30T15:00:00.000Z', offers: [] },
}

describe('MailingOffersDrawer', () => {
  const fetchMock = stubFetchForEachTest(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET'
    if (url === '/api/admin/mailings' && method === 'GET')
      return json({ rows: Object.keys(offersOf).map(row), chart: [], currentMonth: '2033-01' })
    if (url === '/api/admin/mailing-settings')
      return json({
        salesCloseDaysBefore: 14,
        artworkDueDaysAfterClose: 3,
        inHomesDay: 1,
        priorityWindowDays: 7,
      })
    const offers = /^\/api\/admin\/mailings\/(\d{4}-\d{2})\/offers$/.exec(url)
    if (offers) return json(offersOf[offers[1] as string])
    if (url === '/api/admin/offers/o1/resend' && method === 'POST') return json({ ...held, sentCount: 2 })
    if (url === '/api/admin/offers/o1/extend' && method === 'POST') {
      const { days } = JSON.parse(String(init?.body)) as { days: number }
      if (days === 30)
        return json(
          { error: { code: 'conflict', message: 'The hold cannot end after the mailing’s sales close.' } },
          409,
        )
      return json({ ...held, expiresText: 'Monday, February 14, 11:59 PM (EST)' })
    }
    return json({ error: { code: 'x', message: 'no' } }, 500)
  })
  const sent = (method: string, path: string) =>
    fetchMock.mock.calls
      .filter(([url, init]) => String(url) === path && (init?.method ?? 'GET') === method)
      .map(([, init]) => (init?.body === undefined ? undefined : JSON.parse(String(init.body))))

  async function openOffers(label: string) {
    renderWithQueries(
      <MemoryRouter>
        <MailingsManagement />
      </MemoryRouter>,
    )
    const opener = await screen.findByRole('button', { name: `Offers for ${label}` })
    opener.focus()
    fireEvent.click(opener)
    return { drawer: await screen.findByRole('dialog', { name: 'Offers' }), opener }
  }

  it('lists who was offered what, where each stands, and actions only on a held one', async () => {
    const { drawer } = await openOffers('March 2033')
    expect(drawer.textContent).toContain(
      "The spots of last mailing's advertisers held for them in the March 2033 mailing.",
    )
    expect(document.activeElement).toBe(drawer)
    const harbor = await within(drawer).findByRole('article', { name: 'Harbor Books' })
    const pairs = (article: HTMLElement) =>
      within(article)
        .getAllByRole('term')
        .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`)
    expect(within(harbor).getByText('Held')).toBeTruthy()
    expect(pairs(harbor)).toEqual([
      'E-mail: owner@harbor-books.test',
      'Phone: 555-0100',
      'Lines: Wednesday, March 2, 2033: $120Map icon (Map Icon): $150.50',
      'Total: $270.50',
      'Held until: Monday, February 7, 11:59 PM (EST)',
      expect.stringMatching(/^Offer e-mail: .+ \(sent once\)$/),
      'Purchase: P-o1',
    ])
    expect(within(harbor).getByRole('button', { name: 'Re-send' })).toBeTruthy()
    expect(within(harbor).getByLabelText('Extend by (days) the hold of Harbor Books')).toBeTruthy()

    const garage = within(drawer).getByRole('article', { name: 'Corner Garage' })
    expect(within(garage).getByText('Kept')).toBeTruthy()
    expect(pairs(garage)).toContain('Phone: None on file')
    expect(pairs(garage)).toContainEqual(expect.stringMatching(/\(sent 2 times\)$/))
    expect(within(garage).queryByRole('button')).toBeNull()
    expect(drawer.textContent).toMatch(/2 offers, 1 still held\. Made /)
  })

  it('re-sends the offer e-mail and says so', async () => {
    const { drawer } = await openOffers('March 2033')
    const harbor = await within(drawer).findByRole('article', { name: 'Harbor Books' })
    await act(async () => {
      fireEvent.click(within(harbor).getByRole('button', { name: 'Re-send' }))
    })
    expect(await screen.findByText('The offer goes to owner@harbor-books.test again.')).toBeTruthy()
    expect(sent('POST', '/api/admin/offers/o1/resend')).toEqual([undefined])
  })

  it('extends the hold by whole days, refusing what is out of range and showing the server’s refusal', async () => {
    const { drawer } = await openOffers('March 2033')
    const harbor = await within(drawer).findByRole('article', { name: 'Harbor Books' })
    const field = within(harbor).getByLabelText(/^Extend by \(days\)/) as HTMLInputElement
    expect(field.value).toBe('7')
    fireEvent.change(field, { target: { value: '31' } })
    fireEvent.click(within(harbor).getByRole('button', { name: 'Extend' }))
    expect(within(harbor).getByText('Enter a whole number of days from 1 to 30.')).toBeTruthy()
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(field)
    expect(sent('POST', '/api/admin/offers/o1/extend')).toEqual([])

    fireEvent.change(field, { target: { value: '30' } })
    await act(async () => {
      fireEvent.click(within(harbor).getByRole('button', { name: 'Extend' }))
    })
    expect(await screen.findByText('The hold cannot end after the mailing’s sales close.')).toBeTruthy()
    expect(screen.getByText('Extend Failed')).toBeTruthy()

    fireEvent.change(field, { target: { value: '7' } })
    await act(async () => {
      fireEvent.click(within(harbor).getByRole('button', { name: 'Extend' }))
    })
    expect(
      await screen.findByText('Harbor Books: held until Monday, February 14, 11:59 PM (EST).'),
    ).toBeTruthy()
    expect(sent('POST', '/api/admin/offers/o1/extend')).toEqual([{ days: 30 }, { days: 7 }])
  })

  it.each([
    [
      'April 2033',
      "No offers made yet: they are made when the mailing's days are first set up while it is open for sale.",
    ],
    [
      'May 2033',
      "No offers: this mailing's priority window is 0 days, which turns offers off. A mailing takes its window from New Mailing Defaults when it is made.",
    ],
    [
      'June 2033',
      /^No offers were made: nobody had a paid day or map icon in the mailing before \(offers made .+\)\.$/,
    ],
  ])('says why %s has no offers', async (label, text) => {
    const { drawer } = await openOffers(label)
    expect(await within(drawer).findByText(text)).toBeTruthy()
  })

  it('gives the focus back to the row’s Offers button when closed', async () => {
    const { drawer, opener } = await openOffers('April 2033')
    fireEvent.keyDown(drawer, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(document.activeElement).toBe(opener)
  })
})
