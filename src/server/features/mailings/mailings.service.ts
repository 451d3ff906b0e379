import { and, asc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { rowsOf } from '#server/db/rows.ts'
import { mailingIconStock, mailings, mapIcons, orders, siteSettings } from '#server/db/schema.ts'
import { readSetting, writeSetting } from '#server/db/site-settings.ts'
import { AppError } from '#server/lib/errors.ts'
import { fromZonedLocal } from '#server/lib/zoned-time.ts'
import { addMonths, todayInTimeZone } from '#shared/dates.ts'
import {
  type AdminMapIconDto,
  type CreateMapIconInput,
  canApplyMailingAction,
  DEFAULT_MAILING_DEFAULTS,
  MAILING_NOT_FOUND,
  type MailingActionInput,
  type MailingActionResponse,
  type MailingChartPoint,
  type MailingDatesResponse,
  type MailingDefaults,
  type MailingIconStockDto,
  type MailingIconStockResponse,
  type MailingOverviewResponse,
  type MailingOverviewRow,
  type MailingStatus,
  MONTH_KEY_PATTERN,
  type MonthKey,
  mailingDefaultsSchema,
  mailingMonthLabel,
  parseMonthKey,
  toMonthKey,
  type UpdateMailingDatesInput,
  type UpdateMapIconInput,
} from '#shared/mailings.ts'
import {
  type PrintNotReadyBody,
  type PrintReadinessResponse,
  printNotReadyMessage,
  unreadyLineIds,
} from '#shared/print-readiness.ts'
import { applyOrderStatusChange, countIconClaims } from '../orders/order-status.service.ts'
import { unreadyLines } from '../orders/print-readiness.service.ts'
import { firstSellingMonth, toPublicMailingDto } from '../orders/selling-months.service.ts'
import { type MailingNoticeContext, queueDateChangeNotices, queueOnItsWayNotices } from './mailing-notices.ts'

type MailingRow = typeof mailings.$inferSelect

const TIMEZONE_KEY = 'site_timezone'
const DEFAULTS_KEY = 'mailing_defaults'

/**
 * The database creates a month's mailing itself (ensure_mailing, migration 0005) and needs the town's time
 * zone for its default dates: written when SITE_TIMEZONE differs from what is stored (one read per start).
 */
export async function syncMailingTimeZone(db: Db, timeZone: string): Promise<void> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, TIMEZONE_KEY))
  if (row?.value === timeZone) return
  await db
    .insert(siteSettings)
    .values({ key: TIMEZONE_KEY, value: timeZone })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value: timeZone, updatedAt: new Date() } })
}

function isMonthKey(value: string): boolean {
  return MONTH_KEY_PATTERN.test(value)
}

/** The status a person should see: an open mailing past its sales close is closed. */
function effectiveStatus(row: Pick<MailingRow, 'status' | 'salesCloseAt'>, now: Date): MailingStatus {
  if (row.status === 'open' && row.salesCloseAt.getTime() <= now.getTime()) return 'closed'
  return row.status as MailingStatus
}

// ---------------------------------------------------------------- the owner's overview

type OverviewSqlRow = {
  month: string
  sold: number
  held: number
  free: number
  total_days: number
  regular: number
  premium: number
  revenue_cents: number
}

function monthsFrom(start: MonthKey, count: number): MonthKey[] {
  const { year, month } = parseMonthKey(start)
  return Array.from({ length: count }, (_, i) => {
    const m = addMonths(year, month, i)
    return toMonthKey(m.year, m.month)
  })
}

function daysInMonthKey(key: MonthKey): number {
  const { year, month } = parseMonthKey(key)
  return new Date(Date.UTC(year, month, 0)).getUTCDate()
}

/**
 * Per month of [first, last]: days sold (paid), held (a live checkout or admin hold), free (in the system,
 * no live order) and set up; paid icons per size and paid revenue of the mailing's orders. Grouped scans
 * bounded by the months asked for (indexes calendar_days(date) and orders(mailing_month, status): a day
 * order's mailing is its date's month).
 */
