import { randomBytes } from 'node:crypto'
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { rowsOf } from '#server/db/rows.ts'
import { invoices, mailings, orders, purchases } from '#server/db/schema.ts'
import type { ServerConfig } from '#server/env.ts'
import { deadlineText } from '#server/lib/deadline-text.ts'
import { AppError } from '#server/lib/errors.ts'
import type { Logger } from '#server/lib/logger.ts'
import { enqueueEmail } from '#server/lib/mailer/outbox.ts'
import type { PaymentProvider } from '#server/lib/payments/payment-provider.ts'
import { todayInTimeZone } from '#shared/dates.ts'
import { formatPrice } from '#shared/format.ts'
import type { InvoiceDto } from '#shared/invoices.ts'
import { openPaymentForLines } from '../orders/pay-pending-lines.service.ts'
import { describePurchaseLine, documentSeller } from '../orders/purchase-document-lines.ts'
import type { PurchaseDocumentInput } from '../orders/receipt-pdf.ts'

/**
 * Invoices for purchases awaiting payment (an administrator's pending order): a numbered PDF and a pay
 * link to the same hosted checkout as any purchase. Paying it takes the normal payment path (the lines
 * are put on the payment session the link opens, and the session's payment marks them paid), which issues
 * the receipt and sends the confirmation.
 */

export type InvoiceContext = {
  db: Db
  payments: PaymentProvider
  config: Pick<ServerConfig, 'site' | 'timeZone' | 'publicOrigin'>
  logger: Logger
}

export const NOTHING_TO_INVOICE = 'Only an order awaiting payment can be invoiced: this one has nothing due.'
export const INVOICE_NOT_FOUND = 'No such invoice.'
/** How long a pay link's card payment page stays open (Stripe allows at most 24 hours). */
const PAY_SESSION_HOURS = 23

/** Lines the owner holds for the buyer until paid: pending, with no time limit. */
const awaitingPayment = and(eq(orders.status, 'pending'), isNull(orders.expiresAt))

const invoicePaths = (token: string) => ({
  pdfPath: `/api/invoices/${token}.pdf`,
  payPath: `/api/invoices/${token}/pay`,
})

/**
 * Issues an invoice for what the purchase has awaiting payment and e-mails it to the buyer, in one
 * transaction. Numbered per (UTC) year without gaps: the year's counter row is taken with the insert.
 */
export async function sendInvoice(
  ctx: InvoiceContext,
  input: { purchaseId: string; by: string },
  now: Date = new Date(),
): Promise<InvoiceDto> {
  return ctx.db.transaction(async (tx) => {
    const [purchase] = await tx
      .select()
      .from(purchases)
      .where(eq(purchases.id, input.purchaseId))
      .for('update')
    if (!purchase) throw new AppError('not_found', 'No such order.')
    const lines = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.purchaseId, purchase.id), awaitingPayment))
      .orderBy(asc(orders.id))
    if (lines.length === 0) throw new AppError('conflict', NOTHING_TO_INVOICE)
    const amountCents = lines.reduce((sum, l) => sum + l.amountCents, 0)
    const months = [...new Set(lines.flatMap((l) => (l.mailingMonth ? [l.mailingMonth] : [])))]
    const [due] =
      months.length === 0
        ? []
        : await tx
            .select({ at: mailings.salesCloseAt })
            .from(mailings)
            .where(inArray(mailings.month, months))
            .orderBy(asc(mailings.salesCloseAt))
            .limit(1)
    const year = now.getUTCFullYear()
    const [counter] = rowsOf<{ last: number }>(
      await tx.execute(sql`insert into invoice_counters (year, last) values (${year}, 1)
        on conflict (year) do update set last = invoice_counters.last + 1 returning last`),
    )
    const sequence = Number(counter?.last)
    const token = randomBytes(32).toString('hex')
    const [invoice] = await tx
      .insert(invoices)
      .values({
        purchaseId: purchase.id,
        number: `INV-${year}-${String(sequence).padStart(4, '0')}`,
        year,
        sequence,
        amountCents,
        // The day of the last instant before sales close: a midnight close is due by the day before.
        dueDate: due ? todayInTimeZone(ctx.config.timeZone, new Date(due.at.getTime() - 1)) : null,
        issuedBy: input.by,
        token,
        issuedAt: now,
      })
      .returning()
    if (!invoice) throw new Error('the invoice insert returned no row')
    const { pdfPath, payPath } = invoicePaths(token)
    const origin = ctx.config.publicOrigin
    const site = ctx.config.site
    await enqueueEmail(tx, {
      dedupeKey: `invoice:${invoice.id}`,
      purchaseId: purchase.id,
      kind: 'invoice',
      to: purchase.email.trim(),
      subject: `Your ${site.productName} invoice ${invoice.number}`,
      text: [
        `Hello ${purchase.businessName},`,
        '',
        `Here is invoice ${invoice.number} for order ${purchase.reference}: ${formatPrice(amountCents / 100)} due${
          due ? ` by ${deadlineText(due.at, ctx.config.timeZone)}` : ''
        }.`,
        ...lines.map((l) => `- ${describePurchaseLine(l)}: ${formatPrice(l.amountCents / 100)}`),
        '',
        `Pay online (card): ${origin}${payPath}`,
        `The invoice (PDF): ${origin}${pdfPath}`,
        '',
        `Paying by cash or cheque? Write to ${site.contactEmail} or call ${site.contactPhone}.`,
        site.productName,
      ].join('\n'),
    })
    return { number: invoice.number, amountCents, dueDate: invoice.dueDate, ...invoicePaths(token) }
  })
}

