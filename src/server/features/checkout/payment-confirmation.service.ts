import { and, asc, eq, gte, inArray, notInArray } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { isUniqueViolation } from '#server/db/errors.ts'
import { calendarDays, mailingIconStock, mailings, orders } from '#server/db/schema.ts'
import { AppError } from '#server/lib/errors.ts'
import { enqueueEmail } from '#server/lib/mailer/outbox.ts'
import { todayInTimeZone } from '#shared/dates.ts'
import { mailingMonthLabel } from '#shared/mailings.ts'
import { checkoutArtwork, receiptPathOf } from '../orders/checkout-artwork.service.ts'
import { applyOrderStatusChange, countIconClaims } from '../orders/order-status.service.ts'
import {
  claimLinesOfPaySession,
  endPaySession,
  isPaySession,
  markPaySessionPaid,
  type PaySessionClaim,
  takenReason,
} from '../orders/pay-pending-lines.service.ts'
import {
  latePaymentRefundKey,
  recordLatePaymentRefund,
  runDueRefunds,
  toEmailItem,
} from '../orders/refunds.service.ts'
import { lockSellingMonths } from '../orders/selling-months.service.ts'
import type { CheckoutContext } from './checkout-context.ts'
import { isHoldLive } from './hold-policy.ts'
import {
  adminLatePaymentRefundedEmail,
  adminNewOrderEmail,
  buyerConfirmationEmail,
  buyerLatePaymentRefundedEmail,
  type PaidCheckout,
} from './order-emails.ts'
import { listSessionOrders } from './session-order-list.service.ts'

export type PaymentOutcome =
  | { outcome: 'paid' }
  | { outcome: 'already_applied' }
  | { outcome: 'unknown_session' }
  | { outcome: 'refunded'; paymentRef: string }

class LatePaymentConflict extends Error {}

/**
 * The one way a checkout becomes paid, for the local test checkout, Stripe webhooks and the thank-you
 * lookup alike. Exactly once: the session's orders are locked first, and only pending (or lapsed)
 * orders change, so a duplicate or reordered event finds nothing left to do.
 */
export async function confirmCheckoutPayment(
  ctx: CheckoutContext,
  sessionId: string,
  paymentRef: string,
): Promise<PaymentOutcome> {
  const result = await ctx.db.transaction((tx) => applyPayment(tx, ctx, sessionId, paymentRef))
  await afterPayment(ctx, sessionId, result)
  return result
}

/**
 * After the commit: a late payment that could not be honoured has its refund recorded already; one
 * attempt is made now so the buyer is not kept waiting for the worker's next round. A failure here only
 * leaves the job to the worker (retries, then the administrator's alert).
 */
export async function afterPayment(ctx: CheckoutContext, sessionId: string, result: PaymentOutcome) {
  if (result.outcome !== 'refunded') return
  try {
    await runDueRefunds(ctx, { idempotencyKey: latePaymentRefundKey(sessionId) })
  } catch (error) {
    ctx.logger.error({ err: error, sessionId }, 'first refund attempt failed; the refund worker retries it')
  }
}

/**
 * Inside the caller's transaction (a webhook records its event id in the same one). Pending orders become
 * paid. A payment for a lapsed hold is honoured when every day is still available (and not past) and the
 * icon still has room; a payment for a mailing already printed or mailed is never honoured, however live
 * its hold (its items can no longer appear, and no artwork can go in). Otherwise every order of the session
 * is marked refunded, the refund is recorded in this same transaction (carried out by the refund
 * worker), and the buyer and the administrator are told. Either way the days never get two owners
 * and an icon is never oversold.
 *
 * A lapsed hold is one marked 'expired' or, equally, one still 'pending' whose expires_at has passed (the
 * sweeper may not have run yet): its time is over, so it is no claim and gets no free pass.
 */
