import { type Context, Hono } from 'hono'
import type { AppDeps, AppEnv } from '#server/http/app-env.ts'
import { noStore } from '#server/http/cache.ts'
import { requireAdmin } from '#server/http/require-admin.ts'
import { requireSignedIn } from '#server/http/require-signed-in.ts'
import { jsonBody, pathParam, readIdParam } from '#server/http/validate.ts'
import type { Logger } from '#server/lib/logger.ts'
import {
  type AdminMailingOffersDto,
  type AdminOfferDto,
  extendOfferInputSchema,
  type KeepOfferResponse,
  type PublicOfferDto,
} from '#shared/offers.ts'
import {
  extendOffer,
  getPublicOffer,
  keepLinkTarget,
  keepOffer,
  listMailingOffers,
  OFFER_TEXTS,
  type OffersContext,
  offerIdOfToken,
  ownOfferId,
  releaseOffer,
  resendOffer,
} from './offers.service.ts'

export function offersContext(deps: AppDeps, logger: Logger = deps.logger): OffersContext {
  return {
    db: deps.database.db,
    payments: deps.payments,
    config: deps.config,
    logger,
    secret: deps.authSecret,
  }
}

/** The e-mailed link's answers are the holder's alone: never stored, never sent on as a referrer. */
function privateAnswer(c: Context<AppEnv>) {
  c.header('Cache-Control', 'no-store')
  c.header('Referrer-Policy', 'no-referrer')
}

const offerIdParam = pathParam((c) => readIdParam(c, OFFER_TEXTS.notFound))

/**
 * Returning advertisers' offers. The owner: GET /api/admin/mailings/:month/offers, POST
 * /api/admin/offers/:id/resend and /extend. The e-mailed link (its token is the only credential): GET
 * /api/offers/:token, POST /api/offers/:token/keep (where to pay) and /release. The signed-in advertiser:
 * POST /api/account/offers/:id/keep and /release (its own offers only; anyone else's is a 404). Releasing is
 * a POST only: mail scanners fetch the links of an e-mail.
 */
export function offersRoutes(deps: AppDeps) {
  const admin = requireAdmin(deps)
  const signedIn = requireSignedIn(deps)
  const context = (c: { var: { log: Logger } }) => offersContext(deps, c.var.log)

  return new Hono<AppEnv>()
    .get('/admin/mailings/:month/offers', admin, noStore, async (c) => {
      const body: AdminMailingOffersDto = await listMailingOffers(context(c), c.req.param('month'))
      return c.json(body)
    })
    .post('/admin/offers/:id/resend', admin, offerIdParam, async (c) => {
      const body: AdminOfferDto = await resendOffer(context(c), c.var.param, c.var.user.email)
      return c.json(body)
    })
    .post('/admin/offers/:id/extend', admin, offerIdParam, jsonBody(extendOfferInputSchema), async (c) => {
      const { days } = c.req.valid('json')
      const body: AdminOfferDto = await extendOffer(context(c), c.var.param, days, c.var.user.email)
      return c.json(body)
    })
    .get('/offers/:token', async (c) => {
      privateAnswer(c)
      const ctx = context(c)
      const body: PublicOfferDto = await getPublicOffer(
        ctx,
        await offerIdOfToken(ctx.db, c.req.param('token')),
      )
      return c.json(body)
    })
    .post('/offers/:token/keep', async (c) => {
      privateAnswer(c)
      const ctx = context(c)
      const body: KeepOfferResponse = {
        url: await keepOffer(ctx, await offerIdOfToken(ctx.db, c.req.param('token'))),
      }
      return c.json(body)
    })
    .post('/offers/:token/release', async (c) => {
      privateAnswer(c)
      const ctx = context(c)
      const body: PublicOfferDto = await releaseOffer(ctx, await offerIdOfToken(ctx.db, c.req.param('token')))
      return c.json(body)
    })
    .post('/account/offers/:id/keep', signedIn, async (c) => {
      c.header('Cache-Control', 'no-store')
      const ctx = context(c)
      const offerId = await ownOfferId(ctx.db, c.var.user.email, c.req.param('id'))
      const body: KeepOfferResponse = { url: await keepOffer(ctx, offerId) }
      return c.json(body)
    })
    .post('/account/offers/:id/release', signedIn, async (c) => {
      c.header('Cache-Control', 'no-store')
      const ctx = context(c)
      const offerId = await ownOfferId(ctx.db, c.var.user.email, c.req.param('id'))
      const body: PublicOfferDto = await releaseOffer(ctx, offerId)
      return c.json(body)
    })
}

/**
 * The e-mail's "Keep my spots" link, GET /offers/{token}/keep (a page path, served before the app's history
 * fallback): 302 to the checkout while the offer waits, else to the offer's page. A GET that opens a payment
 * page changes nothing a mail scanner could harm; releasing is a POST from that page.
 */
export function offerLinkRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/offers/:token/keep', async (c) => {
    privateAnswer(c)
    const target = await keepLinkTarget(offersContext(deps, c.var.log), c.req.param('token'))
    return c.redirect(target, 302)
  })
}
