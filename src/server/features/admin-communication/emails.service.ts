import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { outbox } from '#server/db/schema.ts'
import { AppError } from '#server/lib/errors.ts'
import {
  type AdminEmailDto,
  type AdminEmailsQuery,
  type AdminEmailsResponse,
  EMAIL_NOT_FOUND_MESSAGE,
  type EmailState,
} from '#shared/admin-communication.ts'

type OutboxRow = typeof outbox.$inferSelect

const STATUS_OF_STATE: Record<EmailState, string> = { queued: 'pending', sent: 'sent', failed: 'failed' }

function stateOf(status: string): EmailState {
  return status === 'sent' ? 'sent' : status === 'failed' ? 'failed' : 'queued'
}

/** A LIKE pattern matching `text` anywhere, its own % _ and \ taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

function toDto(row: OutboxRow): AdminEmailDto {
  const state = stateOf(row.status)
  return {
    id: row.id,
    to: row.toAddress,
    subject: row.subject,
    kind: row.kind,
    state,
    lastError: row.lastError,
    attempts: row.attempts,
    nextAttemptAt: state === 'queued' ? row.nextAttemptAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    checkoutKey: row.purchaseId,
  }
}

/**
 * A page of the outbox, newest first, counted on the server (the outbox grows with every order and
 * announcement). The id breaks ties between mails queued in one transaction, so pages never overlap.
 */
export async function listAdminEmails(db: Db, query: AdminEmailsQuery): Promise<AdminEmailsResponse> {
  const conditions: (SQL | undefined)[] = [
    query.status ? eq(outbox.status, STATUS_OF_STATE[query.status]) : undefined,
    query.q
      ? or(ilike(outbox.toAddress, containsPattern(query.q)), ilike(outbox.subject, containsPattern(query.q)))
      : undefined,
  ]
  const where = and(...conditions)
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(outbox)
      .where(where)
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(outbox).where(where),
  ])
  return {
    emails: rows.map(toDto),
    total: counted?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  }
}

/** Mails not delivered yet: the SMTP banner's count. */
export async function countQueuedEmails(db: Db): Promise<number> {
  const [row] = await db.select({ total: count() }).from(outbox).where(eq(outbox.status, 'pending'))
  return row?.total ?? 0
}

/**
 * Resend: a new outbox row with the mail's recipient, subject, text, headers and checkout, queued now.
 * The original row stays as it was (the log keeps what happened); the new dedupe key names it and the
 * moment, so each press queues one more mail.
 */
export async function resendEmail(db: Db, id: string, now = new Date()): Promise<AdminEmailDto> {
  const [original] = await db.select().from(outbox).where(eq(outbox.id, id))
  if (!original) throw new AppError('not_found', EMAIL_NOT_FOUND_MESSAGE)
  const [copy] = await db
    .insert(outbox)
    .values({
      dedupeKey: `resend:${original.id}:${now.getTime()}`,
      kind: original.kind,
      toAddress: original.toAddress,
      subject: original.subject,
      textBody: original.textBody,
      headers: original.headers,
      purchaseId: original.purchaseId,
      nextAttemptAt: now,
    })
    .onConflictDoNothing({ target: outbox.dedupeKey })
    .returning()
  // Two presses in one millisecond: the second is the same resend, already queued.
  if (!copy) {
    const [existing] = await db
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `resend:${original.id}:${now.getTime()}`))
    if (!existing) throw new AppError('conflict', 'The e-mail could not be queued. Please try again.')
    return toDto(existing)
  }
  return toDto(copy)
}
