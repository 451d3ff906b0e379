import type { OutboxEmail } from '#server/lib/mailer/outbox.ts'
import { formatPrice } from '#shared/format.ts'
import {
  artworkDueLine,
  changesRequestedHeading,
  type DigestArtworkLineDto,
  type DigestMailingDto,
  missingArtworkHeading,
  notBookedYetHeading,
  OWNER_DIGEST_TITLE,
  type OwnerDigestDto,
  pendingOrdersHeading,
  printWarningsHeading,
  reviewAgainHeading,
  salesCloseLine,
} from '#shared/owner-digest.ts'
import type { SiteConfig } from '#shared/site-config.ts'

/** A titled list, or nothing when it is empty. */
function list<T>(heading: (count: number) => string, items: T[], line: (item: T) => string): string[] {
  if (items.length === 0) return []
  return ['', `${heading(items.length)}:`, ...items.map((item) => `- ${line(item)}`)]
}

const artworkLine = (line: DigestArtworkLineDto) => `${line.label}, ${line.businessName} <${line.email}>`

function mailingLines(mailing: DigestMailingDto): string[] {
  const lines = ['', '', `${mailing.label} mailing`, '='.repeat(`${mailing.label} mailing`.length)]
  const { sales, artwork } = mailing
  if (sales) {
    lines.push(sales.summary, salesCloseLine(sales))
    if (sales.previousMailing)
      lines.push(
        ...list(
          (n) => notBookedYetHeading(sales.previousMailing?.label ?? '', n),
          sales.notBookedYet,
          (a) => `${a.businessName}, ${a.phone ?? 'no phone'}, ${a.email}`,
        ),
      )
    lines.push(
      ...list(
        pendingOrdersHeading,
        sales.pendingOrders,
        (o) =>
          `${o.reference}, ${o.businessName} <${o.email}>, ${formatPrice(o.amountCents / 100)}, since ${o.sinceText}`,
      ),
    )
  }
  if (artwork) {
    lines.push('', `${artworkDueLine(artwork)}.`)
    lines.push(...list(missingArtworkHeading, artwork.missing, artworkLine))
    lines.push(
      ...list(
        changesRequestedHeading,
        artwork.changesRequested,
        (l) => `${artworkLine(l)}: “${l.note ?? ''}”`,
      ),
    )
    lines.push(...list(printWarningsHeading, artwork.printWarnings, (l) => `${artworkLine(l)}: ${l.warning}`))
    lines.push(
      ...list(
        reviewAgainHeading,
        artwork.reviewAgain,
        (l) => `${artworkLine(l)}, re-uploaded ${l.uploadedText}${l.note ? ` (you asked: “${l.note}”)` : ''}`,
      ),
    )
  }
  return lines
}

/** The morning e-mail to the owner: the digest in plain text, and where to act on it. */
export function ownerDigestEmail(
  digest: OwnerDigestDto,
  input: { dedupeKey: string; to: string; site: SiteConfig; mailingsUrl: string },
): OutboxEmail {
  return {
    dedupeKey: input.dedupeKey,
    kind: 'owner_digest',
    to: input.to,
    subject: `${input.site.productName}: ${OWNER_DIGEST_TITLE.toLowerCase()}, ${digest.dateText}`,
    text: [
      `${OWNER_DIGEST_TITLE}, ${digest.dateText}.`,
      ...digest.mailings.flatMap(mailingLines),
      '',
      '',
      `The same on the Mailings screen: ${input.mailingsUrl}`,
      input.site.productName,
    ].join('\n'),
  }
}