async function monthFigures(db: Db, first: MonthKey, last: MonthKey, now: Date) {
  const firstDate = `${first}-01`
  const lastDate = `${last}-${String(daysInMonthKey(last)).padStart(2, '0')}`
  const nowIso = now.toISOString()
  const result = await db.execute<OverviewSqlRow>(sql`
    with live as (
      select o.day_id, bool_or(o.status = 'paid') as paid
      from orders o
      where o.mailing_month between ${first} and ${last} and o.status in ('paid', 'pending')
        and o.day_id is not null
        and (o.status = 'paid' or o.expires_at is null or o.expires_at > ${nowIso}::timestamptz)
      group by o.day_id
    ), days as (
      select to_char(d.date, 'YYYY-MM') as month,
        count(*) filter (where l.paid or (l.day_id is null and d.status = 'reserved'))::int as sold,
        count(*) filter (where l.day_id is not null and not l.paid)::int as held,
        count(*) filter (where l.day_id is null and d.status <> 'reserved')::int as free,
        count(*)::int as total_days
      from calendar_days d left join live l on l.day_id = d.id
      where d.date between ${firstDate}::date and ${lastDate}::date
      group by 1
    ), sales as (
      select o.mailing_month as month,
        count(*) filter (where o.map_icon_id is not null and o.item_size = 'small')::int as regular,
        count(*) filter (where o.map_icon_id is not null and o.item_size is distinct from 'small')::int as premium,
        coalesce(sum(o.amount_cents), 0)::bigint as revenue_cents
      from orders o
      where o.mailing_month between ${first} and ${last} and o.status = 'paid'
      group by 1
    )
    select coalesce(days.month, sales.month) as month,
      coalesce(days.sold, 0) as sold, coalesce(days.held, 0) as held, coalesce(days.free, 0) as free,
      coalesce(days.total_days, 0) as total_days,
      coalesce(sales.regular, 0) as regular, coalesce(sales.premium, 0) as premium,
      coalesce(sales.revenue_cents, 0) as revenue_cents
    from days full join sales on sales.month = days.month`)
  return new Map(rowsOf<OverviewSqlRow>(result).map((r) => [r.month, r]))
}

/**
 * /admin/mailings: one row per mailing of the last 3 and the next 12 months (the town's current month
 * included), and the chart of the next 12 months (a month without a mailing is all zero).
 */
export async function getMailingOverview(
  db: Db,
  options: { now?: Date; timeZone: string },
): Promise<MailingOverviewResponse> {
  const now = options.now ?? new Date()
  const today = todayInTimeZone(options.timeZone, now)
  const currentMonth = today.slice(0, 7)
  const { year, month } = parseMonthKey(currentMonth)
  const start = addMonths(year, month, -3)
  const first = toMonthKey(start.year, start.month)
  const window = monthsFrom(first, 3 + 12)
  const last = window[window.length - 1] as MonthKey
  const [rows, figures, live] = await Promise.all([
    db
      .select()
      .from(mailings)
      .where(and(sql`${mailings.month} >= ${first}`, sql`${mailings.month} <= ${last}`))
      .orderBy(asc(mailings.month)),
    monthFigures(db, first, last, now),
    liveCheckoutsByMonth(db, first, last, now),
  ])
  const byMonth = new Map(rows.map((r) => [r.month, r]))
  const overviewRows = rows.map((row) =>
    toOverviewRow(row, figures.get(row.month), options.timeZone, now, live.get(row.month)),
  )
  const chart: MailingChartPoint[] = monthsFrom(currentMonth, 12).map((key) => {
    const f = figures.get(key)
    return {
      month: key,
      hasMailing: byMonth.has(key),
      sold: f?.sold ?? 0,
      held: f?.held ?? 0,
      free: f?.free ?? 0,
      revenue: Number(f?.revenue_cents ?? 0) / 100,
    }
  })
  return { rows: overviewRows, chart, currentMonth }
}

