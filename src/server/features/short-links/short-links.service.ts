import { and, asc, eq, gt, inArray, isNull, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { advertisers, linkScanDays, mailings, orderArtwork, orders, purchases } from '#server/db/schema.ts'
import { csvRow } from '#server/lib/csv.ts'
import { AppError } from '#server/lib/errors.ts'
import { isMonthKey } from '#shared/mailing-names.ts'
import { MAILING_NOT_FOUND, mailingMonthLabel } from '#shared/mailings.ts'
import {
  type AdminMailingScansDto,
  type AdminScanLineDto,
  type AdPageDto,
  adPagePath,
  type LineLinkDto,
  linkLocation,
  normalizeShortCode,
  normalizeWebsite,
  seenInText,
} from '#shared/short-links.ts'
import { linkedLine, toLineLinkDto } from '../orders/line-links.service.ts'
import { describePurchaseLine } from '../orders/purchase-document-lines.ts'

/** What the owner's scans screens and the advertiser's page need of the server. */
export type ShortLinksContext = { db: Db; publicOrigin: string }

export const AD_PAGE_NOT_FOUND = 'This ad is not in the postcard any more.'

/**
 * A line whose ad is in the postcard: paid, or pending and not a lapsed hold (an owner's pending order has
 * no expiry). What the advertiser's page shows and the scan report counts.
 */
export function liveLine(now: Date): SQL {
  return or(
    eq(orders.status, 'paid'),
    and(eq(orders.status, 'pending'), or(isNull(orders.expiresAt), gt(orders.expiresAt, now))),
  ) as SQL
}

/** The lines of a mailing's scans table: what was sold (live, an owner's pending order) or refunded. */
const soldOrRefunded = or(
  inArray(orders.status, ['paid', 'refunded']),
  and(eq(orders.status, 'pending'), isNull(orders.expiresAt)),
) as SQL

/** Scans and people of each of `orderIds` over all days. */
export async function scanTotals(
  db: Db,
  orderIds: string[],
): Promise<Map<string, { scans: number; people: number }>> {
  if (orderIds.length === 0) return new Map()
  const rows = await db
    .select({
      orderId: linkScanDays.orderId,
      scans: sql<number>`coalesce(sum(${linkScanDays.scans}), 0)::int`,
      people: sql<number>`coalesce(sum(${linkScanDays.people}), 0)::int`,
    })
    .from(linkScanDays)
    .where(inArray(linkScanDays.orderId, orderIds))
    .groupBy(linkScanDays.orderId)
  return new Map(rows.map((r) => [r.orderId, { scans: Number(r.scans), people: Number(r.people) }]))
}

type ScanLine = AdminScanLineDto & { email: string }

async function scanLinesOf(ctx: ShortLinksContext, month: string): Promise<ScanLine[]> {
  if (!isMonthKey(month)) throw new AppError('not_found', MAILING_NOT_FOUND)
  const [mailing] = await ctx.db
    .select({ month: mailings.month })
    .from(mailings)
    .where(eq(mailings.month, month))
  if (!mailing) throw new AppError('not_found', MAILING_NOT_FOUND)
  const rows = await ctx.db
    .select({
      orderId: orders.id,
      code: orders.shortCode,
      destination: orders.linkDestination,
      target: orders.linkTarget,
      businessName: orders.businessName,
      email: orders.email,
      status: orders.status,
      itemDate: orders.itemDate,
      itemName: orders.itemName,
      itemSize: orders.itemSize,
      mailingMonth: orders.mailingMonth,
      mapIconId: orders.mapIconId,
      metadata: orders.metadata,
    })
    .from(orders)
    .where(and(eq(orders.mailingMonth, month), linkedLine, soldOrRefunded))
    .orderBy(sql`${orders.itemDate} asc nulls last`, asc(orders.businessName), asc(orders.id))
  const totals = await scanTotals(
    ctx.db,
    rows.map((r) => r.orderId),
  )
  return rows.map((r) => ({
    orderId: r.orderId,
    businessName: r.businessName,
    email: r.email.trim(),
    description: describePurchaseLine(r),
    status: r.status,
    link: toLineLinkDto(r, ctx.publicOrigin),
    scans: totals.get(r.orderId)?.scans ?? 0,
    people: totals.get(r.orderId)?.people ?? 0,
  }))
}

/** The owner's scans of a mailing: each day and icon line sold (or refunded), by date then business. */
export async function getMailingScans(ctx: ShortLinksContext, month: string): Promise<AdminMailingScansDto> {
  const lines = await scanLinesOf(ctx, month)
  return {
    month,
    scans: lines.reduce((sum, l) => sum + l.scans, 0),
    people: lines.reduce((sum, l) => sum + l.people, 0),
    lines: lines.map(({ email: _email, ...line }) => line),
  }
}

export const SCANS_CSV_HEADER = [
  'Business',
  'E-mail',
  'Item',
  'Status',
  'Short link',
  'Leads to',
  'Scans',
  'People',
]

/** Where a link leads, absolute: the advertiser's page on this site, the website, or `tel:`. */
function leadsTo(link: LineLinkDto, publicOrigin: string): string {
  const location = linkLocation(link)
  return location.startsWith('/') ? `${publicOrigin}${location}` : location
}

/** The same table as CSV (one row per line), each cell quoted and guarded against formulas (csvCell). */
export async function mailingScansCsv(ctx: ShortLinksContext, month: string): Promise<string> {
  const lines = await scanLinesOf(ctx, month)
  return `${[
    csvRow(SCANS_CSV_HEADER),
    ...lines.map((l) =>
      csvRow([
        l.businessName,
        l.email,
        l.description,
        l.status,
        l.link.shortUrl,
        leadsTo(l.link, ctx.publicOrigin),
        l.scans,
        l.people,
      ]),
    ),
  ].join('\r\n')}\r\n`
}

/**
 * The advertiser's page behind a 'page' link (/ads/{code}): the line's business name, the advertiser's
 * phone and website when the owner has them, the postcard it was seen in, and its artwork as the logo.
 * Only a line in the postcard (live); any other code is "not found".
 */
export async function getAdPage(ctx: ShortLinksContext, rawCode: string, now: Date): Promise<AdPageDto> {
  const code = normalizeShortCode(rawCode)
  if (!code) throw new AppError('not_found', AD_PAGE_NOT_FOUND)
  const [row] = await ctx.db
    .select({
      businessName: orders.businessName,
      mailingMonth: sql<string>`${orders.mailingMonth}`,
      phone: advertisers.phone,
      website: advertisers.website,
      thumbnailKey: orderArtwork.thumbnailKey,
    })
    .from(orders)
    .innerJoin(purchases, eq(purchases.id, orders.purchaseId))
    .innerJoin(advertisers, eq(advertisers.id, purchases.advertiserId))
    .leftJoin(orderArtwork, eq(orderArtwork.orderId, orders.id))
    .where(and(eq(orders.shortCode, code), linkedLine, liveLine(now)))
  if (!row) throw new AppError('not_found', AD_PAGE_NOT_FOUND)
  const phone = row.phone?.trim() || null
  return {
    code,
    businessName: row.businessName,
    phone,
    // Only a web address: the page makes it a link.
    website: row.website ? normalizeWebsite(row.website) : null,
    logoPath: row.thumbnailKey ? `/api${adPagePath(code)}/logo` : null,
    seenIn: seenInText(mailingMonthLabel(row.mailingMonth)),
  }
}
