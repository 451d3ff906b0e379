import { createHash } from 'node:crypto'
import type { OutboxEmail } from '#server/lib/mailer/outbox.ts'
import { normalizeAddress, unsubscribeUrl } from '#server/lib/unsubscribe-token.ts'
import type { MessageAdvertisersInput } from '#shared/mailing-messages.ts'
import { type MonthKey, mailingMonthLabel } from '#shared/mailings.ts'
import type { AnnouncementContext } from './waitlist-email.ts'

/**
 * One message, whatever its spacing: the same subject and text sent twice (a double click, two tabs) gives
 * the same key, so the outbox keeps the first e-mail to each address and drops the second.
 */
export function advertiserMessageKey(month: MonthKey, input: MessageAdvertisersInput): string {
  const digest = createHash('sha256').update(`${input.subject}\n\n${input.message}`).digest('base64url')
  return `mailing-message:${month}:${digest.slice(0, 22)}`
}

/**
 * The owner's message to one advertiser of a mailing: their subject and text as written, then who sends it,
 * why the address receives it and its unsubscribe link (also in the List-Unsubscribe headers, RFC 8058): it
 * is an announcement, not a notice about their order.
 */
export function advertiserMessageEmail(
  month: MonthKey,
  input: MessageAdvertisersInput,
  email: string,
  context: AnnouncementContext,
): OutboxEmail {
  const { site } = context
  const address = normalizeAddress(email)
  const unsubscribe = unsubscribeUrl(context.publicOrigin, context.secret, address)
  return {
    dedupeKey: `${advertiserMessageKey(month, input)}:${address}`,
    kind: 'mailing_message',
    to: address,
    subject: input.subject,
    text: [
      input.message,
      '',
      '--',
      `${site.productName} · ${site.contactEmail} · ${site.contactPhone}`,
      `You receive this because you advertise in the ${mailingMonthLabel(month)} ${site.productName} mailing.`,
      `Unsubscribe from these announcements (your order e-mails still come): ${unsubscribe}`,
    ].join('\n'),
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  }
}
