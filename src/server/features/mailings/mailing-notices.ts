import { and, asc, eq, gt, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { mailings, orderArtwork, orders, purchases } from '#server/db/schema.ts'
import { deadlineText } from '#server/lib/deadline-text.ts'
import { enqueueEmails, type OutboxEmail } from '#server/lib/mailer/outbox.ts'
import { addMonths } from '#shared/dates.ts'
import { formatDayDate } from '#shared/format.ts'
import { type MonthKey, parseMonthKey, toMonthKey } from '#shared/mailings.ts'
import { artworkPath, ensureArtworkLinks, soldLine } from '../orders/checkout-artwork.service.ts'
import {
  type DateChanges,
  type MovedDate,
  mailingDatesChangedEmail,
  mailingOnItsWayEmail,
  type NoticeContext,
  type NoticePurchase,
} from './mailing-emails.ts'

// The buyers' e-mails about their mailing, queued in the transaction of the owner's change they report (so
// one exists exactly when the change was committed) and each with a dedupe key. "A buyer" is a purchase
// with sold lines in the mailing (the orders kernel's soldLine: paid, or the owner's order awaiting payment):
// a checkout in progress (or any hold that expires) has bought nothing yet, and its buyer reads the dates
// current when they pay, on the thank-you page and in the confirmation.

export type MailingNoticeContext = NoticeContext & { timeZone: string }

type MailingRow = typeof mailings.$inferSelect

type SoldLine = {
  id: string
  purchaseId: string
  reference: string
  businessName: string
  email: string
  status: string
  date: string | null
  iconName: string | null
  /** The artwork's review state; null while none is uploaded. */
  artworkState: string | null
}

/** The mailing's sold lines (optionally only the paid ones) with their purchase, days by date then icons. */
async function soldLinesOf(tx: Db, month: MonthKey, onlyPaid = false): Promise<SoldLine[]> {
  return tx
    .select({
      id: orders.id,
      purchaseId: orders.purchaseId,
      reference: purchases.reference,
      businessName: purchases.businessName,
      email: purchases.email,
      status: orders.status,
      date: orders.itemDate,
      iconName: orders.itemName,
      artworkState: orderArtwork.state,
    })
    .from(orders)
    .innerJoin(purchases, eq(purchases.id, orders.purchaseId))
    .leftJoin(orderArtwork, eq(orderArtwork.orderId, orders.id))
    .where(and(eq(orders.mailingMonth, month), soldLine, onlyPaid ? eq(orders.status, 'paid') : undefined))
    .orderBy(asc(orders.purchaseId), sql`${orders.itemDate} asc nulls last`, asc(orders.id))
}

function byPurchase(lines: SoldLine[]): Map<string, SoldLine[]> {
  const groups = new Map<string, SoldLine[]>()
  for (const line of lines) groups.set(line.purchaseId, [...(groups.get(line.purchaseId) ?? []), line])
  return groups
}

function noticePurchase(lines: SoldLine[]): NoticePurchase {
  const first = lines[0] as SoldLine
  return {
    purchaseId: first.purchaseId,
    reference: first.reference,
    businessName: first.businessName,
    email: first.email.trim(),
    lines: lines.map((l) => ({ id: l.id, date: l.date, iconName: l.iconName })),
  }
}

const moved = (from: string, to: string): MovedDate | undefined => (from === to ? undefined : { from, to })

/** A mailing whose postcard has not gone to print still takes payments (until its close) and artwork. */
const isBeforePrint = (row: MailingRow) => row.status === 'open' || row.status === 'closed'

/**
 * The owner moved the mailing's dates (`before` → `after`, in their transaction): one e-mail per purchase that
 * a moved date concerns, naming each such date from what to what. Dates are compared in the words buyers
 * read (deadlineText, the in-homes day), so saving the same values again, or a move the words do not show,
 * sends nothing. Who a date concerns:
 * - sales close: purchases with a line awaiting payment (they must pay before it), while the mailing has
 *   not gone to print (a printed mailing takes no more payments);
 * - artwork due: purchases with a line whose artwork is not approved (missing, received, changes
 *   requested), while the mailing has not gone to print (it takes no more files after that);
 * - in homes: every purchase in the mailing, whatever its status: it is when their ad reaches homes.
 * Answers how many e-mails were queued.
 */
export async function queueDateChangeNotices(
  tx: Db,
  before: MailingRow,
  after: MailingRow,
  ctx: MailingNoticeContext,
  now: Date,
): Promise<number> {
  const salesClose = moved(
    deadlineText(before.salesCloseAt, ctx.timeZone),
    deadlineText(after.salesCloseAt, ctx.timeZone),
  )
  const artworkDue = moved(
    deadlineText(before.artworkDueAt, ctx.timeZone),
    deadlineText(after.artworkDueAt, ctx.timeZone),
  )
  const inHomes = moved(formatDayDate(before.inHomesDate), formatDayDate(after.inHomesDate))
  if (!salesClose && !artworkDue && !inHomes) return 0

  const beforePrint = isBeforePrint(after)
  const purchasesOf = byPurchase(await soldLinesOf(tx, after.month))
  const concerned = [...purchasesOf.values()].map((lines) => ({
    lines,
    salesClose:
      beforePrint && salesClose && lines.some((l) => l.status === 'pending') ? salesClose : undefined,
    artworkDue:
      beforePrint && artworkDue && lines.some((l) => l.artworkState !== 'approved') ? artworkDue : undefined,
    inHomes,
  }))
  const toEmail = concerned.filter((c) => c.salesClose || c.artworkDue || c.inHomes)
  const tokens = await ensureArtworkLinks(
    tx,
    toEmail.filter((c) => c.artworkDue).map((c) => (c.lines[0] as SoldLine).purchaseId),
  )
  // One change of the dates from another: two saves never share it, the same save always does.
  const changeKey = `${now.getTime()}:${after.salesCloseAt.getTime()}:${after.artworkDueAt.getTime()}:${after.inHomesDate}`
  const emails: OutboxEmail[] = toEmail.map((c) => {
    const purchase = noticePurchase(c.lines)
    const token = tokens.get(purchase.purchaseId)
    const changes: DateChanges = {
      ...(c.salesClose ? { salesClose: c.salesClose } : {}),
      ...(c.artworkDue && token
        ? { artworkDue: { ...c.artworkDue, artworkUrl: `${ctx.publicOrigin}${artworkPath(token)}` } }
        : {}),
      ...(c.inHomes ? { inHomes: c.inHomes } : {}),
    }
    return mailingDatesChangedEmail({ month: after.month, purchase, changes, changeKey, ctx })
  })
  return enqueueEmails(tx, emails)
}

/**
 * The mailing to book next, for the "Book the … mailing" link: the earliest later mailing open for sale,
 * else the month after this one (its mailing may not be set up yet; the calendar then opens as usual).
 */
async function nextMailingToBook(tx: Db, month: MonthKey, now: Date): Promise<MonthKey> {
  const [open] = await tx
    .select({ month: mailings.month })
    .from(mailings)
    .where(and(gt(mailings.month, month), eq(mailings.status, 'open'), gt(mailings.salesCloseAt, now)))
    .orderBy(asc(mailings.month))
    .limit(1)
  if (open) return open.month
  const { year, month: m } = parseMonthKey(month)
  const next = addMonths(year, m, 1)
  return toMonthKey(next.year, next.month)
}

/**
 * "Your postcard is on its way" to each purchase with paid lines in the mailing, queued when the owner marks
 * it mailed: the moment the postcard really is on its way, and the in-homes date then holds. Marking it
 * printed tells buyers nothing (it may still wait at the printer, and "on its way" would be early). The
 * dedupe key names only the mailing and the purchase, so each buyer is told once, however the owner reached
 * 'mailed'. Answers how many e-mails were queued.
 */
export async function queueOnItsWayNotices(
  tx: Db,
  mailing: MailingRow,
  ctx: MailingNoticeContext,
  now: Date,
): Promise<number> {
  const purchasesOf = byPurchase(await soldLinesOf(tx, mailing.month, true))
  if (purchasesOf.size === 0) return 0
  const nextMonth = await nextMailingToBook(tx, mailing.month, now)
  return enqueueEmails(
    tx,
    [...purchasesOf.values()].map((lines) =>
      mailingOnItsWayEmail({
        month: mailing.month,
        inHomesDate: mailing.inHomesDate,
        nextMonth,
        purchase: noticePurchase(lines),
        ctx,
      }),
    ),
  )
}
