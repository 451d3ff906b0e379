import { and, asc, eq, gte, lte, type SQL } from 'drizzle-orm'
import type { AdminCalendarDayDto } from '../../../shared/admin-dto.ts'
import type {
  AdminCalendarDaysQuery,
  BulkPriceInput,
  DateRangeInput,
  InitializeRangeInput,
} from '../../../shared/calendar-admin.ts'
import type { Db } from '../../db/client.ts'
import { calendarDays } from '../../db/schema.ts'
import { AppError } from '../../lib/errors.ts'
import { DAY_NOT_FOUND } from './calendar-days.service.ts'

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

const inRange = (range: DateRangeInput) =>
  and(gte(calendarDays.date, range.startDate), lte(calendarDays.date, range.endDate))

/** The admin table: every day matching the filters, by date (spec section 5 filter rules). */
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

export async function deleteDay(db: Db, id: string): Promise<void> {
  const deleted = await db
    .delete(calendarDays)
    .where(eq(calendarDays.id, id))
    .returning({ id: calendarDays.id })
  if (deleted.length === 0) throw new AppError('not_found', DAY_NOT_FOUND)
}

/** Every 'YYYY-MM-DD' from start to end, both included. */
export function datesBetween(startDate: string, endDate: string): string[] {
  const dates: string[] = []
  for (let t = Date.parse(`${startDate}T00:00:00Z`); t <= Date.parse(`${endDate}T00:00:00Z`); t += 86_400_000)
    dates.push(new Date(t).toISOString().slice(0, 10))
  return dates
}

/**
 * Spec section 4: each existing day in the range becomes available at the price with no business name;
 * each missing date is created available. One transaction: all of the range or nothing.
 */
export async function initializeRange(
  db: Db,
  input: InitializeRangeInput,
  now: Date = new Date(),
): Promise<{ created: number; updated: number }> {
  const priceCents = toCents(input.price)
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(calendarDays)
      .set({ status: 'available', businessName: null, priceCents, updatedAt: now })
      .where(inRange(input))
      .returning({ date: calendarDays.date })
    const existing = new Set(updated.map((row) => row.date))
    const missing = datesBetween(input.startDate, input.endDate).filter((date) => !existing.has(date))
    // A day created meanwhile by another request keeps its row (ON CONFLICT): never two rows per date.
    const created =
      missing.length === 0
        ? []
        : await tx
            .insert(calendarDays)
            .values(missing.map((date) => ({ date, status: 'available', businessName: null, priceCents })))
            .onConflictDoNothing({ target: calendarDays.date })
            .returning({ id: calendarDays.id })
    return { created: created.length, updated: updated.length }
  })
}

/** Bulk action 'set price' for the days in view (spec section 9: earliest to latest date in view). */
export async function setRangePrice(db: Db, input: BulkPriceInput, now: Date = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(calendarDays)
      .set({ priceCents: toCents(input.price), updatedAt: now })
      .where(inRange(input))
      .returning({ id: calendarDays.id })
    return rows.length
  })
}

/** Bulk action 'delete all in view'. Orders of a deleted day keep their row (day_id becomes null). */
export async function deleteRange(db: Db, input: DateRangeInput): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx.delete(calendarDays).where(inRange(input)).returning({ id: calendarDays.id })
    return rows.length
  })
}
