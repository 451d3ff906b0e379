import { describe, expect, it } from 'vitest'
import { unsubscribeToken } from '#server/lib/unsubscribe-token.ts'
import { defaultSiteConfig } from '#shared/site-config.ts'
import { advertiserMessageEmail, advertiserMessageKey } from './advertiser-message-email.ts'

const context = {
  site: { ...defaultSiteConfig, contactEmail: 'hello@town.example', contactPhone: '555-0100' },
  timeZone: 'America/New_York',
  publicOrigin: 'https://town.example',
  secret: 'a-test-secret-that-is-long-enough-to-use',
}
const input = { subject: 'Printer news', message: 'The June postcard is a day late.\n\nThank you!' }

describe('advertiserMessageEmail', () => {
  it("is the owner's text, then who sends it, why, and the address's unsubscribe link", () => {
    const mail = advertiserMessageEmail('2028-06', input, ' Baker@Example.com ', context)
    const link = `https://town.example/api/unsubscribe?e=baker%40example.com&t=${unsubscribeToken(context.secret, 'baker@example.com')}`
    expect(mail).toEqual({
      dedupeKey: `${advertiserMessageKey('2028-06', input)}:baker@example.com`,
      kind: 'mailing_message',
      to: 'baker@example.com',
      subject: 'Printer news',
      text: [
        'The June postcard is a day late.',
        '',
        'Thank you!',
        '',
        '--',
        'Townflyer · hello@town.example · 555-0100',
        'You receive this because you advertise in the June 2028 Townflyer mailing.',
        `Unsubscribe from these announcements (your order e-mails still come): ${link}`,
      ].join('\n'),
      headers: { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    })
  })

  it('keys one message of one mailing: the same text twice is one key, another text or month another', () => {
    const key = advertiserMessageKey('2028-06', input)
    expect(key).toMatch(/^mailing-message:2028-06:[A-Za-z0-9_-]{22}$/)
    expect(advertiserMessageKey('2028-06', { ...input })).toBe(key)
    expect(advertiserMessageKey('2028-06', { ...input, subject: 'Printer news!' })).not.toBe(key)
    expect(advertiserMessageKey('2028-07', input)).not.toBe(key)
  })
})
