import { and, asc, eq, gt, gte, lte, type SQL, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { calendarDays, mailings } from '#server/db/schema.ts'
import { AppError } from '#server/lib/errors.ts'
import { preparedOnce } from '#server/lib/prepared-queries.ts'
import { heldDayMessage, type UpdateCalendarDayInput } from '#shared/calendar-admin.ts'
import { daysInMonth, toIsoDate } from '#shared/dates.ts'
import { type AvailableMonth, type CalendarDayDto, CLOSED_DAY_STATUS, PAST_DAY_STATUS } from '#shared/dto.ts'
import { lockDays, noLiveOrder, withDayRetry } from './held-days.service.ts'

export const DAY_NOT_FOUND = 'Day not found.'

const dayColumns = {
  id: calendarDays.id,
  date: calendarDays.date,
  status: calendarDays.status,
  businessName: calendarDays.businessName,
  priceCents: calendarDays.priceCents,
}

/**
 * A held day whose hold has lapsed (pending, its expiry passed: a checkout's or a returning advertiser's
 * offer) is free from that moment, though the sweeper writes it so a little later: the public reads show it
 * available at once (a lapsed hold is no claim; checkout releases it when it sells the day). The read cache
 * learns the moment from the catalogue version's next lapse (lib/catalogue-version.ts). One live order per
 * day, so the day's pending order is the hold its status comes from.
 */
function publicStatusSql(now: SQL): SQL<string> {
  // Qualified by hand: a one-table select names its columns bare, which the subquery would read as its own.
  return sql<string>`case when calendar_days.status = 'reserved_pending' and exists (select 1 from orders o where o.day_id = calendar_days.id and o.status = 'pending' and o.expires_at <= ${now}) then 'available' else calendar_days.status end`
}

const publicDayColumns = (now: SQL) => ({ ...dayColumns, status: publicStatusSql(now) })
type DayRow = { id: string; date: string; status: string; businessName: string | null; priceCents: number }

/**
 * Public view: the business name only for paid ('reserved') days; nothing about pending holds. A day before
 * `today` (the town's date) that is not sold is 'past': it can no longer be bought, whatever its stored
 * status says (nothing writes to a day at midnight). An unsold, unheld day whose mailing is not open for
 * sale is 'closed'.
 */
function toPublicDayDto(row: DayRow, today: string, mailingOpen: boolean): CalendarDayDto {
  const unsold = row.status !== 'reserved'
  return {
    id: row.id,
    date: row.date,
    status:
      row.date < today && unsold
        ? PAST_DAY_STATUS
        : !mailingOpen && unsold && row.status !== 'reserved_pending'
          ? CLOSED_DAY_STATUS
          : row.status,
    businessName: row.status === 'reserved' ? row.businessName : null,
    price: row.priceCents / 100,
  }
}

/** Admin view: the business name whatever the status (the admin table shows it). */
function toAdminDayDto(row: DayRow): CalendarDayDto {
  return {
    id: row.id,
    date: row.date,
    status: row.status,
    businessName: row.businessName,
    price: row.priceCents / 100,
  }
}

/**
 * Every day of the month that is in the system, by date (date between first and last);
 * `today` is the town's date (days before it are answered 'past').
 */
export async function listMonthDays(
  db: Db,
  year: number,
  month: number,
  today: string,
  mailingOpen: boolean,
  now: Date = new Date(),
): Promise<CalendarDayDto[]> {
  const rows = await preparedOnce(db, 'townflyer_month_days', (d, name) =>
    d
      .select(publicDayColumns(sql`${sql.placeholder('now')}::timestamptz`))
      .from(calendarDays)
      .where(
        and(
          gte(calendarDays.date, sql.placeholder('first')),
          lte(calendarDays.date, sql.placeholder('last')),
        ),
      )
      .orderBy(asc(calendarDays.date))
      .prepare(name),
  ).execute({
    first: toIsoDate(year, month, 1),
    last: toIsoDate(year, month, daysInMonth(year, month)),
    now: now.toISOString(),
  })
  return rows.map((row) => toPublicDayDto(row, today, mailingOpen))
}

/**
 * Months whose mailing is open for sale (stored status; see mailings.service listPublicMailings) holding at
 * least one day for sale from `today` (the town's date) on: available and priced above 0, in order.
 */
export async function listAvailableMonths(
  db: Db,
  today: string,
  now: Date = new Date(),
): Promise<AvailableMonth[]> {
  const monthKey = sql<string>`to_char(${calendarDays.date}, 'YYYY-MM')`
  const rows = await db
    .selectDistinct({ key: monthKey })
    .from(calendarDays)
    .innerJoin(mailings, and(eq(mailings.month, monthKey), eq(mailings.status, 'open')))
    .where(
      and(
        eq(publicStatusSql(sql`${now.toISOString()}::timestamptz`), 'available'),
        gte(calendarDays.date, today),
        gt(calendarDays.priceCents, 0),
      ),
    )
    .orderBy(monthKey)
  return rows.map(({ key }) => ({ year: Number(key.slice(0, 4)), month: Number(key.slice(5, 7)) }))
}

export async function getPublicDay(
  db: Db,
  id: string,
  today: string,
  now: Date = new Date(),
): Promise<CalendarDayDto> {
  const [row] = await db
    .select({ ...publicDayColumns(sql`${now.toISOString()}::timestamptz`), mailingStatus: mailings.status })
    .from(calendarDays)
    .leftJoin(mailings, eq(mailings.month, sql`to_char(${calendarDays.date}, 'YYYY-MM')`))
    .where(eq(calendarDays.id, id))
  if (!row) throw new AppError('not_found', DAY_NOT_FOUND)
  return toPublicDayDto(row, today, row.mailingStatus === 'open')
}

/**
 * Admin edit (inline price, status). A day made available loses its business name.
 * A day a pending or paid order holds answers 409, whatever the field: its status and name
 * follow its order, and a price edit is refused too, like the bulk price, so the table never shows a
 * price other than the one the order bought.
 */
export async function updateDay(db: Db, id: string, input: UpdateCalendarDayInput): Promise<CalendarDayDto> {
  const set: Partial<typeof calendarDays.$inferInsert> = { updatedAt: new Date() }
  if (input.price !== undefined) set.priceCents = Math.round(input.price * 100)
  if (input.status !== undefined) set.status = input.status
  if (input.businessName !== undefined) set.businessName = input.businessName || null
  if (input.status === 'available') set.businessName = null
  return withDayRetry(() =>
    db.transaction(async (tx) => {
      const { days, held } = await lockDays(tx, eq(calendarDays.id, id))
      if (days.length === 0) throw new AppError('not_found', DAY_NOT_FOUND)
      if (held[0]) throw new AppError('conflict', heldDayMessage(held[0], 'changed'))
      const [row] = await tx
        .update(calendarDays)
        .set(set)
        .where(and(eq(calendarDays.id, id), noLiveOrder()))
        .returning(dayColumns)
      if (!row) throw new AppError('not_found', DAY_NOT_FOUND)
      return toAdminDayDto(row)
    }),
  )
}
