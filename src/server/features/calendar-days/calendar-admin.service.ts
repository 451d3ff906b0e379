import { and, asc, eq, gte, inArray, lte, type SQL } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { calendarDays } from '#server/db/schema.ts'
import { AppError } from '#server/lib/errors.ts'
import type {
  AdminCalendarDayDto,
  BulkDeleteDaysResponse,
  BulkPriceResponse,
  InitializeRangeResponse,
} from '#shared/admin-dto.ts'
import {
  type AdminCalendarDaysQuery,
  type BulkDeleteDaysInput,
  type BulkPriceInput,
  closedMailingMessage,
  heldDayMessage,
  type InitializeRangeInput,
} from '#shared/calendar-admin.ts'
import { lockSellingMonths } from '../orders/selling-months.service.ts'
import { DAY_NOT_FOUND } from './calendar-days.service.ts'
import { deleteFreeDays, lockDays, noLiveOrder, withDayRetry } from './held-days.service.ts'

const toCents = (dollars: number) => Math.round(dollars * 100)

type DayRow = typeof calendarDays.$inferSelect

function toAdminCalendarDayDto(row: DayRow): AdminCalendarDayDto {
  return {
    id: row.id,
    date: row.date,
    status: row.status,
    businessName: row.businessName,
    price: row.priceCents / 100,
  }
}

/** PostgreSQL's largest `integer`. */
const MAX_INTEGER = 2_147_483_647

const inRange = (range: { startDate: string; endDate: string }) =>
  and(gte(calendarDays.date, range.startDate), lte(calendarDays.date, range.endDate))

/** The admin table: every day matching the filters, by date. */
export async function listAdminDays(db: Db, query: AdminCalendarDaysQuery): Promise<AdminCalendarDayDto[]> {
  const filters: (SQL | undefined)[] = [
    query.startDate ? gte(calendarDays.date, query.startDate) : undefined,
    query.endDate ? lte(calendarDays.date, query.endDate) : undefined,
    query.status && query.status !== 'all' ? eq(calendarDays.status, query.status) : undefined,
    query.maxPrice !== undefined && query.maxPrice > 0
      ? // price_cents is an integer column: a larger bound (any price is below it) must not overflow the cast.
        lte(calendarDays.priceCents, Math.min(toCents(query.maxPrice), MAX_INTEGER))
      : undefined,
  ]
  const rows = await db
    .select()
    .from(calendarDays)
    .where(and(...filters))
    .orderBy(asc(calendarDays.date))
  return rows.map(toAdminCalendarDayDto)
}

/** One day (its delete button). 409 when a pending or paid order holds it; its dead orders let go of it. */
export async function deleteDay(db: Db, id: string): Promise<void> {
  await withDayRetry(() =>
    db.transaction(async (tx) => {
      const { days, held, freeIds } = await lockDays(tx, eq(calendarDays.id, id))
      if (days.length === 0) throw new AppError('not_found', DAY_NOT_FOUND)
      if (held[0]) throw new AppError('conflict', heldDayMessage(held[0], 'deleted'))
      await deleteFreeDays(tx, freeIds)
    }),
  )
}

/** Every 'YYYY-MM-DD' from start to end, both included. */
function datesBetween(startDate: string, endDate: string): string[] {
  const dates: string[] = []
  for (let t = Date.parse(`${startDate}T00:00:00Z`); t <= Date.parse(`${endDate}T00:00:00Z`); t += 86_400_000)
    dates.push(new Date(t).toISOString().slice(0, 10))
  return dates
}

/**
 * Each existing day in the range becomes available at the price with no business name;
 * each missing date is created available. One transaction: all of the range or nothing. A day a pending
 * or paid order holds is left as it is and listed in `skipped` (resetting it would let a paid day
 * be offered, and then sold, again).
 */
export async function initializeRange(
  db: Db,
  input: InitializeRangeInput,
  now: Date = new Date(),
  { dryRun = false }: { dryRun?: boolean } = {},
): Promise<InitializeRangeResponse> {
  const priceCents = toCents(input.price)
  try {
    return await withDayRetry(() =>
      db.transaction(async (tx) => {
        const { days, held, freeIds } = await lockDays(tx, inRange(input))
        const updated =
          freeIds.length === 0
            ? []
            : await tx
                .update(calendarDays)
                .set({ status: 'available', businessName: null, priceCents, updatedAt: now })
                .where(and(inArray(calendarDays.id, freeIds), noLiveOrder()))
                .returning({ id: calendarDays.id })
        const existing = new Set(days.map((row) => row.date))
        const missing = datesBetween(input.startDate, input.endDate).filter((date) => !existing.has(date))
        // A day created meanwhile by another request keeps its row (ON CONFLICT): never two rows per date.
        const created =
          missing.length === 0
            ? []
            : await tx
                .insert(calendarDays)
                .values(
                  missing.map((date) => ({ date, status: 'available', businessName: null, priceCents })),
                )
                .onConflictDoNothing({ target: calendarDays.date })
                .returning({ id: calendarDays.id })
        // Every month of the range must be a mailing on sale: days of a closed one (past its sales close,
        // closed, printed or mailed) could never be bought. A new month's mailing was just made by the
        // insert, closed when its sales close has passed; refusing rolls it back with the days.
        const months = [...new Set(datesBetween(input.startDate, input.endDate).map((d) => d.slice(0, 7)))]
        const selling = await lockSellingMonths(tx, months, now)
        const closed = months.find((month) => !selling.has(month))
        if (closed) throw new AppError('conflict', closedMailingMessage(closed))
        const result = { created: created.length, updated: updated.length, skipped: held }
        // The preview runs the very same writes and rolls them back, so its counts cannot drift from the
        // real run's: the confirmation says what will happen.
        if (dryRun) throw new DryRunResult(result)
        return result
      }),
    )
  } catch (error) {
    if (error instanceof DryRunResult) return error.result
    throw error
  }
}

/** Thrown out of a dry run's transaction to roll it back while carrying its answer out. */
class DryRunResult extends Error {
  constructor(readonly result: InitializeRangeResponse) {
    super('dry run')
  }
}

/** Bulk action 'set price' for exactly the days in view (their ids); held days keep their price. */
export async function setDaysPrice(
  db: Db,
  input: BulkPriceInput,
  now: Date = new Date(),
): Promise<BulkPriceResponse> {
  return withDayRetry(() =>
    db.transaction(async (tx) => {
      const { held, freeIds } = await lockDays(tx, inArray(calendarDays.id, input.ids))
      const rows =
        freeIds.length === 0
          ? []
          : await tx
              .update(calendarDays)
              .set({ priceCents: toCents(input.price), updatedAt: now })
              .where(and(inArray(calendarDays.id, freeIds), noLiveOrder()))
              .returning({ id: calendarDays.id })
      return { updated: rows.length, skipped: held }
    }),
  )
}

/** Bulk action 'delete all in view' for exactly the days in view (their ids); held days stay. */
export async function deleteDays(db: Db, input: BulkDeleteDaysInput): Promise<BulkDeleteDaysResponse> {
  return withDayRetry(() =>
    db.transaction(async (tx) => {
      const { held, freeIds } = await lockDays(tx, inArray(calendarDays.id, input.ids))
      return { deleted: await deleteFreeDays(tx, freeIds), skipped: held }
    }),
  )
}
