import { asc, desc, eq, inArray, sql } from 'drizzle-orm'
import { union } from 'drizzle-orm/pg-core'
import type { Db } from '#server/db/client.ts'
import {
  advertiserEmails,
  advertisers,
  calendarDays,
  emailInquiries,
  mapIcons,
  orderArtwork,
  orderNotes,
  orders,
  outbox,
  purchases,
} from '#server/db/schema.ts'
import { AppError } from '#server/lib/errors.ts'
import {
  ADVERTISER_EMAILS_SHOWN,
  ADVERTISER_NOT_FOUND_MESSAGE,
  type AdvertiserDetailDto,
  type AdvertiserEdit,
  type AdvertiserLineDto,
  type AdvertiserMailingGroupDto,
  type AdvertiserPurchaseDto,
  type AdvertisersPageDto,
  type AdvertisersQuery,
  DEFAULT_ADVERTISERS_PAGE_SIZE,
  SELF_MERGE_MESSAGE,
} from '#shared/admin-advertisers.ts'
import type { EmailState } from '#shared/admin-communication.ts'
import type { OrderType } from '#shared/admin-dto.ts'
import type { ArtworkState } from '#shared/artwork.ts'

const notFound = () => new AppError('not_found', ADVERTISER_NOT_FOUND_MESSAGE)

/** LIKE's wildcards (and its escape character) taken literally: the owner searches for text. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/**
 * A page of advertisers and the number that match: two statements at once (on PostgreSQL's pool each has
 * its connection). The search is a substring match over search_text, the advertiser's names and addresses
 * in lower case, kept by refresh_advertisers() (migration 0013).
 */
export async function listAdvertisers(db: Db, query: AdvertisersQuery): Promise<AdvertisersPageDto> {
  const page = query.page ?? 1
  const pageSize = query.pageSize ?? DEFAULT_ADVERTISERS_PAGE_SIZE
  const dir = sql.raw(query.dir === 'asc' ? 'asc' : 'desc')
  // search_text is only written by refresh_advertisers(), which runs when lines change: an advertiser known
  // only from an inquiry or a waitlist sign-up has none, so its own name and main address are matched too.
  const where = query.q
    ? sql`concat_ws(' ', ${advertisers.searchText}, lower(${advertisers.businessName}), ${advertisers.email}) like '%' || lower(${escapeLike(query.q)}) || '%'`
    : undefined
  // Advertisers without a mailing booked have no last mailing: last in either direction. The id breaks ties
  // (in the same direction, so one index serves each order) and pages never overlap.
  const orderOf = (columns: { lastMailing: unknown; lifetimePaidCents: unknown; id: unknown }) =>
    query.sort === 'lifetimePaid'
      ? [sql`${columns.lifetimePaidCents} ${dir}`, sql`${columns.id} ${dir}`]
      : [sql`${columns.lastMailing} ${dir} nulls last`, sql`${columns.id} ${dir}`]
  const pageRows = db
    .select({
      id: advertisers.id,
      businessName: advertisers.businessName,
      email: advertisers.email,
      mailingsBooked: advertisers.mailingsBooked,
      lastMailing: advertisers.lastMailing,
      lifetimePaidCents: advertisers.lifetimePaidCents,
    })
    .from(advertisers)
    .where(where)
    .orderBy(...orderOf(advertisers))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .as('page')
  // The artwork count is a subquery per row, so it is taken of the page's rows only, outside the paging
  // subquery: as a column of the paged select, PostgreSQL would also compute it for every row the offset
  // skips (page 60 took 150 ms on PostgreSQL, 290 ms on PGlite; docs/benchmarks.md). The page is named in
  // full: Drizzle writes a one-table select's columns unqualified, which inside the subquery would be p's.
  const artworkOnFile = sql<number>`(
    select count(*) from ${purchases} p
    join ${orders} o on o.purchase_id = p.id
    join ${orderArtwork} a on a.order_id = o.id
    where p.advertiser_id = "page"."id" and o.status <> 'deleted'
  )::int`
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: pageRows.id,
        businessName: pageRows.businessName,
        email: pageRows.email,
        mailingsBooked: pageRows.mailingsBooked,
        lastMailing: pageRows.lastMailing,
        lifetimePaidCents: pageRows.lifetimePaidCents,
        artworkOnFile,
      })
      .from(pageRows)
      .orderBy(...orderOf(pageRows)),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(advertisers)
      .where(where),
  ])
  return {
    advertisers: rows.map(({ lifetimePaidCents, artworkOnFile, ...row }) => ({
      ...row,
      lifetimePaid: Number(lifetimePaidCents) / 100,
      artworkOnFile: Number(artworkOnFile),
    })),
    total: count?.n ?? 0,
    page,
    pageSize,
  }
}

