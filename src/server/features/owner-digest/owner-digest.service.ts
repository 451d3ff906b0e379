import { and, asc, eq, isNotNull, lte, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { rowsOf } from '#server/db/rows.ts'
import { calendarDays, mailings, orders, outbox, purchases } from '#server/db/schema.ts'
import { deadlineText } from '#server/lib/deadline-text.ts'
import { enqueueEmails } from '#server/lib/mailer/outbox.ts'
import { toZonedLocal } from '#server/lib/zoned-time.ts'
import { addMonths, daysInMonth, todayInTimeZone } from '#shared/dates.ts'
import { formatDayDate } from '#shared/format.ts'
import { mailingMonthLabel, parseMonthKey, toMonthKey } from '#shared/mailings.ts'
import {
  type DigestAdvertiserDto,
  type DigestArtworkDto,
  type DigestFillDto,
  type DigestMailingDto,
  type DigestPendingOrderDto,
  type DigestSalesDto,
  fillSummaryText,
  type OwnerDigestDto,
  percentOf,
  timeLeftText,
} from '#shared/owner-digest.ts'
import type { SiteConfig } from '#shared/site-config.ts'
import { soldLine } from '../orders/checkout-artwork.service.ts'
import { ownerDigestEmail } from './owner-digest-email.ts'

/** What the digest needs of the server. */
export type OwnerDigestContext = {
  db: Db
  timeZone: string
  site: SiteConfig
  /** Where the owner's notices go (ADMIN_NOTIFY_EMAIL, else the site's contact address). */
  notifyEmail: string
  /** PUBLIC_URL or the local address, no trailing slash: the e-mail links the Mailings screen. */
  publicOrigin: string
  /** The artwork that needs someone, per mailing: the artwork feature's, handed over by app.ts. */
  artworkAttention: (db: Db, timeZone: string, now: Date) => Promise<DigestArtworkDto[]>
}

/** The town's hour from which the day's digest is sent (the first round at or after 7:00). */
export const OWNER_DIGEST_HOUR = 7

type MailingRow = typeof mailings.$inferSelect

const DAY_MS = 24 * 60 * 60 * 1000

/** Whole days from one 'YYYY-MM-DD' to another. */
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS)

const shiftMonth = (month: string, offset: number) => {
  const { year, month: m } = parseMonthKey(month)
  const shifted = addMonths(year, m, offset)
  return toMonthKey(shifted.year, shifted.month)
}

/** Calendar days set up for the month (in the system, whatever their state). */
async function daysSetUp(db: Db, month: string): Promise<number> {
  const { year, month: m } = parseMonthKey(month)
  const last = `${month}-${String(daysInMonth(year, m)).padStart(2, '0')}`
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(calendarDays)
    .where(
      and(sql`${calendarDays.date} >= ${`${month}-01`}::date`, sql`${calendarDays.date} <= ${last}::date`),
    )
  return row?.n ?? 0
}

/** Paid day lines of the month's mailing; with `paidBy`, only those paid at or before it. */
async function daysSold(db: Db, month: string, paidBy?: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(orders)
    .where(
      and(
        eq(orders.mailingMonth, month),
        eq(orders.status, 'paid'),
        isNotNull(orders.itemDate),
        paidBy ? lte(orders.paidAt, paidBy) : undefined,
      ),
    )
  return row?.n ?? 0
}

async function fillOf(db: Db, month: string, paidBy?: Date): Promise<DigestFillDto> {
  const [setUp, sold] = [await daysSetUp(db, month), await daysSold(db, month, paidBy)]
  return { daysSetUp: setUp, daysSold: sold, percentSold: percentOf(sold, setUp) }
}

/**
 * The advertisers with a line sold in the previous mailing (paid, or held for them by the owner) and none
 * yet in this one: the owner's call list, by business name.
 */
async function notBookedYet(db: Db, previous: string, month: string): Promise<DigestAdvertiserDto[]> {
  const booked = (m: string) => sql`exists (
    select 1 from ${orders} join ${purchases} on ${purchases.id} = ${orders.purchaseId}
    where ${purchases.advertiserId} = a.id and ${orders.mailingMonth} = ${m} and ${soldLine})`
  const result = await db.execute<{
    id: string
    business_name: string
    phone: string | null
    email: string
  }>(sql`
    select a.id, coalesce(a.business_name, a.business_names[1], a.email) as business_name, a.phone, a.email
    from advertisers a
    where ${booked(previous)} and not ${booked(month)}
    order by lower(coalesce(a.business_name, a.business_names[1], a.email)), a.id`)
  return rowsOf<{ id: string; business_name: string; phone: string | null; email: string }>(result).map(
    (r) => ({ advertiserId: r.id, businessName: r.business_name, phone: r.phone || null, email: r.email }),
  )
}

/**
 * The purchases with lines of this mailing the owner holds for the buyer (pending, no hold expiry: a manual
 * order or an invoice waiting for payment), oldest first. A checkout's hold, which lapses on its own within
 * minutes, is not an order yet.
 */
