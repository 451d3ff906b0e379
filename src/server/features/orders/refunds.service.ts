import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { orders, refunds } from '#server/db/schema.ts'
import type { ServerConfig } from '#server/env.ts'
import { eachOnItsOwn } from '#server/lib/each-on-its-own.ts'
import type { Logger } from '#server/lib/logger.ts'
import { enqueueEmail, retryDelayMs } from '#server/lib/mailer/outbox.ts'
import {
  type PaymentProvider,
  type ProviderRefundEvent,
  RefundRefusedError,
} from '#server/lib/payments/payment-provider.ts'
import { startPeriodicTask } from '#server/lib/periodic-task.ts'
import { setOrderActor } from './order-actor.ts'
import type { EmailOrderItem } from './order-email-lines.ts'
import { applyOrderStatusChange } from './order-status.service.ts'
import { adminRefundFailedNotice, adminRefundRetryingAlert, buyerRefundEmail } from './refund-emails.ts'

/**
 * Every refund, whoever owes it, is one `refunds` record carried out by one worker:
 *
 *   - kind 'admin': an administrator refunds paid lines of a purchase (features/refunds checks and records
 *     it, then makes the first attempt at once, in the request);
 *   - kind 'late_payment': a payment arrived for a hold that had lapsed and could not be honoured (the
 *     checkout records it in the transaction that decided it, and makes the first attempt after the commit).
 *
 * The record is committed before any money moves, so a crash afterwards leaves a record, never an unrecorded
 * refund. An attempt first claims the record (attempts + 1, leased_until a lease ahead) in a transaction of
 * its own, so two instances never call the provider for one refund at once; only a process killed between
 * the provider's answer and our mark repeats the call (after the lease), and the record's idempotency key
 * makes the provider replay the first refund instead of making a second. A failed attempt is retried with
 * back-off (next_attempt_at); after REFUND_ALERT_AFTER_ATTEMPTS failures the administrator is e-mailed once
 * and the retries go on. A refusal (the provider answered no) marks the record failed and tells the
 * administrator. The provider's confirmation, now or later by a refund event, completes the record once: its
 * lines still paid become refunded (days and icon units freed) and the buyer is e-mailed if asked.
 */
export type RefundContext = {
  db: Db
  payments: PaymentProvider
  config: Pick<ServerConfig, 'site' | 'mail'>
  logger: Logger
  now: () => Date
}

export type RefundRow = typeof refunds.$inferSelect

/** How long an attempt holds its claim on a record: a worker killed mid-call is replaced after it. */
export const REFUND_LEASE_MS = 5 * 60_000
/** After this many failed attempts the administrator gets one e-mail; the retries go on. */
export const REFUND_ALERT_AFTER_ATTEMPTS = 5
export const REFUND_WORKER_INTERVAL_MS = 30_000

/** Lines paid outside the site (a manual order, or marked paid by hand): the money goes back the same way. */
export const MANUAL_PROVIDER = 'manual'

export type RefundOptions = { leaseMs?: number }

export function latePaymentRefundKey(sessionId: string): string {
  return `late-payment:${sessionId}`
}

/**
 * Inside the transaction that decided a late payment cannot be honoured: the refund is owed from its commit.
 * The whole payment goes back; amount_cents records what its lines were charged. A second decision for the
 * same session is a no-op (the idempotency key is unique). The buyer's and administrator's e-mails are sent
 * by that decision, so the completion sends none.
 */
export async function recordLatePaymentRefund(
  tx: Db,
  refund: {
    provider: string
    paymentRef: string
    sessionId: string
    purchaseId: string | null
    orderIds: string[]
    amountCents: number
    reason: string
  },
  now: Date,
): Promise<void> {
  await tx
    .insert(refunds)
    .values({
      kind: 'late_payment',
      purchaseId: refund.purchaseId,
      orderIds: refund.orderIds,
      amountCents: refund.amountCents,
      reason: refund.reason,
      emailBuyer: false,
      provider: refund.provider,
      paymentRef: refund.paymentRef,
      idempotencyKey: latePaymentRefundKey(refund.sessionId),
      requestedBy: 'system',
      nextAttemptAt: now,
      createdAt: now,
    })
    .onConflictDoNothing({ target: refunds.idempotencyKey })
}

