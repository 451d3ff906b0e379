import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { HTTPException } from 'hono/http-exception'
import type { ExtractSchema, MergeSchemaPath } from 'hono/types'
import { isDatabaseUnavailable } from './db/unavailable.ts'
import { accountRoutes } from './features/account/account.routes.ts'
import { adminEmailsRoutes } from './features/admin-communication/emails.routes.ts'
import { adminInboxRoutes } from './features/admin-communication/inbox.routes.ts'
import { adminOrdersRoutes } from './features/admin-orders/admin-orders.routes.ts'
import { adminCheckoutsRoutes } from './features/admin-orders/checkouts.routes.ts'
import { advertisersRoutes } from './features/advertisers/advertisers.routes.ts'
import { announcementsRoutes } from './features/announcements/announcements.routes.ts'
import { adApprovalRoutes } from './features/artwork/ad-approval.routes.ts'
import { ARTWORK_UPLOAD_PATH, artworkRoutes } from './features/artwork/artwork.routes.ts'
import { artworkAttention } from './features/artwork/artwork-attention.ts'
import { MAP_IMAGE_UPLOAD_PATH, mapComposerRoutes } from './features/artwork/map-composer.routes.ts'
import { authRoutes } from './features/auth/auth.routes.ts'
import { blogPostsRoutes } from './features/blog-posts/blog-posts.routes.ts'
import { calendarAdminRoutes } from './features/calendar-days/calendar-admin.routes.ts'
import { calendarDaysRoutes } from './features/calendar-days/calendar-days.routes.ts'
import { functionsRoutes } from './features/checkout/functions.routes.ts'
import { payRoutes } from './features/checkout/pay.routes.ts'
import { stripeWebhookRoutes } from './features/checkout/stripe-webhook.routes.ts'
import { healthRoutes } from './features/health/health.routes.ts'
import { inquiriesRoutes } from './features/inquiries/inquiries.routes.ts'
import { invoicesRoutes } from './features/invoices/invoices.routes.ts'
import { mailingsRoutes } from './features/mailings/mailings.routes.ts'
import { mapIconsRoutes } from './features/map-icons/map-icons.routes.ts'
import { adminMediaRoutes, mediaFileRoutes, mediaRoutes } from './features/media/media.routes.ts'
import { makeDueOffers } from './features/offers/offer-round.service.ts'
import { offerLinkRoutes, offersRoutes } from './features/offers/offers.routes.ts'
import { listAdvertiserOffers } from './features/offers/offers.service.ts'
import { offerRoundContext } from './features/offers/offers-task.ts'
import { applyProviderRefundEvent, ordersAwaitingRefund } from './features/orders/refunds.service.ts'
import { ownerDigestRoutes } from './features/owner-digest/owner-digest.routes.ts'
import type { OwnerDigestContext } from './features/owner-digest/owner-digest.service.ts'
import { refundsRoutes } from './features/refunds/refunds.routes.ts'
import { settingsRoutes } from './features/settings/settings.routes.ts'
import { shortLinkRoutes } from './features/short-links/short-link-redirect.routes.ts'
import { createShortLinks } from './features/short-links/short-link-redirect.ts'
import { shortLinksRoutes } from './features/short-links/short-links.routes.ts'
import { teamRoutes } from './features/team/team.routes.ts'
import type { AppDeps, AppEnv } from './http/app-env.ts'
import { compressJson } from './http/compression.ts'
import { createPageCache } from './http/page-cache.ts'
import { sameOriginOnly, securityHeaders } from './http/security.ts'
import { sitemapRoutes } from './http/sitemap.ts'
import { builtRenderer, spaRoutes } from './http/spa.ts'
import { isClientAbort } from './http/stalled-upload.ts'
import { AppError, UNAVAILABLE_MESSAGE } from './lib/errors.ts'
import { type Logger, logRequest, requestIdFor } from './lib/logger.ts'

/** JSON bodies are small; the media and artwork uploads get their own, larger limits on their routes. */
const JSON_BODY_LIMIT_BYTES = 100 * 1024
const MEDIA_UPLOAD_PATH = '/api/admin/media'
// @hono/node-server never gives these a body, so bodyLimit would pass them anyway.
const BODYLESS_METHODS = new Set(['GET', 'HEAD'])