/**
 * Per month of [first, last]: the checkouts in progress (pending, before their expiry) holding a day or an
 * icon of that mailing, the ones endLiveCheckouts would end.
 */
async function liveCheckoutsByMonth(db: Db, first: MonthKey, last: MonthKey, now: Date) {
  const rows = await db
    .select({
      month: orders.mailingMonth,
      count: sql<number>`count(distinct ${orders.paymentSessionId})::int`,
    })
    .from(orders)
    .where(
      and(
        sql`${orders.mailingMonth} between ${first} and ${last}`,
        eq(orders.status, 'pending'),
        gt(orders.expiresAt, now),
      ),
    )
    .groupBy(orders.mailingMonth)
  return new Map(rows.map((r) => [r.month as MonthKey, Number(r.count)]))
}

function toOverviewRow(
  row: MailingRow,
  f: OverviewSqlRow | undefined,
  timeZone: string,
  now: Date,
  liveCheckouts = 0,
): MailingOverviewRow {
  return {
    ...toPublicMailingDto(row, timeZone, effectiveStatus(row, now)),
    waitlistNotifiedAt: row.waitlistNotifiedAt?.toISOString() ?? null,
    days: {
      sold: f?.sold ?? 0,
      held: f?.held ?? 0,
      free: f?.free ?? 0,
      notSetUp: daysInMonthKey(row.month) - (f?.total_days ?? 0),
    },
    icons: { regular: f?.regular ?? 0, premium: f?.premium ?? 0 },
    revenue: Number(f?.revenue_cents ?? 0) / 100,
    liveCheckouts,
  }
}

async function overviewRowOf(
  db: Db,
  month: MonthKey,
  timeZone: string,
  now: Date,
): Promise<MailingOverviewRow> {
  const [row] = await db.select().from(mailings).where(eq(mailings.month, month))
  if (!row) throw new AppError('not_found', MAILING_NOT_FOUND)
  const [figures, live] = await Promise.all([
    monthFigures(db, month, month, now),
    liveCheckoutsByMonth(db, month, month, now),
  ])
  return toOverviewRow(row, figures.get(month), timeZone, now, live.get(month))
}

function requireMonthKey(month: string): MonthKey {
  if (!isMonthKey(month)) throw new AppError('not_found', MAILING_NOT_FOUND)
  return month
}

function localInstant(local: string, timeZone: string, field: string): Date {
  try {
    const [hours, minutes] = local.slice(11).split(':').map(Number)
    if (!isRealDate(local.slice(0, 10)) || (hours ?? 24) > 23 || (minutes ?? 60) > 59)
      throw new RangeError(local)
    const instant = fromZonedLocal(local, timeZone)
    if (Number.isNaN(instant.getTime())) throw new RangeError(local)
    return instant
  } catch {
    throw new AppError('validation_failed', 'Enter a real date and time.', {
      [field]: ['Enter a real date and time.'],
    })
  }
}

/**
 * One change to a mailing: `changesOf` reads its row, locked FOR UPDATE (a checkout selling in this mailing
 * holds it FOR SHARE, so the two never interleave), and says what to write or throws to refuse. `inTransaction`
 * then sees the row before and after, in the same transaction (the buyers' e-mails about the change are
 * queued there, so they exist exactly when it commits). Then `afterCommit` runs, and the answer is the
 * mailing's overview row.
 */
async function changeMailing(
  db: Db,
  monthParam: string,
  options: {
    timeZone: string
    now?: Date
    inTransaction?: (tx: Db, before: MailingRow, after: MailingRow, now: Date) => Promise<void>
    afterCommit?: (month: MonthKey, now: Date) => Promise<void>
  },
  changesOf: (row: MailingRow, now: Date) => Partial<typeof mailings.$inferInsert>,
): Promise<MailingOverviewRow> {
  const month = requireMonthKey(monthParam)
  const now = options.now ?? new Date()
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(mailings).where(eq(mailings.month, month)).for('update')
    if (!row) throw new AppError('not_found', MAILING_NOT_FOUND)
    const [after] = await tx
      .update(mailings)
      .set(changesOf(row, now))
      .where(eq(mailings.month, month))
      .returning()
    if (after) await options.inTransaction?.(tx, row, after, now)
  })
  await options.afterCommit?.(month, now)
  return overviewRowOf(db, month, options.timeZone, now)
}