/** Records the provider still has to be asked about: owed, never answered, not claimed by a live attempt. */
function claimable(now: Date) {
  return and(
    eq(refunds.status, 'requested'),
    isNull(refunds.providerRefundId),
    or(isNull(refunds.leasedUntil), lte(refunds.leasedUntil, now)),
  )
}

function lease(now: Date, options: RefundOptions) {
  return {
    attempts: sql`${refunds.attempts} + 1`,
    leasedUntil: new Date(now.getTime() + (options.leaseMs ?? REFUND_LEASE_MS)),
  }
}

/**
 * Claims one record for an attempt made now (an administrator's request, its repetition), whatever its
 * back-off says; null when it is not the provider's to answer any more or a live attempt holds it.
 */
export async function claimRefund(
  ctx: RefundContext,
  id: string,
  options: RefundOptions = {},
): Promise<RefundRow | null> {
  const now = ctx.now()
  const [row] = await ctx.db
    .update(refunds)
    .set(lease(now, options))
    .where(and(eq(refunds.id, id), claimable(now)))
    .returning()
  return row ?? null
}

export type AttemptOutcome =
  | { outcome: 'succeeded' }
  /** The provider accepted it and confirms later (a refund event completes it). */
  | { outcome: 'accepted' }
  | { outcome: 'refused'; message: string }
  /** No answer (a timeout, an outage): unknown whether money moved; retried with the same key. */
  | { outcome: 'unanswered'; message: string }

/** One call to the provider for a claimed record, and what it answered, recorded. */
export async function attemptRefund(ctx: RefundContext, refund: RefundRow): Promise<AttemptOutcome> {
  let result: Awaited<ReturnType<PaymentProvider['refund']>>
  try {
    if (refund.provider !== ctx.payments.name)
      throw new Error(`the ${refund.provider} payment provider is not configured on this server`)
    if (!refund.paymentRef) throw new Error('the provider reported no payment reference to refund')
    result = await ctx.payments.refund(refund.paymentRef, refund.idempotencyKey, {
      // A late payment goes back in full, whatever it was; an administrator's refund is its lines' total.
      amountCents: refund.kind === 'admin' ? refund.amountCents : undefined,
      metadata: {
        refundId: refund.id,
        purchaseId: refund.purchaseId ?? '',
        orderIds: refund.orderIds.join(','),
      },
    })
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000)
    if (error instanceof RefundRefusedError) {
      ctx.logger.warn(
        { refundId: refund.id, kind: refund.kind, err: message },
        'refund refused by the provider',
      )
      await ctx.db.transaction(async (tx) => {
        const [locked] = await tx.select().from(refunds).where(eq(refunds.id, refund.id)).for('update')
        if (locked) await failLockedRefund(tx, ctx, locked, message)
      })
      return { outcome: 'refused', message }
    }
    await recordUnanswered(ctx, refund, error, message)
    return { outcome: 'unanswered', message }
  }

  if (result.status === 'succeeded') {
    await ctx.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(refunds).where(eq(refunds.id, refund.id)).for('update')
      if (locked) await completeLockedRefund(tx, ctx, locked, result.id)
    })
    ctx.logger.info({ refundId: refund.id, kind: refund.kind, attempt: refund.attempts }, 'refund made')
    return { outcome: 'succeeded' }
  }
  await ctx.db
    .update(refunds)
    .set({ providerRefundId: result.id, leasedUntil: null, lastError: null })
    .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'requested')))
  return { outcome: 'accepted' }
}

/** A failed attempt: retried after a back-off; the administrator is alerted once after a few. */
async function recordUnanswered(ctx: RefundContext, refund: RefundRow, error: unknown, message: string) {
  const now = ctx.now()
  const alert = refund.attempts >= REFUND_ALERT_AFTER_ATTEMPTS
  ctx.logger.error(
    { err: error, refundId: refund.id, kind: refund.kind, attempt: refund.attempts, alert },
    'refund attempt failed; it will be retried',
  )
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(refunds)
      .set({
        lastError: message,
        leasedUntil: null,
        nextAttemptAt: new Date(now.getTime() + retryDelayMs(refund.attempts)),
      })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'requested')))
    if (!alert) return
    // One alert per record, whichever worker sees the failure (alerted_at is set once).
    const marked = await tx
      .update(refunds)
      .set({ alertedAt: now })
      .where(and(eq(refunds.id, refund.id), isNull(refunds.alertedAt)))
      .returning({ id: refunds.id })
    if (marked.length === 0) return
    await enqueueEmail(
      tx,
      adminRefundRetryingAlert(refund, ctx.config.site, ctx.config.mail.adminNotifyEmail, message),
    )
  })
}