// JSON, uncompressed (it is parsed at once): the server renderer's in-process requests.
const SSR_API_HEADERS = { accept: 'application/json' }

/** The owner's daily digest (its route and its task in main.ts) reads the artwork board's lines through the artwork feature. */
export function ownerDigestContext(deps: AppDeps): OwnerDigestContext {
  return {
    db: deps.database.db,
    timeZone: deps.config.timeZone,
    site: deps.config.site,
    notifyEmail: deps.config.mail.adminNotifyEmail,
    publicOrigin: deps.config.publicOrigin,
    artworkAttention,
  }
}

/**
 * The /api routes as one chained expression, so that their paths, inputs and answers are in the type
 * (ApiType, for the admin screens' hono/client). The unknown-path fallback is added by createApp, after them.
 */
function apiRoutes(deps: AppDeps) {
  // The Stripe webhook (checkout) applies payments and hands refund events to the refunds feature.
  const refundEvents = { ordersAwaitingRefund, applyProviderRefundEvent }
  // Setting up a mailing's days makes its returning advertisers' offers at once (features/offers); the
  // account shows the advertiser's offers.
  const calendarHooks = {
    daysSetUp: async (logger: Logger) => {
      await makeDueOffers(offerRoundContext(deps, logger))
    },
  }
  const accountExtras = {
    offersOf: (email: string) => listAdvertiserOffers(deps.database.db, email, deps.config.timeZone),
  }
  return new Hono<AppEnv>()
    .route('/', healthRoutes(deps))
    .route('/', authRoutes(deps))
    .route('/', settingsRoutes(deps))
    .route('/', calendarDaysRoutes(deps))
    .route('/', mapIconsRoutes(deps))
    .route('/', blogPostsRoutes(deps))
    .route('/', mediaRoutes(deps))
    .route('/', adminMediaRoutes(deps))
    .route('/', calendarAdminRoutes(deps, calendarHooks))
    .route('/', adminOrdersRoutes(deps))
    .route('/', refundsRoutes(deps))
    .route('/', accountRoutes(deps, accountExtras))
    .route('/', offersRoutes(deps))
    .route('/', shortLinksRoutes(deps))
    .route('/', invoicesRoutes(deps))
    .route('/', adminCheckoutsRoutes(deps))
    .route('/', advertisersRoutes(deps))
    .route('/', inquiriesRoutes(deps))
    .route('/', adminEmailsRoutes(deps))
    .route('/', adminInboxRoutes(deps))
    .route('/', mailingsRoutes(deps))
    .route('/', artworkRoutes(deps))
    .route('/', mapComposerRoutes(deps))
    .route('/', adApprovalRoutes(deps))
    .route('/', ownerDigestRoutes(deps, ownerDigestContext(deps)))
    .route('/', announcementsRoutes(deps))
    .route('/', teamRoutes(deps))
    .route('/', functionsRoutes(deps))
    .route('/', stripeWebhookRoutes(deps, refundEvents))
}

