import type { OutboxEmail } from '#server/lib/mailer/outbox.ts'
import { sessionReference } from '#shared/checkout.ts'
import { formatPrice } from '#shared/format.ts'
import { REFUND_STATEMENT_NOTE } from '#shared/refunds.ts'
import type { SiteConfig } from '#shared/site-config.ts'
import {
  type ArtworkDue,
  confirmationArtworkLines,
  describeItem,
  type EmailOrderItem,
} from '../orders/order-email-lines.ts'

export type PaidCheckout = {
  sessionId: string
  /** The purchase the session pays for: the session itself, or the order an invoice was sent for. */
  purchaseId: string
  businessName: string
  email: string
  items: EmailOrderItem[]
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
  receiptUrl: string | null = null,
): OutboxEmail {
  const reference = sessionReference(checkout.sessionId)
  return {
    dedupeKey: `order-confirmation:${checkout.sessionId}`,
    purchaseId: checkout.purchaseId,
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
      ...(receiptUrl ? ['', `Your receipt: ${receiptUrl}`] : []),
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
    purchaseId: checkout.purchaseId,
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

/**
 * A payment that could not be honoured (its hold had lapsed and a day or icon had gone to someone else,
 * or its mailing had closed its sales or been printed or mailed): it is being refunded.
 */
export function adminLatePaymentRefundedEmail(
  checkout: PaidCheckout,
  site: SiteConfig,
  adminEmail: string,
  reason: string,
): OutboxEmail {
  return {
    dedupeKey: `admin-late-payment-refunded:${checkout.sessionId}`,
    purchaseId: checkout.purchaseId,
    kind: 'admin_late_payment_refunded',
    to: adminEmail,
    subject: `${site.productName}: late payment refunded for ${checkout.businessName}`,
    text: [
      `A payment by ${checkout.businessName} <${checkout.email}> could not be honoured: ${reason}.`,
      'The payment is being refunded through the payment provider and the orders are marked refunded:',
      ...itemLines(checkout.items),
      `Total: ${total(checkout.items)}`,
      `Payment session: ${checkout.sessionId}`,
      'The buyer has been told by e-mail.',
    ].join('\n'),
  }
}

/**
 * The buyer's side of the same: the whole payment is being refunded. Either the items are not booked for
 * them, or (`stillBooked`) they were already paid for by another payment (by hand, or through the pay link's
 * later session) and stay booked: the e-mail must not tell a buyer who holds their days that they lost them.
 */
export function buyerLatePaymentRefundedEmail(
  checkout: PaidCheckout,
  site: SiteConfig,
  provider: string,
  reason: string,
  stillBooked = false,
): OutboxEmail {
  const reference = sessionReference(checkout.sessionId)
  return {
    dedupeKey: `late-payment-refunded:${checkout.sessionId}`,
    purchaseId: checkout.purchaseId,
    kind: 'late_payment_refunded',
    to: checkout.email,
    subject: `Your ${site.productName} payment is being refunded (reference ${reference})`,
    text: [
      `Hello ${checkout.businessName},`,
      '',
      ...(stillBooked
        ? [
            'We received a second payment for items that were already paid for.',
            `This payment of ${total(checkout.items)} is being refunded in full. These items stay booked for you:`,
          ]
        : [
            `We received your payment, but we could not complete your order: ${reason}.`,
            `Your payment of ${total(checkout.items)} is being refunded in full, and these items are not booked for you:`,
          ]),
      ...itemLines(checkout.items),
      `Reference: ${reference}`,
      '',
      // A card refund travels through the card network; the local TEST MODE charged no card.
      ...(provider === 'stripe' ? [REFUND_STATEMENT_NOTE, ''] : []),
      `We are sorry for the trouble. Questions? Write to ${site.contactEmail} or call ${site.contactPhone}.`,
      site.productName,
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
