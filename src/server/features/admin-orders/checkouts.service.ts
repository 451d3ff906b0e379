import { and, asc, desc, eq, gt, gte, ilike, inArray, lt, lte, ne, or, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Db } from '#server/db/client.ts'
import {
  calendarDays,
  mapIcons,
  orderArtwork,
  orderNotes,
  orders,
  outbox,
  purchaseListVersion,
  purchases,
  refunds,
} from '#server/db/schema.ts'
import { AppError } from '#server/lib/errors.ts'
import { zonedDayBounds } from '#server/lib/zoned-time.ts'
import {
  CHECKOUT_NOT_FOUND_MESSAGE,
  type CheckoutDetailDto,
  type CheckoutFilters,
  type CheckoutLineDto,
  type CheckoutNoteDto,
  type CheckoutRowDto,
  type CheckoutSort,
  type CheckoutsPageDto,
  type CheckoutsQuery,
  DEFAULT_CHECKOUTS_PAGE_SIZE,
} from '#shared/admin-checkouts.ts'
import type { OrderType } from '#shared/admin-dto.ts'
import type { ArtworkState } from '#shared/artwork.ts'
import type { RefundKind } from '#shared/refunds.ts'
import { latePaymentRefundState } from '../orders/refunds.service.ts'
import { listOrderHistory } from './order-history.service.ts'

/** Checkout keys are payment session ids (cs_…) or order ids (ORD-/MAP-…); anything else names nothing. */
const CHECKOUT_KEY_PATTERN = /^[A-Za-z0-9_-]{1,255}$/
export const isCheckoutKey = (value: string) => CHECKOUT_KEY_PATTERN.test(value)

const isSpecial = sql`coalesce(${orders.metadata} ->> 'order_type', '') = 'special_purchase'`
const isIcon = sql`(${orders.mapIconId} is not null or ${orders.itemName} is not null)`

