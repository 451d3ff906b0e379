import type { OutboxEmail } from '#server/lib/mailer/outbox.ts'
import type { SiteConfig } from '#shared/site-config.ts'
import type { ArtworkDue } from '../orders/order-email-lines.ts'

/** The lines of a purchase the e-mail is about ("Calendar day: Tuesday, January 5, 2027"). */
type ArtworkEmailLine = { label: string }

function footer(site: SiteConfig): string[] {
  return ['', `Questions? Write to ${site.contactEmail} or call ${site.contactPhone}.`, site.productName]
}

/** The owner sends a buyer their link (a manual order, or a buyer who lost the e-mail). */
export function artworkLinkEmail(input: {
  dedupeKey: string
  purchaseId: string
  to: string
  businessName: string
  url: string
  lines: ArtworkEmailLine[]
  mailings: ArtworkDue[]
  site: SiteConfig
}): OutboxEmail {
  return {
    dedupeKey: input.dedupeKey,
    purchaseId: input.purchaseId,
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
  purchaseId: string
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
    purchaseId: input.purchaseId,
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

/** A line whose file the owner asked to change, with what they asked (null when no note was kept). */
type ChangesRequestedLine = ArtworkEmailLine & { note: string | null }
/** A line whose received file will not print well, with what checkPrint says is wrong. */
type PrintWarningLine = ArtworkEmailLine & { warnings: string[] }

/**
 * The reminder before the artwork deadline: what each line of the purchase still needs. A line with no
 * artwork; a line whose file the owner asked to change (with what they asked); a line whose file was
 * received with a print warning (naming it). Lines already fine are not listed.
 */
export function artworkReminderEmail(input: {
  dedupeKey: string
  purchaseId: string
  to: string
  businessName: string
  /** Lines with no artwork yet. */
  lines: ArtworkEmailLine[]
  changesRequested?: ChangesRequestedLine[]
  printWarnings?: PrintWarningLine[]
  url: string
  due: ArtworkDue
  site: SiteConfig
}): OutboxEmail {
  const missing = input.lines
  const changes = input.changesRequested ?? []
  const warnings = input.printWarnings ?? []
  const sections = [
    ...(missing.length > 0
      ? [
          [
            `We don't have your artwork yet for the ${input.due.label} mailing:`,
            ...missing.map((l) => `- ${l.label}`),
          ],
        ]
      : []),
    ...(changes.length > 0
      ? [
          [
            'We asked for a change to your artwork before it can go to print:',
            ...changes.map((l) => `- ${l.label}${l.note ? `: ${l.note}` : ''}`),
          ],
        ]
      : []),
    ...(warnings.length > 0
      ? [
          [
            'Your file may not print well:',
            ...warnings.map((l) => `- ${l.label}: ${l.warnings.join(' ')}`),
            'You can keep it, or upload a better file.',
          ],
        ]
      : []),
  ]
  const onlyMissing = changes.length === 0 && warnings.length === 0
  return {
    dedupeKey: input.dedupeKey,
    purchaseId: input.purchaseId,
    kind: 'artwork_reminder',
    to: input.to,
    subject: `Reminder: your artwork for the ${input.due.label} mailing is due ${input.due.artworkDueText}`,
    text: [
      `Hello ${input.businessName},`,
      '',
      ...sections.flatMap((section) => [...section, '']),
      onlyMissing
        ? `Please upload it by ${input.due.artworkDueText}: ${input.url}`
        : `Upload on your artwork page by ${input.due.artworkDueText}: ${input.url}`,
      ...(missing.length > 0 ? ['Without artwork, we print your business name only.'] : []),
      ...footer(input.site),
    ].join('\n'),
  }
}
