import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { outbox } from '#server/db/schema.ts'
import { eachOnItsOwn } from '../each-on-its-own.ts'
import type { Logger } from '../logger.ts'
import { startPeriodicTask } from '../periodic-task.ts'
import { assertSafeHeaders, assertSingleRecipient, isUnsendable, type Mailer } from './mailer.ts'

/**
 * The outbox (ARCHITECTURE.md "Mailer interface: outbox table always"). enqueueEmail runs inside the
 * caller's transaction, so a mail exists iff the change it reports was committed; the dedupe key makes
 * a second enqueue of the same mail a no-op.
 *
 * deliverDueEmails may run in every instance at once: it claims rows with FOR UPDATE SKIP LOCKED and
 * leases them (next_attempt_at moves LEASE_MS ahead) before sending, so two workers never send one row.
 * Only a crash between a successful send and its 'sent' mark could repeat a mail, after the lease.
 */
export type OutboxEmail = {
  dedupeKey: string
  kind: string
  to: string
  subject: string
  text: string
  /** Extra header lines (List-Unsubscribe, …), checked by assertSafeHeaders. */
  headers?: Record<string, string>
  /** The purchase the e-mail is about (orders.purchase_id): the admin's e-mail log links it to its order. */
  purchaseId?: string
}

export const LEASE_MS = 10 * 60_000
const MAX_ATTEMPTS = 8
const BASE_BACKOFF_MS = 30_000
const MAX_BACKOFF_MS = 60 * 60_000

const rowOf = (email: OutboxEmail) => {
  // An unsafe header is a bug of the caller: refused here, so the caller's transaction rolls back, rather
  // than stored to fail at delivery (which checks again, for rows written any other way).
  assertSafeHeaders(email.headers)
  return {
    dedupeKey: email.dedupeKey,
    kind: email.kind,
    toAddress: email.to,
    subject: email.subject,
    textBody: email.text,
    headers: email.headers ?? null,
    purchaseId: email.purchaseId ?? null,
  }
}

export async function enqueueEmail(tx: Db, email: OutboxEmail): Promise<void> {
  await tx.insert(outbox).values(rowOf(email)).onConflictDoNothing({ target: outbox.dedupeKey })
}

/** Rows per INSERT: well below PostgreSQL's 65,535 bind parameters (7 a row). */
const ENQUEUE_CHUNK = 1000

/**
 * enqueueEmail for many mails (an announcement to a list), in the caller's transaction. Answers how many
 * were new: a mail whose dedupe key is already in the outbox (sent or not) is not queued again.
 */
export async function enqueueEmails(tx: Db, emails: OutboxEmail[]): Promise<number> {
  let queued = 0
  for (let i = 0; i < emails.length; i += ENQUEUE_CHUNK) {
    const inserted = await tx
      .insert(outbox)
      .values(emails.slice(i, i + ENQUEUE_CHUNK).map(rowOf))
      .onConflictDoNothing({ target: outbox.dedupeKey })
      .returning({ id: outbox.id })
    queued += inserted.length
  }
  return queued
}

/** 30 s, 1 min, 2 min, … capped at an hour, after the attempt-th failure. */
export function retryDelayMs(attempt: number): number {
  return Math.min(BASE_BACKOFF_MS * 2 ** Math.max(0, attempt - 1), MAX_BACKOFF_MS)
}

type DeliveryResult = { sent: number; failed: number; noticed: number }

export async function deliverDueEmails(
  db: Db,
  options: { mailer: Mailer | undefined; from: string; logger: Logger; now?: Date; batchSize?: number },
): Promise<DeliveryResult> {
  const now = options.now ?? new Date()
  const mailer = options.mailer
  if (!mailer) return { sent: 0, failed: 0, noticed: await noticeUnsentEmails(db, options.logger, now) }

  const batch = options.batchSize ?? 20
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, now)))
      .orderBy(asc(outbox.nextAttemptAt))
      .limit(batch)
      .for('update', { skipLocked: true })
    if (due.length === 0) return []
    return tx
      .update(outbox)
      .set({ attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
      .where(
        inArray(
          outbox.id,
          due.map((d) => d.id),
        ),
      )
      .returning()
  })

  const result: DeliveryResult = { sent: 0, failed: 0, noticed: 0 }
  // Each row on its own: should even recording a failure fail, the row is logged and, its lease over, tried
  // again; the rest of the batch is sent.
  await eachOnItsOwn(
    claimed,
    {
      label: 'e-mail delivery',
      logger: options.logger,
      about: (row) => ({ outboxId: row.id, kind: row.kind }),
    },
    async (row) => {
      try {
        // Checked here too, whatever the Mailer: such a row can never be sent, so it fails at once.
        assertSingleRecipient(row.toAddress)
        assertSafeHeaders(row.headers)
        await mailer.send({
          from: options.from,
          to: row.toAddress,
          subject: row.subject,
          text: row.textBody,
          ...(row.headers ? { headers: row.headers } : {}),
        })
        await db
          .update(outbox)
          .set({ status: 'sent', sentAt: new Date(), lastError: null })
          .where(eq(outbox.id, row.id))
        result.sent++
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        const givingUp = row.attempts >= MAX_ATTEMPTS || isUnsendable(error)
        await db
          .update(outbox)
          .set({
            status: givingUp ? 'failed' : 'pending',
            lastError: message.slice(0, 1000),
            nextAttemptAt: new Date(now.getTime() + retryDelayMs(row.attempts)),
          })
          .where(eq(outbox.id, row.id))
        result.failed++
        options.logger.warn(
          { outboxId: row.id, kind: row.kind, attempt: row.attempts, givingUp, err: message },
          givingUp ? 'e-mail delivery failed for good' : 'e-mail delivery failed; will retry',
        )
      }
    },
  )
  return result
}

/** Without SMTP_URL the mails stay in the outbox; each is logged once so an operator sees what waits. */
async function noticeUnsentEmails(db: Db, logger: Logger, now: Date): Promise<number> {
  const rows = await db
    .update(outbox)
    .set({ noticedAt: now })
    .where(and(eq(outbox.status, 'pending'), isNull(outbox.noticedAt)))
    .returning({ id: outbox.id, kind: outbox.kind, to: outbox.toAddress, subject: outbox.subject })
  for (const row of rows)
    logger.info(
      { outboxId: row.id, kind: row.kind, to: row.to, subject: row.subject },
      'e-mail kept in the outbox (SMTP_URL is not set)',
    )
  return rows.length
}

/**
 * Every `intervalMs` (the server's OUTBOX_INTERVAL_MS, 2 s by default) in each instance, so a sign-in link or a receipt
 * leaves seconds after it is queued; a round with nothing due is one indexed query. Unref'd: it never keeps
 * the process alive; stop() on shutdown.
 */
export function startOutboxWorker(
  db: Db,
  options: { mailer: Mailer | undefined; from: string; logger: Logger; intervalMs: number },
): { stop: () => void } {
  return startPeriodicTask(
    {
      name: 'outbox delivery',
      intervalMs: options.intervalMs,
      logger: options.logger,
      runAtStart: true,
    },
    async () => {
      await deliverDueEmails(db, options)
    },
  )
}
