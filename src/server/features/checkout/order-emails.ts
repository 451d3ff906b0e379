import type { OutboxEmail } from '#server/lib/mailer/outbox.ts'
import { sessionReference } from '#shared/checkout.ts'
import { formatDayDate, formatPrice } from '#shared/format.ts'
import type { SiteConfig } from '#shared/site-config.ts'
import { type ArtworkDue, confirmationArtworkLines } from '../artwork/artwork-emails.ts'

/** One paid order as the e-mails describe it. */
export type EmailOrderItem = {
  id: string
  date: string | null
  iconName: string | null
  description: string | null
  units: number | null
  amountCents: number
}

export type PaidCheckout = {
  sessionId: string
  businessName: string
  email: string
  items: EmailOrderItem[]
}

export function describeItem(item: EmailOrderItem): string {
  if (item.date) return `Calendar day: ${formatDayDate(item.date)}`
  if (item.iconName) return `Map icon: ${item.iconName}`
  const units = item.units ? ` (${item.units} unit${item.units === 1 ? '' : 's'})` : ''
  return `${item.description ?? 'Special Purchase'}${units}`
}

function itemLines(items: EmailOrderItem[]): string[] {
  return items.map(
    (item) => `- ${describeItem(item)}: ${formatPrice(item.amountCents / 100)} (order ${item.id})`,
  )
}

function total(items: EmailOrderItem[]): string {
  return formatPrice(items.reduce((sum, i) => sum + i.amountCents, 0) / 100)
}

export function buyerConfirmationEmail(
  checkout: PaidCheckout,
  site: SiteConfig,
  artwork: { url: string; mailings: ArtworkDue[] } | null = null,
): OutboxEmail {
  const reference = sessionReference(checkout.sessionId)
  return {
    dedupeKey: `order-confirmation:${checkout.sessionId}`,
    checkoutKey: checkout.sessionId,
    kind: 'order_confirmation',
    to: checkout.email,
    subject: `Your ${site.productName} order is confirmed (reference ${reference})`,
    text: [
      `Thank you, ${checkout.businessName}!`,
      '',
      'Your order has been confirmed.',
      `Reference: ${reference}`,
      '',
      'Order Summary',
      ...itemLines(checkout.items),
      `Total: ${total(checkout.items)}`,
      ...(artwork ? confirmationArtworkLines(artwork.url, artwork.mailings) : []),
      '',
      `Questions? Write to ${site.contactEmail} or call ${site.contactPhone}.`,
      site.productName,
    ].join('\n'),
  }
}

export function adminNewOrderEmail(
  checkout: PaidCheckout,
  site: SiteConfig,
  adminEmail: string,
): OutboxEmail {
  const reference = sessionReference(checkout.sessionId)
  return {
    dedupeKey: `admin-new-order:${checkout.sessionId}`,
    checkoutKey: checkout.sessionId,
    kind: 'admin_new_order',
    to: adminEmail,
    subject: `New ${site.productName} order: ${checkout.businessName} (${total(checkout.items)})`,
    text: [
      `${checkout.businessName} <${checkout.email}> paid for:`,
      ...itemLines(checkout.items),
      `Total: ${total(checkout.items)}`,
      `Reference: ${reference} (payment session ${checkout.sessionId})`,
    ].join('\n'),
  }
}

/** A payment arrived after its hold lapsed and a day or icon had gone to someone else: it was refunded. */
export function adminLatePaymentRefundedEmail(
  checkout: PaidCheckout,
  site: SiteConfig,
  adminEmail: string,
  reason: string,
): OutboxEmail {
  return {
    dedupeKey: `admin-late-payment-refunded:${checkout.sessionId}`,
    checkoutKey: checkout.sessionId,
    kind: 'admin_late_payment_refunded',
    to: adminEmail,
    subject: `${site.productName}: late payment refunded for ${checkout.businessName}`,
    text: [
      `A payment by ${checkout.businessName} <${checkout.email}> arrived after its hold had lapsed, and ${reason}.`,
      'The payment is being refunded through the payment provider and the orders are marked refunded:',
      ...itemLines(checkout.items),
      `Total: ${total(checkout.items)}`,
      `Payment session: ${checkout.sessionId}`,
      'You may want to contact the buyer.',
    ].join('\n'),
  }
}

export function adminRefundFailedEmail(
  sessionId: string,
  paymentRef: string,
  site: SiteConfig,
  adminEmail: string,
  error: string,
  attempts: number,
): OutboxEmail {
  return {
    dedupeKey: `admin-refund-failed:${sessionId}`,
    kind: 'admin_refund_failed',
    to: adminEmail,
    subject: `${site.productName}: a refund FAILED and needs your attention`,
    text: [
      `Refunding payment ${paymentRef} (payment session ${sessionId}) has failed ${attempts} times. Last error: ${error}`,
      'The orders are marked refunded and the server keeps retrying. Please check the payment in the payment provider dashboard and refund it there if it keeps failing.',
    ].join('\n'),
  }
}
