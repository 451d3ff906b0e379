import { randomUUID } from 'node:crypto'
import { and, asc, eq, gt, inArray, isNotNull, lte, or, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { isRetryable, isUniqueViolation } from '#server/db/errors.ts'
import { rowsOf } from '#server/db/rows.ts'
import { orders, purchases } from '#server/db/schema.ts'
import { isUuid } from '#server/http/validate.ts'
import { AppError } from '#server/lib/errors.ts'
import type { PaymentLineItem } from '#server/lib/payments/payment-provider.ts'
import { CHECKOUT_TEXTS, type CheckoutSessionResponse } from '#shared/checkout.ts'
import { todayInTimeZone } from '#shared/dates.ts'
import { formatDayDate } from '#shared/format.ts'
import { MAILING_NOT_SELLING, mailingMonthLabel, NO_OPEN_MAILING } from '#shared/mailings.ts'
import { requireIconSoldIn } from '../orders/icon-retirement.service.ts'
import type { NewOrder } from '../orders/order-ids.ts'
import { applyOrderStatusChange, countIconClaims, iconClaimsSql } from '../orders/order-status.service.ts'
import { firstSellingMonth, lockSellingMonths } from '../orders/selling-months.service.ts'
import type { CheckoutContext } from './checkout-context.ts'
import {
  BROWSER_META_KEY,
  type CheckoutHolder,
  enforceHoldLimits,
  type HoldLimits,
  holderKey,
  holderMetadata,
  lockHolder,
} from './hold-limits.ts'
import { checkoutWindow } from './hold-policy.ts'
import { releaseSessionHolds } from './payment-confirmation.service.ts'

/** What one checkout buys; prices come from the database, never from the request. */
type CheckoutRequest = {
  businessName: string
  email: string
  dayIds: string[]
  iconId: string | null
  /** The mailing ('YYYY-MM') the icon is for; absent or null: the next mailing open for sale. */
  iconMonth?: string | null
  /** Dollars off each day (0, 10 or 20 by day count), already checked against the cart's tier. */
  perDayDiscount: number
  special?: { units: number; description: string }
  /** A same-site checkout page (validated by the schema): where Cancel on the payment page returns. */
  returnPath?: string
  /** The client address and browser cookie it comes from (the routes always say; hold limits, release). */
  holder?: CheckoutHolder
}

type HeldOrder = { id: string; lineItem: PaymentLineItem }

/**
 * Starts a checkout: holds every day and the icon in one transaction (all or nothing), opens the
 * provider's payment session for the held orders, and answers its URL. The provider is called outside
 * the transaction (no lock waits on the network); if it fails the holds are released at once.
 */
export async function startCheckout(
  ctx: CheckoutContext,
  request: CheckoutRequest,
): Promise<CheckoutSessionResponse> {
  const now = ctx.now()
  const window = checkoutWindow(now, ctx.config.payments.holdMinutes)
  // Stored as the orders' payment_session_id until the provider's id replaces it (and sent as metadata).
  // A provider that draws its session ids locally gives it now, and the orders keep it.
  const reference = ctx.payments.newSessionId?.() ?? `ref_${randomUUID()}`

  const held = await withDeadlockRetry(() =>
    ctx.db.transaction((tx) =>
      holdItems(tx, request, {
        newOrderId: ctx.newOrderId,
        reference,
        expiresAt: window.holdExpiresAt,
        now,
        today: todayInTimeZone(ctx.config.timeZone, now),
        provider: ctx.payments.name,
        limits: ctx.config.payments.holdLimits,
      }),
    ),
  )

  let session: { id: string; url: string }
  try {
    session = await ctx.payments.createSession({
      reference,
      orderIds: held.map((o) => o.id),
      lineItems: held.map((o) => o.lineItem),
      customerEmail: request.email,
      expiresAt: window.sessionExpiresAt,
      returnPath: request.returnPath,
    })
  } catch (error) {
    ctx.logger.error(
      { err: error, reference, provider: ctx.payments.name },
      'payment provider refused the checkout; releasing its holds',
    )
    await ctx.db.transaction((tx) => releaseSessionHolds(tx, reference, ctx.now()))
    throw new AppError('unavailable', CHECKOUT_TEXTS.checkoutFailed)
  }

  if (session.id !== reference) {
    // The purchase and its lines take the provider's id together (the lines' key to it is checked at commit).
    await ctx.db.transaction(async (tx) => {
      await tx.update(purchases).set({ id: session.id }).where(eq(purchases.id, reference))
      await tx
        .update(orders)
        .set({ paymentSessionId: session.id, updatedAt: ctx.now() })
        .where(eq(orders.paymentSessionId, reference))
    })
  }
  return { sessionUrl: session.url }
}

async function withDeadlockRetry<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run()
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('conflict', CHECKOUT_TEXTS.dayNotAvailable)
      if (!isRetryable(error) || attempt >= 3) throw error
    }
  }
}

