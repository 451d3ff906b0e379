import { describe, expect, it } from 'vitest'
import { defaultSiteConfig } from '#shared/site-config.ts'
import {
  mailingDatesChangedEmail,
  mailingOnItsWayEmail,
  type NoticePurchase,
  onItsWaySubject,
} from './mailing-emails.ts'

const ctx = {
  site: { ...defaultSiteConfig, contactEmail: 'hello@town.example', contactPhone: '555-0100' },
  publicOrigin: 'https://town.example',
}

const purchase: NoticePurchase = {
  purchaseId: 'cs_test_1',
  reference: 'P-100123',
  businessName: 'Harbor Bakery',
  email: 'owner@harbor.example',
  lines: [
    { id: 'ORD-1', date: '2027-01-05', iconName: null },
    { id: 'ORD-2', date: null, iconName: 'Coffee Cup' },
  ],
}

const footer = [
  'Your orders and receipts: https://town.example/account',
  '',
  'Questions? Write to hello@town.example or call 555-0100.',
  'Townflyer',
]

describe('mailingDatesChangedEmail', () => {
  it('names each moved date from what to what, and what the buyer does about it', () => {
    const mail = mailingDatesChangedEmail({
      month: '2027-01',
      purchase,
      changeKey: '1700000000000:x',
      ctx,
      changes: {
        salesClose: {
          from: 'Thursday, December 17, 11:59 PM (EST)',
          to: 'Monday, December 21, 11:59 PM (EST)',
        },
        artworkDue: {
          from: 'Sunday, December 20, 11:59 PM (EST)',
          to: 'Wednesday, December 23, 5:00 PM (EST)',
          artworkUrl: 'https://town.example/artwork/tok',
        },
        inHomes: { from: 'Friday, January 1, 2027', to: 'Monday, January 4, 2027' },
      },
    })
    expect(mail).toMatchObject({
      dedupeKey: 'mailing-dates:2027-01:cs_test_1:1700000000000:x',
      purchaseId: 'cs_test_1',
      kind: 'mailing_dates_changed',
      to: 'owner@harbor.example',
      subject: 'New dates for the January 2027 mailing',
    })
    expect(mail.text).toBe(
      [
        'Hello Harbor Bakery,',
        '',
        'We have moved dates of the January 2027 Townflyer mailing:',
        '',
        'Sales close: Monday, December 21, 11:59 PM (EST) (was Thursday, December 17, 11:59 PM (EST)).',
        'Your order is awaiting payment: please pay for it before sales close.',
        '',
        'Artwork due: Wednesday, December 23, 5:00 PM (EST) (was Sunday, December 20, 11:59 PM (EST)).',
        'Please upload your artwork by then: https://town.example/artwork/tok',
        '',
        'In homes by: Monday, January 4, 2027 (was Friday, January 1, 2027).',
        '',
        'Your order P-100123 in this mailing:',
        '- Calendar day: Tuesday, January 5, 2027',
        '- Map icon: Coffee Cup',
        '',
        ...footer,
      ].join('\n'),
    )
  })

  it('says which one date moved in the subject', () => {
    const one = (changes: Parameters<typeof mailingDatesChangedEmail>[0]['changes']) =>
      mailingDatesChangedEmail({ month: '2027-01', purchase, changeKey: 'k', ctx, changes })
    const moved = { from: 'a', to: 'Monday, December 21, 11:59 PM (EST)' }
    expect(one({ salesClose: moved }).subject).toBe(
      'Sales for the January 2027 mailing now close Monday, December 21, 11:59 PM (EST)',
    )
    expect(one({ artworkDue: { ...moved, artworkUrl: 'u' } }).subject).toBe(
      'Artwork for the January 2027 mailing is now due Monday, December 21, 11:59 PM (EST)',
    )
    expect(one({ inHomes: { from: 'a', to: 'Monday, January 4, 2027' } }).subject).toBe(
      'The January 2027 mailing is now in homes by Monday, January 4, 2027',
    )
    expect(one({ inHomes: { from: 'a', to: 'b' } }).text).toContain(
      'We have moved a date of the January 2027',
    )
  })
})

describe('mailingOnItsWayEmail', () => {
  it('says it is on its way and when it is in homes, with the account and the next mailing to book', () => {
    expect(onItsWaySubject('2027-01-01')).toBe(
      'Your postcard is on its way: in homes by Friday, January 1, 2027',
    )
    const mail = mailingOnItsWayEmail({
      month: '2027-01',
      inHomesDate: '2027-01-01',
      nextMonth: '2027-02',
      purchase,
      ctx,
    })
    expect(mail).toMatchObject({
      dedupeKey: 'mailing-mailed:2027-01:cs_test_1',
      purchaseId: 'cs_test_1',
      kind: 'mailing_mailed',
      to: 'owner@harbor.example',
      subject: 'Your postcard is on its way: in homes by Friday, January 1, 2027',
    })
    expect(mail.text).toBe(
      [
        'Hello Harbor Bakery,',
        '',
        'Your postcard is on its way: in homes by Friday, January 1, 2027.',
        '',
        'The January 2027 Townflyer postcard has been mailed with your ad:',
        '- Calendar day: Tuesday, January 5, 2027',
        '- Map icon: Coffee Cup',
        '',
        'Book the February 2027 mailing: https://town.example/calendar?month=2027-02',
        ...footer,
      ].join('\n'),
    )
  })
})