export function createApp(appDeps: AppDeps) {
  // The short links' cache and counter come with the deps (prepareApp); an app built without them gets its own.
  const shortLinks =
    appDeps.shortLinks ??
    createShortLinks({ db: appDeps.database.db, timeZone: appDeps.config.timeZone, logger: appDeps.logger })
  const deps = {
    ...appDeps,
    shortLinks,
    linkEvents: appDeps.linkEvents ?? shortLinks.linkEvents,
  }
  const app = new Hono<AppEnv>()

  app.use('*', async (c, next) => {
    const started = performance.now()
    const requestId = requestIdFor(c.req.header('x-request-id'))
    c.set('requestId', requestId)
    c.header('X-Request-Id', requestId)
    // For the routes' own lines; about 1 µs. The access line below is written without it.
    c.set('log', deps.logger.child({ requestId }))
    await next()
    const path = c.req.path
    if (path.startsWith('/api/'))
      logRequest(deps.logger, { requestId, method: c.req.method, path, status: c.res.status, started })
  })
  app.use('*', securityHeaders(deps.config.publicUrl))
  app.use('/api/*', sameOriginOnly(deps.config.publicUrl))
  // JSON and CSV answers by Accept-Encoding (the read cache encodes its own, keeping the bytes per encoding).
  app.use('/api/*', compressJson)
  const jsonBodyLimit = bodyLimit({
    maxSize: JSON_BODY_LIMIT_BYTES,
    onError: () => {
      throw new AppError(
        'payload_too_large',
        `The request body is larger than ${JSON_BODY_LIMIT_BYTES / 1024} KB.`,
      )
    },
  })
  // Not for GET/HEAD: bodyLimit reads c.req.raw.body, which makes @hono/node-server build a
  // full Request for every request, GETs included (a third of a cached read's cost). The media upload
  // applies its own (5 MB image) limit on its route, after the admin guard.
  app.use('/api/*', (c, next) => {
    const method = c.req.method
    if (
      BODYLESS_METHODS.has(method) ||
      (method === 'POST' &&
        (c.req.path === MEDIA_UPLOAD_PATH ||
          ARTWORK_UPLOAD_PATH.test(c.req.path) ||
          MAP_IMAGE_UPLOAD_PATH.test(c.req.path)))
    )
      return next()
    return jsonBodyLimit(c, next)
  })

  const api = apiRoutes(deps)
  // Unknown API paths answer JSON, never the SPA's HTML.
  api.all('*', (c) => {
    throw new AppError('not_found', `No API route ${c.req.method} ${c.req.path}.`)
  })
  app.route('/api', api)

  // Uploaded files; before the SPA so an unknown file is a JSON 404, not the app's HTML.
  app.route('/', mediaFileRoutes(deps))
  // The local test checkout (TEST MODE), server-rendered; before the SPA's history fallback.
  app.route('/', payRoutes(deps))
  // An offer e-mail's "Keep my spots" link, to the checkout.
  app.route('/', offerLinkRoutes(deps))
  // A line's short link (/go/{code}, its QR code): a 302 to where it leads, the scan counted.
  app.route('/', shortLinkRoutes(deps))

  app.route('/', sitemapRoutes(deps))
  app.route(
    '/',
    spaRoutes(deps.clientDir, deps.config.site, {
      loadRenderer: deps.loadRenderer ?? builtRenderer(deps.clientDir),
      // The public pages' data, from the same routes, services and read cache as the browser's requests.
      fetchApi: (path, init) => Promise.resolve(app.request(path, { ...init, headers: SSR_API_HEADERS })),
      publicUrl: deps.config.publicUrl,
      // The pages every visitor gets alike, kept until the catalogue version or the date changes.
      pageCache: createPageCache(deps),
      logger: deps.logger,
    }),
  )

  app.notFound((c) => c.json(new AppError('not_found', 'Not found.').toJSON(), 404))
  app.onError((error, c) => {
    if (error instanceof AppError) {
      // A busy answer (503) says when to try again.
      const retryAfter = (error as { retryAfterSeconds?: number }).retryAfterSeconds
      if (retryAfter) c.header('Retry-After', String(retryAfter))
      return c.json(error.toJSON(), error.status)
    }
    // The connection closed before the request's body arrived (a stalled upload cut off): no one to answer.
    if (isClientAbort(error)) {
      ;(c.var.log ?? deps.logger).info({ path: c.req.path }, 'request body not received: connection closed')
      return c.json(new AppError('bad_request', 'The upload did not arrive.').toJSON(), 400)
    }
    if (error instanceof HTTPException && error.status < 500) {
      return c.json(new AppError('bad_request', error.message || 'Bad request.').toJSON(), error.status)
    }
    // The database is down or restarting (a cut connection, a refused or timed-out connect): not a bug
    // to report as a 500 but a clear 503 the client may retry; the pool reconnects when it is back.
    if (isDatabaseUnavailable(error)) {
      ;(c.var.log ?? deps.logger).warn({ err: error, path: c.req.path }, 'database unavailable')
      return c.json(new AppError('unavailable', UNAVAILABLE_MESSAGE).toJSON(), 503)
    }
    ;(c.var.log ?? deps.logger).error({ err: error, path: c.req.path }, 'unhandled error')
    return c.json(
      new AppError('internal', 'Something went wrong on our side. Please try again.').toJSON(),
      500,
    )
  })

  return app
}

/**
 * The API as `hc` sees it, paths starting /api. Type-only: the client imports it with `import type`, so no
 * server code reaches a bundle. Only the route modules written as one chain contribute routes to it.
 */
export type ApiType = Hono<AppEnv, MergeSchemaPath<ExtractSchema<ReturnType<typeof apiRoutes>>, '/api'>>