async function pendingOrders(db: Db, month: string, timeZone: string): Promise<DigestPendingOrderDto[]> {
  type Row = {
    id: string
    reference: string
    business_name: string
    email: string
    amount_cents: number | string
    since: Date | string
  }
  const result = await db.execute<Row>(sql`
    select p.id, p.reference, p.business_name, p.email, sum(o.amount_cents)::bigint as amount_cents,
      min(o.created_at) as since
    from ${orders} o join ${purchases} p on p.id = o.purchase_id
    where o.mailing_month = ${month} and o.status = 'pending' and o.expires_at is null
    group by p.id, p.reference, p.business_name, p.email
    order by min(o.created_at), p.reference`)
  return rowsOf<Row>(result).map((r) => {
    const since = new Date(r.since)
    return {
      purchaseId: r.id,
      reference: r.reference,
      businessName: r.business_name,
      email: r.email,
      amountCents: Number(r.amount_cents),
      since: since.toISOString(),
      sinceText: formatDayDate(todayInTimeZone(timeZone, since)),
    }
  })
}

/** An open mailing's sales: the fill rate against time, last year's at this point, whom to call, what waits. */
async function salesOf(
  ctx: OwnerDigestContext,
  mailing: MailingRow,
  all: MailingRow[],
  now: Date,
): Promise<DigestSalesDto> {
  const { db, timeZone } = ctx
  const label = mailingMonthLabel(mailing.month)
  const fill = await fillOf(db, mailing.month)
  // Sales close at midnight is the end of the day before (deadlineText's rule): the last day of sales is the
  // town's date of the instant just before the close.
  const lastSalesDay = todayInTimeZone(timeZone, new Date(mailing.salesCloseAt.getTime() - 1))
  const timeLeft = timeLeftText(daysBetween(todayInTimeZone(timeZone, now), lastSalesDay))

  const lastYearMailing = all.find((m) => m.month === shiftMonth(mailing.month, -12))
  let lastYear: DigestSalesDto['lastYear'] = null
  if (lastYearMailing) {
    // The same distance from its own sales close as today is from this one's.
    const atThisPoint = new Date(
      lastYearMailing.salesCloseAt.getTime() - (mailing.salesCloseAt.getTime() - now.getTime()),
    )
    const then = await fillOf(db, lastYearMailing.month, atThisPoint)
    if (then.daysSetUp > 0)
      lastYear = { month: lastYearMailing.month, label: mailingMonthLabel(lastYearMailing.month), ...then }
  }

  const previous = all.filter((m) => m.month < mailing.month).at(-1)
  return {
    ...fill,
    salesCloseAt: mailing.salesCloseAt.toISOString(),
    salesCloseText: deadlineText(mailing.salesCloseAt, timeZone),
    timeLeft,
    lastYear,
    summary: fillSummaryText({
      label,
      percentSold: fill.percentSold,
      timeLeft,
      lastYearPercent: lastYear?.percentSold ?? null,
    }),
    previousMailing: previous ? { month: previous.month, label: mailingMonthLabel(previous.month) } : null,
    notBookedYet: previous ? await notBookedYet(db, previous.month, mailing.month) : [],
    pendingOrders: await pendingOrders(db, mailing.month, timeZone),
  }
}

/**
 * The digest as of `now`: per mailing open for sales, its sales part; per mailing not yet printed, its
 * artwork part when it has lines that need someone. The one builder of both the admin route and the e-mail.
 */
export async function buildOwnerDigest(ctx: OwnerDigestContext, now: Date): Promise<OwnerDigestDto> {
  const all = await ctx.db.select().from(mailings).orderBy(asc(mailings.month))
  // Open for sales: not closed by hand, and its sales close still ahead (the deadline task may not have run).
  const isOpen = (m: MailingRow) => m.status === 'open' && m.salesCloseAt.getTime() > now.getTime()
  const artwork = new Map(
    (await ctx.artworkAttention(ctx.db, ctx.timeZone, now)).map((section) => [section.month, section]),
  )

  const result: DigestMailingDto[] = []
  for (const mailing of all) {
    const sales = isOpen(mailing) ? await salesOf(ctx, mailing, all, now) : null
    const art = artwork.get(mailing.month) ?? null
    if (sales || art)
      result.push({ month: mailing.month, label: mailingMonthLabel(mailing.month), sales, artwork: art })
  }
  const date = todayInTimeZone(ctx.timeZone, now)
  return { date, dateText: formatDayDate(date), mailings: result, isEmpty: result.length === 0 }
}

export const ownerDigestKey = (date: string) => `owner-digest:${date}`

export type OwnerDigestRound = 'too_early' | 'already_sent' | 'nothing_to_say' | 'queued'

/**
 * One round of the daily digest, safe in every instance at once: from OWNER_DIGEST_HOUR on the town's
 * clock, the day's digest is queued to the owner's notification address under the day's dedupe key, so
 * however many rounds run that day (instances, restarts) it is queued once. A day with nothing to say
 * queues nothing; a later round that day sends it if something comes up.
 */
export async function sendOwnerDigest(ctx: OwnerDigestContext, now: Date): Promise<OwnerDigestRound> {
  const local = toZonedLocal(now, ctx.timeZone)
  if (Number(local.slice(11, 13)) < OWNER_DIGEST_HOUR) return 'too_early'
  const key = ownerDigestKey(local.slice(0, 10))
  const [sent] = await ctx.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.dedupeKey, key))
  if (sent) return 'already_sent'
  const digest = await buildOwnerDigest(ctx, now)
  if (digest.isEmpty) return 'nothing_to_say'
  const queued = await enqueueEmails(ctx.db, [
    ownerDigestEmail(digest, {
      dedupeKey: key,
      to: ctx.notifyEmail,
      site: ctx.site,
      mailingsUrl: `${ctx.publicOrigin}/admin/mailings`,
    }),
  ])
  return queued > 0 ? 'queued' : 'already_sent'
}