async function holdItems(
  tx: Db,
  request: CheckoutRequest,
  hold: {
    reference: string
    expiresAt: Date
    now: Date
    /** The town's date (SITE_TIMEZONE): days before it are past and never sold. */
    today: string
    provider: string
    newOrderId: () => string
    limits: HoldLimits
  },
): Promise<HeldOrder[]> {
  const dayIds = request.dayIds.map((id) => id.toLowerCase())
  if (!dayIds.every(isUuid)) throw new AppError('not_found', CHECKOUT_TEXTS.dayNotFound)
  if (request.iconId && !isUuid(request.iconId)) throw new AppError('not_found', CHECKOUT_TEXTS.iconNotFound)
  const { businessName, email, holder } = request
  // Before any row lock: the hold limits are counted under this client's and this e-mail's lock.
  await lockHolder(tx, holder, email, hold.limits)
  // Every order of the session carries them, so the cancel finds the return path whichever order it reads
  // first, and the hold limits and the release of this browser's earlier checkout find every order.
  const meta = {
    ...holderMetadata(holder),
    ...(request.returnPath ? { return_path: request.returnPath } : {}),
  }
  const base = {
    businessName,
    email,
    status: 'pending',
    paymentProvider: hold.provider,
    paymentSessionId: hold.reference,
    expiresAt: hold.expiresAt,
    ...(Object.keys(meta).length > 0 ? { metadata: meta } : {}),
  }
  const toInsert: { values: NewOrder; lineItem: PaymentLineItem }[] = []

  const iconId = request.iconId?.toLowerCase() ?? null
  // The mailing an icon is sold in: the one asked for, else the next one open for sale.
  const iconMonth = iconId ? (request.iconMonth ?? (await firstSellingMonth(tx, hold.now))) : null
  if (iconId && !iconMonth) throw new AppError('conflict', NO_OPEN_MAILING)
  const iconRef = iconId && iconMonth ? { iconId, month: iconMonth } : null
  let icon: LockedIcon | undefined
  // Before any day or icon row is locked (the order rows first, as a payment locks them).
  await releaseStaleClaims(tx, {
    dayIds,
    iconId,
    email,
    browser: holder?.browserToken ? holderKey(`browser:${holder.browserToken}`) : null,
    now: hold.now,
  })
  await enforceHoldLimits(tx, { holder, email, dayCount: dayIds.length }, hold.limits, hold.now)
  let days: ReservedDay[] = []
  if (dayIds.length > 0) {
    const reserved = await reserveDays(tx, dayIds, businessName, hold.now, iconRef)
    days = reserved.days
    if (days.length !== dayIds.length) throw new AppError('not_found', CHECKOUT_TEXTS.dayNotFound)
    icon = reserved.icon
  } else if (iconRef) {
    icon = await lockIconStock(tx, iconRef)
  }
  if (iconId && !icon && !(await iconExists(tx, iconId)))
    throw new AppError('not_found', CHECKOUT_TEXTS.iconNotFound)
  if (iconId && iconMonth) await requireIconSoldIn(tx, iconId, iconMonth)
  // Each mailing sold in must be open for sale now (status open, before its sales close), locked FOR SHARE
  // so an administrator's close, printed or mailed cannot interleave with this sale.
  const selling = await lockSellingMonths(
    tx,
    [...days.map((d) => d.date.slice(0, 7)), ...(iconMonth ? [iconMonth] : [])],
    hold.now,
  )
  if (dayIds.length > 0) {
    // Held or sold meanwhile; a past day is never sold; a day whose mailing is not open for sale is not
    // sold; a $0 day is a free feature the administrator assigns with a manual order (a hosted card
    // checkout cannot charge $0). Thrown after the write: the transaction rolls it back.
    const unavailable = days.filter(
      (d) => !d.taken || d.date < hold.today || d.priceCents <= 0 || !selling.has(d.date.slice(0, 7)),
    )
    if (unavailable.length > 0) throw daysUnavailableError(unavailable)
    const byId = new Map(days.map((d) => [d.id, d]))
    for (const dayId of dayIds) {
      const day = byId.get(dayId) as ReservedDay
      const amountCents = Math.max(0, day.priceCents - Math.round(request.perDayDiscount * 100))
      toInsert.push({
        values: { ...base, amountCents, dayId },
        lineItem: { name: `Calendar day: ${formatDayDate(day.date)}`, amountCents },
      })
    }
  }

  let iconTotal = 0
  if (iconId) {
    // The icon row lock serialises every checkout of this icon. Its claims are counted by the insert
    // below: a later statement, so a fresh snapshot under READ COMMITTED that sees every hold committed
    // before this lock was granted.
    // The claims counted below (paid orders and live holds; a lapsed hold is no claim, swept or not)
    // decide.
    if (!icon || !iconMonth || !selling.has(iconMonth)) throw new AppError('conflict', MAILING_NOT_SELLING)
    iconTotal = icon.totalQuantity
    toInsert.push({
      values: { ...base, amountCents: icon.priceCents, mapIconId: iconId, mailingMonth: iconMonth },
      lineItem: {
        name: `Map icon: ${icon.name} (${mailingMonthLabel(iconMonth)} mailing)`,
        amountCents: icon.priceCents,
      },
    })
  }

  if (request.special) {
    const { units, description } = request.special
    const amountCents = units * 100
    toInsert.push({
      values: {
        ...base,
        amountCents,
        metadata: { order_type: 'special_purchase', units, description, ...meta },
      },
      lineItem: {
        name: description,
        description: `${units} unit${units === 1 ? '' : 's'} at $1`,
        amountCents,
      },
    })
  }

  const { ids, iconClaims } = await insertOrdersWithFreshIds(
    tx,
    hold.newOrderId,
    toInsert.map((o) => o.values),
    iconRef ? { ...iconRef, now: hold.now } : null,
  )
  // Paid orders and other live holds already filled the icon: the whole checkout rolls back.
  if (iconId && iconClaims >= iconTotal) throw new AppError('conflict', CHECKOUT_TEXTS.iconNotAvailable)
  return toInsert.map((o, i) => ({ id: ids[i] as string, lineItem: o.lineItem }))
}

