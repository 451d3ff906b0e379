import { and, asc, desc, eq, gt, gte, inArray, lte } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { mailings } from '#server/db/schema.ts'
import { deadlineText } from '#server/lib/deadline-text.ts'
import { toZonedLocal } from '#server/lib/zoned-time.ts'
import type { MailingStatus, MonthKey, PublicMailingDto, PublicMailingsResponse } from '#shared/mailings.ts'

// Which months' mailings take orders, what buyers are told about them, and sales closing at their deadline.
// Every path that sells (checkout, manual orders, a late payment) or shows what is for sale (the calendar,
// the mailings list) reads them here; the mailings feature owns the rest of a mailing's life (its dates,
// the owner's close, printed and mailed, icon stock).

type MailingRow = typeof mailings.$inferSelect

export function toPublicMailingDto(
  row: MailingRow,
  timeZone: string,
  status?: MailingStatus,
): PublicMailingDto {
  return {
    month: row.month,
    status: status ?? (row.status as MailingStatus),
    salesCloseAt: row.salesCloseAt.toISOString(),
    salesCloseLocal: toZonedLocal(row.salesCloseAt, timeZone),
    salesCloseText: deadlineText(row.salesCloseAt, timeZone),
    artworkDueAt: row.artworkDueAt.toISOString(),
    artworkDueLocal: toZonedLocal(row.artworkDueAt, timeZone),
    artworkDueText: deadlineText(row.artworkDueAt, timeZone),
    inHomesDate: row.inHomesDate,
  }
}

/**
 * Public: the mailings open for sale and the most recent one whose sales have closed, with its status. Read from the stored
 * status only (the deadline task writes 'closed' when a sales close passes), so the answer changes with a
 * write and the public read cache stays correct; checkout checks the time itself.
 */
export async function listPublicMailings(db: Db, timeZone: string): Promise<PublicMailingsResponse> {
  const open = await db
    .select()
    .from(mailings)
    .where(eq(mailings.status, 'open'))
    .orderBy(asc(mailings.month))
  const [concluded] = await db
    .select({ month: mailings.month, status: mailings.status })
    .from(mailings)
    .where(inArray(mailings.status, ['closed', 'printed', 'mailed']))
    .orderBy(desc(mailings.month))
    .limit(1)
  return {
    open: open.map((row) => toPublicMailingDto(row, timeZone)),
    concluded: concluded?.month ?? null,
    concludedStatus: (concluded?.status as MailingStatus | undefined) ?? null,
  }
}

/**
 * Public: the months from `fromMonth` on whose mailing's sales have closed but which are not mailed yet
 * (closed or printed), in order. Buyers may still look at their days; nothing in them is for sale.
 */
export async function listClosedUnmailedMonths(db: Db, fromMonth: MonthKey): Promise<MonthKey[]> {
  const rows = await db
    .select({ month: mailings.month })
    .from(mailings)
    .where(and(inArray(mailings.status, ['closed', 'printed']), gte(mailings.month, fromMonth)))
    .orderBy(asc(mailings.month))
  return rows.map((r) => r.month)
}

export async function getPublicMailing(
  db: Db,
  month: MonthKey,
  timeZone: string,
): Promise<PublicMailingDto | null> {
  const [row] = await db.select().from(mailings).where(eq(mailings.month, month))
  return row ? toPublicMailingDto(row, timeZone) : null
}

/** The earliest mailing open for sale at `now`, or null. */
export async function firstSellingMonth(tx: Db, now: Date): Promise<MonthKey | null> {
  const [row] = await tx
    .select({ month: mailings.month })
    .from(mailings)
    .where(and(eq(mailings.status, 'open'), gt(mailings.salesCloseAt, now)))
    .orderBy(asc(mailings.month))
    .limit(1)
  return row?.month ?? null
}

/**
 * Of `months`, those open for sale at `now`, each locked FOR SHARE until the transaction ends: an
 * administrator's close, printed or mailed (FOR UPDATE) waits for a checkout that is selling in it, or the
 * checkout waits and then finds it no longer open.
 */
export async function lockSellingMonths(tx: Db, months: MonthKey[], now: Date): Promise<Set<MonthKey>> {
  const unique = [...new Set(months)]
  if (unique.length === 0) return new Set()
  const rows = await tx
    .select({ month: mailings.month })
    .from(mailings)
    .where(and(inArray(mailings.month, unique), eq(mailings.status, 'open'), gt(mailings.salesCloseAt, now)))
    .orderBy(asc(mailings.month))
    .for('share')
  return new Set(rows.map((r) => r.month))
}

/** The deadline task: open mailings whose sales close has passed become closed. Safe in every instance. */
export async function closeMailingsPastDeadline(db: Db, now: Date = new Date()): Promise<MonthKey[]> {
  const rows = await db
    .update(mailings)
    .set({ status: 'closed', updatedAt: now })
    .where(and(eq(mailings.status, 'open'), lte(mailings.salesCloseAt, now)))
    .returning({ month: mailings.month })
  return rows.map((r) => r.month)
}
