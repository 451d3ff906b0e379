import { type Context, Hono } from 'hono'
import type { AppDeps, AppEnv } from '#server/http/app-env.ts'
import { requireAdmin } from '#server/http/require-admin.ts'
import { AppError } from '#server/lib/errors.ts'
import type { InvoiceDto } from '#shared/invoices.ts'
import { renderPurchaseDocument } from '../orders/receipt-pdf.ts'
import {
  INVOICE_NOT_FOUND,
  type InvoiceContext,
  invoiceDocument,
  payInvoice,
  sendInvoice,
} from './invoices.service.ts'

function invoiceContext(deps: AppDeps, c: Context<AppEnv>): InvoiceContext {
  return { db: deps.database.db, payments: deps.payments, config: deps.config, logger: c.var.log }
}

function readPurchaseKey(c: Context<AppEnv>): string {
  const key = c.req.param('key') ?? ''
  if (!/^[A-Za-z0-9_-]{1,255}$/.test(key)) throw new AppError('not_found', 'No such order.')
  return key
}

const TOKEN = /^[a-f0-9]{64}$/

/**
 * POST /api/admin/checkouts/:key/invoice (the owner sends an invoice for what is awaiting payment), and
 * the buyer's side: GET /api/invoices/{token}.pdf and GET /api/invoices/{token}/pay (to the checkout).
 * The token is the only credential of the last two.
 */
export function invoicesRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .post('/admin/checkouts/:key/invoice', requireAdmin(deps), async (c) => {
      const body: InvoiceDto = await sendInvoice(invoiceContext(deps, c), {
        purchaseId: readPurchaseKey(c),
        by: c.var.user.email,
      })
      return c.json(body, 201)
    })
    .get('/invoices/:file', async (c) => {
      const match = /^([a-f0-9]{64})\.pdf$/.exec(c.req.param('file'))
      if (!match) throw new AppError('not_found', INVOICE_NOT_FOUND)
      const document = await invoiceDocument(invoiceContext(deps, c), match[1] as string)
      const pdf = await renderPurchaseDocument(document)
      return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `inline; filename="invoice-${document.number}.pdf"`,
        'Cache-Control': 'private, no-store',
        'Referrer-Policy': 'no-referrer',
      })
    })
    .get('/invoices/:token/pay', async (c) => {
      const token = c.req.param('token')
      if (!TOKEN.test(token)) throw new AppError('not_found', INVOICE_NOT_FOUND)
      const target = await payInvoice(invoiceContext(deps, c), token)
      c.header('Cache-Control', 'no-store')
      c.header('Referrer-Policy', 'no-referrer')
      return c.redirect(target, 303)
    })
}
