import { randomBytes } from 'node:crypto'
import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { orders, paymentSessions } from '#server/db/schema.ts'
import { AppError } from '#server/lib/errors.ts'
import type { Logger } from '#server/lib/logger.ts'
import { type PaymentProvider, PaymentSessionRefusedError } from '#server/lib/payments/payment-provider.ts'
import { CHECKOUT_TEXTS } from '#shared/checkout.ts'
import { describePurchaseLine } from './purchase-document-lines.ts'

/**
 * A link that pays lines already held for a buyer (an invoice's pay link, an offer's "Keep my spots"): the
 * lines go on a payment session of the site's provider and the buyer is sent to its page, so paying them
 * takes the normal payment path (the session's payment marks them paid, issues the receipt, sends the
 * confirmation).
 *
 * A purchase's lines have at most one open payment at a time, whoever opens the link, from any instance:
 * every session is recorded in payment_sessions, one row per attempt, under the lock of the lines (taken in
 * the order every payment takes them, by id), and the row is written before the provider is asked. The create
 * call's idempotency key is the purchase and the attempt, with the parameters the row keeps, so an opener that
 * finds an attempt still opening asks again with the same key and gets the same session, and so does a retry
 * after a crash or a lost answer. The provider is never called under a lock.
 */

export type PayLinesContext = { db: Db; payments: PaymentProvider; logger: Logger }

type Line = typeof orders.$inferSelect
type PaySessionRow = typeof paymentSessions.$inferSelect

/** Stripe refuses a session that ends less than 30 minutes ahead: an attempt closer to its end is not asked again. */
const MIN_SESSION_AHEAD_MS = 30 * 60_000

/** The provider's idempotency key of one attempt to open a payment for a purchase's held lines. */
export function payLinesSessionKey(purchaseId: string, attempt: number): string {
  return `pay-lines:${purchaseId}:${attempt}`
}

type Step =
  | { kind: 'nothing' }
  | { kind: 'current'; row: PaySessionRow; sessionId: string }
  | { kind: 'create'; row: PaySessionRow; lines: Line[] }

const sameIds = (ids: string[], lines: Line[]) =>
  ids.length === lines.length && lines.every((l, i) => l.id === ids[i])

/**
 * Where to pay the purchase's lines matching `payable` (its pending lines still held for the buyer), or
 * null when none is left (paid or ended meanwhile). The session the lines are on is reused while it can be
 * paid (the local test checkout's until it is cancelled; Stripe's until its expiry), and one already paid
 * leads to its thank-you page; else a new session is opened until `sessionExpiresAt` and the lines still
 * matching `payable` move to it.
 */
