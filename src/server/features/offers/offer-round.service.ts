import { randomUUID } from 'node:crypto'
import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { isRetryable, isUniqueViolation } from '#server/db/errors.ts'
import { rowsOf } from '#server/db/rows.ts'
import {
  calendarDays,
  emailUnsubscribes,
  mailingIconStock,
  mailings,
  mapIcons,
  offerLines,
  offers,
  orders,
} from '#server/db/schema.ts'
import { eachOnItsOwn } from '#server/lib/each-on-its-own.ts'
import type { Logger } from '#server/lib/logger.ts'
import { enqueueEmail } from '#server/lib/mailer/outbox.ts'
import { normalizeAddress } from '#server/lib/unsubscribe-token.ts'
import { perDayDiscount } from '#shared/cart.ts'
import { addMonths, todayInTimeZone } from '#shared/dates.ts'
import { type MonthKey, parseMonthKey, toMonthKey } from '#shared/mailings.ts'
import { drawOrderId, insertOrderWithFreshId } from '../orders/order-ids.ts'
import { applyOrderStatusChange, countIconClaims } from '../orders/order-status.service.ts'
import { isMovedDate, sameDateIn, sameWeekFallbacks } from './offer-days.ts'
import { describeOfferLine, type OfferEmailContext, offerEmail } from './offer-email.ts'
import { newOfferLink } from './offer-links.ts'

/**
 * Making a mailing's offers (decision 023), once: when its days are first set up (days of its month exist,
 * it is open and its sales close is ahead), every advertiser with paid lines in the previous mailing gets one
 * offer holding the same date (else the nearest free day of the same week) and the same icon (if still sold
 * and in stock), for the mailing's priority window, and one e-mail. Run by the offers task in every instance
 * and right after the owner sets up days; exactly once by the claim `UPDATE mailings SET offers_made_at …
 * WHERE offers_made_at IS NULL` in the transaction that inserts the offers, their lines and their e-mails.
 */

export type OfferRoundContext = {
  db: Db
  email: OfferEmailContext
  logger: Logger
  /** Draws an order id; injectable so a test can force a collision. */
  newOrderId?: () => string
}

const DAY_MS = 86_400_000

/** The mailings whose offers are due now, earliest first. */
async function dueMonths(db: Db, now: Date): Promise<MonthKey[]> {
  const rows = await db
    .select({ month: mailings.month })
    .from(mailings)
    .where(
      and(
        isNull(mailings.offersMadeAt),
        eq(mailings.status, 'open'),
        gt(mailings.salesCloseAt, now),
        sql`exists (select 1 from ${calendarDays} d where d.date >= (${mailings.month} || '-01')::date
          and d.date < (${mailings.month} || '-01')::date + interval '1 month')`,
      ),
    )
    .orderBy(asc(mailings.month))
  return rows.map((r) => r.month)
}

/**
 * Makes the offers of every mailing that is due, each mailing on its own (one that fails is logged and
 * tried again next round; the others' offers are made); answers how many offers each made.
 */
export async function makeDueOffers(
  ctx: OfferRoundContext,
  now: Date = new Date(),
  makeOne: typeof makeMailingOffers = makeMailingOffers,
): Promise<{ month: MonthKey; offers: number }[]> {
  const made = await eachOnItsOwn(
    await dueMonths(ctx.db, now),
    { label: 'offers of a mailing', logger: ctx.logger, about: (month) => ({ month }) },
    async (month) => ({ month, offers: await makeOne(ctx, month, now) }),
  )
  return made.flatMap(({ month, offers }) => (offers === null ? [] : [{ month, offers }]))
}

class NotClaimed extends Error {}

/**
 * One mailing's offers, in one transaction; null when this call did not make them (another instance did,
 * or is doing it now, or the mailing is not due). The instances that find another at work on the month
 * skip it at once (a transaction-level advisory lock), so they never queue on its day locks.
 */
export async function makeMailingOffers(
  ctx: OfferRoundContext,
  month: MonthKey,
  now: Date = new Date(),
): Promise<number | null> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await ctx.db.transaction(async (tx) => {
        const [lock] = rowsOf<{ ok: boolean }>(
          await tx.execute(
            sql`select pg_try_advisory_xact_lock(hashtextextended(${`offers:${month}`}, 0)) as ok`,
          ),
        )
        if (!lock?.ok) return null
        // Read after the lock: a round that claimed the month has committed by now, and this sees it.
        const [mailing] = await tx
          .select()
          .from(mailings)
          .where(
            and(
              eq(mailings.month, month),
              isNull(mailings.offersMadeAt),
              eq(mailings.status, 'open'),
              gt(mailings.salesCloseAt, now),
            ),
          )
        if (!mailing) return null
        const count = mailing.priorityWindowDays === 0 ? 0 : await holdOffers(tx, ctx, mailing, now)
        // The claim: exactly once, whatever ran meanwhile (the lock above only spares the work).
        const claimed = await tx
          .update(mailings)
          .set({ offersMadeAt: now })
          .where(and(eq(mailings.month, month), isNull(mailings.offersMadeAt)))
          .returning({ month: mailings.month })
        if (claimed.length === 0) throw new NotClaimed()
        return count
      })
    } catch (error) {
      if (error instanceof NotClaimed) return null
      // A deadlock with a checkout taking the same days: run the round again.
      if (!isRetryable(error) || attempt >= 3) throw error
    }
  }
}

