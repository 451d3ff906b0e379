import { type Context, Hono, type MiddlewareHandler } from 'hono'
import type { AppDeps, AppEnv } from '#server/http/app-env.ts'
import { AppError } from '#server/lib/errors.ts'
import type { AccountDto, BookAgainDto } from '#shared/account.ts'
import { renderPurchaseDocument } from '../orders/receipt-pdf.ts'
import {
  accountReceipt,
  bookAgain,
  getAccount,
  PURCHASE_NOT_FOUND,
  receiptByToken,
} from './account.service.ts'

/** Any signed-in user: the account pages show what the user's own address bought, and nothing else. */
function requireSignedIn({ auth }: Pick<AppDeps, 'auth'>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const current = await auth.api.getSession({ headers: c.req.raw.headers })
    if (!current) throw new AppError('unauthenticated', 'Please sign in with the link we e-mail you.')
    c.set('user', { id: current.user.id, email: current.user.email, name: current.user.name })
    return next()
  }
}

function readPurchaseId(c: Context<AppEnv>): string {
  const id = c.req.param('id') ?? ''
  if (!/^[A-Za-z0-9_-]{1,255}$/.test(id)) throw new AppError('not_found', PURCHASE_NOT_FOUND)
  return id
}

/** '{token}.pdf', the token 64 hex characters. */
function readToken(c: Context<AppEnv>): string {
  const match = /^([a-f0-9]{64})\.pdf$/.exec(c.req.param('file') ?? '')
  if (!match) throw new AppError('not_found', 'No such receipt.')
  return match[1] as string
}

function pdfResponse(bytes: Uint8Array, fileName: string): Response {
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${fileName}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}

/**
 * The advertiser's account (/account): GET /api/account, a purchase's receipt, "Book again"; and the
 * receipt link of a confirmation e-mail (GET /api/receipts/{token}.pdf), whose token is its credential.
 */
export function accountRoutes(deps: AppDeps) {
  const db = deps.database.db
  return new Hono<AppEnv>()
    .get('/account', requireSignedIn(deps), async (c) => {
      const body: AccountDto = await getAccount(db, c.var.user.email, deps.config)
      c.header('Cache-Control', 'no-store')
      return c.json(body)
    })
    .get('/account/purchases/:id/receipt.pdf', requireSignedIn(deps), async (c) => {
      const document = await accountReceipt(db, c.var.user.email, readPurchaseId(c), deps.config)
      return pdfResponse(await renderPurchaseDocument(document), `receipt-${document.number}.pdf`)
    })
    .get('/account/purchases/:id/book-again', requireSignedIn(deps), async (c) => {
      const body: BookAgainDto = await bookAgain(
        db,
        c.var.user.email,
        readPurchaseId(c),
        deps.config,
        new Date(),
      )
      c.header('Cache-Control', 'no-store')
      return c.json(body)
    })
    .get('/receipts/:file', async (c) => {
      const document = await receiptByToken(db, readToken(c), deps.config)
      const response = pdfResponse(await renderPurchaseDocument(document), `receipt-${document.number}.pdf`)
      response.headers.set('Referrer-Policy', 'no-referrer')
      return response
    })
}
