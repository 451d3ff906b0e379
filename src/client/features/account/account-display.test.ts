import { describe, expect, it } from 'vitest'
import type {
  AccountLineDto,
  AccountMailingGroupDto,
  AccountPurchaseDto,
  BookAgainDto,
  MailingProgressDto,
} from '#shared/account.ts'
import { NO_OPEN_MAILING } from '#shared/mailing-names.ts'
import {
  artworkStateText,
  bookAgainMessage,
  formatCents,
  lineStatusText,
  mailingSteps,
  needsArtwork,
  purchasesBesideOffers,
} from './account-display'

// Sales close on Feb 12 at noon UTC, artwork due on Feb 16, in homes on March 1.
const mailing = (status: string, inHomesDate = '2027-03-01'): MailingProgressDto => ({
  month: '2027-03',
  status,
  salesCloseAt: '2027-02-12T12:00:00.000Z',
  artworkDueAt: '2027-02-16T12:00:00.000Z',
  salesCloseText: 'Friday, February 12, 2027 at 7:00 AM',
  artworkDueText: 'Tuesday, February 16, 2027 at 7:00 AM',
  inHomesDate,
})

const states = (m: MailingProgressDto, now: string) =>
  mailingSteps(m, new Date(now)).map((step) => `${step.key}:${step.state}`)

describe('mailingSteps', () => {
  it('names each step with its date in words, the deadlines as the server worded them', () => {
    const steps = mailingSteps(mailing('open'), new Date('2027-02-01T12:00:00Z'))
    expect(steps.map((s) => [s.label, s.when])).toEqual([
      ['Sales close', 'Friday, February 12, 2027 at 7:00 AM'],
      ['Artwork due', 'Tuesday, February 16, 2027 at 7:00 AM'],
      ['Printed', null],
      ['Mailed', null],
      ['In homes', 'Monday, March 1, 2027'],
    ])
  })

  it('marks the steps done and the next one current, from the status and the deadlines', () => {
    expect(states(mailing('open'), '2027-02-01T12:00:00Z')).toEqual([
      'salesClose:current',
      'artworkDue:upcoming',
      'printed:upcoming',
      'mailed:upcoming',
      'inHomes:upcoming',
    ])
    // Closed, artwork still due.
    expect(states(mailing('closed'), '2027-02-13T12:00:00Z').slice(0, 3)).toEqual([
      'salesClose:done',
      'artworkDue:current',
      'printed:upcoming',
    ])
    // Still written open, but its sales close has passed: it reads as closed.
    expect(states(mailing('open'), '2027-02-13T12:00:00Z').slice(0, 2)).toEqual([
      'salesClose:done',
      'artworkDue:current',
    ])
    expect(states(mailing('closed'), '2027-02-17T12:00:00Z').slice(1, 3)).toEqual([
      'artworkDue:done',
      'printed:current',
    ])
    expect(states(mailing('printed'), '2027-02-17T12:00:00Z').slice(2)).toEqual([
      'printed:done',
      'mailed:current',
      'inHomes:upcoming',
    ])
  })

  it('counts In homes done on its date once the mailing is mailed', () => {
    const inHomes = (now: string) => states(mailing('mailed', '2027-03-01'), now).at(-1)
    expect(inHomes('2027-02-20T12:00:00')).toBe('inHomes:current')
    expect(inHomes('2027-03-01T12:00:00')).toBe('inHomes:done')
  })
})