/**
 * The 409 of a checkout whose days are not all for sale: 'This day is not available for booking', and per
 * unavailable day a field `days.<dayId>` with a sentence naming its date, so the cart can mark each one.
 */
function daysUnavailableError(days: { id: string; date: string }[]): AppError {
  const fields = Object.fromEntries(
    days.map((d) => [`days.${d.id}`, [`${formatDayDate(d.date)} is no longer available for booking.`]]),
  )
  return new AppError('conflict', CHECKOUT_TEXTS.dayNotAvailable, fields)
}

/**
 * What may stand in the way of this checkout without being a claim any more, released in the checkout's
 * transaction so the outcome never depends on when the sweeper last ran:
 * - a lapsed hold (pending, expires_at passed) on a requested day: it becomes 'expired' and the day free;
 * - the same buyer's earlier open checkout (same e-mail, any case) started in this same browser (its
 *   checkout cookie, `browser`) that holds a requested day or the icon (Back from the payment page, then
 *   Proceed again): its whole session is released first. A payment of that earlier session still arrives
 *   through the late-payment rule. The e-mail alone releases nothing: anyone can type a buyer's address,
 *   and would take the day from under that buyer's payment.
 * The order rows are locked (FOR UPDATE) before the days: a payment of the same session locks them too, so
 * exactly one of the two goes first and the other sees its result. Holds without an expiry (an async
 * payment settling, an administrator's pending order) are live and never released here.
 */