// ---------------------------------------------------------------- the drawer

/**
 * A line's kind, as purchase_summary() sorts them (migration 0013) and the Orders screen shows them. What a
 * line bought is its own record (orders.item_*); the joined day and icon are a fallback for rows that
 * predate it (decision 008).
 */
const lineColumns = {
  id: orders.id,
  purchaseId: orders.purchaseId,
  status: orders.status,
  amountCents: orders.amountCents,
  mailingMonth: orders.mailingMonth,
  metadata: orders.metadata,
  type: sql<OrderType>`case
    when coalesce(${orders.metadata} ->> 'order_type', '') = 'special_purchase' then 'special_purchase'
    when ${orders.mapIconId} is not null or ${orders.itemName} is not null then 'map_icon'
    else 'calendar_day' end`,
  date: sql<string | null>`coalesce(${orders.itemDate}::text, ${calendarDays.date}::text)`,
  iconName: sql<string | null>`coalesce(${orders.itemName}, ${mapIcons.name})`,
  iconSize: sql<string | null>`coalesce(${orders.itemSize}, ${mapIcons.size})`,
  artwork: orderArtwork.state,
}

type LineRow = {
  id: string
  purchaseId: string
  status: string
  amountCents: number
  mailingMonth: string | null
  metadata: Record<string, unknown> | null
  type: OrderType
  date: string | null
  iconName: string | null
  iconSize: string | null
  artwork: string | null
}

function toLineDto(row: LineRow): AdvertiserLineDto {
  const meta = row.metadata ?? {}
  return {
    id: row.id,
    type: row.type,
    date: row.type === 'calendar_day' ? row.date : null,
    iconName: row.type === 'map_icon' ? row.iconName : null,
    iconSize: row.type === 'map_icon' ? row.iconSize : null,
    description: typeof meta.description === 'string' ? meta.description : null,
    units: typeof meta.units === 'number' ? meta.units : null,
    amount: row.amountCents / 100,
    status: row.status,
    // As the Orders screen: no artwork row is 'missing'; special purchases take no artwork.
    artwork: row.type === 'special_purchase' ? null : ((row.artwork as ArtworkState | null) ?? 'missing'),
  }
}

/** The outbox's 'pending' is the admin screens' 'queued' (src/shared/admin-communication.ts). */
const emailState = (status: string): EmailState =>
  status === 'sent' ? 'sent' : status === 'failed' ? 'failed' : 'queued'

/** Groups newest mailing first, lines in no mailing last; `null` sorts as the group "No mailing". */
function compareMonths(a: string | null, b: string | null): number {
  if (a === b) return 0
  if (a === null) return 1
  if (b === null) return -1
  return a < b ? 1 : -1
}

function groupByMailing(
  purchaseRows: (typeof purchases.$inferSelect)[],
  lines: LineRow[],
): AdvertiserMailingGroupDto[] {
  const linesOf = new Map<string, LineRow[]>()
  for (const line of lines) {
    const list = linesOf.get(line.purchaseId)
    if (list) list.push(line)
    else linesOf.set(line.purchaseId, [line])
  }
  const groups = new Map<string | null, AdvertiserPurchaseDto[]>()
  // Newest purchase first within each mailing (the rows come in that order).
  for (const purchase of purchaseRows) {
    const own = linesOf.get(purchase.id) ?? []
    const byMonth = new Map<string | null, LineRow[]>()
    for (const line of own) {
      const list = byMonth.get(line.mailingMonth)
      if (list) list.push(line)
      else byMonth.set(line.mailingMonth, [line])
    }
    // A purchase without lines (kept for its notes or refunds) still shows, under "No mailing".
    if (byMonth.size === 0) byMonth.set(null, [])
    const months = [...byMonth.keys()]
    for (const [month, monthLines] of byMonth) {
      const dto: AdvertiserPurchaseDto = {
        id: purchase.id,
        reference: purchase.reference,
        createdAt: purchase.createdAt.toISOString(),
        state: purchase.state,
        source: purchase.source === 'manual' ? 'manual' : 'checkout',
        total: purchase.totalCents / 100,
        paid: purchase.paidCents / 100,
        lines: monthLines.map(toLineDto),
        otherMailings: months.filter((m) => m !== month).sort(compareMonths),
      }
      const group = groups.get(month)
      if (group) group.push(dto)
      else groups.set(month, [dto])
    }
  }
  return [...groups.keys()]
    .sort(compareMonths)
    .map((month) => ({ month, purchases: groups.get(month) ?? [] }))
}