export async function openPaymentForLines(
  ctx: PayLinesContext,
  input: {
    purchaseId: string
    email: string
    payable: SQL | undefined
    sessionExpiresAt: Date
  },
  now: Date = new Date(),
): Promise<string | null> {
  const provider = ctx.payments.name
  const lockLines = (tx: Db) =>
    tx
      .select()
      .from(orders)
      .where(and(eq(orders.purchaseId, input.purchaseId), input.payable))
      .orderBy(asc(orders.id))
      .for('update')

  // A few rounds at most: an expired session is ended and replaced, an attempt that lost to another is re-read.
  for (let round = 0; round < 4; round++) {
    const step = await ctx.db.transaction(async (tx): Promise<Step> => {
      const lines = await lockLines(tx)
      if (lines.length === 0) return { kind: 'nothing' }
      const [latest] = await tx
        .select()
        .from(paymentSessions)
        .where(eq(paymentSessions.purchaseId, input.purchaseId))
        .orderBy(desc(paymentSessions.attempt))
        .limit(1)
      const current = lines[0]?.paymentSessionId
      if (
        latest?.state === 'open' &&
        latest.provider === provider &&
        current &&
        latest.sessionId === current &&
        lines.every((l) => l.paymentSessionId === current && l.paymentProvider === provider)
      )
        return { kind: 'current', row: latest, sessionId: current }
      if (
        latest?.state === 'opening' &&
        latest.provider === provider &&
        sameIds(latest.orderIds, lines) &&
        (latest.expiresAt?.getTime() ?? 0) > now.getTime() + MIN_SESSION_AHEAD_MS
      )
        return { kind: 'create', row: latest, lines }
      if (latest?.state === 'opening')
        // Its lines changed or its time ran out: its session (if the provider made one) was never shown.
        await tx
          .update(paymentSessions)
          .set({ state: 'failed', endedAt: now })
          .where(and(eq(paymentSessions.id, latest.id), eq(paymentSessions.state, 'opening')))
      const [row] = await tx
        .insert(paymentSessions)
        .values({
          purchaseId: input.purchaseId,
          attempt: (latest?.attempt ?? 0) + 1,
          provider,
          reference: ctx.payments.newSessionId?.() ?? `ref_${randomBytes(16).toString('hex')}`,
          orderIds: lines.map((l) => l.id),
          amountCents: lines.reduce((sum, l) => sum + l.amountCents, 0),
          expiresAt: input.sessionExpiresAt,
          state: 'opening',
          createdAt: now,
        })
        .returning()
      if (!row) throw new Error('the payment session insert returned no row')
      return { kind: 'create', row, lines }
    })

    if (step.kind === 'nothing') return null
    if (step.kind === 'current') {
      const { sessionId } = step
      // The local test checkout's session stays payable until it is cancelled (which ends its row).
      if (provider === 'local') return `/pay/${sessionId}`
      const state = await ctx.payments.retrieveSession(sessionId)
      if (state?.status === 'complete') return `/thank-you?session_id=${encodeURIComponent(sessionId)}`
      if (state?.status === 'open' && state.url) return state.url
      // Expired (its event may still be on its way): ended here, and the next round opens a new one.
      await endPaySession(ctx.db, sessionId, now)
      continue
    }

    const { row, lines } = step
    const onRow = lines.filter((l) => row.orderIds.includes(l.id))
    let session: { id: string; url: string }
    try {
      session = await ctx.payments.createSession({
        reference: row.reference,
        orderIds: row.orderIds,
        lineItems: onRow.map((l) => ({ name: describePurchaseLine(l), amountCents: l.amountCents })),
        customerEmail: input.email.trim(),
        expiresAt: row.expiresAt ?? input.sessionExpiresAt,
        idempotencyKey: payLinesSessionKey(input.purchaseId, row.attempt),
      })
    } catch (error) {
      const refused = error instanceof PaymentSessionRefusedError
      ctx.logger.error(
        { err: error, purchaseId: input.purchaseId, attempt: row.attempt, refused },
        'the payment provider did not open a payment session for held lines',
      )
      // Refused: that key is spent, the next open makes a new attempt. Unanswered: the next open asks again
      // with the same key, so a session the provider did make is the one it gets.
      if (refused)
        await ctx.db
          .update(paymentSessions)
          .set({ state: 'failed', endedAt: now })
          .where(and(eq(paymentSessions.id, row.id), eq(paymentSessions.state, 'opening')))
      throw new AppError('unavailable', CHECKOUT_TEXTS.checkoutFailed)
    }

    const opened = await ctx.db.transaction(async (tx) => {
      await lockLines(tx)
      const [recorded] = await tx
        .update(paymentSessions)
        .set({ sessionId: session.id, state: 'open' })
        .where(and(eq(paymentSessions.id, row.id), inArray(paymentSessions.state, ['opening', 'open'])))
        .returning({ sessionId: paymentSessions.sessionId })
      // Another opener replaced the attempt meanwhile: its session is the lines' own, read it again.
      if (recorded?.sessionId !== session.id) return false
      const moved = await tx
        .update(orders)
        .set({ paymentSessionId: session.id, paymentProvider: provider, updatedAt: now })
        .where(and(inArray(orders.id, row.orderIds), eq(orders.purchaseId, input.purchaseId), input.payable))
        .returning({ id: orders.id })
      if (moved.length > 0) return true
      // Paid (or ended) while the provider was asked: this session is never shown, the next round says so.
      await tx
        .update(paymentSessions)
        .set({ state: 'failed', endedAt: now })
        .where(eq(paymentSessions.id, row.id))
      return false
    })
    if (!opened) continue
    ctx.logger.info(
      { purchaseId: input.purchaseId, sessionId: session.id, attempt: row.attempt },
      'a pay link opened a payment session for held lines',
    )
    return session.url
  }
  throw new AppError('unavailable', CHECKOUT_TEXTS.checkoutFailed)
}

