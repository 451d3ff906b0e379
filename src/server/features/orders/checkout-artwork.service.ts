import { randomBytes } from 'node:crypto'
import { and, eq, inArray, isNotNull, isNull, or, type SQL } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { artworkLinks, mailings, orders, receipts } from '#server/db/schema.ts'
import { deadlineText } from '#server/lib/deadline-text.ts'
import { type MonthKey, mailingMonthLabel } from '#shared/mailings.ts'

// A checkout that bought days or an icon has one private artwork link (decision 013), created on first
// need: when it is paid, when a manual order is made, when the owner's board lists it. Paying, a manual
// order and the artwork feature all reach it here; what lies behind the link (uploads, review, the board,
// the proof) is the artwork feature's.

type MailingRow = typeof mailings.$inferSelect

/** A line that was sold: paid, or an owner's pending order (no hold expiry) awaiting payment. */
export const soldLine = and(
  isNotNull(orders.mailingMonth),
  or(eq(orders.status, 'paid'), and(eq(orders.status, 'pending'), isNull(orders.expiresAt))),
) as SQL

/** The lines of one purchase. */
export const ofPurchase = (purchaseId: string) => eq(orders.purchaseId, purchaseId)

/** A new artwork token: 24 random bytes, base64url (32 characters). */
function newArtworkToken(): string {
  return randomBytes(24).toString('base64url')
}

export const artworkPath = (token: string) => `/artwork/${token}`

/**
 * The token of each purchase (orders.purchase_id), created on first need (payment, the owner's board, a
 * manual order's link).
 * Insert-if-absent then read, so two callers at once agree on one token.
 */
export async function ensureArtworkLinks(db: Db, purchaseIds: string[]): Promise<Map<string, string>> {
  const ids = [...new Set(purchaseIds)]
  if (ids.length === 0) return new Map()
  const existing = await db
    .select({ token: artworkLinks.token, purchaseId: artworkLinks.purchaseId })
    .from(artworkLinks)
    .where(inArray(artworkLinks.purchaseId, ids))
  const missing = ids.filter((id) => !existing.some((e) => e.purchaseId === id))
  if (missing.length > 0) {
    await db
      .insert(artworkLinks)
      .values(missing.map((purchaseId) => ({ purchaseId, token: newArtworkToken() })))
      .onConflictDoNothing({ target: artworkLinks.purchaseId })
    existing.push(
      ...(await db
        .select({ token: artworkLinks.token, purchaseId: artworkLinks.purchaseId })
        .from(artworkLinks)
        .where(inArray(artworkLinks.purchaseId, missing))),
    )
  }
  return new Map(existing.map((e) => [e.purchaseId, e.token]))
}

export async function ensureArtworkLink(db: Db, purchaseId: string): Promise<string> {
  return (await ensureArtworkLinks(db, [purchaseId])).get(purchaseId) as string
}

/** The artwork deadline in the one wording of deadlines (deadlineText). */
export function artworkDueText(mailing: Pick<MailingRow, 'artworkDueAt'>, timeZone: string): string {
  return deadlineText(mailing.artworkDueAt, timeZone)
}

export async function mailingsByMonth(db: Db, months: string[]): Promise<Map<string, MailingRow>> {
  if (months.length === 0) return new Map()
  const rows = await db
    .select()
    .from(mailings)
    .where(inArray(mailings.month, [...new Set(months)]))
  return new Map(rows.map((m) => [m.month, m]))
}

/** The mailings a set of lines belong to, with their due texts (for e-mails). */
export async function dueOf(ctx: { db: Db; timeZone: string }, months: MonthKey[]) {
  const byMonth = await mailingsByMonth(ctx.db, months)
  return [...byMonth.values()]
    .sort((a, b) => a.month.localeCompare(b.month))
    .map((m) => ({
      month: m.month,
      label: mailingMonthLabel(m.month),
      artworkDueText: artworkDueText(m, ctx.timeZone),
    }))
}

/**
 * The artwork page of a purchase that bought days or an icon: its link (created on first need) and the
 * artwork deadline of each mailing involved. null for a purchase with nothing to print (special purchases).
 */
export async function checkoutArtwork(
  db: Db,
  purchaseId: string,
  timeZone: string,
): Promise<{ path: string; mailings: { month: string; label: string; artworkDueText: string }[] } | null> {
  const lines = await db
    .selectDistinct({ month: orders.mailingMonth })
    .from(orders)
    .where(and(soldLine, ofPurchase(purchaseId)))
  if (lines.length === 0) return null
  const token = await ensureArtworkLink(db, purchaseId)
  return {
    path: artworkPath(token),
    mailings: await dueOf(
      { db, timeZone },
      lines.map((l) => l.month as MonthKey),
    ),
  }
}

/**
 * The link to a purchase's receipt ('/api/receipts/{token}.pdf'), or null before it is paid. The receipt
 * is issued by the database in the paying transaction, so an e-mail written in it can carry the link.
 */
export async function receiptPathOf(db: Db, purchaseId: string): Promise<string | null> {
  const [row] = await db
    .select({ token: receipts.token })
    .from(receipts)
    .where(eq(receipts.purchaseId, purchaseId))
  return row ? `/api/receipts/${row.token}.pdf` : null
}
