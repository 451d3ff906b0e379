import { randomBytes } from 'node:crypto'
import { and, inArray, type SQL } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { orders } from '#server/db/schema.ts'
import type { Logger } from '#server/lib/logger.ts'
import type { PaymentProvider } from '#server/lib/payments/payment-provider.ts'
import { describePurchaseLine } from './purchase-document-lines.ts'

/**
 * A link that pays lines already held for a buyer (an invoice's pay link, an offer's "Keep my spots"): the
 * lines go on a payment session of the site's provider and the buyer is sent to its page, so paying them
 * takes the normal payment path (the session's payment marks them paid, issues the receipt, sends the
 * confirmation).
 */

export type PayLinesContext = { db: Db; payments: PaymentProvider; logger: Logger }

type Line = typeof orders.$inferSelect

/**
 * Where to pay `lines` (pending lines of one purchase, read by the caller). A session opened before for
 * exactly these lines is reused while it can be paid (the local test checkout's never expires; Stripe's until
 * its expiry), so a payment always finds its lines, and one already paid leads to its thank-you page; else a
 * new session is opened until `sessionExpiresAt`, and only the lines still matching `stillPayable` (not paid
 * or changed meanwhile) move to it.
 */
export async function openPaymentForLines(
  ctx: PayLinesContext,
  input: {
    purchaseId: string
    email: string
    lines: Line[]
    stillPayable: SQL | undefined
    sessionExpiresAt: Date
  },
  now: Date = new Date(),
): Promise<string> {
  const { lines } = input
  const current = lines[0]?.paymentSessionId
  if (
    current &&
    lines.every((l) => l.paymentSessionId === current && l.paymentProvider === ctx.payments.name)
  ) {
    // The session opened before: a buyer who pays it must find the lines on it, so it is kept while it can
    // still be paid (and followed to the thank-you page once paid, before its event lands).
    if (ctx.payments.name === 'local') return `/pay/${current}`
    const state = await ctx.payments.retrieveSession(current)
    if (state?.status === 'complete') return `/thank-you?session_id=${encodeURIComponent(current)}`
    if (state?.status === 'open' && state.url) return state.url
  }
  const reference = ctx.payments.newSessionId?.() ?? `ref_${randomBytes(16).toString('hex')}`
  const session = await ctx.payments.createSession({
    reference,
    orderIds: lines.map((l) => l.id),
    lineItems: lines.map((l) => ({ name: describePurchaseLine(l), amountCents: l.amountCents })),
    customerEmail: input.email.trim(),
    expiresAt: input.sessionExpiresAt,
  })
  await ctx.db
    .update(orders)
    .set({ paymentSessionId: session.id, paymentProvider: ctx.payments.name, updatedAt: now })
    .where(
      and(
        inArray(
          orders.id,
          lines.map((l) => l.id),
        ),
        input.stillPayable,
      ),
    )
  ctx.logger.info(
    { purchaseId: input.purchaseId, sessionId: session.id },
    'a pay link opened a payment session for held lines',
  )
  return session.url
}