export async function applyPayment(
  tx: Db,
  ctx: CheckoutContext,
  sessionId: string,
  paymentRef: string,
): Promise<PaymentOutcome> {
  const now = ctx.now()
  const sessionLines = () =>
    tx
      .select()
      .from(orders)
      .where(eq(orders.paymentSessionId, sessionId))
      .orderBy(asc(orders.id))
      .for('update')
  let rows = await sessionLines()
  if (rows.length === 0) {
    // A pay link's earlier session, whose lines have moved on: honoured while they are still held for the buyer,
    // else refunded whole.
    const claim = await claimLinesOfPaySession(tx, sessionId, now)
    if (claim.kind === 'unknown') return { outcome: 'unknown_session' }
    if (claim.kind === 'taken') return refundUnmatchedPayment(tx, ctx, sessionId, paymentRef, claim)
    rows = await sessionLines()
  }
  const open = rows.filter((o) => o.status === 'pending' || o.status === 'expired')
  if (open.length === 0) {
    // A repeat of the payment that was applied carries its reference; another payment (the lines were paid by
    // hand, or removed, while the buyer paid) is money owed back.
    if (!paymentRef || rows.some((o) => o.paymentIntentId === paymentRef))
      return { outcome: 'already_applied' }
    const first = rows[0] as (typeof rows)[number]
    return refundUnmatchedPayment(tx, ctx, sessionId, paymentRef, {
      kind: 'taken',
      purchaseId: first.purchaseId,
      amountCents: rows.reduce((sum, o) => sum + o.amountCents, 0),
      lines: rows,
      reason: takenReason(rows),
    })
  }

  let conflict: string | null = null
  try {
    const produced = await producedMailingReason(
      tx,
      open.flatMap((o) => (o.mailingMonth ? [o.mailingMonth] : [])),
    )
    if (produced) throw new LatePaymentConflict(produced)
    // A savepoint: a late payment that cannot be honoured leaves no trace of the attempt.
    await tx.transaction(async (sp) => {
      for (const order of open) {
        let current = order
        if (order.status === 'pending' && !isHoldLive(order.expiresAt, now)) {
          // Lapse it first (its own day back to available, if still its hold), then judge it as a late payment.
          await applyOrderStatusChange(sp, order, 'expired', now)
          current = { ...order, status: 'expired' }
        }
        if (current.status === 'expired') {
          const reason = await reclaimLapsedHold(sp, current, now, todayInTimeZone(ctx.config.timeZone, now))
          if (reason) throw new LatePaymentConflict(reason)
        }
        await applyOrderStatusChange(sp, current, 'paid', now)
      }
    })
  } catch (error) {
    if (error instanceof LatePaymentConflict) conflict = error.message
    else if (isUniqueViolation(error)) conflict = 'a day had been booked by someone else'
    // applyOrderStatusChange's own guard (the icon has no free unit): the same late-payment outcome.
    else if (error instanceof AppError && error.code === 'conflict') conflict = 'the map icon had sold out'
    else throw error
  }

  if (conflict) {
    for (const order of open) await applyOrderStatusChange(tx, order, 'refunded', now)
  }
  await tx
    .update(orders)
    .set({ paymentIntentId: paymentRef || null, updatedAt: now })
    .where(eq(orders.paymentSessionId, sessionId))

  const first = rows[0] as (typeof rows)[number]
  const checkout: PaidCheckout = {
    sessionId,
    purchaseId: first.purchaseId,
    businessName: first.businessName,
    email: first.email,
    items: (await listSessionOrders(tx, sessionId)).map((o) => ({
      id: o.id,
      date: o.date,
      iconName: o.iconName,
      description: o.description,
      units: o.units,
      amountCents: o.amountCents,
    })),
  }
  const { site, mail } = ctx.config
  if (conflict) {
    // The refund is owed from this commit on: recorded here, so no crash after the commit can lose it.
    await recordLatePaymentRefund(
      tx,
      {
        provider: ctx.payments.name,
        paymentRef,
        sessionId,
        purchaseId: first.purchaseId,
        orderIds: open.map((o) => o.id),
        amountCents: open.reduce((sum, o) => sum + o.amountCents, 0),
        reason: conflict,
      },
      now,
    )
    await enqueueEmail(tx, buyerLatePaymentRefundedEmail(checkout, site, ctx.payments.name, conflict))
    await enqueueEmail(tx, adminLatePaymentRefundedEmail(checkout, site, mail.adminNotifyEmail, conflict))
    return { outcome: 'refunded', paymentRef }
  }
  await markPaySessionPaid(tx, sessionId, now)
  // Written in this transaction: the mails exist iff the payment was applied. A checkout that bought days
  // or an icon gets its artwork link in the same transaction, so the e-mail can carry it.
  const artwork = await checkoutArtwork(tx, first.purchaseId, ctx.config.timeZone)
  const origin = ctx.config.publicOrigin
  const receipt = await receiptPathOf(tx, first.purchaseId)
  await enqueueEmail(
    tx,
    buyerConfirmationEmail(
      checkout,
      site,
      artwork ? { url: `${origin}${artwork.path}`, mailings: artwork.mailings } : null,
      receipt ? `${origin}${receipt}` : null,
    ),
  )
  await enqueueEmail(tx, adminNewOrderEmail(checkout, site, mail.adminNotifyEmail))
  return { outcome: 'paid' }
}