type PreviousLine = {
  /** Its place among the previous mailing's paid lines, first paid first: who is served first. */
  rank: number
  id: string
  itemDate: string | null
  mapIconId: string | null
  businessName: string
  advertiserId: string
  advertiserEmail: string
  advertiserName: string | null
}

type Advertiser = {
  id: string
  email: string
  businessName: string
  purchaseId: string
  days: PreviousLine[]
  icons: PreviousLine[]
  /** The lines held for it: order id, the previous line, what it is, its amount before the bulk discount. */
  held: {
    orderId: string
    previous: PreviousLine
    date: string | null
    iconName: string | null
    iconSize: string | null
    amountCents: number
  }[]
}

/** The paid day and icon lines of a mailing, first paid first. */
async function paidLinesOf(tx: Db, month: MonthKey): Promise<PreviousLine[]> {
  type Row = {
    id: string
    item_date: string | null
    map_icon_id: string | null
    business_name: string
    advertiser_id: string
    advertiser_email: string
    advertiser_name: string | null
  }
  return rowsOf<Row>(
    await tx.execute<Row>(sql`
      select o.id, o.item_date::text as item_date, o.map_icon_id, o.business_name, p.advertiser_id,
        a.email as advertiser_email, a.business_name as advertiser_name
      from orders o
      join purchases p on p.id = o.purchase_id
      join advertisers a on a.id = p.advertiser_id
      where o.mailing_month = ${month} and o.status = 'paid'
        and (o.item_date is not null or o.map_icon_id is not null)
        and coalesce(o.metadata ->> 'order_type', '') <> 'special_purchase'
      order by coalesce(o.paid_at, o.created_at), o.id`),
  ).map((r, rank) => ({
    rank,
    id: r.id,
    itemDate: r.item_date,
    mapIconId: r.map_icon_id,
    businessName: r.business_name,
    advertiserId: r.advertiser_id,
    advertiserEmail: r.advertiser_email,
    advertiserName: r.advertiser_name,
  }))
}

/** Addresses that used an unsubscribe link, compared as the unsubscribe list keeps them (lower case). */
async function unsubscribedAmong(tx: Db, addresses: string[]): Promise<Set<string>> {
  if (addresses.length === 0) return new Set()
  const rows = await tx
    .select({ email: emailUnsubscribes.email })
    .from(emailUnsubscribes)
    .where(inArray(emailUnsubscribes.email, addresses))
  return new Set(rows.map((r) => r.email))
}

type MailingRow = typeof mailings.$inferSelect

/**
 * Inside the round's transaction: holds each returning advertiser's spots and queues its e-mail. Locks, in
 * the order checkout and payment take them: the lapsed holds' order rows, then every day of the month (by
 * id), then the stock rows of the icons offered (by icon id); the caller's claim takes the mailing row last.
 */
