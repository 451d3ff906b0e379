import { describe, expect, it } from 'vitest'
import * as names from './mailing-names.ts'
import { cartMailingText, isMonthKey, mailingForText } from './mailing-names.ts'
import { mailingClosedNoticeText, mailingConcludedText, mailingScheduleText } from './mailing-texts.ts'
import type { PublicMailingDto } from './mailings.ts'
import * as mailings from './mailings.ts'

const january: PublicMailingDto = {
  month: '2027-01',
  status: 'open',
  salesCloseAt: '2026-12-18T06:00:00.000Z',
  salesCloseLocal: '2026-12-18T00:00',
  salesCloseText: 'Thursday, December 17, 11:59 PM (EST)',
  artworkDueAt: '2026-12-21T06:00:00.000Z',
  artworkDueLocal: '2026-12-21T00:00',
  artworkDueText: 'Sunday, December 20, 11:59 PM (EST)',
  inHomesDate: '2027-01-01',
}

describe('mailingScheduleText', () => {
  it('names the close (as the server words it) and in-homes dates of an open mailing', () => {
    expect(mailingScheduleText(january)).toBe(
      'Orders for the January 2027 mailing close Thursday, December 17, 11:59 PM (EST). In homes by Friday, January 1, 2027.',
    )
  })

  it('says the orders are closed once the mailing is not open', () => {
    for (const status of ['closed', 'printed', 'mailed'] as const) {
      expect(mailingScheduleText({ ...january, status })).toBe(
        'Orders for the January 2027 mailing are closed.',
      )
    }
  })

  it('says nothing for a month without a mailing (or an answer without the field)', () => {
    expect(mailingScheduleText(null)).toBeNull()
    expect(mailingScheduleText(undefined)).toBeNull()
  })
})

describe('mailingConcludedText', () => {
  it('names the month only', () => {
    expect(mailingConcludedText('2026-11')).toBe('The November mailing is concluded.')
  })
})

describe('mailingClosedNoticeText', () => {
  it('says sales have closed until the mailing is mailed, and concluded once it is', () => {
    expect(mailingClosedNoticeText('2026-11', 'closed')).toBe('Sales for the November mailing have closed.')
    expect(mailingClosedNoticeText('2026-11', 'printed')).toBe('Sales for the November mailing have closed.')
    expect(mailingClosedNoticeText('2026-11', null)).toBe('Sales for the November mailing have closed.')
    expect(mailingClosedNoticeText('2026-11', 'mailed')).toBe('The November mailing is concluded.')
  })
})

describe('mailing names', () => {
  it('names the mailing of an icon card and of the cart line', () => {
    expect(mailingForText('2027-01')).toBe('For the January 2027 mailing')
    expect(cartMailingText('2031-12')).toBe('December 2031 mailing')
  })
})

describe("the browser's copies of mailings.ts", () => {
  it('say exactly what mailings.ts says', () => {
    expect(names.NO_OPEN_MAILING).toBe(mailings.NO_OPEN_MAILING)
    expect(names.MAILING_NOT_SELLING).toBe(mailings.MAILING_NOT_SELLING)
    for (let year = 2026; year <= 2032; year += 3) {
      for (let month = 1; month <= 12; month++) {
        const key = mailings.toMonthKey(year, month)
        expect(names.mailingMonthLabel(key)).toBe(mailings.mailingMonthLabel(key))
        expect(isMonthKey(key)).toBe(true)
      }
    }
    for (const value of [
      '2026-00',
      '2026-13',
      '2026-1',
      '26-01',
      '2026-01-01',
      ' 2026-01',
      '',
      null,
      202601,
    ]) {
      expect(isMonthKey(value), String(value)).toBe(
        typeof value === 'string' && mailings.MONTH_KEY_PATTERN.test(value),
      )
    }
  })
})