async function invoiceByToken(db: Db, token: string) {
  const [row] = await db
    .select({ invoice: invoices, purchase: purchases })
    .from(invoices)
    .innerJoin(purchases, eq(purchases.id, invoices.purchaseId))
    .where(eq(invoices.token, token))
  if (!row) throw new AppError('not_found', INVOICE_NOT_FOUND)
  return row
}

/** The invoice as its PDF draws it: the lines it was issued for, as they were bought. */
export async function invoiceDocument(
  ctx: Pick<InvoiceContext, 'db' | 'config'>,
  token: string,
): Promise<PurchaseDocumentInput> {
  const { invoice, purchase } = await invoiceByToken(ctx.db, token)
  const lines = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.purchaseId, purchase.id), inArray(orders.status, ['pending', 'paid'])))
    .orderBy(asc(orders.id))
  return {
    kind: 'invoice',
    number: invoice.number,
    date: todayInTimeZone(ctx.config.timeZone, invoice.issuedAt),
    dueDate: invoice.dueDate,
    seller: documentSeller(ctx.config),
    buyer: { businessName: purchase.businessName, email: purchase.email.trim() },
    purchaseReference: purchase.reference,
    paymentMethod: null,
    lines: lines.map((l) => ({ description: describePurchaseLine(l), amountCents: l.amountCents })),
    discountCents: 0,
    refunds: [],
    payUrl: `${ctx.config.publicOrigin}${invoicePaths(token).payPath}`,
  }
}

/**
 * The pay link: the purchase's lines awaiting payment go on a payment session of the site's provider and
 * the buyer is sent to its page. However often and from wherever the link is opened, the lines have one open
 * session (openPaymentForLines): the one opened before while it can be paid (the local test checkout's until
 * cancelled; Stripe's 23 hours), else a new one; its end never ends the lines' wait for payment. Nothing due
 * (paid meanwhile): the buyer's account page.
 */
export async function payInvoice(
  ctx: InvoiceContext,
  token: string,
  now: Date = new Date(),
): Promise<string> {
  const { purchase } = await invoiceByToken(ctx.db, token)
  const target = await openPaymentForLines(
    ctx,
    {
      purchaseId: purchase.id,
      email: purchase.email,
      payable: awaitingPayment,
      sessionExpiresAt: new Date(now.getTime() + PAY_SESSION_HOURS * 3600_000),
    },
    now,
  )
  return target ?? '/account'
}