async function releaseStaleClaims(
  tx: Db,
  claim: { dayIds: string[]; iconId: string | null; email: string; browser: string | null; now: Date },
): Promise<void> {
  const { dayIds, iconId, email, browser, now } = claim
  const onRequested = or(
    dayIds.length > 0 ? inArray(orders.dayId, dayIds) : undefined,
    iconId ? eq(orders.mapIconId, iconId) : undefined,
  )
  if (!onRequested) return
  const sameBuyer = browser
    ? and(
        sql`(${orders.metadata} ->> ${BROWSER_META_KEY}) = ${browser}`,
        sql`lower(${orders.email}) = lower(${email})`,
      )
    : undefined
  const found = await tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.status, 'pending'),
        isNotNull(orders.expiresAt),
        onRequested,
        or(
          and(lte(orders.expiresAt, now), isNotNull(orders.dayId)),
          sameBuyer ? and(gt(orders.expiresAt, now), sameBuyer) : undefined,
        ),
      ),
    )
    .orderBy(asc(orders.id))
    .for('update')
  const sessions = new Set<string>()
  for (const order of found) {
    if (order.expiresAt && order.expiresAt.getTime() <= now.getTime())
      await applyOrderStatusChange(tx, order, 'expired', now)
    else if (order.paymentSessionId) sessions.add(order.paymentSessionId)
  }
  for (const sessionId of sessions) await releaseSessionHolds(tx, sessionId, now)
}

type ReservedDay = { id: string; date: string; priceCents: number; taken: boolean }
/** The icon's name and price, and its stock (totalQuantity) in the mailing it is sold in. */
type LockedIcon = { name: string; priceCents: number; totalQuantity: number }
type IconRef = { iconId: string; month: string }

/** The icon's stock row in its mailing, locked: every sale of that icon in that mailing takes this lock. */
async function lockIconStock(tx: Db, ref: IconRef): Promise<LockedIcon | undefined> {
  type Row = { name: string; price_cents: number; quantity: number }
  const rows = rowsOf<Row>(
    await tx.execute<Row>(sql`
      select i.name, i.price_cents, s.quantity from mailing_icon_stock s join map_icons i on i.id = s.icon_id
      where s.icon_id = ${ref.iconId}::uuid and s.month = ${ref.month}
      for update of s`),
  )
  const row = rows[0]
  return row
    ? { name: row.name, priceCents: Number(row.price_cents), totalQuantity: Number(row.quantity) }
    : undefined
}

async function iconExists(tx: Db, iconId: string): Promise<boolean> {
  const rows = rowsOf(await tx.execute(sql`select 1 from map_icons where id = ${iconId}::uuid`))
  return rows.length > 0
}

/**
 * One statement: locks the requested days in id order (two carts sharing days wait for each other
 * instead of deadlocking), then the deciding write moves only those still available to
 * reserved_pending (conditional on the locked, latest row). Answers every day found, with `taken` true
 * for those this checkout now holds. With an icon, the same statement then locks the icon's row: after
 * every day (its condition needs all of `locked`), the order a separate statement would give.
 */
