import { type Context, Hono } from 'hono'
import type { AppDeps, AppEnv } from '#server/http/app-env.ts'
import { requireSignedIn } from '#server/http/require-signed-in.ts'
import { AppError } from '#server/lib/errors.ts'
import type { AccountDto, BookAgainDto } from '#shared/account.ts'
import type { PublicOfferDto } from '#shared/offers.ts'
import type { LineLinkDto } from '#shared/short-links.ts'
import { lineLinkBody } from '../orders/line-links.service.ts'
import { renderPurchaseDocument } from '../orders/receipt-pdf.ts'
import {
  accountReceipt,
  bookAgain,
  getAccount,
  PURCHASE_NOT_FOUND,
  receiptByToken,
  setAccountLineLink,
} from './account.service.ts'

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

/** What the account shows that other features own: the app composes it (app.ts). */
export type AccountExtras = {
  /** The spots held for the advertiser of this address as a returning advertiser (features/offers). */
  offersOf: (email: string) => Promise<PublicOfferDto[]>
}

/**
 * The advertiser's account (/account): GET /api/account, a purchase's receipt, "Book again"; and the
 * receipt link of a confirmation e-mail (GET /api/receipts/{token}.pdf), whose token is its credential.
 */
export function accountRoutes(deps: AppDeps, extras: AccountExtras) {
  const db = deps.database.db
  return new Hono<AppEnv>()
    .get('/account', requireSignedIn(deps), async (c) => {
      const [account, offers] = await Promise.all([
        getAccount(db, c.var.user.email, deps.config),
        extras.offersOf(c.var.user.email),
      ])
      const body: AccountDto = { ...account, offers }
      c.header('Cache-Control', 'no-store')
      return c.json(body)
    })
    .put('/account/lines/:orderId/link', requireSignedIn(deps), lineLinkBody(), async (c) => {
      const body: LineLinkDto = await setAccountLineLink(
        db,
        c.var.user.email,
        c.req.param('orderId'),
        c.req.valid('json'),
        deps.config,
      )
      deps.linkEvents?.changed(body.code)
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
