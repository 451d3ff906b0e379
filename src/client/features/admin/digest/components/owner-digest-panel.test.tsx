import { fireEvent, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { json, renderWithQueries, stubFetchForEachTest } from '#client/test/admin-test-helpers.tsx'
import type { DigestArtworkLineDto, OwnerDigestDto } from '#shared/owner-digest.ts'
import { OwnerDigestPanel } from './owner-digest-panel'

const line = (n: number, extra: Partial<DigestArtworkLineDto> = {}): DigestArtworkLineDto => ({
  orderId: `ORD-1000${n}`,
  label: `Calendar day: Wednesday, January ${n}, 2041`,
  businessName: 'Main Street Bakery',
  email: 'bakery@main.test',
  note: null,
  warning: null,
  uploadedAt: null,
  uploadedText: null,
  ...extra,
})

const digest: OwnerDigestDto = {
  date: '2040-11-26',
  dateText: 'Monday, November 26, 2040',
  isEmpty: false,
  mailings: [
    {
      month: '2041-01',
      label: 'January 2041',
      sales: {
        daysSetUp: 30,
        daysSold: 12,
        percentSold: 40,
        salesCloseAt: '2040-12-18T05:00:00.000Z',
        salesCloseText: 'Monday, December 17, 11:59 PM (EST)',
        timeLeft: '3 weeks',
        lastYear: { month: '2040-01', label: 'January 2040', daysSetUp: 20, daysSold: 13, percentSold: 65 },
        summary: 'January 2041: 40 % of days sold, 3 weeks to sales close (last year: 65 % at this point)',
        previousMailing: { month: '2040-12', label: 'December 2040' },
        notBookedYet: [
          { advertiserId: 'a1', businessName: 'Bean There Cafe', phone: '555-0101', email: 'bean@cafe.test' },
          { advertiserId: 'a2', businessName: 'Corner Hardware', phone: null, email: 'hw@hardware.test' },
        ],
        pendingOrders: [
          {
            purchaseId: 'ORD-80038',
            reference: 'P-100012',
            businessName: 'Harbor Florist',
            email: 'florist@harbor.test',
            amountCents: 24000,
            since: '2040-11-23T15:00:00.000Z',
            sinceText: 'Friday, November 23, 2040',
          },
        ],
      },
      artwork: {
        month: '2041-01',
        artworkDueAt: '2040-12-21T05:00:00.000Z',
        artworkDueText: 'Thursday, December 20, 11:59 PM (EST)',
        isBeforeDeadline: true,
        missing: [6, 7, 8, 9, 10, 11, 12].map((n) => line(n)),
        changesRequested: [line(2, { note: 'Please send the logo without the white box.' })],
        printWarnings: [line(3, { warning: 'Your image is 100 × 100 pixels.' })],
        reviewAgain: [
          line(5, {
            note: 'The phone number is cut off.',
            uploadedAt: '2040-11-24T15:00:00.000Z',
            uploadedText: 'Saturday, November 24, 2040',
          }),
        ],
      },
    },
    {
      month: '2041-02',
      label: 'February 2041',
      sales: {
        daysSetUp: 28,
        daysSold: 0,
        percentSold: 0,
        salesCloseAt: '2041-01-18T05:00:00.000Z',
        salesCloseText: 'Thursday, January 17, 11:59 PM (EST)',
        timeLeft: '7 weeks',
        lastYear: null,
        summary: 'February 2041: 0 % of days sold, 7 weeks to sales close',
        previousMailing: { month: '2041-01', label: 'January 2041' },
        notBookedYet: [],
        pendingOrders: [],
      },
      artwork: null,
    },
  ],
}

let answer: { body: unknown; status: number } = { body: digest, status: 200 }

describe('OwnerDigestPanel', () => {
  stubFetchForEachTest(async (url) =>
    url === '/api/admin/digest' ? json(answer.body, answer.status) : json({ error: { message: 'no' } }, 404),
  )

  function renderPanel(body: unknown, status = 200) {
    answer = { body, status }
    renderWithQueries(
      <MemoryRouter>
        <OwnerDigestPanel />
      </MemoryRouter>,
    )
  }

  const section = (name: string) =>
    screen.getByRole('heading', { level: 3, name }).closest('section') as HTMLElement
  const listItems = (within_: HTMLElement, name: RegExp) =>
    within(within_)
      .getAllByRole('list', { name })
      .flatMap((list) =>
        within(list)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      )

  it('shows each mailing’s fill rate against last year, whom to call and what waits for payment', async () => {
    renderPanel(digest)
    const panel = screen.getByRole('region', { name: 'What needs you today' })
    expect(
      await within(panel).findByText(
        'Monday, November 26, 2040. The same is e-mailed each morning at 7:00 when there is something to say.',
      ),
    ).toBeTruthy()
    const january = section('January 2041 mailing')
    expect(
      within(january).getByText(
        'January 2041: 40 % of days sold, 3 weeks to sales close (last year: 65 % at this point)',
      ),
    ).toBeTruthy()
    expect(
      within(january).getByText('12 of 30 days sold. Sales close Monday, December 17, 11:59 PM (EST).'),
    ).toBeTruthy()
    expect(listItems(january, /^December 2040 advertisers who have not booked yet \(2\)/)).toEqual([
      'Bean There Cafe, 555-0101, bean@cafe.test',
      'Corner Hardware, no phone, hw@hardware.test',
    ])
    expect(within(january).getByRole('link', { name: '555-0101' }).getAttribute('href')).toBe('tel:555-0101')
    expect(within(january).getByRole('link', { name: 'bean@cafe.test' }).getAttribute('href')).toBe(
      'mailto:bean@cafe.test',
    )
    expect(listItems(january, /^Pending orders, not paid yet \(1\)/)).toEqual([
      'P-100012, Harbor Florist, $240, since Friday, November 23, 2040',
    ])

    // February: no last year, nobody to call, nothing pending, no artwork: those parts are not shown.
    const february = section('February 2041 mailing')
    expect(within(february).getByText('February 2041: 0 % of days sold, 7 weeks to sales close')).toBeTruthy()
    expect(within(february).queryAllByRole('list')).toEqual([])
    expect(within(february).queryByText(/^Artwork due/)).toBeNull()
  })

  it('lists the artwork that needs someone, the long lists a few at a time, and links the board', async () => {
    renderPanel(digest)
    await screen.findByRole('heading', { level: 3, name: 'January 2041 mailing' })
    const january = section('January 2041 mailing')
    expect(within(january).getByText(/^Artwork due Thursday, December 20, 11:59 PM \(EST\)\./)).toBeTruthy()
    expect(
      within(january).getByRole('link', { name: 'Artwork board: January 2041' }).getAttribute('href'),
    ).toBe('/admin/artwork?month=2041-01')
    expect(listItems(january, /^Changes requested, waiting for a new file \(1\)/)).toEqual([
      'Calendar day: Wednesday, January 2, 2041, Main Street Bakery“Please send the logo without the white box.”',
    ])
    expect(listItems(january, /^Print warnings on received files \(1\)/)).toEqual([
      'Calendar day: Wednesday, January 3, 2041, Main Street BakeryYour image is 100 × 100 pixels.',
    ])
    expect(listItems(january, /^Re-uploaded — review again \(1\)/)).toEqual([
      'Calendar day: Wednesday, January 5, 2041, Main Street BakeryRe-uploaded Saturday, November 24, 2040; you asked: “The phone number is cut off.”',
    ])

    // Seven lines without artwork: five shown, two behind the toggle.
    expect(listItems(january, /^No artwork yet \(7\)/)).toHaveLength(5)
    const more = within(january).getByRole('button', { name: 'Show 2 more of No artwork yet (7)' })
    expect(more.getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(more)
    expect(listItems(january, /^No artwork yet \(7\)/)).toHaveLength(7)
    const fewer = within(january).getByRole('button', { name: 'Show fewer of No artwork yet (7)' })
    expect(fewer.getAttribute('aria-expanded')).toBe('true')
  })

  it('says so when nothing needs the owner today', async () => {
    renderPanel({ date: '2045-03-01', dateText: 'Wednesday, March 1, 2045', mailings: [], isEmpty: true })
    expect(await screen.findByText('Nothing needs you today.')).toBeTruthy()
    expect(screen.queryByRole('heading', { level: 3 })).toBeNull()
  })

  it('says so when the digest cannot be loaded', async () => {
    renderPanel({ error: { code: 'internal', message: 'Something went wrong' } }, 500)
    expect(await screen.findByText('Failed to load what needs you today. Please try again.')).toBeTruthy()
  })
})