/**
 * Ends the checkouts in progress that hold a day or an icon of this mailing, once its sales are closed or
 * it is printed or mailed: each whole checkout is released (its holds expire, its days in any mailing are
 * free again), so a payment that still arrives for it is refunded by the late-payment rule. A hold without
 * an expiry (a payment settling, an administrator's pending order) is left alone; a payment into a printed
 * or mailed mailing is refunded whenever it arrives. Runs after the status change has committed, so no new
 * hold can start meanwhile, and locks the orders first, in id order, as a checkout and a payment do.
 * Answers how many checkouts it ended.
 */
async function endLiveCheckouts(db: Db, month: MonthKey, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const sessions = await tx
      .selectDistinct({ id: orders.paymentSessionId })
      .from(orders)
      .where(
        and(
          eq(orders.mailingMonth, month),
          eq(orders.status, 'pending'),
          gt(orders.expiresAt, now),
          isNotNull(orders.paymentSessionId),
        ),
      )
    const ids = sessions.flatMap((s) => (s.id ? [s.id] : []))
    if (ids.length === 0) return 0
    const held = await tx
      .select()
      .from(orders)
      .where(
        and(inArray(orders.paymentSessionId, ids), eq(orders.status, 'pending'), isNotNull(orders.expiresAt)),
      )
      .orderBy(asc(orders.id))
      .for('update')
    for (const order of held) await applyOrderStatusChange(tx, order, 'expired', now)
    return new Set(held.map((o) => o.paymentSessionId)).size
  })
}

/**
 * Edit dates. The artwork deadline may not come before the sales close. An open mailing whose new sales
 * close is already past is closed at once (it would be closed by the deadline task a moment later). The
 * buyers a moved date concerns are e-mailed it (queueDateChangeNotices), in the same transaction; the
 * answer says how many.
 */
export async function updateMailingDates(
  db: Db,
  monthParam: string,
  input: UpdateMailingDatesInput,
  options: MailingNoticeContext & { now?: Date },
): Promise<MailingDatesResponse> {
  let buyersEmailed = 0
  const notify = async (tx: Db, before: MailingRow, after: MailingRow, now: Date) => {
    buyersEmailed = await queueDateChangeNotices(tx, before, after, options, now)
  }
  const row = await changeMailing(db, monthParam, { ...options, inTransaction: notify }, (row, now) => {
    const salesCloseAt = input.salesCloseLocal
      ? localInstant(input.salesCloseLocal, options.timeZone, 'salesCloseLocal')
      : row.salesCloseAt
    const artworkDueAt = input.artworkDueLocal
      ? localInstant(input.artworkDueLocal, options.timeZone, 'artworkDueLocal')
      : row.artworkDueAt
    if (artworkDueAt.getTime() < salesCloseAt.getTime())
      throw new AppError('validation_failed', 'The artwork deadline cannot come before sales close.', {
        artworkDueLocal: ['The artwork deadline cannot come before sales close.'],
      })
    const inHomesDate = input.inHomesDate ?? row.inHomesDate
    if (!isRealDate(inHomesDate))
      throw new AppError('validation_failed', 'Enter a real date.', { inHomesDate: ['Enter a real date.'] })
    const closesNow = row.status === 'open' && salesCloseAt.getTime() <= now.getTime()
    return {
      salesCloseAt,
      artworkDueAt,
      inHomesDate,
      updatedAt: now,
      ...(closesNow ? { status: 'closed' } : {}),
    }
  })
  return { ...row, buyersEmailed }
}

function isRealDate(value: string): boolean {
  const d = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value
}

