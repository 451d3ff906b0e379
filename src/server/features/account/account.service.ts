import { and, asc, desc, eq, inArray, notInArray, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import {
  advertiserEmails,
  advertisers,
  calendarDays,
  mailings,
  orderArtwork,
  orders,
  purchases,
  receipts,
  refunds,
} from '#server/db/schema.ts'
import type { ServerConfig } from '#server/env.ts'
import { deadlineText } from '#server/lib/deadline-text.ts'
import { AppError } from '#server/lib/errors.ts'
import type {
  AccountDto,
  AccountMailingGroupDto,
  AccountPurchaseDto,
  BookAgainDto,
  MailingProgressDto,
} from '#shared/account.ts'
import { todayInTimeZone } from '#shared/dates.ts'
import { artworkPath, ensureArtworkLinks } from '../orders/checkout-artwork.service.ts'
import { describePurchaseLine, documentSeller, purchaseLineKind } from '../orders/purchase-document-lines.ts'
import type { PurchaseDocumentInput } from '../orders/receipt-pdf.ts'
import { firstSellingMonth } from '../orders/selling-months.service.ts'

/**
 * What an advertiser sees of their own purchases. Every read starts from the signed-in user's e-mail
 * address and goes through its advertiser: a purchase, receipt or artwork link of anyone else is "not
 * found", never "forbidden", so nobody learns what exists.
 */

export const PURCHASE_NOT_FOUND = 'No such order on this account.'

/** The advertiser of a signed-in user's address, or null (an address that never bought). */
export async function advertiserOfEmail(db: Db, email: string): Promise<string | null> {
  const [row] = await db
    .select({ id: advertiserEmails.advertiserId })
    .from(advertiserEmails)
    .where(eq(advertiserEmails.email, email.trim().toLowerCase()))
  return row?.id ?? null
}

/** A purchase the buyer still has something of: held or bought, paid, refunded (not lapsed holds). */
const SHOWN_STATES = ['pending', 'paid', 'partly_refunded', 'refunded']

type LineRow = {
  id: string
  purchaseId: string
  status: string
  amountCents: number
  itemDate: string | null
  itemName: string | null
  itemSize: string | null
  unitPriceCents: number | null
  mailingMonth: string | null
  mapIconId: string | null
  metadata: Record<string, unknown> | null
  artworkState: string | null
}

async function linesOf(db: Db, purchaseIds: string[]): Promise<LineRow[]> {
  if (purchaseIds.length === 0) return []
  return db
    .select({
      id: orders.id,
      purchaseId: orders.purchaseId,
      status: orders.status,
      amountCents: orders.amountCents,
      itemDate: orders.itemDate,
      itemName: orders.itemName,
      itemSize: orders.itemSize,
      unitPriceCents: orders.unitPriceCents,
      mailingMonth: orders.mailingMonth,
      mapIconId: orders.mapIconId,
      metadata: orders.metadata,
      artworkState: orderArtwork.state,
    })
    .from(orders)
    .leftJoin(orderArtwork, eq(orderArtwork.orderId, orders.id))
    .where(and(inArray(orders.purchaseId, purchaseIds), notInArray(orders.status, ['deleted', 'expired'])))
    .orderBy(asc(orders.purchaseId), sql`${orders.itemDate} asc nulls last`, asc(orders.id))
}

/**
 * Refunds that went through, with the reason when the buyer was given it: an administrator's refund e-mail
 * carries it if the administrator chose to send one; a late payment's e-mail always told the buyer why.
 */
async function refundsOf(db: Db, purchaseIds: string[]) {
  if (purchaseIds.length === 0) return []
  return db
    .select({
      purchaseId: refunds.purchaseId,
      amountCents: refunds.amountCents,
      reason: refunds.reason,
      emailBuyer: sql<boolean>`${refunds.emailBuyer} OR ${refunds.kind} = 'late_payment'`,
      orderIds: refunds.orderIds,
      at: sql<Date>`coalesce(${refunds.completedAt}, ${refunds.createdAt})`.mapWith(
        (v) => new Date(v as string),
      ),
    })
    .from(refunds)
    .where(and(inArray(refunds.purchaseId, purchaseIds), eq(refunds.status, 'succeeded')))
    .orderBy(asc(refunds.createdAt))
}

function toMailingDto(row: typeof mailings.$inferSelect, timeZone: string): MailingProgressDto {
  return {
    month: row.month,
    status: row.status,
    salesCloseAt: row.salesCloseAt.toISOString(),
    artworkDueAt: row.artworkDueAt.toISOString(),
    salesCloseText: deadlineText(row.salesCloseAt, timeZone),
    artworkDueText: deadlineText(row.artworkDueAt, timeZone),
    inHomesDate: row.inHomesDate,
  }
}

/** The account's purchases; its offers come from features/offers (account.routes.ts composes them). */
export async function getAccount(
  db: Db,
  email: string,
  config: ServerConfig,
): Promise<Omit<AccountDto, 'offers'>> {
  const advertiserId = await advertiserOfEmail(db, email)
  if (!advertiserId) return { email, businessName: null, groups: [] }
  const [advertiser] = await db
    .select({ businessName: advertisers.businessName })
    .from(advertisers)
    .where(eq(advertisers.id, advertiserId))
  const rows = await db
    .select({ purchase: purchases, receipt: receipts })
    .from(purchases)
    .leftJoin(receipts, eq(receipts.purchaseId, purchases.id))
    .where(and(eq(purchases.advertiserId, advertiserId), inArray(purchases.state, SHOWN_STATES)))
    .orderBy(desc(purchases.createdAt), desc(purchases.id))
  const ids = rows.map((r) => r.purchase.id)
  const [lines, refunds] = await Promise.all([linesOf(db, ids), refundsOf(db, ids)])
  // The artwork page is for what was bought (paid days and icons): its link is made on first need.
  const needArtwork = [
    ...new Set(
      lines
        .filter((l) => l.status === 'paid' && purchaseLineKind(l) !== 'special_purchase')
        .map((l) => l.purchaseId),
    ),
  ]
  const tokens = await ensureArtworkLinks(db, needArtwork)
  const months = [...new Set(lines.map((l) => l.mailingMonth).filter((m): m is string => m !== null))]
  const mailingRows =
    months.length === 0 ? [] : await db.select().from(mailings).where(inArray(mailings.month, months))
  const mailingOf = new Map(mailingRows.map((m) => [m.month, toMailingDto(m, config.timeZone)]))

  const groups = new Map<string | null, AccountPurchaseDto[]>()
  for (const { purchase, receipt } of rows) {
    const own = lines.filter((l) => l.purchaseId === purchase.id)
    if (own.length === 0) continue
    const token = tokens.get(purchase.id)
    const dto: AccountPurchaseDto = {
      id: purchase.id,
      reference: purchase.reference,
      createdAt: purchase.createdAt.toISOString(),
      createdOn: todayInTimeZone(config.timeZone, purchase.createdAt),
      state: purchase.state,
      lines: own.map((l) => ({
        id: l.id,
        kind: purchaseLineKind(l),
        description: describePurchaseLine(l),
        date: l.itemDate,
        amountCents: l.amountCents,
        status: l.status,
        artworkState: l.artworkState,
        link: null,
        scans: null,
      })),
      totalCents: own.reduce((sum, l) => sum + l.amountCents, 0),
      paidCents: own.filter((l) => l.status === 'paid').reduce((sum, l) => sum + l.amountCents, 0),
      refunds: refunds
        .filter((r) => r.purchaseId === purchase.id)
        .map((r) => ({
          amountCents: r.amountCents,
          date: todayInTimeZone(config.timeZone, r.at),
          reason: r.emailBuyer ? r.reason : null,
        })),
      artworkPath: token ? artworkPath(token) : null,
      receiptPath: receipt ? `/api/account/purchases/${encodeURIComponent(purchase.id)}/receipt.pdf` : null,
      receiptNumber: receipt?.number ?? null,
    }
    // A purchase is filed under the earliest mailing its lines appear in.
    const month = own.map((l) => l.mailingMonth).find((m) => m !== null) ?? null
    groups.set(month, [...(groups.get(month) ?? []), dto])
  }
  const ordered: AccountMailingGroupDto[] = [...groups.entries()]
    .sort(([a], [b]) => (a === null ? 1 : b === null ? -1 : a < b ? 1 : -1))
    .map(([month, list]) => ({ mailing: month ? (mailingOf.get(month) ?? null) : null, purchases: list }))
  return { email, businessName: advertiser?.businessName ?? null, groups: ordered }
}

/** The purchase of this advertiser, or a 404. */
async function ownPurchase(db: Db, email: string, purchaseId: string) {
  const advertiserId = await advertiserOfEmail(db, email)
  const [row] = advertiserId
    ? await db
        .select({ purchase: purchases, receipt: receipts })
        .from(purchases)
        .leftJoin(receipts, eq(receipts.purchaseId, purchases.id))
        .where(and(eq(purchases.id, purchaseId), eq(purchases.advertiserId, advertiserId)))
    : []
  if (!row) throw new AppError('not_found', PURCHASE_NOT_FOUND)
  return row
}

/**
 * A receipt as the document draws it, from the purchase as it is now: the lines that were paid (a refunded
 * line stays, with its refund as a negative line), the bulk discount they got, the refunds.
 */
async function receiptDocument(
  db: Db,
  row: { purchase: typeof purchases.$inferSelect; receipt: typeof receipts.$inferSelect | null },
  config: ServerConfig,
): Promise<PurchaseDocumentInput> {
  const { purchase, receipt } = row
  if (!receipt)
    throw new AppError('not_found', 'This order has no receipt yet: it is issued when it is paid.')
  const lines = (await linesOf(db, [purchase.id])).filter(
    (l) => l.status === 'paid' || l.status === 'refunded',
  )
  const refunds = await refundsOf(db, [purchase.id])
  const discountCents = lines.reduce(
    (sum, l) =>
      sum +
      (purchaseLineKind(l) === 'calendar_day' && l.unitPriceCents !== null
        ? Math.max(0, l.unitPriceCents - l.amountCents)
        : 0),
    0,
  )
  return {
    kind: 'receipt',
    number: receipt.number,
    date: todayInTimeZone(config.timeZone, receipt.issuedAt),
    seller: documentSeller(config),
    buyer: { businessName: purchase.businessName, email: purchase.email.trim() },
    purchaseReference: purchase.reference,
    paymentMethod: receipt.paymentMethod,
    lines: lines.map((l) => ({ description: describePurchaseLine(l), amountCents: l.amountCents })),
    discountCents,
    refunds: refunds.map((r) => ({
      description: r.emailBuyer ? r.reason : `${r.orderIds.length} line${r.orderIds.length === 1 ? '' : 's'}`,
      amountCents: r.amountCents,
      date: todayInTimeZone(config.timeZone, r.at),
    })),
  }
}

export async function accountReceipt(db: Db, email: string, purchaseId: string, config: ServerConfig) {
  return receiptDocument(db, await ownPurchase(db, email, purchaseId), config)
}

/** The receipt behind the link of a confirmation e-mail (its token is the only credential). */
export async function receiptByToken(db: Db, token: string, config: ServerConfig) {
  const [row] = await db
    .select({ purchase: purchases, receipt: receipts })
    .from(receipts)
    .innerJoin(purchases, eq(purchases.id, receipts.purchaseId))
    .where(eq(receipts.token, token))
  if (!row) throw new AppError('not_found', 'No such receipt.')
  return receiptDocument(db, row, config)
}

/**
 * "Book again": the days of this purchase moved to the next mailing open for sale, same day of the month.
 * A day that month does not have (the 31st), that is taken, past or not for sale is named as unavailable.
 */
export async function bookAgain(
  db: Db,
  email: string,
  purchaseId: string,
  config: ServerConfig,
  now: Date,
): Promise<BookAgainDto> {
  await ownPurchase(db, email, purchaseId)
  const lines = (await linesOf(db, [purchaseId])).filter(
    (l) => purchaseLineKind(l) === 'calendar_day' && l.itemDate,
  )
  const month = await firstSellingMonth(db, now)
  if (!month) return { month: null, available: [], unavailable: [] }
  const today = todayInTimeZone(config.timeZone, now)
  const wanted = [...new Set(lines.map((l) => `${month}-${(l.itemDate as string).slice(8, 10)}`))].sort()
  const real = wanted.filter(
    (d) =>
      !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
  )
  const rows =
    real.length === 0
      ? []
      : await db
          .select({
            id: calendarDays.id,
            date: calendarDays.date,
            status: calendarDays.status,
            priceCents: calendarDays.priceCents,
          })
          .from(calendarDays)
          .where(inArray(calendarDays.date, real))
  const byDate = new Map(rows.map((r) => [r.date, r]))
  const available: BookAgainDto['available'] = []
  const unavailable: string[] = []
  for (const date of wanted) {
    const day = byDate.get(date)
    if (day && day.status === 'available' && day.priceCents > 0 && date >= today)
      available.push({ id: day.id, date, priceCents: day.priceCents })
    else unavailable.push(date)
  }
  return { month, available, unavailable }
}