function typeCondition(type: OrderType): SQL {
  if (type === 'special_purchase') return isSpecial
  if (type === 'map_icon') return sql`(not ${isSpecial} and ${isIcon})`
  return sql`(not ${isSpecial} and not ${isIcon})`
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/** Deleted lines leave every list (decision 008) unless the admin asks for them. */
function visibleLines(filters: CheckoutFilters): SQL | undefined {
  return filters.status === 'deleted' ? undefined : ne(orders.status, 'deleted')
}

/**
 * What one line must match for its checkout to be listed; undefined when nothing is asked. Created from and
 * to are the town's days (timeZone), both included.
 */
function lineFilters(filters: CheckoutFilters, timeZone: string): SQL | undefined {
  const parts = [
    filters.status && filters.status !== 'all' ? eq(orders.status, filters.status) : undefined,
    filters.businessName ? ilike(orders.businessName, `%${escapeLike(filters.businessName)}%`) : undefined,
    filters.email ? ilike(orders.email, `%${escapeLike(filters.email)}%`) : undefined,
    filters.createdFrom
      ? gte(orders.createdAt, zonedDayBounds(filters.createdFrom, timeZone).start)
      : undefined,
    filters.createdTo ? lt(orders.createdAt, zonedDayBounds(filters.createdTo, timeZone).end) : undefined,
    filters.type ? typeCondition(filters.type) : undefined,
    filters.mailingMonth ? eq(orders.mailingMonth, filters.mailingMonth) : undefined,
  ].filter((p): p is SQL => p !== undefined)
  return parts.length > 0 ? and(...parts) : undefined
}

const toCents = (dollars: number) => Math.round(dollars * 100)

/**
 * The lines (visible ones) of the checkouts that match: any line matches the line filters, and the total of
 * the checkout's visible lines is at most maxPrice. Used by the list (grouped) and the CSV (line by line).
 */
function matchingLines(
  db: Db,
  filters: CheckoutFilters,
  timeZone: string,
  options: { withTotal: boolean } = { withTotal: true },
): SQL | undefined {
  const visible = visibleLines(filters)
  const match = lineFilters(filters, timeZone)
  const byLine = match
    ? inArray(
        orders.purchaseId,
        db.select({ key: orders.purchaseId }).from(orders).where(and(visible, match)),
      )
    : undefined
  const byTotal =
    filters.maxPrice === undefined || !options.withTotal
      ? undefined
      : inArray(
          orders.purchaseId,
          db
            .select({ key: orders.purchaseId })
            .from(orders)
            .where(visible)
            .groupBy(orders.purchaseId)
            .having(sql`sum(${orders.amountCents}) <= ${toCents(filters.maxPrice)}`),
        )
  return and(visible, byLine, byTotal)
}

/** The list groups anyway, so it compares the total in its own HAVING rather than in a second grouping. */
const totalAtMost = (filters: CheckoutFilters) =>
  filters.maxPrice === undefined ? undefined : sql`sum(${orders.amountCents}) <= ${toCents(filters.maxPrice)}`

/** When the purchase was made (its row's, which its lines share unless one was moved to it later). */
const checkoutCreated = sql`(select ${purchases.createdAt} from ${purchases} where ${purchases.id} = ${orders.purchaseId})`
const checkoutTotal = sql`sum(${orders.amountCents})`
const checkoutAdDate = sql`min(${orders.itemDate})`

function orderOfPage(sort: CheckoutSort, dir: 'asc' | 'desc'): SQL[] {
  const by = (expr: SQL) => (dir === 'asc' ? sql`${expr} asc` : sql`${expr} desc`)
  const tieBreak = [sql`${checkoutCreated} desc`, sql`${orders.purchaseId} desc`]
  if (sort === 'amount') return [by(checkoutTotal), ...tieBreak]
  // Checkouts without a day (icons, special purchases) have no ad date: last either way.
  if (sort === 'adDate') return [sql`${by(checkoutAdDate)} nulls last`, ...tieBreak]
  return [by(checkoutCreated), sql`${orders.purchaseId} ${sql.raw(dir)}`]
}

/**
 * A page of checkouts from the purchases' summary (one row per purchase, kept by a trigger; migration 0013):
 * the page's keys and the number that match (two statements at once, so on PostgreSQL's pool the answer
 * waits for the slower one), then those checkouts' lines. A checkout matches when one of its live lines
 * matches every line filter and the total of its live lines is at most maxPrice.
 */
export async function listCheckouts(
  db: Db,
  query: CheckoutsQuery,
  timeZone: string,
): Promise<CheckoutsPageDto> {
  // Deleted lines are only listed when asked for, and the summary sums live lines: group the lines then.
  if (query.status === 'deleted') return listCheckoutsByLines(db, query, timeZone)
  const page = query.page ?? 1
  const pageSize = query.pageSize ?? DEFAULT_CHECKOUTS_PAGE_SIZE
  const match = lineFilters(query, timeZone)
  const summary = summaryFilters(query)
  const where = and(
    gt(purchases.liveLines, 0),
    query.maxPrice === undefined ? undefined : lte(purchases.totalCents, toCents(query.maxPrice)),
    ...summary.conditions,
    match && !summary.exact
      ? inArray(
          purchases.id,
          db
            .select({ key: orders.purchaseId })
            .from(orders)
            .where(and(visibleLines(query), match)),
        )
      : undefined,
  )
  const sort = query.sort ?? 'created'
  const dir = query.dir ?? 'desc'
  const by = (column: AnyPgColumn) => (dir === 'asc' ? asc(column) : desc(column))
  const tieBreak = [desc(purchases.createdAt), desc(purchases.id)]
  const order =
    sort === 'amount'
      ? [by(purchases.totalCents), ...tieBreak]
      : sort === 'adDate'
        ? // Checkouts without a day (icons, special purchases) have no ad date: last either way.
          [sql`${purchases.adDate} ${sql.raw(dir)} nulls last`, ...tieBreak]
        : [by(purchases.createdAt), by(purchases.id)]
  const countKey = JSON.stringify([
    timeZone,
    { ...query, page: undefined, pageSize: undefined, sort: undefined, dir: undefined },
  ])
  const [keys, token] = await Promise.all([
    db
      .select({ key: purchases.id })
      .from(purchases)
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    listVersionToken(db),
  ])
  const total = await countedOnce(db, token, countKey, async () => {
    const [count] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(purchases)
      .where(where)
    return count?.n ?? 0
  })
  return pageOf(db, query, keys, total, page, pageSize)
}

/**
 * The number of purchases a filter matches, per database, kept under the purchase_list_version token it was
 * counted at: paging through one filter, or coming back to it, counts once while no purchase or line has
 * changed. Every committed change of purchases or order lines replaces the token (deferred triggers,
 * migration 0018), and a new token drops every kept count. The token is read before counting, so a kept
 * count is never older than its token: it may include a change committed in between, never miss one.
 */
const keptCounts = new WeakMap<Db, { token: string; counts: Map<string, number> }>()
const KEPT_COUNTS_MAX = 500

async function listVersionToken(db: Db): Promise<string | null> {
  const [row] = await db
    .select({ token: purchaseListVersion.token })
    .from(purchaseListVersion)
    .where(eq(purchaseListVersion.id, 1))
  return row?.token ?? null
}

async function countedOnce(
  db: Db,
  token: string | null,
  key: string,
  count: () => Promise<number>,
): Promise<number> {
  // No row (a restore emptied the table until the next write recreates it): count every time.
  if (token === null) return count()
  const kept = keptCounts.get(db)
  const hit = kept?.token === token ? kept.counts.get(key) : undefined
  if (hit !== undefined) return hit
  const n = await count()
  let current = keptCounts.get(db)
  if (current?.token !== token) {
    current = { token, counts: new Map() }
    keptCounts.set(db, current)
  }
  if (current.counts.size >= KEPT_COUNTS_MAX) current.counts.clear()
  current.counts.set(key, n)
  return n
}

/**
 * The line filters the summary's arrays answer (purchases.statuses, …). One filter alone is answered exactly
 * (a checkout has a live line with that status ⇔ the status is in its array); several at once must match
 * on one line, which the arrays cannot tell, so then they only narrow and the lines are checked as well.
 * The created range is always checked on the lines.
 *
 * Business name and e-mail match a checkout's distinct values (one per line) joined by newlines, one string
 * match per checkout rather than one per value: the joined text is a column of its own
 * (purchases.business_names_text, emails_text), kept by PostgreSQL and indexed by trigram, so a search
 * reads only the purchases holding its text's trigrams. A match can only span the newline when the text
 * asked for holds one; then the lines are checked as well.
 */
function summaryFilters(filters: CheckoutFilters): { conditions: SQL[]; exact: boolean } {
  const conditions = [
    filters.status && filters.status !== 'all'
      ? sql`${filters.status} = any(${purchases.statuses})`
      : undefined,
    filters.type ? sql`${filters.type} = any(${purchases.types})` : undefined,
    filters.mailingMonth ? sql`${filters.mailingMonth} = any(${purchases.mailingMonths})` : undefined,
    filters.businessName
      ? ilike(purchases.businessNamesText, `%${escapeLike(filters.businessName)}%`)
      : undefined,
    filters.email ? ilike(purchases.emailsText, `%${escapeLike(filters.email)}%`) : undefined,
  ].filter((c): c is SQL => c !== undefined)
  const byLinesOnly =
    Boolean(filters.createdFrom || filters.createdTo) ||
    /\n/.test(`${filters.businessName ?? ''}${filters.email ?? ''}`)
  return { conditions, exact: !byLinesOnly && conditions.length <= 1 }
}

/**
 * The list grouped from the lines themselves: for status 'deleted', whose checkouts the summary does not
 * sum (and, in the tests, the reference the summary's answers are compared with).
 */
export async function listCheckoutsByLines(
  db: Db,
  query: CheckoutsQuery,
  timeZone: string,
): Promise<CheckoutsPageDto> {
  const page = query.page ?? 1
  const pageSize = query.pageSize ?? DEFAULT_CHECKOUTS_PAGE_SIZE
  const where = matchingLines(db, query, timeZone, { withTotal: false })
  // The matching checkouts, one row each: paged in order, and counted by hashing the groups
  // (count(distinct) sorts the keys in the text collation, several times slower).
  const grouped = () =>
    db
      .select({ key: orders.purchaseId })
      .from(orders)
      .where(where)
      .groupBy(orders.purchaseId)
      .having(totalAtMost(query))
  const [keys, [count]] = await Promise.all([
    grouped()
      .orderBy(...orderOfPage(query.sort ?? 'created', query.dir ?? 'desc'))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(grouped().as('matched')),
  ])
  return pageOf(db, query, keys, count?.n ?? 0, page, pageSize)
}

/** The page's checkouts, in the order of `keys`, each with its lines. */
async function pageOf(
  db: Db,
  query: CheckoutsQuery,
  keys: { key: string }[],
  total: number,
  page: number,
  pageSize: number,
): Promise<CheckoutsPageDto> {
  const lines =
    keys.length === 0
      ? []
      : await selectLines(
          db,
          and(
            inArray(
              orders.purchaseId,
              keys.map((k) => k.key),
            ),
            visibleLines(query),
          ),
        )
  const byKey = groupByCheckout(lines)
  const rows = keys.flatMap((k) => {
    const group = byKey.get(k.key)
    return group ? [toCheckoutRow(k.key, group, group)] : []
  })
  return { checkouts: rows, total, page, pageSize }
}

// ---------------------------------------------------------------- lines

/**
 * What a line bought is its own record (orders.item_*); the joined day and icon are a fallback for rows
 * that predate it (decision 008).
 */
const lineColumns = {
  order: orders,
  date: sql<string | null>`coalesce(${orders.itemDate}::text, ${calendarDays.date}::text)`,
  iconName: sql<string | null>`coalesce(${orders.itemName}, ${mapIcons.name})`,
  iconSize: sql<string | null>`coalesce(${orders.itemSize}, ${mapIcons.size})`,
  artwork: orderArtwork.state,
  refund: latePaymentRefundState,
}

/**
 * The same columns for the few lines of a page or a drawer, each looked up by key (a subquery per line)
 * rather than joined: for a few dozen lines a join reads and hashes every calendar day.
 */
const fewLinesColumns = {
  order: orders,
  date: sql<
    string | null
  >`coalesce(${orders.itemDate}::text, (select ${calendarDays.date}::text from ${calendarDays} where ${calendarDays.id} = ${orders.dayId}))`,
  iconName: sql<
    string | null
  >`coalesce(${orders.itemName}, (select ${mapIcons.name} from ${mapIcons} where ${mapIcons.id} = ${orders.mapIconId}))`,
  iconSize: sql<
    string | null
  >`coalesce(${orders.itemSize}, (select ${mapIcons.size} from ${mapIcons} where ${mapIcons.id} = ${orders.mapIconId}))`,
  artwork: sql<
    string | null
  >`(select ${orderArtwork.state} from ${orderArtwork} where ${orderArtwork.orderId} = ${orders.id})`,
  refund: lineColumns.refund,
}

type LineRow = {
  order: typeof orders.$inferSelect
  date: string | null
  iconName: string | null
  iconSize: string | null
  artwork: string | null
  refund: string | null
}

function selectLines(db: Db, where: SQL | undefined): Promise<LineRow[]> {
  return db
    .select(fewLinesColumns)
    .from(orders)
    .where(where)
    .orderBy(asc(orders.purchaseId), sql`${fewLinesColumns.date} asc nulls last`, asc(orders.id))
}

function groupByCheckout(lines: LineRow[]): Map<string, LineRow[]> {
  const byKey = new Map<string, LineRow[]>()
  for (const line of lines) {
    const group = byKey.get(line.order.purchaseId)
    if (group) group.push(line)
    else byKey.set(line.order.purchaseId, [line])
  }
  return byKey
}

function lineType(row: LineRow): OrderType {
  if (row.order.metadata?.order_type === 'special_purchase') return 'special_purchase'
  return row.order.mapIconId || row.iconName ? 'map_icon' : 'calendar_day'
}

function toLineDto(row: LineRow): CheckoutLineDto {
  const { order } = row
  const meta = order.metadata ?? {}
  const type = lineType(row)
  return {
    id: order.id,
    type,
    date: row.date,
    iconName: row.iconName,
    iconSize: row.iconSize,
    units: typeof meta.units === 'number' ? meta.units : null,
    description: typeof meta.description === 'string' ? meta.description : null,
    amount: order.amountCents / 100,
    unitPrice: order.unitPriceCents === null ? null : order.unitPriceCents / 100,
    status: order.status,
    mailingMonth: order.mailingMonth,
    // As features/artwork's lineState: no row is 'missing'. Special purchases take no artwork.
    artwork: type === 'special_purchase' ? null : ((row.artwork as ArtworkState | null) ?? 'missing'),
    refund: row.refund === 'pending' || row.refund === 'done' ? row.refund : null,
    createdAt: order.createdAt.toISOString(),
  }
}

/** The checkout's summary from its lines; `counted` are the lines its total and statuses add up. */
function toCheckoutRow(key: string, lines: LineRow[], counted: LineRow[]): CheckoutRowDto {
  const first = [...lines].sort((a, b) => a.order.createdAt.getTime() - b.order.createdAt.getTime())[0]
  const statuses = new Map<string, number>()
  for (const line of counted) statuses.set(line.order.status, (statuses.get(line.order.status) ?? 0) + 1)
  return {
    key,
    createdAt: (first?.order.createdAt ?? new Date(0)).toISOString(),
    businessName: first?.order.businessName ?? '',
    email: first?.order.email ?? '',
    source: lines.some((l) => l.order.source === 'manual') ? 'manual' : 'checkout',
    paymentProvider: lines.find((l) => l.order.paymentProvider)?.order.paymentProvider ?? null,
    total: counted.reduce((sum, l) => sum + l.order.amountCents, 0) / 100,
    statuses: [...statuses].map(([status, count]) => ({ status, count })),
    lineCount: lines.length,
    lines: lines.map(toLineDto),
  }
}

// ---------------------------------------------------------------- the drawer

export async function getCheckout(db: Db, key: string): Promise<CheckoutDetailDto> {
  const lines = isCheckoutKey(key) ? await selectLines(db, eq(orders.purchaseId, key)) : []
  if (lines.length === 0) throw new AppError('not_found', CHECKOUT_NOT_FOUND_MESSAGE)
  const live = lines.filter((l) => l.order.status !== 'deleted')
  const [history, emails, refundRows, notes] = await Promise.all([
    listOrderHistory(
      db,
      lines.map((l) => l.order.id),
    ),
    db.select().from(outbox).where(eq(outbox.purchaseId, key)).orderBy(asc(outbox.createdAt), asc(outbox.id)),
    db
      .select()
      .from(refunds)
      .where(eq(refunds.purchaseId, key))
      .orderBy(asc(refunds.createdAt), asc(refunds.id)),
    listNotes(db, key),
  ])
  const row = toCheckoutRow(key, lines, live)
  const withRef = lines.find((l) => l.order.paymentIntentId) ?? lines[0]
  return {
    ...row,
    paymentSessionId: withRef?.order.paymentSessionId ?? null,
    paymentIntentId: withRef?.order.paymentIntentId ?? null,
    lines: lines.map((l) => ({
      ...toLineDto(l),
      history: history.get(l.order.id) ?? [],
      deletedAt: l.order.deletedAt?.toISOString() ?? null,
      deletedBy: l.order.deletedBy,
    })),
    emails: emails.map((e) => ({
      id: e.id,
      kind: e.kind,
      to: e.toAddress,
      subject: e.subject,
      status: e.status,
      sentAt: e.sentAt?.toISOString() ?? null,
      lastError: e.lastError,
      createdAt: e.createdAt.toISOString(),
    })),
    refunds: refundRows.map((r) => ({
      id: r.id,
      kind: r.kind as RefundKind,
      orderIds: r.orderIds,
      amount: r.amountCents / 100,
      reason: r.reason,
      status: r.status,
      provider: r.provider,
      paymentRef: r.paymentRef,
      lastError: r.lastError,
      requestedBy: r.requestedBy,
      createdAt: r.createdAt.toISOString(),
      completedAt: r.completedAt?.toISOString() ?? null,
    })),
    notes,
  }
}

function toNoteDto(row: typeof orderNotes.$inferSelect): CheckoutNoteDto {
  return { id: row.id, body: row.body, by: row.by, createdAt: row.createdAt.toISOString() }
}

async function listNotes(db: Db, key: string): Promise<CheckoutNoteDto[]> {
  const rows = await db
    .select()
    .from(orderNotes)
    .where(eq(orderNotes.purchaseId, key))
    .orderBy(asc(orderNotes.createdAt), asc(orderNotes.id))
  return rows.map(toNoteDto)
}

export async function addCheckoutNote(
  db: Db,
  input: { key: string; body: string; by: string },
): Promise<CheckoutNoteDto> {
  const known =
    isCheckoutKey(input.key) &&
    (await db.select({ id: orders.id }).from(orders).where(eq(orders.purchaseId, input.key)).limit(1))
      .length > 0
  if (!known) throw new AppError('not_found', CHECKOUT_NOT_FOUND_MESSAGE)
  const [row] = await db
    .insert(orderNotes)
    .values({ purchaseId: input.key, body: input.body, by: input.by })
    .returning()
  return toNoteDto(row as typeof orderNotes.$inferSelect)
}

// ---------------------------------------------------------------- CSV export

export type ExportLine = CheckoutLineDto & {
  checkoutKey: string
  businessName: string
  email: string
  source: string
  paymentProvider: string | null
  /** The payment intent when paid through the provider, else the payment session (none for manual orders). */
  paymentReference: string | null
}

const EXPORT_BATCH_SIZE = 1000

/**
 * The matching lines, oldest first, in batches of `batchSize` read by keyset on (created_at, id): memory
 * stays one batch whatever the number of orders. The cursor keeps created_at as PostgreSQL's text, with its
 * microseconds (a JavaScript Date would round them away and skip or repeat lines).
 */
export async function* exportCheckoutLines(
  db: Db,
  filters: CheckoutFilters,
  timeZone: string,
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<ExportLine[]> {
  const where = matchingLines(db, filters, timeZone)
  let cursor: { at: string; id: string } | null = null
  for (;;) {
    const after: SQL | undefined = cursor
      ? // The range on created_at alone lets PostgreSQL start the index scan at the cursor.
        and(
          gte(orders.createdAt, sql`${cursor.at}::timestamptz`),
          or(gt(orders.createdAt, sql`${cursor.at}::timestamptz`), gt(orders.id, cursor.id)),
        )
      : undefined
    const rows = await db
      .select({ ...lineColumns, cursorAt: sql<string>`${orders.createdAt}::text` })
      .from(orders)
      .leftJoin(calendarDays, eq(orders.dayId, calendarDays.id))
      .leftJoin(mapIcons, eq(orders.mapIconId, mapIcons.id))
      .leftJoin(orderArtwork, eq(orderArtwork.orderId, orders.id))
      .where(and(where, after))
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(batchSize)
    if (rows.length === 0) return
    yield rows.map((row) => ({
      ...toLineDto(row),
      checkoutKey: row.order.purchaseId,
      businessName: row.order.businessName,
      email: row.order.email,
      source: row.order.source,
      paymentProvider: row.order.paymentProvider,
      paymentReference: row.order.paymentIntentId ?? row.order.paymentSessionId,
    }))
    const last = rows[rows.length - 1] as (typeof rows)[number]
    if (rows.length < batchSize) return
    cursor = { at: last.cursorAt, id: last.order.id }
  }
}