/** The 409 of marking printed while lines the owner did not acknowledge are not ready; it lists them all. */
class PrintNotReadyError extends AppError {
  constructor(
    month: MonthKey,
    readonly readiness: PrintReadinessResponse,
  ) {
    super('conflict', printNotReadyMessage(mailingMonthLabel(month)))
  }

  override toJSON(): PrintNotReadyBody {
    return { error: { code: 'conflict', message: this.message }, readiness: this.readiness }
  }
}

/**
 * Marking printed goes ahead with lines whose artwork is missing or not approved only when the owner saw
 * each of them: every such line must be among `acknowledged` (the ids the confirmation listed), so a line
 * that stopped being ready after the list was shown refuses the change instead of going to print unseen.
 * Runs in the status change's transaction, the mailing locked, so no upload lands meanwhile.
 */
async function requireAcknowledged(tx: Db, month: MonthKey, acknowledged: string[]): Promise<void> {
  const readiness = await unreadyLines(tx, month, true)
  const seen = new Set(acknowledged)
  if (unreadyLineIds(readiness).some((id) => !seen.has(id))) throw new PrintNotReadyError(month, readiness)
}

/** The lines a mailing's confirmation of "mark printed" lists: artwork missing or not approved. */
export async function getPrintReadiness(db: Db, monthParam: string): Promise<PrintReadinessResponse> {
  const month = requireMonthKey(monthParam)
  const [row] = await db.select({ month: mailings.month }).from(mailings).where(eq(mailings.month, month))
  if (!row) throw new AppError('not_found', MAILING_NOT_FOUND)
  return unreadyLines(db, month)
}

const ACTION_REFUSED: Record<MailingActionInput['action'], string> = {
  close: 'Only an open mailing can close its sales.',
  reopen: 'Only a mailing whose sales are closed can reopen.',
  printed: 'Only a mailing whose sales are closed can be marked printed.',
  mailed: 'Only a printed mailing can be marked mailed.',
}

/**
 * close: sales end now (the sales-close time becomes now if it was later); reopen: open again until a
 * sales close in the future; printed; mailed. Close, printed and mailed end the mailing's checkouts in
 * progress (endLiveCheckouts), and the answer says how many. Mailed e-mails each buyer with paid lines
 * that their postcard is on its way (queueOnItsWayNotices), in the same transaction; the answer says how
 * many. Printed refuses (409, PrintNotReadyError) while lines the owner did not acknowledge have artwork
 * missing or not approved.
 */
export async function applyMailingAction(
  db: Db,
  monthParam: string,
  input: MailingActionInput,
  options: MailingNoticeContext & { now?: Date },
): Promise<MailingActionResponse> {
  let endedCheckouts = 0
  let buyersEmailed = 0
  const endsHolds = async (month: MonthKey, now: Date) => {
    if (input.action !== 'reopen') endedCheckouts = await endLiveCheckouts(db, month, now)
  }
  const notify = async (tx: Db, before: MailingRow, after: MailingRow, now: Date) => {
    if (after.status === 'printed' && before.status !== 'printed')
      await requireAcknowledged(tx, after.month, input.acknowledgedOrderIds ?? [])
    if (after.status === 'mailed' && before.status !== 'mailed')
      buyersEmailed = await queueOnItsWayNotices(tx, after, options, now)
  }
  const hooks = { inTransaction: notify, afterCommit: endsHolds }
  const row = await changeMailing(db, monthParam, { ...options, ...hooks }, (row, now) => {
    const status = effectiveStatus(row, now)
    if (!canApplyMailingAction(status, input.action))
      throw new AppError('conflict', ACTION_REFUSED[input.action])
    const set: Partial<typeof mailings.$inferInsert> = { updatedAt: now }
    if (input.action === 'close') {
      set.status = 'closed'
      if (row.salesCloseAt.getTime() > now.getTime()) set.salesCloseAt = now
    } else if (input.action === 'reopen') {
      const salesCloseAt = input.salesCloseLocal
        ? localInstant(input.salesCloseLocal, options.timeZone, 'salesCloseLocal')
        : row.salesCloseAt
      if (salesCloseAt.getTime() <= now.getTime())
        throw new AppError('validation_failed', 'Choose a sales close in the future to reopen.', {
          salesCloseLocal: ['Choose a sales close in the future to reopen.'],
        })
      set.status = 'open'
      set.salesCloseAt = salesCloseAt
      if (row.artworkDueAt.getTime() < salesCloseAt.getTime()) set.artworkDueAt = salesCloseAt
    } else {
      set.status = input.action
    }
    return set
  })
  return { ...row, endedCheckouts, buyersEmailed }
}