/**
 * A pay link's session ended (Stripe's expiry or failed payment, Cancel on the test checkout): the row is
 * ended and the lines keep their own hold (an offer's end, an invoice's none), whatever session they are
 * on. true when `sessionId` is a pay link's session; false for a checkout's, whose hold is the session's.
 */
export async function endPaySession(db: Db, sessionId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: paymentSessions.id, state: paymentSessions.state })
    .from(paymentSessions)
    .where(eq(paymentSessions.sessionId, sessionId))
  if (!row) return false
  if (row.state === 'open' || row.state === 'opening')
    await db
      .update(paymentSessions)
      .set({ state: 'expired', endedAt: now })
      .where(and(eq(paymentSessions.id, row.id), inArray(paymentSessions.state, ['open', 'opening'])))
  return true
}

export async function isPaySession(db: Db, sessionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: paymentSessions.id })
    .from(paymentSessions)
    .where(eq(paymentSessions.sessionId, sessionId))
  return Boolean(row)
}

export type PaySessionClaim =
  | { kind: 'unknown' }
  /** The session's lines were still held for the buyer and are on it now: the payment is judged as usual. */
  | { kind: 'moved' }
  /** They were paid (by another payment), refunded or removed since: the payment is owed back whole. */
  | { kind: 'taken'; purchaseId: string; amountCents: number; lines: Line[]; reason: string }

/**
 * Inside a payment's transaction, for a session none of whose lines is on it any more: a pay link's earlier
 * session (the lines moved to a later one). Money for it is never left unknown. Lines still pending or lapsed
 * (not taken by anyone else) move back onto it and the payment is judged as any (a lapsed hold by the
 * late-payment rule); lines paid, refunded or removed since leave the whole payment to be refunded. The lines
 * are locked before the row is written, as an opener does.
 */
export async function claimLinesOfPaySession(tx: Db, sessionId: string, now: Date): Promise<PaySessionClaim> {
  const [row] = await tx.select().from(paymentSessions).where(eq(paymentSessions.sessionId, sessionId))
  if (!row) return { kind: 'unknown' }
  const lines =
    row.orderIds.length === 0
      ? []
      : await tx
          .select()
          .from(orders)
          .where(and(inArray(orders.id, row.orderIds), eq(orders.purchaseId, row.purchaseId)))
          .orderBy(asc(orders.id))
          .for('update')
  await tx
    .update(paymentSessions)
    .set({ state: 'paid', endedAt: row.endedAt ?? now })
    .where(eq(paymentSessions.id, row.id))
  const held = lines.length === row.orderIds.length && lines.every((l) => isHeldOrLapsed(l.status))
  if (held) {
    await tx
      .update(orders)
      .set({ paymentSessionId: sessionId, paymentProvider: row.provider, updatedAt: now })
      .where(inArray(orders.id, row.orderIds))
    return { kind: 'moved' }
  }
  return {
    kind: 'taken',
    purchaseId: row.purchaseId,
    amountCents: row.amountCents,
    lines,
    reason: takenReason(lines),
  }
}

/** Why a payment for lines paid by another payment, refunded or removed is refunded (the buyer's e-mail says it). */
export function takenReason(lines: Pick<Line, 'status'>[]): string {
  return lines.some((l) => l.status === 'paid')
    ? 'these items had already been paid with another payment'
    : 'the order had been cancelled'
}

const isHeldOrLapsed = (status: string) => status === 'pending' || status === 'expired'

/** A paid session's row is done (the normal path, whose lines were on it). */
export async function markPaySessionPaid(tx: Db, sessionId: string, now: Date): Promise<void> {
  await tx
    .update(paymentSessions)
    .set({ state: 'paid', endedAt: now })
    .where(and(eq(paymentSessions.sessionId, sessionId), inArray(paymentSessions.state, ['open', 'expired'])))
}