export async function getAdvertiser(db: Db, id: string): Promise<AdvertiserDetailDto> {
  const [advertiser] = await db.select().from(advertisers).where(eq(advertisers.id, id))
  if (!advertiser) throw notFound()
  const ownPurchases = db.select({ id: purchases.id }).from(purchases).where(eq(purchases.advertiserId, id))
  const ownAddresses = db
    .select({ email: advertiserEmails.email })
    .from(advertiserEmails)
    .where(eq(advertiserEmails.advertiserId, id))
  const [addresses, purchaseRows, lines, notes, emails] = await Promise.all([
    db
      .select({ email: advertiserEmails.email, createdAt: advertiserEmails.createdAt })
      .from(advertiserEmails)
      .where(eq(advertiserEmails.advertiserId, id))
      .orderBy(
        desc(sql`${advertiserEmails.email} = ${advertiser.email}`),
        asc(advertiserEmails.createdAt),
        asc(advertiserEmails.email),
      ),
    db
      .select()
      .from(purchases)
      .where(eq(purchases.advertiserId, id))
      .orderBy(desc(purchases.createdAt), desc(purchases.id)),
    db
      .select(lineColumns)
      .from(orders)
      .leftJoin(calendarDays, eq(orders.dayId, calendarDays.id))
      .leftJoin(mapIcons, eq(orders.mapIconId, mapIcons.id))
      .leftJoin(orderArtwork, eq(orderArtwork.orderId, orders.id))
      .where(inArray(orders.purchaseId, ownPurchases))
      .orderBy(
        sql`coalesce(${orders.itemDate}::text, ${calendarDays.date}::text) asc nulls last`,
        asc(orders.id),
      ),
    db
      .select({
        id: orderNotes.id,
        purchaseId: orderNotes.purchaseId,
        reference: purchases.reference,
        body: orderNotes.body,
        by: orderNotes.by,
        createdAt: orderNotes.createdAt,
      })
      .from(orderNotes)
      .innerJoin(purchases, eq(purchases.id, orderNotes.purchaseId))
      .where(eq(purchases.advertiserId, id))
      .orderBy(asc(orderNotes.createdAt), asc(orderNotes.id)),
    // About its purchases, or to one of its addresses (stored normalised; an e-mail keeps its address as
    // written): each half an index lookup (outbox_purchase_idx, outbox_to_address_idx), joined by UNION.
    // Written as one OR, PostgreSQL walked the whole outbox newest first looking for matches.
    db
      .select({
        id: outbox.id,
        subject: outbox.subject,
        kind: outbox.kind,
        to: outbox.toAddress,
        status: outbox.status,
        createdAt: outbox.createdAt,
        sentAt: outbox.sentAt,
      })
      .from(outbox)
      .where(
        inArray(
          outbox.id,
          union(
            db.select({ id: outbox.id }).from(outbox).where(inArray(outbox.purchaseId, ownPurchases)),
            db
              .select({ id: outbox.id })
              .from(outbox)
              .where(inArray(sql`lower(btrim(${outbox.toAddress}))`, ownAddresses)),
          ),
        ),
      )
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .limit(ADVERTISER_EMAILS_SHOWN),
  ])
  return {
    id: advertiser.id,
    businessName: advertiser.businessName,
    email: advertiser.email,
    phone: advertiser.phone,
    website: advertiser.website,
    marketingConsent: advertiser.marketingConsent,
    notes: advertiser.notes,
    createdAt: advertiser.createdAt.toISOString(),
    businessNames: advertiser.businessNames,
    purchaseCount: advertiser.purchaseCount,
    mailingsBooked: advertiser.mailingsBooked,
    firstMailing: advertiser.firstMailing,
    lastMailing: advertiser.lastMailing,
    lifetimePaid: Number(advertiser.lifetimePaidCents) / 100,
    addresses: addresses.map((a) => ({ email: a.email, createdAt: a.createdAt.toISOString() })),
    mailings: groupByMailing(purchaseRows, lines),
    purchaseNotes: notes.map((n) => ({ ...n, createdAt: n.createdAt.toISOString() })),
    emailsSent: emails.map((e) => ({
      id: e.id,
      subject: e.subject,
      kind: e.kind,
      to: e.to,
      state: emailState(e.status),
      createdAt: e.createdAt.toISOString(),
      sentAt: e.sentAt?.toISOString() ?? null,
    })),
  }
}

