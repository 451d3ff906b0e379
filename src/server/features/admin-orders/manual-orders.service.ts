import { and, asc, eq, gt, gte, type SQL, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { isUniqueViolation } from '#server/db/errors.ts'
import { calendarDays, mailings, mapIcons, orders } from '#server/db/schema.ts'
import { isUuid } from '#server/http/validate.ts'
import { deadlineText } from '#server/lib/deadline-text.ts'
import { AppError } from '#server/lib/errors.ts'
import { enqueueEmail } from '#server/lib/mailer/outbox.ts'
import {
  DAY_NOT_AVAILABLE_MESSAGE,
  ICON_NOT_AVAILABLE_MESSAGE,
  MAX_SELLABLE_DAYS,
  type ManualMapIconOrderInput,
  type ManualOrderInput,
  type ManualOrderStatus,
  type SellableDaysResponse,
} from '#shared/admin-orders.ts'
import { formatDayDate, MONTH_NAMES } from '#shared/format.ts'
import { MAILING_NOT_SELLING, mailingMonthLabel, NO_OPEN_MAILING } from '#shared/mailings.ts'
import type { SiteConfig } from '#shared/site-config.ts'
import { checkoutArtwork, receiptPathOf } from '../orders/checkout-artwork.service.ts'
import { requireIconSoldIn } from '../orders/icon-retirement.service.ts'
import { setOrderActor } from '../orders/order-actor.ts'
import { drawOrderId, insertOrderWithFreshId } from '../orders/order-ids.ts'
import { requireIconRoom } from '../orders/order-status.service.ts'
import { firstSellingMonth, lockSellingMonths } from '../orders/selling-months.service.ts'
import { manualOrderConfirmationEmail } from './manual-order-emails.ts'

const DAY_NOT_FOUND = 'Day not found.'
const MAP_ICON_NOT_FOUND = 'Map icon not found.'

/** What the confirmation e-mail needs from the server's config (the route passes it). */
export type ManualOrderMailContext = { site: SiteConfig; timeZone: string; origin: string }

type ManualOrderOptions = {
  now?: Date
  drawId?: () => string
  mail?: ManualOrderMailContext
}

/**
 * The terms, settled against the catalogue price: absent amount → the price; a free feature is $0
 * (the schema refuses a free feature with an amount above 0, and $0 without the free feature). A $0 price
 * taken as the default is a free feature too: nothing else charges nothing.
 */
function settleTerms(
  input: { amountCents?: number | undefined; freeFeature?: boolean | undefined; status?: ManualOrderStatus },
  priceCents: number,
) {
  const amountCents = input.freeFeature === true ? 0 : (input.amountCents ?? priceCents)
  const isFreeFeature = input.freeFeature === true || amountCents === 0
  const status: ManualOrderStatus = input.status ?? 'paid'
  return { amountCents, isFreeFeature, status }
}

/**
 * The order row's terms: a pending manual order has no expires_at, so it holds its day or icon until the
 * administrator marks it paid, refunds or deletes it (only checkout holds lapse; order-status.service).
 */
function orderTerms(terms: ReturnType<typeof settleTerms>, now: Date) {
  return {
    amountCents: terms.amountCents,
    status: terms.status,
    paidAt: terms.status === 'paid' ? now : null,
    expiresAt: null,
    ...(terms.isFreeFeature ? { metadata: { freeFeature: true } } : {}),
  }
}

/**
 * A manual day order, with its terms: an order for an available day, paid (the day reserved) or pending
 * (the day reserved_pending, as for any pending order), and the day named with the business. One
 * transaction, so a failure leaves neither (no order without its day, no day without its order), and
 * the confirmation e-mail exists iff the order does. The conditional update is the guard: a day taken
 * meanwhile is never given a second owner, and a past day (before `today`, the town's date) is never sold.
 */
export async function createManualDayOrder(
  db: Db,
  input: ManualOrderInput & { by: string },
  options: ManualOrderOptions & { today?: string } = {},
): Promise<string> {
  const now = options.now ?? new Date()
  const notPast = options.today ? gte(calendarDays.date, options.today) : undefined
  if (!isUuid(input.dayId)) throw new AppError('not_found', DAY_NOT_FOUND)
  try {
    return await db.transaction(async (tx) => {
      await setOrderActor(tx, input.by)
      // The day's mailing must be open for sale, locked FOR SHARE against a concurrent close.
      const [target] = await tx
        .select({ date: calendarDays.date })
        .from(calendarDays)
        .where(eq(calendarDays.id, input.dayId))
      if (
        target &&
        !(await lockSellingMonths(tx, [target.date.slice(0, 7)], now)).has(target.date.slice(0, 7))
      )
        throw new AppError('conflict', DAY_NOT_AVAILABLE_MESSAGE)
      const status = input.status ?? 'paid'
      const [day] = await tx
        .update(calendarDays)
        .set({
          status: status === 'paid' ? 'reserved' : 'reserved_pending',
          businessName: input.businessName,
          updatedAt: now,
        })
        .where(and(eq(calendarDays.id, input.dayId), eq(calendarDays.status, 'available'), notPast))
        .returning()
      if (!day) {
        const [exists] = await tx
          .select({ id: calendarDays.id })
          .from(calendarDays)
          .where(eq(calendarDays.id, input.dayId))
        throw exists
          ? new AppError('conflict', DAY_NOT_AVAILABLE_MESSAGE)
          : new AppError('not_found', DAY_NOT_FOUND)
      }
      const terms = settleTerms(input, day.priceCents)
      const id = await insertOrderWithFreshId(tx, options.drawId ?? (() => drawOrderId('ORD')), {
        businessName: input.businessName,
        email: input.email,
        ...orderTerms(terms, now),
        dayId: day.id,
        source: 'manual',
        createdAt: now,
        updatedAt: now,
      })
      if (input.sendConfirmation)
        await queueConfirmation(tx, options.mail, {
          orderId: id,
          input,
          terms,
          itemLabel: `Calendar day: ${formatDayDate(day.date)}`,
          month: day.date.slice(0, 7),
        })
      return id
    })
  } catch (error) {
    // An 'available' day that still has a live order (orders_one_live_order_per_day_idx).
    if (isUniqueViolation(error)) throw new AppError('conflict', DAY_NOT_AVAILABLE_MESSAGE)
    throw error
  }
}

/**
 * A manual icon order (MAP- id) in a mailing open for sale (the one asked for, else the next), paid or
 * pending (a pending one without expiry is a claim like a paid one). The icon's
 * stock row in that mailing is locked and its claims counted (stock − paid − live holds,
 * docs/decisions/007), so a sold-out icon is refused and never oversold. Nothing is decremented or
 * recomputed: what is left is derived from the claims whenever it is read.
 */
export async function createManualMapIconOrder(
  db: Db,
  input: ManualMapIconOrderInput & { by: string },
  options: ManualOrderOptions = {},
): Promise<string> {
  const now = options.now ?? new Date()
  if (!isUuid(input.iconId)) throw new AppError('not_found', MAP_ICON_NOT_FOUND)
  return db.transaction(async (tx) => {
    await setOrderActor(tx, input.by)
    const [icon] = await tx.select().from(mapIcons).where(eq(mapIcons.id, input.iconId))
    if (!icon) throw new AppError('not_found', MAP_ICON_NOT_FOUND)
    const month = input.month ?? (await firstSellingMonth(tx, now))
    if (!month) throw new AppError('conflict', NO_OPEN_MAILING)
    if (!(await lockSellingMonths(tx, [month], now)).has(month))
      throw new AppError('conflict', MAILING_NOT_SELLING)
    await requireIconSoldIn(tx, icon.id, month)
    try {
      await requireIconRoom(tx, icon.id, month, null, now)
    } catch (error) {
      if (error instanceof AppError) throw new AppError('conflict', ICON_NOT_AVAILABLE_MESSAGE)
      throw error
    }
    const terms = settleTerms(input, icon.priceCents)
    const id = await insertOrderWithFreshId(tx, options.drawId ?? (() => drawOrderId('MAP')), {
      businessName: input.businessName,
      email: input.email,
      ...orderTerms(terms, now),
      mapIconId: icon.id,
      mailingMonth: month,
      source: 'manual',
      createdAt: now,
      updatedAt: now,
    })
    if (input.sendConfirmation)
      await queueConfirmation(tx, options.mail, {
        orderId: id,
        input,
        terms,
        itemLabel: `Map icon: ${icon.name}`,
        month,
      })
    return id
  })
}

/**
 * The buyer's confirmation, in the order's transaction (the outbox row exists iff the order does), with
 * the checkout's artwork link created now, as the checkout confirmation does (payment-confirmation.service.ts).
 */
async function queueConfirmation(
  tx: Db,
  mail: ManualOrderMailContext | undefined,
  order: {
    orderId: string
    input: { businessName: string; email: string }
    terms: ReturnType<typeof settleTerms>
    itemLabel: string
    month: string
  },
) {
  if (!mail) throw new Error('a confirmation e-mail needs the mail context (site, time zone, origin)')
  const [mailing] = await tx.select().from(mailings).where(eq(mailings.month, order.month))
  const artwork = await checkoutArtwork(tx, order.orderId, mail.timeZone)
  const receipt = await receiptPathOf(tx, order.orderId)
  await enqueueEmail(
    tx,
    manualOrderConfirmationEmail({
      orderId: order.orderId,
      businessName: order.input.businessName,
      email: order.input.email,
      itemLabel: order.itemLabel,
      mailingLabel: mailingMonthLabel(order.month),
      amountCents: order.terms.amountCents,
      status: order.terms.status,
      isFreeFeature: order.terms.isFreeFeature,
      payByText: mailing ? deadlineText(mailing.salesCloseAt, mail.timeZone) : null,
      artwork: artwork ? { url: `${mail.origin}${artwork.path}`, mailings: artwork.mailings } : null,
      receiptUrl: receipt ? `${mail.origin}${receipt}` : null,
      site: mail.site,
    }),
  )
}

// ---------------------------------------------------------------- the day picker's search

const WEEKDAY_NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday']
const MONTHS_LOWER = MONTH_NAMES.map((m) => m.toLowerCase())
const NO_DAY = sql`false`

const monthOf = sql`extract(month from ${calendarDays.date})::int`
const dayOfMonth = sql`extract(day from ${calendarDays.date})::int`
const yearOf = sql`extract(year from ${calendarDays.date})::int`
/** 0 = Sunday, as WEEKDAY_NAMES. */
const weekdayOf = sql`extract(dow from ${calendarDays.date})::int`

const inList = (column: SQL, values: number[]) =>
  sql`${column} in (${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`

/**
 * One typed word as a condition on the day's date (the rules are documented on sellableDaysQuerySchema in
 * shared/admin-orders.ts). A word that reads as nothing matches nothing, so a typo shows "no days" rather
 * than every day.
 */
function wordCondition(word: string): SQL {
  // An ISO date or its start: '2027', '2027-01', '2027-01-0'.
  if (/^\d{4}(-\d{0,2}(-\d{0,2})?)?$/.test(word))
    return sql`to_char(${calendarDays.date}, 'YYYY-MM-DD') like ${`${word}%`}`
  // A US date: month/day, month/day/year ('1/5', '1/5/27', '1/5/2027'), or just 'month/'.
  const us = /^(\d{1,2})\/(\d{1,2})?(?:\/(\d{2}|\d{4})?)?$/.exec(word)
  if (us) {
    const conditions = [sql`${monthOf} = ${Number(us[1])}`]
    if (us[2]) conditions.push(sql`${dayOfMonth} = ${Number(us[2])}`)
    if (us[3]) conditions.push(sql`${yearOf} = ${us[3].length === 2 ? 2000 + Number(us[3]) : Number(us[3])}`)
    return and(...conditions) as SQL
  }
  // A day of the month: '5', '05', '5th'.
  const day = /^(\d{1,2})(?:st|nd|rd|th)?$/.exec(word)
  if (day) return sql`${dayOfMonth} = ${Number(day[1])}`
  // The start of a month's or weekday's name: 'jan', 'ma' (March and May), 'tue', 's' (Sep, Sat, Sun).
  if (/^[a-z]+$/.test(word)) {
    const months = MONTHS_LOWER.flatMap((name, i) => (name.startsWith(word) ? [i + 1] : []))
    const weekdays = WEEKDAY_NAMES.flatMap((name, i) => (name.startsWith(word) ? [i] : []))
    const either = [
      ...(months.length > 0 ? [inList(monthOf, months)] : []),
      ...(weekdays.length > 0 ? [inList(weekdayOf, weekdays)] : []),
    ]
    return either.length === 0 ? NO_DAY : (sql`(${sql.join(either, sql` or `)})` as SQL)
  }
  return NO_DAY
}

/** Every word of the typed text must match (commas, periods and spaces separate words). */
function sellableDaySearch(q: string): SQL | undefined {
  const words = q
    .toLowerCase()
    .split(/[\s,.]+/)
    .filter(Boolean)
  return words.length === 0 ? undefined : and(...words.map(wordCondition))
}

/**
 * The day picker: the days a manual order can still sell, as checkout decides it (decision 012):
 * available, priced above 0, not past in the town's date (`today`), in a mailing open for sale and before
 * its sales close, and held by no live order; narrowed by the typed text; at most MAX_SELLABLE_DAYS, in
 * date order, grouped by mailing.
 */
export async function listSellableDays(
  db: Db,
  q: string,
  today: string,
  now: Date = new Date(),
): Promise<SellableDaysResponse> {
  const monthKey = sql`to_char(${calendarDays.date}, 'YYYY-MM')`
  const liveOrder = sql`exists (select 1 from ${orders} o where o.day_id = ${calendarDays.id} and o.status in ('pending', 'paid'))`
  const rows = await db
    .select({ id: calendarDays.id, date: calendarDays.date, priceCents: calendarDays.priceCents })
    .from(calendarDays)
    .innerJoin(mailings, eq(mailings.month, monthKey))
    .where(
      and(
        eq(calendarDays.status, 'available'),
        gt(calendarDays.priceCents, 0),
        gte(calendarDays.date, today),
        eq(mailings.status, 'open'),
        gt(mailings.salesCloseAt, now),
        sql`not ${liveOrder}`,
        sellableDaySearch(q),
      ),
    )
    .orderBy(asc(calendarDays.date))
    .limit(MAX_SELLABLE_DAYS + 1)
  const groups = new Map<string, SellableDaysResponse['mailings'][number]>()
  for (const row of rows.slice(0, MAX_SELLABLE_DAYS)) {
    const month = row.date.slice(0, 7)
    let group = groups.get(month)
    if (!group) {
      group = { month, label: mailingMonthLabel(month), days: [] }
      groups.set(month, group)
    }
    group.days.push({ id: row.id, date: row.date, price: row.priceCents / 100 })
  }
  return { mailings: [...groups.values()], truncated: rows.length > MAX_SELLABLE_DAYS }
}