/**
 * Money whose lines were paid by another payment, refunded or removed since (a pay link's earlier session, or
 * lines paid by hand while the buyer paid): nothing is sold, the whole payment is refunded through the one refund model (recorded here, with no lines:
 * the lines are not this payment's, so its completion changes none) and the buyer and the administrator are told.
 */
async function refundUnmatchedPayment(
  tx: Db,
  ctx: CheckoutContext,
  sessionId: string,
  paymentRef: string,
  claim: Extract<PaySessionClaim, { kind: 'taken' }>,
): Promise<PaymentOutcome> {
  const now = ctx.now()
  const [first] = claim.lines
  const checkout: PaidCheckout = {
    sessionId,
    purchaseId: claim.purchaseId,
    businessName: first?.businessName ?? '',
    email: first?.email ?? '',
    items: claim.lines.map(toEmailItem),
  }
  await recordLatePaymentRefund(
    tx,
    {
      provider: ctx.payments.name,
      paymentRef,
      sessionId,
      purchaseId: claim.purchaseId,
      orderIds: [],
      amountCents: claim.amountCents,
      reason: claim.reason,
    },
    now,
  )
  const { site, mail } = ctx.config
  // Lines all paid (by hand, or by the later session) stay the buyer's: only this payment is owed back.
  const stillBooked = claim.lines.length > 0 && claim.lines.every((l) => l.status === 'paid')
  if (checkout.email)
    await enqueueEmail(
      tx,
      buyerLatePaymentRefundedEmail(checkout, site, ctx.payments.name, claim.reason, stillBooked),
    )
  await enqueueEmail(tx, adminLatePaymentRefundedEmail(checkout, site, mail.adminNotifyEmail, claim.reason))
  ctx.logger.warn(
    { sessionId, purchaseId: claim.purchaseId, reason: claim.reason },
    "a payment arrived for a pay link's earlier session whose lines were taken: refunding it",
  )
  return { outcome: 'refunded', paymentRef }
}

/**
 * The reason a payment for these mailings cannot be honoured when one is already printed or mailed, else
 * null. Read FOR SHARE: an administrator marking it printed (FOR UPDATE) and this payment go one after the
 * other, so a payment never becomes paid in a mailing that is printed by then.
 */
async function producedMailingReason(tx: Db, months: string[]): Promise<string | null> {
  const unique = [...new Set(months)]
  if (unique.length === 0) return null
  const rows = await tx
    .select({ month: mailings.month, status: mailings.status })
    .from(mailings)
    .where(inArray(mailings.month, unique))
    .orderBy(asc(mailings.month))
    .for('share')
  // Filtered here, not in the query: a row locked while an administrator changes it is read as committed.
  const produced = rows.find((r) => r.status === 'printed' || r.status === 'mailed')
  return produced
    ? `the ${mailingMonthLabel(produced.month)} mailing had already been ${produced.status}`
    : null
}

/**
 * Takes back what a lapsed hold had: the day if still available and not past (days in the past are never
 * sold), room on the icon. null when it can; else the reason, for the admin's e-mail.
 */
