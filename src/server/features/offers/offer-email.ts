import { deadlineText } from '#server/lib/deadline-text.ts'
import type { OutboxEmail } from '#server/lib/mailer/outbox.ts'
import { normalizeAddress, unsubscribeUrl } from '#server/lib/unsubscribe-token.ts'
import { formatDayDate, formatPrice } from '#shared/format.ts'
import { type MonthKey, mailingMonthLabel } from '#shared/mailings.ts'
import type { SiteConfig } from '#shared/site-config.ts'
import { offerKeepPath, offerPagePath } from './offer-links.ts'

/** What the e-mails need to know of the site. */
export type OfferEmailContext = {
  site: SiteConfig
  timeZone: string
  /** PUBLIC_URL, or the local address the server answers on; no trailing slash. */
  publicOrigin: string
  /** The key of the unsubscribe link every marketing e-mail carries. */
  secret: string
}

/** One held line as people read it: 'Tuesday, March 2, 2027' or 'Premium map icon (Coffee cup)'. */
export function describeOfferLine(line: {
  date: string | null
  iconName: string | null
  iconSize: string | null
}): string {
  if (line.date) return formatDayDate(line.date)
  return `${line.iconSize === 'small' ? 'Regular' : 'Premium'} map icon (${line.iconName ?? 'icon'})`
}

/** 'Your spots in the February 2027 postcard are held for you until Thursday, December 17, 11:59 PM (EST)' */
export function offerSubject(month: MonthKey, expiresAt: Date, timeZone: string): string {
  return `Your spots in the ${mailingMonthLabel(month)} postcard are held for you until ${deadlineText(expiresAt, timeZone)}`
}

/**
 * The one e-mail of an offer (plain text): each held line with its price, the total, "Keep my spots" (to the
 * checkout in one step), the page to release them (a GET never releases: mail scanners fetch links), and
 * the unsubscribe link of every marketing e-mail (also as List-Unsubscribe, RFC 8058). `sending` counts the
 * e-mails of this offer (the owner may send it again): each is its own outbox row.
 */
export function offerEmail(
  offer: {
    id: string
    month: MonthKey
    purchaseId: string
    businessName: string
    email: string
    expiresAt: Date
    lines: { description: string; amountCents: number }[]
  },
  token: string,
  sending: number,
  context: OfferEmailContext,
): OutboxEmail {
  const { site, publicOrigin, timeZone } = context
  const until = deadlineText(offer.expiresAt, timeZone)
  const label = mailingMonthLabel(offer.month)
  const total = offer.lines.reduce((sum, l) => sum + l.amountCents, 0)
  const unsubscribe = unsubscribeUrl(publicOrigin, context.secret, offer.email)
  return {
    dedupeKey: `offer:${offer.id}:${sending}`,
    kind: 'offer',
    to: normalizeAddress(offer.email),
    purchaseId: offer.purchaseId,
    subject: offerSubject(offer.month, offer.expiresAt, timeZone),
    text: [
      `Hello ${offer.businessName},`,
      '',
      `The ${label} ${site.productName} is open for booking, and as one of last month's advertisers you get first pick: we are holding your spots for you until ${until}.`,
      '',
      ...offer.lines.map((l) => `- ${l.description}: ${formatPrice(l.amountCents / 100)}`),
      `Total: ${formatPrice(total / 100)}`,
      '',
      `Keep my spots (pay online): ${publicOrigin}${offerKeepPath(token)}`,
      `Not this month? Release them for others: ${publicOrigin}${offerPagePath(token)}`,
      '',
      `If you do nothing, they are released for others on ${until}.`,
      '',
      `Questions? Write to ${site.contactEmail} or call ${site.contactPhone}.`,
      site.productName,
      '',
      `You receive this because you advertised in the last ${site.productName} mailing.`,
      `Unsubscribe from these e-mails: ${unsubscribe}`,
    ].join('\n'),
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  }
}
