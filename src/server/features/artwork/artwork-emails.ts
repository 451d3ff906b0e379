import type { OutboxEmail } from '#server/lib/mailer/outbox.ts'
import type { SiteConfig } from '#shared/site-config.ts'
import type { ArtworkDue } from '../orders/order-email-lines.ts'

/** The lines of a checkout the e-mail is about ("Calendar day: Tuesday, January 5, 2027"). */
type ArtworkEmailLine = { label: string }

function footer(site: SiteConfig): string[] {
  return ['', `Questions? Write to ${site.contactEmail} or call ${site.contactPhone}.`, site.productName]
}

/** The owner sends a buyer their link (a manual order, or a buyer who lost the e-mail). */
export function artworkLinkEmail(input: {
  dedupeKey: string
  checkoutKey: string
  to: string
  businessName: string
  url: string
  lines: ArtworkEmailLine[]
  mailings: ArtworkDue[]
  site: SiteConfig
}): OutboxEmail {
  return {
    dedupeKey: input.dedupeKey,
    checkoutKey: input.checkoutKey,
    kind: 'artwork_link',
    to: input.to,
    subject: `Upload your artwork for ${input.site.productName}`,
    text: [
      `Hello ${input.businessName},`,
      '',
      'Please upload your logo or ad for:',
      ...input.lines.map((l) => `- ${l.label}`),
      '',
      `Your artwork page: ${input.url}`,
      ...input.mailings.map((m) => `Artwork for the ${m.label} mailing is due ${m.artworkDueText}.`),
      ...footer(input.site),
    ].join('\n'),
  }
}

export function artworkChangesRequestedEmail(input: {
  dedupeKey: string
  checkoutKey: string
  to: string
  businessName: string
  line: ArtworkEmailLine
  note: string
  url: string
  due: ArtworkDue
  site: SiteConfig
}): OutboxEmail {
  return {
    dedupeKey: input.dedupeKey,
    checkoutKey: input.checkoutKey,
    kind: 'artwork_changes_requested',
    to: input.to,
    subject: `Changes requested for your ${input.site.productName} artwork`,
    text: [
      `Hello ${input.businessName},`,
      '',
      `We checked your artwork for ${input.line.label} and need a change before it can go to print:`,
      '',
      input.note,
      '',
      `Please upload a new file here: ${input.url}`,
      `Artwork for the ${input.due.label} mailing is due ${input.due.artworkDueText}.`,
      ...footer(input.site),
    ].join('\n'),
  }
}

export function artworkReminderEmail(input: {
  dedupeKey: string
  checkoutKey: string
  to: string
  businessName: string
  lines: ArtworkEmailLine[]
  url: string
  due: ArtworkDue
  site: SiteConfig
}): OutboxEmail {
  return {
    dedupeKey: input.dedupeKey,
    checkoutKey: input.checkoutKey,
    kind: 'artwork_reminder',
    to: input.to,
    subject: `Reminder: your artwork for the ${input.due.label} mailing is due ${input.due.artworkDueText}`,
    text: [
      `Hello ${input.businessName},`,
      '',
      `We don't have your artwork yet for the ${input.due.label} mailing:`,
      ...input.lines.map((l) => `- ${l.label}`),
      '',
      `Please upload it by ${input.due.artworkDueText}: ${input.url}`,
      'Without artwork, we print your business name only.',
      ...footer(input.site),
    ].join('\n'),
  }
}