async function holdOffers(tx: Db, ctx: OfferRoundContext, mailing: MailingRow, now: Date): Promise<number> {
  const month = mailing.month
  const { year, month: m } = parseMonthKey(month)
  const before = addMonths(year, m, -1)
  const previous = await paidLinesOf(tx, toMonthKey(before.year, before.month))
  if (previous.length === 0) return 0

  // One offer per advertiser, to its main address, unless that address unsubscribed: nothing is held for
  // someone who will not hear of it.
  const byAdvertiser = new Map<string, Advertiser>()
  for (const line of previous) {
    let advertiser = byAdvertiser.get(line.advertiserId)
    if (!advertiser) {
      advertiser = {
        id: line.advertiserId,
        email: normalizeAddress(line.advertiserEmail),
        businessName: line.advertiserName ?? line.businessName,
        purchaseId: `offer_${randomUUID().replaceAll('-', '')}`,
        days: [],
        icons: [],
        held: [],
      }
      byAdvertiser.set(line.advertiserId, advertiser)
    }
    if (line.itemDate) advertiser.days.push(line)
    else advertiser.icons.push(line)
  }
  const unsubscribed = await unsubscribedAmong(
    tx,
    [...byAdvertiser.values()].map((a) => a.email),
  )
  const advertisers = [...byAdvertiser.values()].filter((a) => !unsubscribed.has(a.email))
  if (advertisers.length === 0) return 0

  const expiresAt = new Date(
    Math.min(now.getTime() + mailing.priorityWindowDays * DAY_MS, mailing.salesCloseAt.getTime()),
  )
  const draw = ctx.newOrderId ?? (() => drawOrderId('ORD'))
  const base = { status: 'pending', source: 'offer', expiresAt }

  await holdDays(tx, advertisers, month, base, draw, todayInTimeZone(ctx.email.timeZone, now), now)
  await holdIcons(tx, advertisers, month, base, draw, now)

  let made = 0
  for (const advertiser of advertisers) {
    if (advertiser.held.length === 0) continue
    // The cart's bulk discount for several days, off each day's catalogue price.
    const dayCount = advertiser.held.filter((h) => h.date !== null).length
    const discountCents = perDayDiscount(dayCount) * 100
    if (discountCents > 0) {
      for (const h of advertiser.held)
        if (h.date !== null) h.amountCents = Math.max(0, h.amountCents - discountCents)
      await tx
        .update(orders)
        .set({ amountCents: sql`greatest(${orders.amountCents} - ${discountCents}, 0)` })
        .where(and(eq(orders.purchaseId, advertiser.purchaseId), isNotNull(orders.dayId)))
    }
    const [offer] = await tx
      .insert(offers)
      .values({
        mailingMonth: month,
        purchaseId: advertiser.purchaseId,
        businessName: advertiser.businessName,
        email: advertiser.email,
        expiresAt,
        sentAt: now,
        sentCount: 1,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: offers.id })
    if (!offer) throw new Error('the offer insert returned no row')
    await tx.insert(offerLines).values(
      advertiser.held.map((h) => ({
        orderId: h.orderId,
        offerId: offer.id,
        previousOrderId: h.previous.id,
        previousDate: h.previous.itemDate,
      })),
    )
    const token = await newOfferLink(tx, offer.id)
    const lines = [...advertiser.held]
      .sort((a, b) => (a.date ?? '9999').localeCompare(b.date ?? '9999'))
      .map((h) => ({ description: describeOfferLine(h), amountCents: h.amountCents }))
    await enqueueEmail(
      tx,
      offerEmail(
        {
          id: offer.id,
          month,
          purchaseId: advertiser.purchaseId,
          businessName: advertiser.businessName,
          email: advertiser.email,
          expiresAt,
          lines,
        },
        token,
        1,
        ctx.email,
      ),
    )
    made++
  }
  ctx.logger.info({ month, offers: made }, 'offers to returning advertisers made')
  return made
}

type Base = { status: string; source: string; expiresAt: Date }

/**
 * The days: first every line whose same date is free (a line whose date the month has comes before one
 * moved to the month's last day, then first paid first), then the others to the nearest free day of the
 * same week. A day is free when it is available, priced, not past and no live order holds it; the unique
 * index on live day orders is the last word: a line that loses its day to it takes its next candidate.
 */