// ---------------------------------------------------------------- icon stock per mailing

async function iconStockRows(db: Db, month: MonthKey, now: Date): Promise<MailingIconStockDto[]> {
  const rows = await db
    .select({
      iconId: mapIcons.id,
      name: mapIcons.name,
      size: mapIcons.size,
      priceCents: mapIcons.priceCents,
      quantity: mailingIconStock.quantity,
    })
    .from(mailingIconStock)
    .innerJoin(mapIcons, eq(mapIcons.id, mailingIconStock.iconId))
    .where(eq(mailingIconStock.month, month))
    .orderBy(asc(mapIcons.priceCents), asc(mapIcons.name))
  return Promise.all(
    rows.map(async (r) => {
      const claimed = await countIconClaims(db, r.iconId, month, now)
      return {
        iconId: r.iconId,
        name: r.name,
        size: r.size,
        price: r.priceCents / 100,
        quantity: r.quantity,
        claimed,
        available: Math.max(0, r.quantity - claimed),
      }
    }),
  )
}

export async function getIconStock(
  db: Db,
  monthParam: string,
  now: Date = new Date(),
): Promise<MailingIconStockResponse> {
  const month = requireMonthKey(monthParam)
  const [row] = await db.select({ month: mailings.month }).from(mailings).where(eq(mailings.month, month))
  if (!row) throw new AppError('not_found', MAILING_NOT_FOUND)
  return { month, icons: await iconStockRows(db, month, now) }
}

/**
 * An icon's stock in one mailing; never below what is claimed there (paid and live holds): 409. The stock
 * row is locked as checkout locks it, so a sale and this edit never both take the last unit.
 */
export async function setIconStock(
  db: Db,
  monthParam: string,
  iconId: string,
  quantity: number,
  now: Date = new Date(),
): Promise<MailingIconStockDto> {
  const month = requireMonthKey(monthParam)
  await db.transaction(async (tx) => {
    const [stock] = await tx
      .select()
      .from(mailingIconStock)
      .where(and(eq(mailingIconStock.month, month), eq(mailingIconStock.iconId, iconId)))
      .for('update')
    if (!stock) throw new AppError('not_found', 'Map icon stock not found for this mailing.')
    const claimed = await countIconClaims(tx, iconId, month, now)
    if (quantity < claimed)
      throw new AppError(
        'conflict',
        `${claimed} ${claimed === 1 ? 'unit is' : 'units are'} already sold or held in the ${mailingMonthLabel(month)} mailing: the stock cannot go below that.`,
      )
    await tx
      .update(mailingIconStock)
      .set({ quantity, updatedAt: now })
      .where(and(eq(mailingIconStock.month, month), eq(mailingIconStock.iconId, iconId)))
  })
  const found = (await iconStockRows(db, month, now)).find((r) => r.iconId === iconId)
  if (!found) throw new AppError('not_found', 'Map icon stock not found for this mailing.')
  return found
}

// ---------------------------------------------------------------- the icon catalogue

function toAdminMapIconDto(row: typeof mapIcons.$inferSelect): AdminMapIconDto {
  return {
    id: row.id,
    name: row.name,
    size: row.size,
    price: row.priceCents / 100,
    defaultQuantity: row.totalQuantity,
    retiredFrom: row.retiredFrom,
  }
}

