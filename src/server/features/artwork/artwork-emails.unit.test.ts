import { describe, expect, it } from 'vitest'
import { defaultSiteConfig } from '#shared/site-config.ts'
import { artworkReminderEmail } from './artwork-emails.ts'

const site = { ...defaultSiteConfig, contactEmail: 'hello@town.example', contactPhone: '555-0100' }
const base = {
  dedupeKey: 'artwork-reminder:cs_1:2027-01:7d',
  purchaseId: 'cs_1',
  to: 'owner@harbor.example',
  businessName: 'Harbor Bakery',
  url: 'https://town.example/artwork/tok',
  due: { label: 'January 2027', artworkDueText: 'Sunday, December 20, 11:59 PM (EST)' },
  site,
}
const footer = ['', 'Questions? Write to hello@town.example or call 555-0100.', 'Townflyer']

describe('artworkReminderEmail', () => {
  it('lines with no artwork: as before', () => {
    const mail = artworkReminderEmail({
      ...base,
      lines: [{ label: 'Calendar day: Tuesday, January 5, 2027' }],
    })
    expect(mail.subject).toBe(
      'Reminder: your artwork for the January 2027 mailing is due Sunday, December 20, 11:59 PM (EST)',
    )
    expect(mail.text).toBe(
      [
        'Hello Harbor Bakery,',
        '',
        "We don't have your artwork yet for the January 2027 mailing:",
        '- Calendar day: Tuesday, January 5, 2027',
        '',
        'Please upload it by Sunday, December 20, 11:59 PM (EST): https://town.example/artwork/tok',
        'Without artwork, we print your business name only.',
        ...footer,
      ].join('\n'),
    )
  })

  it('changes requested (with what the owner asked, when kept) and files with a print warning (naming it)', () => {
    const mail = artworkReminderEmail({
      ...base,
      lines: [],
      changesRequested: [
        { label: 'Calendar day: Tuesday, January 5, 2027', note: 'Please send it on a white background.' },
        { label: 'Calendar day: Wednesday, January 6, 2027', note: null },
      ],
      printWarnings: [
        {
          label: 'Map icon: Coffee Cup',
          warnings: [
            'Your image is 100 × 100 pixels. Printed at 0.5 × 0.5 in, that is 200 dots per inch, so it will look blurry and jagged in print.',
            'For a sharp print, upload an image of at least 150 × 150 pixels (300 DPI), or a PDF of your logo.',
          ],
        },
      ],
    })
    expect(mail.text).toBe(
      [
        'Hello Harbor Bakery,',
        '',
        'We asked for a change to your artwork before it can go to print:',
        '- Calendar day: Tuesday, January 5, 2027: Please send it on a white background.',
        '- Calendar day: Wednesday, January 6, 2027',
        '',
        'Your file may not print well:',
        '- Map icon: Coffee Cup: Your image is 100 × 100 pixels. Printed at 0.5 × 0.5 in, that is 200 dots per inch, so it will look blurry and jagged in print. For a sharp print, upload an image of at least 150 × 150 pixels (300 DPI), or a PDF of your logo.',
        'You can keep it, or upload a better file.',
        '',
        'Upload on your artwork page by Sunday, December 20, 11:59 PM (EST): https://town.example/artwork/tok',
        ...footer,
      ].join('\n'),
    )
  })
})