async function reclaimLapsedHold(
  tx: Db,
  order: typeof orders.$inferSelect,
  now: Date,
  today: string,
): Promise<string | null> {
  // A late payment sells anew: its mailing must still be open for sale.
  if (order.mailingMonth && !(await lockSellingMonths(tx, [order.mailingMonth], now)).has(order.mailingMonth))
    return `the ${mailingMonthLabel(order.mailingMonth)} mailing had closed its sales`
  if (order.dayId) {
    const taken = await tx
      .update(calendarDays)
      .set({ status: 'reserved', businessName: order.businessName, updatedAt: now })
      .where(
        and(
          eq(calendarDays.id, order.dayId),
          eq(calendarDays.status, 'available'),
          gte(calendarDays.date, today),
        ),
      )
      .returning({ id: calendarDays.id, date: calendarDays.date })
    if (taken.length === 0) {
      const [day] = await tx
        .select({ date: calendarDays.date })
        .from(calendarDays)
        .where(eq(calendarDays.id, order.dayId))
      return day && day.date < today ? 'its day had passed' : 'a day had been booked by someone else'
    }
  }
  if (order.mapIconId) {
    const month = order.mailingMonth ?? ''
    const [stock] = await tx
      .select({ quantity: mailingIconStock.quantity })
      .from(mailingIconStock)
      .where(and(eq(mailingIconStock.iconId, order.mapIconId), eq(mailingIconStock.month, month)))
      .for('update')
    if (!stock || (await countIconClaims(tx, order.mapIconId, month, now)) >= stock.quantity)
      return 'the map icon had sold out'
  }
  return null
}

/**
 * A payment session ended unpaid (Cancel on the test checkout, Stripe's session expired or async payment
 * failed, or a provider that refused the session). It ends only the holds it made: a checkout's live holds
 * are released at once (orders → expired, days → available); a pay link's session (an offer's, an invoice's)
 * is ended and its lines keep their own hold (the offer's end, the owner's due date), on whatever session
 * they are. Answers how many lines were released.
 */
export async function releaseSessionHolds(tx: Db, sessionId: string, now: Date): Promise<number> {
  if (await endPaySession(tx, sessionId, now)) return 0
  const pending = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.paymentSessionId, sessionId), eq(orders.status, 'pending')))
    .orderBy(asc(orders.id))
    .for('update')
  for (const order of pending) await applyOrderStatusChange(tx, order, 'expired', now)
  return pending.length
}

export async function cancelCheckoutSession(ctx: CheckoutContext, sessionId: string): Promise<number> {
  return ctx.db.transaction((tx) => releaseSessionHolds(tx, sessionId, ctx.now()))
}

/**
 * Stripe says the buyer finished but the payment is still processing (an async method): a checkout's hold
 * must not lapse meanwhile, so it loses its expiry until async_payment_succeeded or _failed arrives.
 */
export async function holdUntilPaymentSettles(tx: Db, sessionId: string, now: Date): Promise<void> {
  // A pay link's lines keep their own hold (an offer's end): a payment settling after it is a late payment.
  if (await isPaySession(tx, sessionId)) return
  await tx
    .update(orders)
    .set({ expiresAt: null, updatedAt: now })
    .where(and(eq(orders.paymentSessionId, sessionId), eq(orders.status, 'pending')))
}

/** Links orders still stored under our own reference to the provider's session id (a webhook can be early). */
export async function linkSessionReference(tx: Db, reference: string | undefined, sessionId: string) {
  if (!reference?.startsWith('ref_')) return
  await tx.update(orders).set({ paymentSessionId: sessionId }).where(eq(orders.paymentSessionId, reference))
}

/**
 * A refund made in the provider (charge.refunded): its paid orders become refunded (days free again), except
 * `awaiting` (lines a requested admin refund completes when the provider confirms it).
 */
export async function refundPaidOrders(
  tx: Db,
  paymentRef: string,
  now: Date,
  awaiting: string[] = [],
): Promise<number> {
  const paid = await tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.paymentIntentId, paymentRef),
        eq(orders.status, 'paid'),
        awaiting.length > 0 ? notInArray(orders.id, awaiting) : undefined,
      ),
    )
    .orderBy(asc(orders.id))
    .for('update')
  for (const order of paid) await applyOrderStatusChange(tx, order, 'refunded', now)
  return paid.length
}
