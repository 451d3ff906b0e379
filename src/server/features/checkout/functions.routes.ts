import { randomBytes } from 'node:crypto'
import type { Context } from 'hono'
import { Hono } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import { z } from 'zod'
import type { AppDeps, AppEnv } from '#server/http/app-env.ts'
import { clientIp } from '#server/http/client-ip.ts'
import { jsonBody } from '#server/http/validate.ts'
import { AppError } from '#server/lib/errors.ts'
import {
  cartCheckoutInputSchema,
  dayCheckoutInputSchema,
  mapIconCheckoutInputSchema,
  ordersBySessionInputSchema,
  specialPurchaseCheckoutInputSchema,
} from '#shared/checkout.ts'
import { startCheckout } from './checkout.service.ts'
import { checkoutContext } from './checkout-context.ts'
import type { CheckoutHolder } from './hold-limits.ts'
import { getOrdersBySession } from './session-orders.service.ts'

/**
 * A JSON body checked in its schema's order: the first failing rule is the message, every
 * field's problems go along in `fields`. A `null` body is checked as `{}`.
 */
function checkoutBody<S extends z.ZodType>(schema: S) {
  return jsonBody(
    z.preprocess((body) => body ?? {}, schema),
    (refusal, error) =>
      error
        ? new AppError('validation_failed', error.issues[0]?.message ?? refusal.message, refusal.fields)
        : refusal,
  )
}

/**
 * This browser's checkout cookie: a random token, kept for a week and renewed by each checkout. Its
 * checkouts carry the token's hash, and only a checkout with the same cookie (and the same e-mail) may
 * release them (Back from the payment page, then Proceed again). Sent only to the checkout calls, never
 * readable by scripts.
 */
const CHECKOUT_COOKIE = 'townflyer_checkout'
const CHECKOUT_COOKIE_DAYS = 7
const TOKEN = /^[A-Za-z0-9_-]{43}$/

function checkoutHolder(c: Context<AppEnv>, deps: AppDeps): CheckoutHolder {
  const sent = getCookie(c, CHECKOUT_COOKIE)
  const token = sent && TOKEN.test(sent) ? sent : randomBytes(32).toString('base64url')
  setCookie(c, CHECKOUT_COOKIE, token, {
    path: '/api/functions',
    httpOnly: true,
    sameSite: 'Strict',
    secure: deps.config.publicUrl?.startsWith('https://') ?? false,
    maxAge: CHECKOUT_COOKIE_DAYS * 86_400,
  })
  // Callers without a known address share one (like the inquiries form).
  return { clientAddress: clientIp(c, deps.config.trustProxy) ?? 'unknown', browserToken: token }
}

/** The checkout server functions at POST /api/functions/{name}, with their bodies. */
export function functionsRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>()
  const ctx = (c: Context<AppEnv>) => checkoutContext(deps, c.var.log)

  app.post('/functions/create-checkout-session', checkoutBody(dayCheckoutInputSchema), async (c) => {
    const input = c.req.valid('json')
    return c.json(
      await startCheckout(ctx(c), {
        ...input,
        dayIds: [input.dayId],
        iconId: null,
        perDayDiscount: 0,
        holder: checkoutHolder(c, deps),
      }),
    )
  })

  app.post('/functions/create-map-icon-checkout', checkoutBody(mapIconCheckoutInputSchema), async (c) => {
    const input = c.req.valid('json')
    return c.json(
      await startCheckout(ctx(c), {
        ...input,
        dayIds: [],
        iconId: input.iconId,
        iconMonth: input.month ?? null,
        perDayDiscount: 0,
        holder: checkoutHolder(c, deps),
      }),
    )
  })

  app.post('/functions/create-cart-checkout-session', checkoutBody(cartCheckoutInputSchema), async (c) => {
    const input = c.req.valid('json')
    return c.json(
      await startCheckout(ctx(c), {
        businessName: input.businessName,
        email: input.email,
        dayIds: input.calendarDayIds,
        iconId: input.mapIconId,
        iconMonth: input.mapIconMonth ?? null,
        perDayDiscount: input.discount,
        returnPath: input.returnPath,
        holder: checkoutHolder(c, deps),
      }),
    )
  })

  app.post(
    '/functions/create-special-purchase-checkout',
    checkoutBody(specialPurchaseCheckoutInputSchema),
    async (c) => {
      const input = c.req.valid('json')
      return c.json(
        await startCheckout(ctx(c), {
          businessName: input.businessName,
          email: input.email,
          dayIds: [],
          iconId: null,
          perDayDiscount: 0,
          special: { units: input.units, description: input.description },
          returnPath: input.returnPath,
          holder: checkoutHolder(c, deps),
        }),
      )
    },
  )

  app.post('/functions/get-orders-by-session', checkoutBody(ordersBySessionInputSchema), async (c) => {
    const { sessionId } = c.req.valid('json')
    c.header('Cache-Control', 'no-store')
    // Callers without a known address share one counter (like the inquiries form).
    const client = clientIp(c, deps.config.trustProxy) ?? 'unknown'
    return c.json(await getOrdersBySession(ctx(c), sessionId, client))
  })

  return app
}