async function holdDays(
  tx: Db,
  advertisers: Advertiser[],
  month: MonthKey,
  base: Base,
  draw: () => string,
  today: string,
  now: Date,
): Promise<void> {
  const wanted = advertisers.flatMap((advertiser) =>
    advertiser.days.map((line) => ({
      advertiser,
      line,
      order: line.rank,
      target: sameDateIn(month, line.itemDate as string),
    })),
  )
  if (wanted.length === 0) return
  const { year, month: m } = parseMonthKey(month)
  const first = `${month}-01`
  const last = new Date(Date.UTC(year, m, 0)).toISOString().slice(0, 10)
  // A lapsed hold is no claim: released first (its order row before its day, as a checkout does).
  const lapsed = await tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.status, 'pending'),
        lte(orders.expiresAt, now),
        isNotNull(orders.dayId),
        gte(orders.itemDate, first),
        lte(orders.itemDate, last),
      ),
    )
    .orderBy(asc(orders.id))
    .for('update')
  for (const order of lapsed) await applyOrderStatusChange(tx, order, 'expired', now)
  // Every day of the month, locked by id as checkout locks days: no sale can take one meanwhile.
  const days = await tx
    .select({
      id: calendarDays.id,
      date: calendarDays.date,
      status: calendarDays.status,
      priceCents: calendarDays.priceCents,
    })
    .from(calendarDays)
    .where(and(gte(calendarDays.date, first), lte(calendarDays.date, last)))
    .orderBy(asc(calendarDays.id))
    .for('update')
  const held =
    days.length === 0
      ? []
      : await tx
          .select({ dayId: orders.dayId })
          .from(orders)
          .where(
            and(
              inArray(
                orders.dayId,
                days.map((d) => d.id),
              ),
              inArray(orders.status, ['pending', 'paid']),
            ),
          )
  const taken = new Set(held.map((h) => h.dayId))
  const byDate = new Map(days.map((d) => [d.date, d]))
  const isFree = (date: string) => {
    const day = byDate.get(date)
    return (
      day !== undefined &&
      day.status === 'available' &&
      day.priceCents > 0 &&
      date >= today &&
      !taken.has(day.id)
    )
  }

  const place = async (item: (typeof wanted)[number], candidates: string[]): Promise<boolean> => {
    for (const date of candidates) {
      if (!isFree(date)) continue
      const day = byDate.get(date) as (typeof days)[number]
      taken.add(day.id)
      try {
        const orderId = await tx.transaction(async (sp) => {
          const reserved = await sp
            .update(calendarDays)
            .set({ status: 'reserved_pending', businessName: item.advertiser.businessName, updatedAt: now })
            .where(and(eq(calendarDays.id, day.id), eq(calendarDays.status, 'available')))
            .returning({ id: calendarDays.id })
          if (reserved.length === 0) return null
          return insertOrderWithFreshId(sp, draw, {
            ...base,
            businessName: item.advertiser.businessName,
            email: item.advertiser.email,
            amountCents: day.priceCents,
            dayId: day.id,
            purchaseId: item.advertiser.purchaseId,
          })
        })
        if (orderId === null) continue
        item.advertiser.held.push({
          orderId,
          previous: item.line,
          date,
          iconName: null,
          iconSize: null,
          amountCents: day.priceCents,
        })
        return true
      } catch (error) {
        // Another live order holds it after all: the next candidate.
        if (!isUniqueViolation(error)) throw error
      }
    }
    return false
  }

  const exactFirst = [...wanted].sort(
    (a, b) =>
      Number(isMovedDate(month, a.line.itemDate as string)) -
        Number(isMovedDate(month, b.line.itemDate as string)) || a.order - b.order,
  )
  const unplaced: typeof wanted = []
  for (const item of exactFirst) if (!(await place(item, [item.target]))) unplaced.push(item)
  unplaced.sort((a, b) => a.order - b.order)
  for (const item of unplaced) await place(item, sameWeekFallbacks(item.target))
}

/**
 * The icons: the same icon in the new mailing, if it is still sold there and has a unit free (stock − paid −
 * live holds, counted under the stock row's lock, as a sale counts it), first paid first.
 */
async function holdIcons(
  tx: Db,
  advertisers: Advertiser[],
  month: MonthKey,
  base: Base,
  draw: () => string,
  now: Date,
): Promise<void> {
  const wanted = advertisers.flatMap((advertiser) =>
    advertiser.icons.map((line) => ({ advertiser, line, order: line.rank })),
  )
  if (wanted.length === 0) return
  const iconIds = [...new Set(wanted.map((w) => w.line.mapIconId as string))].sort()
  const stock = await tx
    .select({
      iconId: mailingIconStock.iconId,
      quantity: mailingIconStock.quantity,
      name: mapIcons.name,
      size: mapIcons.size,
      priceCents: mapIcons.priceCents,
      retiredFrom: mapIcons.retiredFrom,
    })
    .from(mailingIconStock)
    .innerJoin(mapIcons, eq(mapIcons.id, mailingIconStock.iconId))
    .where(and(eq(mailingIconStock.month, month), inArray(mailingIconStock.iconId, iconIds)))
    .orderBy(asc(mailingIconStock.iconId))
    .for('update', { of: mailingIconStock })
  const room = new Map<string, number>()
  for (const s of stock) {
    if (s.retiredFrom && month >= s.retiredFrom) continue
    room.set(s.iconId, s.quantity - (await countIconClaims(tx, s.iconId, month, now)))
  }
  const iconOf = new Map(stock.map((s) => [s.iconId, s]))
  for (const item of wanted.sort((a, b) => a.order - b.order)) {
    const iconId = item.line.mapIconId as string
    const left = room.get(iconId) ?? 0
    const icon = iconOf.get(iconId)
    if (left <= 0 || !icon) continue
    const orderId = await insertOrderWithFreshId(tx, draw, {
      ...base,
      businessName: item.advertiser.businessName,
      email: item.advertiser.email,
      amountCents: icon.priceCents,
      mapIconId: iconId,
      mailingMonth: month,
      purchaseId: item.advertiser.purchaseId,
    })
    room.set(iconId, left - 1)
    item.advertiser.held.push({
      orderId,
      previous: item.line,
      date: null,
      iconName: icon.name,
      iconSize: icon.size,
      amountCents: icon.priceCents,
    })
  }
}