describe('lines', () => {
  const line = (patch: Partial<AccountLineDto>): AccountLineDto => ({
    id: 'o1',
    kind: 'calendar_day',
    description: 'Calendar day — Tuesday, March 2, 2027',
    date: '2027-03-02',
    amountCents: 12000,
    status: 'paid',
    artworkState: null,
    link: null,
    scans: null,
    ...patch,
  })

  it('says statuses and artwork states in words', () => {
    expect(lineStatusText('paid')).toBe('Paid')
    expect(lineStatusText('refunded')).toBe('Refunded')
    expect(lineStatusText('pending')).toBe('Awaiting payment')
    expect(artworkStateText(null)).toBe('No artwork yet')
    expect(artworkStateText('received')).toBe('Received')
    expect(artworkStateText('approved')).toBe('Approved')
    expect(artworkStateText('changes_requested')).toBe('Changes requested')
  })

  it('asks for artwork for paid days and icons only', () => {
    expect(needsArtwork(line({}))).toBe(true)
    expect(needsArtwork(line({ kind: 'map_icon' }))).toBe(true)
    expect(needsArtwork(line({ status: 'refunded' }))).toBe(false)
    expect(needsArtwork(line({ status: 'pending' }))).toBe(false)
    expect(needsArtwork(line({ kind: 'special_purchase' }))).toBe(false)
  })

  it('shows cents only when there are cents', () => {
    expect(formatCents(15000)).toBe('$150')
    expect(formatCents(15050)).toBe('$150.50')
    expect(formatCents(-12000)).toBe('-$120')
  })
})

describe('bookAgainMessage', () => {
  const none = { added: [], alreadyInCart: [], cartFull: [] }

  it('says that no mailing is open', () => {
    const result: BookAgainDto = { month: null, available: [], unavailable: [] }
    expect(bookAgainMessage(result, none, 6)).toEqual({
      title: 'Nothing was added to your cart',
      description: NO_OPEN_MAILING,
      hasCartDays: false,
    })
  })

  it('names the days added and the days taken, by date', () => {
    const result: BookAgainDto = {
      month: '2027-04',
      available: [
        { id: 'a', date: '2027-04-02', priceCents: 12000 },
        { id: 'b', date: '2027-04-09', priceCents: 12000 },
      ],
      unavailable: ['2027-04-16'],
    }
    const outcome = { added: ['2027-04-02', '2027-04-09'], alreadyInCart: [], cartFull: [] }
    expect(bookAgainMessage(result, outcome, 6)).toEqual({
      title: 'Added to Cart',
      description: 'April 2, 2027 and April 9, 2027 were added to your cart. April 16, 2027 is taken.',
      hasCartDays: true,
    })
  })

  it('says which days did not fit the cart, were in it already, or do not exist that month', () => {
    const result: BookAgainDto = {
      month: '2027-02',
      available: [],
      unavailable: ['2027-02-10', '2027-02-12', '2027-02-31'],
    }
    const outcome = { added: [], alreadyInCart: ['2027-02-03'], cartFull: ['2027-02-05', '2027-02-06'] }
    expect(bookAgainMessage(result, outcome, 6)).toEqual({
      title: 'Nothing was added to your cart',
      description:
        'February 3, 2027 is already in your cart. February 5, 2027 and February 6, 2027 did not fit: a cart holds at most 6 days. February 10, 2027 and February 12, 2027 are taken. February 2027 has no day 31.',
      hasCartDays: true,
    })
  })
})

describe('purchasesBesideOffers', () => {
  const purchase = (reference: string) => ({ reference }) as AccountPurchaseDto
  const group = (month: string, ...references: string[]): AccountMailingGroupDto => ({
    mailing: { ...mailing('open'), month },
    purchases: references.map(purchase),
  })
  const groups = [group('2027-03', 'P-3', 'P-2'), group('2027-02', 'P-1')]
  const references = (list: AccountMailingGroupDto[]) =>
    list.map((g) => [g.mailing?.month, g.purchases.map((p) => p.reference)])

  it('leaves out the purchase of an offer still held, and a mailing left with none', () => {
    expect(
      references(
        purchasesBesideOffers(groups, [
          { state: 'offered', purchaseReference: 'P-2' },
          { state: 'offered', purchaseReference: 'P-1' },
        ]),
      ),
    ).toEqual([['2027-03', ['P-3']]])
  })

  it('lists a kept offer’s purchase as any order', () => {
    expect(references(purchasesBesideOffers(groups, [{ state: 'kept', purchaseReference: 'P-2' }]))).toEqual([
      ['2027-03', ['P-3', 'P-2']],
      ['2027-02', ['P-1']],
    ])
  })
})
