import type { Context } from 'hono'
import { Hono } from 'hono'
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
import { refreshMapIconAvailability } from './availability.service.ts'
import { startCheckout } from './checkout.service.ts'
import { checkoutContext } from './checkout-context.ts'
import { getOrdersBySession } from './session-orders.service.ts'

/**
 * A JSON body checked in the spec's order (section 5): the first failing rule is the message, every
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

/** The spec's server functions (section 7) at POST /api/functions/{name}, with its bodies. */
export function functionsRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>()
  const ctx = (c: Context<AppEnv>) => checkoutContext(deps, c.var.log)

  app.post('/functions/create-checkout-session', checkoutBody(dayCheckoutInputSchema), async (c) => {
    const input = c.req.valid('json')
    return c.json(
      await startCheckout(ctx(c), { ...input, dayIds: [input.dayId], iconId: null, perDayDiscount: 0 }),
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

  app.post('/functions/refresh-map-icon-availability', async (c) => {
    return c.json({ icons: await refreshMapIconAvailability(deps.database.db) })
  })

  // The hosted backend's table setup; here migrations run at start, so this changes nothing for anyone.
  app.post('/functions/db-setup', (c) => c.json({ ok: true }))

  return app
}