async function reserveDays(
  tx: Db,
  dayIds: string[],
  businessName: string,
  now: Date,
  iconRef: IconRef | null,
): Promise<{ days: ReservedDay[]; icon: LockedIcon | undefined }> {
  const idList = sql.join(
    dayIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  )
  type Row = {
    id: string | null
    date: string | null
    price_cents: number | null
    taken: boolean | null
    icon_name: string | null
    icon_price_cents: number | null
    icon_total: number | null
  }
  // The icon's stock row in its mailing is the lock (stock is per mailing).
  const iconPart = iconRef
    ? sql`, icon as materialized (
      select i.name, i.price_cents, s.quantity from mailing_icon_stock s join map_icons i on i.id = s.icon_id
      where s.icon_id = ${iconRef.iconId}::uuid and s.month = ${iconRef.month} and (select count(*) from locked) >= 0
      for update of s)`
    : sql``
  const iconRows = iconRef
    ? sql` union all
    select null, null, null, null, i.name, i.price_cents, i.quantity from icon i`
    : sql``
  const result = await tx.execute<Row>(sql`
    with locked as materialized (
      select id, date, price_cents, status from calendar_days
      where id in (${idList}) order by id for update
    ), taken as (
      update calendar_days d
      set status = 'reserved_pending', business_name = ${businessName}, updated_at = ${now.toISOString()}::timestamptz
      from locked l
      where d.id = l.id and l.status = 'available' and d.status = 'available'
      returning d.id
    )${iconPart}
    select l.id, l.date::text as date, l.price_cents, (t.id is not null) as taken,
      null::text as icon_name, null::int as icon_price_cents, null::int as icon_total
    from locked l left join taken t on t.id = l.id${iconRows}`)
  const rows = rowsOf<Row>(result)
  const days = rows.flatMap((r) =>
    r.id === null
      ? []
      : [{ id: r.id, date: r.date as string, priceCents: Number(r.price_cents), taken: r.taken === true }],
  )
  const iconRow = rows.find((r) => r.id === null)
  const icon = iconRow
    ? {
        name: iconRow.icon_name as string,
        priceCents: Number(iconRow.icon_price_cents),
        totalQuantity: Number(iconRow.icon_total),
      }
    : undefined
  return { days, icon }
}

/**
 * Inserts a checkout's orders in one statement, each under a freshly drawn id; ON CONFLICT (id) keeps the
 * transaction usable, and only the rows whose id was taken are drawn again. With an icon (whose row the
 * caller has locked), the same statement counts the icon's other claims (answered as `iconClaims`). Nothing
 * else is written for the icon: its availability is derived from the claims when read.
 */
async function insertOrdersWithFreshIds(
  tx: Db,
  draw: () => string,
  rows: NewOrder[],
  icon: { iconId: string; month: string; now: Date } | null,
): Promise<{ ids: string[]; iconClaims: number }> {
  const ids: (string | null)[] = rows.map(() => null)
  let iconClaims: number | null = null
  for (let attempt = 0; attempt < 50; attempt++) {
    const pending = ids.flatMap((id, i) => (id === null ? [i] : []))
    if (pending.length === 0) break
    const drawn = new Map<string, number>()
    for (const i of pending) {
      let id = draw()
      for (let k = 0; drawn.has(id) && k < 50; k++) id = draw()
      drawn.set(id, i)
    }
    const insert = tx
      .insert(orders)
      .values([...drawn].map(([id, i]) => ({ ...(rows[i] as NewOrder), id })))
      .onConflictDoNothing({ target: orders.id })
      .returning({ id: orders.id, mapIconId: orders.mapIconId })
    let inserted: { id: string }[]
    if (icon && attempt === 0) {
      // A statement's subqueries do not see the rows it inserts: `claims` are the other orders' claims.
      type Row = { id: string | null; icon_rows: number; claims: number }
      const result = await tx.execute<Row>(sql`
        with ins as (${insert.getSQL()}),
        claims as (select ${iconClaimsSql(sql`${icon.iconId}::uuid`, sql`${icon.month}::text`, icon.now)} as n)
        select ins.id, (select count(*)::int from ins where map_icon_id is not null) as icon_rows, claims.n as claims
        from claims left join ins on true`)
      const resultRows = rowsOf<Row>(result)
      if (Number(resultRows[0]?.icon_rows ?? 0) > 0) iconClaims = Number(resultRows[0]?.claims ?? 0)
      inserted = resultRows.flatMap((r) => (r.id === null ? [] : [{ id: r.id }]))
    } else {
      inserted = await insert
    }
    for (const { id } of inserted) {
      const i = drawn.get(id)
      if (i !== undefined) ids[i] = id
    }
  }
  if (ids.some((id) => id === null))
    throw new Error('no free order id after 50 draws: the id space is nearly full')
  if (icon && iconClaims === null) {
    // Rare: the icon's order drew a taken id at first and went in after the statement that counts.
    iconClaims = (await countIconClaims(tx, icon.iconId, icon.month, icon.now)) - 1
  }
  return { ids: ids as string[], iconClaims: iconClaims ?? 0 }
}