// ---------------------------------------------------------------- edit and merge

/** The derived columns (names searched, figures) follow the owner's changes: recomputed by the database. */
const refreshAdvertiser = (tx: Pick<Db, 'execute'>, id: string) =>
  tx.execute(sql`select refresh_advertisers(array[${id}::uuid])`)

export async function updateAdvertiser(
  db: Db,
  id: string,
  input: AdvertiserEdit,
): Promise<AdvertiserDetailDto> {
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(advertisers)
      .set({
        businessName: input.businessName,
        phone: input.phone,
        website: input.website,
        marketingConsent: input.marketingConsent,
        notes: input.notes,
        updatedAt: new Date(),
      })
      .where(eq(advertisers.id, id))
      .returning({ id: advertisers.id })
    if (updated.length === 0) throw notFound()
    await refreshAdvertiser(tx, id)
  })
  return getAdvertiser(db, id)
}

const filled = (value: string | null) => (value && value.trim() !== '' ? value : null)

/** The target's notes, then the source's under a line saying where they came from. */
function mergedNotes(target: typeof advertisers.$inferSelect, from: typeof advertisers.$inferSelect): string {
  if (from.notes.trim() === '') return target.notes
  const carried = `From ${from.businessName ?? from.email} (${from.email}):\n${from.notes}`
  return target.notes.trim() === '' ? carried : `${target.notes}\n\n${carried}`
}

/**
 * Merges advertiser `fromId` into `targetId` in one transaction: every purchase, inquiry and address of the
 * source moves to the target; the target keeps its own fields, takes the source's phone, website and
 * business name where its own are empty, and the source's notes after its own; the source is removed and the
 * target's figures recomputed from the purchases it now has.
 *
 * Locks as every writer of lines does (the purchase summary trigger, migration 0013): the purchases first,
 * in id order, then the advertiser rows in id order. A line changed meanwhile waits for the merge (or the
 * merge for it), and two merges of the same advertisers queue rather than deadlock.
 */
export async function mergeAdvertisers(
  db: Db,
  input: { targetId: string; fromId: string },
): Promise<AdvertiserDetailDto> {
  const { targetId, fromId } = input
  if (targetId === fromId)
    throw new AppError('validation_failed', SELF_MERGE_MESSAGE, { fromId: [SELF_MERGE_MESSAGE] })
  const both = [targetId, fromId]
  await db.transaction(async (tx) => {
    await tx
      .select({ id: purchases.id })
      .from(purchases)
      .where(inArray(purchases.advertiserId, both))
      .orderBy(asc(purchases.id))
      .for('update')
    const rows = await tx
      .select()
      .from(advertisers)
      .where(inArray(advertisers.id, both))
      .orderBy(asc(advertisers.id))
      .for('update')
    const target = rows.find((r) => r.id === targetId)
    const from = rows.find((r) => r.id === fromId)
    if (!target || !from) throw notFound()
    await tx.update(purchases).set({ advertiserId: targetId }).where(eq(purchases.advertiserId, fromId))
    await tx
      .update(emailInquiries)
      .set({ advertiserId: targetId })
      .where(eq(emailInquiries.advertiserId, fromId))
    await tx
      .update(advertiserEmails)
      .set({ advertiserId: targetId })
      .where(eq(advertiserEmails.advertiserId, fromId))
    await tx
      .update(advertisers)
      .set({
        businessName: filled(target.businessName) ?? filled(from.businessName),
        phone: filled(target.phone) ?? filled(from.phone),
        website: filled(target.website) ?? filled(from.website),
        notes: mergedNotes(target, from),
        updatedAt: new Date(),
      })
      .where(eq(advertisers.id, targetId))
    await tx.delete(advertisers).where(eq(advertisers.id, fromId))
    await refreshAdvertiser(tx, targetId)
  })
  return getAdvertiser(db, targetId)
}
