import { type Context, Hono } from 'hono'
import type { AppDeps, AppEnv } from '#server/http/app-env.ts'
import { noStore } from '#server/http/cache.ts'
import { requireAdmin } from '#server/http/require-admin.ts'
import { jsonBody, pathParam, queryParams } from '#server/http/validate.ts'
import { AppError } from '#server/lib/errors.ts'
import {
  CHECKOUT_NOT_FOUND_MESSAGE,
  type CheckoutDetailDto,
  type CheckoutNoteDto,
  type CheckoutsPageDto,
  checkoutNoteInputSchema,
  checkoutsExportQuerySchema,
  checkoutsQuerySchema,
} from '#shared/admin-checkouts.ts'
import { todayInTimeZone } from '#shared/dates.ts'
import {
  addCheckoutNote,
  exportCheckoutLines,
  getCheckout,
  isCheckoutKey,
  listCheckouts,
} from './checkouts.service.ts'
import { checkoutsCsvStream } from './checkouts-csv.ts'

function readKey(c: Context<AppEnv>): string {
  const key = c.req.param('key')
  if (!key || !isCheckoutKey(key)) throw new AppError('not_found', CHECKOUT_NOT_FOUND_MESSAGE)
  return key
}

/** The admin Orders screen by checkout; see src/shared/admin-checkouts.ts. */
export function adminCheckoutsRoutes(deps: AppDeps) {
  const db = deps.database.db
  // The created from/to filters and the export's file name are the town's days.
  const { timeZone } = deps.config
  const admin = requireAdmin(deps)

  return (
    new Hono<AppEnv>()
      .get('/admin/checkouts', admin, noStore, queryParams(checkoutsQuerySchema), async (c) => {
        const body: CheckoutsPageDto = await listCheckouts(db, c.req.valid('query'), timeZone)
        return c.json(body)
      })

      // Before /:key (a key never holds a dot, but the order states the intent).
      .get('/admin/checkouts/export.csv', admin, queryParams(checkoutsExportQuerySchema), (c) => {
        // Streamed batch by batch; the /api compression middleware encodes it as it streams.
        return c.body(checkoutsCsvStream(exportCheckoutLines(db, c.req.valid('query'), timeZone)), 200, {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="orders-by-checkout-${todayInTimeZone(timeZone)}.csv"`,
          'Cache-Control': 'no-store',
        })
      })

      .get('/admin/checkouts/:key', admin, async (c) => {
        c.header('Cache-Control', 'no-store')
        const body: CheckoutDetailDto = await getCheckout(db, readKey(c))
        return c.json(body)
      })

      .post(
        '/admin/checkouts/:key/notes',
        admin,
        pathParam(readKey),
        jsonBody(checkoutNoteInputSchema),
        async (c) => {
          const { body } = c.req.valid('json')
          const note: CheckoutNoteDto = await addCheckoutNote(db, {
            key: c.var.param,
            body,
            by: c.var.user.email,
          })
          return c.json(note, 201)
        },
      )
  )
}