type RefundRunResult = { done: number; failed: number }

/**
 * One round of the worker: claims the due records (or only the one named by `idempotencyKey`, for the
 * attempt made right after a late payment's decision) with FOR UPDATE SKIP LOCKED, leases them in the same
 * transaction, then asks the provider about each. done counts the ones the provider made or accepted.
 */
export async function runDueRefunds(
  ctx: RefundContext,
  options: RefundOptions & {
    batchSize?: number
    idempotencyKey?: string
    /** One record's attempt (attemptRefund): injectable for tests. */
    attemptOne?: typeof attemptRefund
  } = {},
): Promise<RefundRunResult> {
  const now = ctx.now()
  const claimed = await ctx.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: refunds.id })
      .from(refunds)
      .where(
        and(
          claimable(now),
          lte(refunds.nextAttemptAt, now),
          options.idempotencyKey ? eq(refunds.idempotencyKey, options.idempotencyKey) : undefined,
        ),
      )
      .orderBy(asc(refunds.nextAttemptAt), asc(refunds.id))
      .limit(options.batchSize ?? 20)
      .for('update', { skipLocked: true })
    if (due.length === 0) return []
    return tx
      .update(refunds)
      .set(lease(now, options))
      .where(
        inArray(
          refunds.id,
          due.map((d) => d.id),
        ),
      )
      .returning()
  })

  // Each record on its own: one whose attempt throws is logged with its id and counted failed (its lease
  // over, it is tried again); the others are asked.
  const result: RefundRunResult = { done: 0, failed: 0 }
  const attempted = await eachOnItsOwn(
    claimed,
    {
      label: 'refund attempt',
      logger: ctx.logger,
      about: (refund) => ({ refundId: refund.id, kind: refund.kind }),
    },
    (refund) => (options.attemptOne ?? attemptRefund)(ctx, refund),
  )
  for (const { outcome } of attempted) {
    if (outcome === 'succeeded' || outcome === 'accepted') result.done++
    else result.failed++
  }
  result.failed += claimed.length - attempted.length
  return result
}

/** Every `intervalMs` in each instance (unref'd: it never keeps the process alive); stop() on shutdown. */
export function startRefundWorker(
  ctx: RefundContext,
  options: RefundOptions & { intervalMs?: number } = {},
): { stop: () => void } {
  return startPeriodicTask(
    {
      name: 'refund',
      intervalMs: options.intervalMs ?? REFUND_WORKER_INTERVAL_MS,
      logger: ctx.logger,
      runAtStart: true,
    },
    async () => {
      await runDueRefunds(ctx, options)
    },
  )
}

async function lockOrders(tx: Db, ids: string[]) {
  return ids.length === 0
    ? []
    : tx.select().from(orders).where(inArray(orders.id, ids)).orderBy(asc(orders.id)).for('update')
}

export function toEmailItem(order: typeof orders.$inferSelect): EmailOrderItem {
  const meta = order.metadata ?? {}
  return {
    id: order.id,
    date: order.itemDate,
    iconName: order.itemName,
    description: typeof meta.description === 'string' ? meta.description : null,
    units: typeof meta.units === 'number' ? meta.units : null,
    amountCents: order.amountCents,
  }
}

/**
 * The money is on its way back (the provider confirmed, or there is none): the record becomes succeeded, its
 * lines that are still paid become refunded and the buyer is e-mailed if asked. Applied once: a record that
 * is no longer requested is left alone, so a repeated confirmation changes nothing. The caller holds the
 * record's row lock.
 */
export async function completeLockedRefund(
  tx: Db,
  ctx: RefundContext,
  refund: RefundRow,
  providerRefundId: string | null,
): Promise<boolean> {
  if (refund.status !== 'requested') return false
  const now = ctx.now()
  // The history names whoever asked for the refund, also when a webhook or the worker confirms it.
  await setOrderActor(tx, refund.requestedBy)
  const lines = await lockOrders(tx, refund.orderIds)
  for (const line of lines)
    if (line.status === 'paid') await applyOrderStatusChange(tx, line, 'refunded', now)
  await tx
    .update(refunds)
    .set({
      status: 'succeeded',
      completedAt: now,
      lastError: null,
      leasedUntil: null,
      providerRefundId: providerRefundId ?? refund.providerRefundId,
    })
    .where(eq(refunds.id, refund.id))
  const [first] = lines
  if (refund.emailBuyer && first && refund.purchaseId)
    await enqueueEmail(
      tx,
      buyerRefundEmail(
        {
          refundId: refund.id,
          purchaseId: refund.purchaseId,
          businessName: first.businessName,
          email: first.email,
          provider: refund.provider,
          amountCents: refund.amountCents,
          reason: refund.reason,
          items: lines.map(toEmailItem),
        },
        ctx.config.site,
      ),
    )
  return true
}

