import type { OutboxEmail } from '#server/lib/mailer/outbox.ts'
import { formatPrice } from '#shared/format.ts'
import type { SiteConfig } from '#shared/site-config.ts'
import { type ArtworkDue, confirmationArtworkLines } from '../orders/order-email-lines.ts'

/**
 * The confirmation an administrator may send with a manual order. Three wordings: paid (like a
 * checkout's confirmation), pending (awaiting payment: an invoice follows, pay by the mailing's sales close)
 * and a free non-profit feature. A manual order is its own checkout, so its checkout key is its id.
 */
type ManualOrderEmail = {
  orderId: string
  businessName: string
  email: string
  /** 'Calendar day: Tuesday, January 5, 2027' or 'Map icon: Coffee Cup' */
  itemLabel: string
  /** The mailing the item appears in ('January 2027'). */
  mailingLabel: string
  amountCents: number
  status: 'paid' | 'pending'
  isFreeFeature: boolean
  /** When a pending order should be paid by: the mailing's sales close, in the town's words. */
  payByText: string | null
  artwork: { url: string; mailings: ArtworkDue[] } | null
  /** The receipt's link, once the order is paid (or free). */
  receiptUrl?: string | null
  site: SiteConfig
}

function subjectOf(input: ManualOrderEmail): string {
  const product = input.site.productName
  if (input.isFreeFeature) return `Your free ${product} feature is booked (order ${input.orderId})`
  if (input.status === 'pending')
    return `Your ${product} order is reserved, awaiting payment (order ${input.orderId})`
  return `Your ${product} order is confirmed (order ${input.orderId})`
}

function termsLines(input: ManualOrderEmail): string[] {
  if (input.isFreeFeature)
    return [
      `Your free non-profit feature in the ${input.mailingLabel} mailing is booked, with our compliments.`,
      'There is nothing to pay.',
    ]
  const amount = formatPrice(input.amountCents / 100)
  if (input.status === 'pending')
    return [
      `Your order is reserved for you and awaiting payment: ${amount}.`,
      input.payByText
        ? `We'll send you an invoice; please pay by ${input.payByText}, when sales for the ${input.mailingLabel} mailing close.`
        : "We'll send you an invoice.",
    ]
  return [`Your order has been confirmed and paid: ${amount}.`]
}

export function manualOrderConfirmationEmail(input: ManualOrderEmail): OutboxEmail {
  return {
    dedupeKey: `manual-order-confirmation:${input.orderId}`,
    purchaseId: input.orderId,
    kind: 'order_confirmation',
    to: input.email,
    subject: subjectOf(input),
    text: [
      `Thank you, ${input.businessName}!`,
      '',
      ...termsLines(input),
      '',
      'Order Summary',
      `- ${input.itemLabel} (${input.mailingLabel} mailing): ${formatPrice(input.amountCents / 100)} (order ${input.orderId})`,
      ...(input.receiptUrl ? ['', `Your receipt: ${input.receiptUrl}`] : []),
      ...(input.artwork ? confirmationArtworkLines(input.artwork.url, input.artwork.mailings) : []),
      '',
      `Questions? Write to ${input.site.contactEmail} or call ${input.site.contactPhone}.`,
      input.site.productName,
    ].join('\n'),
  }
}
