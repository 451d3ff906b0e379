import { deadlineText } from '#server/lib/deadline-text.ts'
import type { OutboxEmail } from '#server/lib/mailer/outbox.ts'
import { normalizeAddress, unsubscribeUrl } from '#server/lib/unsubscribe-token.ts'
import { formatDayDate } from '#shared/format.ts'
import { type MonthKey, mailingMonthLabel, mailingOpenSubject } from '#shared/mailings.ts'
import type { SiteConfig } from '#shared/site-config.ts'

/** What the announcement says about its mailing. */
type AnnouncedMailing = { month: MonthKey; salesCloseAt: Date; inHomesDate: string }

export type AnnouncementContext = {
  site: SiteConfig
  timeZone: string
  /** PUBLIC_URL, or the local address the server answers on; no trailing slash. */
  publicOrigin: string
  secret: string
}

/** A second press of Notify Waitlist finds these keys in the outbox and e-mails no one twice. */
const waitlistDedupeKey = (month: MonthKey, email: string) =>
  `waitlist-open:${month}:${normalizeAddress(email)}`

/**
 * "The {Month Year} mailing is open" to one waitlist address: plain text naming the sales close and the
 * in-homes date, the calendar link, and the address's own unsubscribe link, which the List-Unsubscribe
 * headers carry too (RFC 8058 one-click: mail providers show their own Unsubscribe button for it).
 */
export function waitlistOpenEmail(
  mailing: AnnouncedMailing,
  email: string,
  context: AnnouncementContext,
): OutboxEmail {
  const { site, publicOrigin } = context
  const unsubscribe = unsubscribeUrl(publicOrigin, context.secret, email)
  const label = mailingMonthLabel(mailing.month)
  return {
    dedupeKey: waitlistDedupeKey(mailing.month, email),
    kind: 'waitlist_mailing_open',
    to: normalizeAddress(email),
    subject: mailingOpenSubject(mailing.month),
    text: [
      'Hello,',
      '',
      `The ${label} ${site.productName} mailing is open: calendar days and map icons can be booked now.`,
      '',
      `Orders close: ${deadlineText(mailing.salesCloseAt, context.timeZone)}`,
      `In homes by: ${formatDayDate(mailing.inHomesDate)}`,
      '',
      `See the calendar and book: ${publicOrigin}/calendar`,
      '',
      `Questions? Write to ${site.contactEmail} or call ${site.contactPhone}.`,
      site.productName,
      '',
      `You receive this because you joined the ${site.productName} waitlist.`,
      `Unsubscribe from these announcements: ${unsubscribe}`,
    ].join('\n'),
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  }
}
