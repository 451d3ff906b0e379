import type { OutboxEmail } from '#server/lib/mailer/outbox.ts'
import { formatPrice } from '#shared/format.ts'
import { buyerRefundMessage, REFUND_STATEMENT_NOTE } from '#shared/refunds.ts'
import { sessionReference } from '#shared/session-reference.ts'
import type { SiteConfig } from '#shared/site-config.ts'
import { describeItem, type EmailOrderItem } from '../orders/order-email-lines.ts'

type RefundEmailInput = {
  refundId: string
  checkoutKey: string
  businessName: string
  email: string
  provider: string
  amountCents: number
  reason: string
  items: EmailOrderItem[]
}

const money = (cents: number) => formatPrice(cents / 100)

function itemLines(items: EmailOrderItem[]): string[] {
  return items.map((item) => `- ${describeItem(item)}: ${money(item.amountCents)} (order ${item.id})`)
}

/** The buyer's notice once a refund is made (one per refund record: a repeated completion is a no-op). */
export function buyerRefundEmail(refund: RefundEmailInput, site: SiteConfig): OutboxEmail {
  const reference = sessionReference(refund.checkoutKey)
  return {
    dedupeKey: `refund:${refund.refundId}`,
    checkoutKey: refund.checkoutKey,
    kind: 'order_refund',
    to: refund.email,
    subject: `Your ${site.productName} refund (reference ${reference})`,
    text: [
      `Hello ${refund.businessName},`,
      '',
      ...buyerRefundMessage({
        amountText: money(refund.amountCents),
        reference,
        itemLines: itemLines(refund.items),
        reason: refund.reason,
      }),
      '',
      // A card refund travels through the card network; the local TEST MODE and manual orders charged no card.
      ...(refund.provider === 'stripe' ? [REFUND_STATEMENT_NOTE, ''] : []),
      'These items are no longer booked for you.',
      `Questions? Write to ${site.contactEmail} or call ${site.contactPhone}.`,
      site.productName,
    ].join('\n'),
  }
}

/** The administrator's notice when the provider reports that a requested refund failed (no money moved). */
export function adminRefundFailedNotice(
  refund: Pick<RefundEmailInput, 'refundId' | 'checkoutKey' | 'businessName' | 'amountCents'> & {
    orderIds: string[]
    error: string
  },
  site: SiteConfig,
  adminEmail: string,
): OutboxEmail {
  return {
    dedupeKey: `admin-refund-request-failed:${refund.refundId}`,
    checkoutKey: refund.checkoutKey,
    kind: 'admin_refund_failed',
    to: adminEmail,
    subject: `${site.productName}: the refund for ${refund.businessName} FAILED`,
    text: [
      `The payment provider could not refund ${money(refund.amountCents)} to ${refund.businessName} (orders ${refund.orderIds.join(', ')}): ${refund.error}`,
      'The orders stay paid and nothing was refunded. Open the checkout in the admin orders list to try again, or refund it in the payment provider dashboard.',
    ].join('\n'),
  }
}
