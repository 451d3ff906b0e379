import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { refundJobs } from '#server/db/schema.ts'
import { enqueueEmail, retryDelayMs } from '#server/lib/mailer/outbox.ts'
import { startPeriodicTask } from '#server/lib/periodic-task.ts'
import type { CheckoutContext } from './checkout-context.ts'
import { adminRefundFailedEmail } from './order-emails.ts'

/**
 * Refunds the server owes a buyer (a late payment it could not honour), made durable like the e-mail
 * outbox: recordRefundJob writes the job in the same transaction as the decision, so a crash right after
 * the commit cannot lose it, and runDueRefunds carries it out, retrying with backoff until the provider
 * accepts it.
 *
 * Safe in every instance at once: due rows are claimed with FOR UPDATE SKIP LOCKED and leased (attempts
 * + 1, next_attempt_at moved REFUND_LEASE_MS ahead) before the provider is called, so two workers never
 * call it for one job. Only a crash between the provider's answer and the 'done' mark repeats the call
 * (after the lease), and the job's idempotency key makes the provider replay the first refund instead.
 */
export const REFUND_LEASE_MS = 5 * 60_000
/** After this many failed attempts the administrator gets one e-mail; the retries go on. */
export const REFUND_ALERT_AFTER_ATTEMPTS = 5
const REFUND_WORKER_INTERVAL_MS = 30_000

type RefundContext = Pick<CheckoutContext, 'db' | 'payments' | 'config' | 'logger' | 'now'>

export function latePaymentRefundKey(sessionId: string): string {
  return `late-payment:${sessionId}`
}

/** Inside the deciding transaction. A second decision for the same session is a no-op (unique key). */
export async function recordLatePaymentRefund(
  tx: Db,
  job: { provider: string; paymentRef: string; sessionId: string; purchaseId?: string; reason: string },
  now: Date,
): Promise<void> {
  await tx
    .insert(refundJobs)
    .values({
      idempotencyKey: latePaymentRefundKey(job.sessionId),
      provider: job.provider,
      paymentRef: job.paymentRef,
      sessionId: job.sessionId,
      purchaseId: job.purchaseId ?? null,
      reason: job.reason,
      nextAttemptAt: now,
    })
    .onConflictDoNothing({ target: refundJobs.idempotencyKey })
}

type RefundRunResult = { done: number; failed: number }

/**
 * One round: claims the due jobs (or only the one named by `idempotencyKey`, for the attempt made right
 * after a decision) and asks the provider to refund each.
 */
export async function runDueRefunds(
  ctx: RefundContext,
  options: { batchSize?: number; idempotencyKey?: string } = {},
): Promise<RefundRunResult> {
  const now = ctx.now()
  const claimed = await ctx.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: refundJobs.id })
      .from(refundJobs)
      .where(
        and(
          eq(refundJobs.status, 'pending'),
          lte(refundJobs.nextAttemptAt, now),
          options.idempotencyKey ? eq(refundJobs.idempotencyKey, options.idempotencyKey) : undefined,
        ),
      )
      .orderBy(asc(refundJobs.nextAttemptAt))
      .limit(options.batchSize ?? 20)
      .for('update', { skipLocked: true })
    if (due.length === 0) return []
    return tx
      .update(refundJobs)
      .set({
        attempts: sql`${refundJobs.attempts} + 1`,
        nextAttemptAt: new Date(now.getTime() + REFUND_LEASE_MS),
      })
      .where(
        inArray(
          refundJobs.id,
          due.map((d) => d.id),
        ),
      )
      .returning()
  })

  const result: RefundRunResult = { done: 0, failed: 0 }
  for (const job of claimed) {
    try {
      if (job.provider !== ctx.payments.name)
        throw new Error(`the ${job.provider} payment provider is not configured on this server`)
      if (!job.paymentRef) throw new Error('the provider reported no payment reference to refund')
      await ctx.payments.refund(job.paymentRef, job.idempotencyKey)
      await ctx.db
        .update(refundJobs)
        .set({ status: 'done', doneAt: ctx.now(), lastError: null })
        .where(and(eq(refundJobs.id, job.id), eq(refundJobs.status, 'pending')))
      result.done++
      ctx.logger.warn(
        { sessionId: job.sessionId, paymentRef: job.paymentRef, attempt: job.attempts },
        'late payment refunded: its hold had lapsed and an item was taken',
      )
    } catch (error) {
      result.failed++
      await recordFailure(ctx, job, error, now)
    }
  }
  return result
}

async function recordFailure(
  ctx: RefundContext,
  job: typeof refundJobs.$inferSelect,
  error: unknown,
  now: Date,
): Promise<void> {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000)
  const alert = job.attempts >= REFUND_ALERT_AFTER_ATTEMPTS
  ctx.logger.error(
    { err: error, sessionId: job.sessionId, attempt: job.attempts, alert },
    'refund of a late payment failed; it will be retried',
  )
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(refundJobs)
      .set({ lastError: message, nextAttemptAt: new Date(now.getTime() + retryDelayMs(job.attempts)) })
      .where(and(eq(refundJobs.id, job.id), eq(refundJobs.status, 'pending')))
    if (!alert) return
    // One alert per job, whichever worker sees the fifth failure (alerted_at is set once).
    const marked = await tx
      .update(refundJobs)
      .set({ alertedAt: now })
      .where(and(eq(refundJobs.id, job.id), isNull(refundJobs.alertedAt)))
      .returning({ id: refundJobs.id })
    if (marked.length === 0) return
    await enqueueEmail(
      tx,
      adminRefundFailedEmail(
        job.sessionId ?? job.idempotencyKey,
        job.paymentRef,
        ctx.config.site,
        ctx.config.mail.adminNotifyEmail,
        message,
        job.attempts,
      ),
    )
  })
}

/** Every 30 s in each instance (unref'd: it never keeps the process alive); stop() on shutdown. */
export function startRefundWorker(
  ctx: RefundContext,
  intervalMs = REFUND_WORKER_INTERVAL_MS,
): { stop: () => void } {
  return startPeriodicTask({ name: 'refund', intervalMs, logger: ctx.logger, runAtStart: true }, async () => {
    await runDueRefunds(ctx)
  })
}