/** The provider refused: no money moved, the record is failed and the administrator is told once. */
export async function failLockedRefund(
  tx: Db,
  ctx: RefundContext,
  refund: RefundRow,
  error: string,
): Promise<boolean> {
  if (refund.status !== 'requested') return false
  await tx
    .update(refunds)
    .set({ status: 'failed', lastError: error.slice(0, 1000), leasedUntil: null, completedAt: ctx.now() })
    .where(eq(refunds.id, refund.id))
  const [first] = await tx
    .select({ businessName: orders.businessName })
    .from(orders)
    .where(inArray(orders.id, refund.orderIds.length > 0 ? refund.orderIds : ['']))
    .limit(1)
  await enqueueEmail(
    tx,
    adminRefundFailedNotice(
      {
        refundId: refund.id,
        kind: refund.kind,
        purchaseId: refund.purchaseId,
        businessName: first?.businessName ?? refund.purchaseId ?? refund.idempotencyKey,
        amountCents: refund.amountCents,
        orderIds: refund.orderIds,
        paymentRef: refund.paymentRef,
        error,
      },
      ctx.config.site,
      ctx.config.mail.adminNotifyEmail,
    ),
  )
  return true
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * A Stripe refund event (refund.created, refund.updated, refund.failed, charge.refund.updated), inside the
 * webhook's transaction (which records the event id, so each event is applied once). Matched by the refund
 * id stored in its metadata (the event may arrive before the create call's answer is stored), else by the
 * provider's refund id. A refund made in Stripe's dashboard matches no record: charge.refunded handles a
 * full one.
 */
export async function applyProviderRefundEvent(
  tx: Db,
  ctx: RefundContext,
  object: ProviderRefundEvent,
): Promise<string> {
  const ourId = object.metadata?.refundId
  const [refund] = await tx
    .select()
    .from(refunds)
    .where(ourId && UUID.test(ourId) ? eq(refunds.id, ourId) : eq(refunds.providerRefundId, object.id))
    .for('update')
  if (!refund) return 'refund_unknown'
  if (refund.providerRefundId === null)
    await tx.update(refunds).set({ providerRefundId: object.id }).where(eq(refunds.id, refund.id))
  if (object.status === 'succeeded')
    return (await completeLockedRefund(tx, ctx, refund, object.id))
      ? 'refund_succeeded'
      : 'refund_already_applied'
  if (object.status === 'failed' || object.status === 'canceled') {
    const reason = `Stripe refund ${object.id} ${object.status}: ${object.failure_reason ?? 'no reason given'}`
    return (await failLockedRefund(tx, ctx, refund, reason)) ? 'refund_failed' : 'refund_already_applied'
  }
  return 'refund_pending'
}

/**
 * The paid lines of a payment that a requested refund is waiting for: a charge.refunded event must not mark
 * them refunded before that refund is confirmed (it may still fail).
 */
export async function ordersAwaitingRefund(tx: Db, paymentRef: string): Promise<string[]> {
  const rows = await tx
    .select({ orderIds: refunds.orderIds })
    .from(refunds)
    .where(and(eq(refunds.paymentRef, paymentRef), eq(refunds.status, 'requested')))
  return rows.flatMap((r) => r.orderIds)
}

/**
 * The admin lists' mark on a line whose payment came too late to be honoured: 'pending' while its refund is
 * owed (not yet confirmed, or refused and left to the administrator), 'done' once made, else null.
 */
export const latePaymentRefundState = sql<string | null>`(select case
  when bool_or(${refunds.status} <> 'succeeded') then 'pending'
  when bool_or(${refunds.status} = 'succeeded') then 'done' end
  from ${refunds}
  where ${refunds.kind} = 'late_payment' and ${refunds.purchaseId} = ${orders.purchaseId}
    and ${refunds.orderIds} @> jsonb_build_array(${orders.id}))`
