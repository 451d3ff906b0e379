import type { OutboxEmail } from '#server/lib/mailer/outbox.ts'
import { formatPrice } from '#shared/format.ts'
import { buyerRefundMessage, REFUND_STATEMENT_NOTE } from '#shared/refunds.ts'
import { sessionReference } from '#shared/session-reference.ts'
import type { SiteConfig } from '#shared/site-config.ts'
import { describeItem, type EmailOrderItem } from './order-email-lines.ts'

type RefundEmailInput = {
  refundId: string
  purchaseId: string
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
  const reference = sessionReference(refund.purchaseId)
  return {
    dedupeKey: `refund:${refund.refundId}`,
    purchaseId: refund.purchaseId,
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

/**
 * The administrator's notice when the provider refuses a refund or reports that it failed (no money moved).
 * An administrator's refund leaves its lines paid; a late payment's lines were never honoured, so the buyer
 * is still owed the money and the administrator must refund it in the provider's dashboard.
 */
export function adminRefundFailedNotice(
  refund: Pick<RefundEmailInput, 'refundId' | 'businessName' | 'amountCents'> & {
    kind: string
    purchaseId: string | null
    orderIds: string[]
    paymentRef: string | null
    error: string
  },
  site: SiteConfig,
  adminEmail: string,
): OutboxEmail {
  const what =
    refund.kind === 'late_payment'
      ? `the late payment${refund.paymentRef ? ` ${refund.paymentRef}` : ''} of ${refund.businessName}`
      : `${money(refund.amountCents)} to ${refund.businessName} (orders ${refund.orderIds.join(', ')})`
  return {
    dedupeKey: `admin-refund-request-failed:${refund.refundId}`,
    purchaseId: refund.purchaseId ?? undefined,
    kind: 'admin_refund_failed',
    to: adminEmail,
    subject: `${site.productName}: the refund for ${refund.businessName} FAILED`,
    text: [
      `The payment provider could not refund ${what}: ${refund.error}`,
      refund.kind === 'late_payment'
        ? 'Nothing was refunded and the buyer is still owed the whole payment: please refund it in the payment provider dashboard.'
        : 'The orders stay paid and nothing was refunded. Open the checkout in the admin orders list to try again, or refund it in the payment provider dashboard.',
    ].join('\n'),
  }
}

/** The administrator's one alert when a refund keeps failing to reach the provider (the retries go on). */
export function adminRefundRetryingAlert(
  refund: {
    id: string
    kind: string
    purchaseId: string | null
    paymentRef: string | null
    amountCents: number
    attempts: number
  },
  site: SiteConfig,
  adminEmail: string,
  error: string,
): OutboxEmail {
  const reference = refund.purchaseId ? ` (reference ${sessionReference(refund.purchaseId)})` : ''
  const what = refund.kind === 'late_payment' ? 'a late payment' : `${money(refund.amountCents)}`
  return {
    dedupeKey: `admin-refund-failed:${refund.id}`,
    purchaseId: refund.purchaseId ?? undefined,
    kind: 'admin_refund_failed',
    to: adminEmail,
    subject: `${site.productName}: a refund FAILED and needs your attention`,
    text: [
      `Refunding ${what} of payment ${refund.paymentRef ?? '(none)'}${reference} has failed ${refund.attempts} times. Last error: ${error}`,
      'The server keeps retrying with the same refund, so it can never refund twice. Please check the payment in the payment provider dashboard and refund it there if it keeps failing.',
    ].join('\n'),
  }
}