export async function listAdminMapIcons(db: Db): Promise<AdminMapIconDto[]> {
  const rows = await db.select().from(mapIcons).orderBy(asc(mapIcons.priceCents), asc(mapIcons.name))
  return rows.map(toAdminMapIconDto)
}

/**
 * Name, size, price and default quantity. A new price applies to later sales (orders keep what they
 * bought, decision 008); the default quantity to mailings created later (each mailing keeps its stock).
 */
export async function updateAdminMapIcon(
  db: Db,
  id: string,
  input: UpdateMapIconInput,
): Promise<AdminMapIconDto> {
  const set: Partial<typeof mapIcons.$inferInsert> = { updatedAt: new Date() }
  if (input.name !== undefined) set.name = input.name
  if (input.size !== undefined) set.size = input.size
  if (input.price !== undefined) set.priceCents = Math.round(input.price * 100)
  if (input.defaultQuantity !== undefined) set.totalQuantity = input.defaultQuantity
  const [row] = await db.update(mapIcons).set(set).where(eq(mapIcons.id, id)).returning()
  if (!row) throw new AppError('not_found', 'Map icon not found.')
  return toAdminMapIconDto(row)
}

/**
 * A new icon type. The map_icons_mailing_stock trigger (migration 0005) gives it its default quantity in
 * every mailing, so the mailings open for sale sell it at once.
 */
export async function createAdminMapIcon(db: Db, input: CreateMapIconInput): Promise<AdminMapIconDto> {
  const [row] = await db
    .insert(mapIcons)
    .values({
      name: input.name,
      size: input.size,
      priceCents: Math.round(input.price * 100),
      totalQuantity: input.defaultQuantity,
    })
    .returning()
  if (!row) throw new Error('map icon insert returned no row')
  return toAdminMapIconDto(row)
}

/**
 * Retires an icon type from the next mailing on (decision 020): the first mailing open for sale now keeps
 * selling the stock it was set up with; the month after it (or, with no mailing on sale, the town's current
 * month) is the first that does not sell it. Nothing is deleted: its orders, claims and stock rows stay,
 * and mailings created later get no stock of it. 409 when it is already retired.
 */
export async function retireAdminMapIcon(
  db: Db,
  id: string,
  options: { timeZone: string; now?: Date },
): Promise<AdminMapIconDto> {
  const now = options.now ?? new Date()
  return db.transaction(async (tx) => {
    const [icon] = await tx.select().from(mapIcons).where(eq(mapIcons.id, id)).for('update')
    if (!icon) throw new AppError('not_found', 'Map icon not found.')
    if (icon.retiredFrom)
      throw new AppError(
        'conflict',
        `${icon.name} is already retired from the ${mailingMonthLabel(icon.retiredFrom)} mailing.`,
      )
    const [row] = await tx
      .update(mapIcons)
      .set({ retiredFrom: await firstMonthWithout(tx, now, options.timeZone), updatedAt: now })
      .where(eq(mapIcons.id, id))
      .returning()
    if (!row) throw new AppError('not_found', 'Map icon not found.')
    return toAdminMapIconDto(row)
  })
}

/** The first mailing a type retired now is not sold in: the one after the mailing on sale now. */
export async function firstMonthWithout(db: Db, now: Date, timeZone: string): Promise<MonthKey> {
  const selling = await firstSellingMonth(db, now)
  const { year, month } = selling
    ? parseMonthKey(selling)
    : parseMonthKey(todayInTimeZone(timeZone, now).slice(0, 7))
  const next = selling ? addMonths(year, month, 1) : { year, month }
  return toMonthKey(next.year, next.month)
}

// ---------------------------------------------------------------- defaults for new mailings

export async function getMailingDefaults(db: Db): Promise<MailingDefaults> {
  return readSetting(db, DEFAULTS_KEY, mailingDefaultsSchema, DEFAULT_MAILING_DEFAULTS)
}

export async function setMailingDefaults(db: Db, input: MailingDefaults): Promise<MailingDefaults> {
  return writeSetting(db, DEFAULTS_KEY, input)
}
