import { type Context, Hono } from 'hono'
import type { z } from 'zod'
import type { AppDeps, AppEnv } from '#server/http/app-env.ts'
import { noStore } from '#server/http/cache.ts'
import { requireAdmin } from '#server/http/require-admin.ts'
import { jsonBody, pathParam, queryParams } from '#server/http/validate.ts'
import { AppError } from '#server/lib/errors.ts'
import type { AdminOrderDto, AdminOrdersResponse } from '#shared/admin-dto.ts'
import {
  bulkDeleteOrdersInputSchema,
  bulkOrderStatusInputSchema,
  MISSING_INFORMATION_MESSAGE,
  manualMapIconOrderInputSchema,
  manualOrderInputSchema,
  ORDER_NOT_FOUND_MESSAGE,
  type SellableDaysResponse,
  sellableDaysQuerySchema,
  updateOrderStatusInputSchema,
} from '#shared/admin-orders.ts'
import { todayInTimeZone } from '#shared/dates.ts'
import { isOrderId } from '../orders/order-ids.ts'
import { changeOrderStatuses, deleteOrders, getAdminOrder, getAdminOrders } from './admin-orders.service.ts'
import {
  createManualDayOrder,
  createManualMapIconOrder,
  listSellableDays,
  type ManualOrderMailContext,
} from './manual-orders.service.ts'

function readOrderId(c: Context<AppEnv>): string {
  const id = c.req.param('id')
  if (!id || !isOrderId(id)) throw new AppError('not_found', ORDER_NOT_FOUND_MESSAGE)
  return id
}

/**
 * Manual orders answer the 'Missing Information' text when a required field is missing or blank,
 * and an amount's refusal as the message itself ("Choose 'Free feature (non-profit)' for a $0
 * order."), so the form's toast says what to do.
 */
function manualOrderBody<S extends z.ZodType>(schema: S) {
  return jsonBody(schema, (refusal) => {
    const fields = refusal.fields ?? {}
    if (Object.values(fields).flat().includes(MISSING_INFORMATION_MESSAGE))
      return new AppError('validation_failed', MISSING_INFORMATION_MESSAGE, fields)
    const amount = fields.amountCents?.[0]
    return amount ? new AppError('validation_failed', amount, fields) : refusal
  })
}

function manualOrderMail(deps: AppDeps): ManualOrderMailContext {
  const { config } = deps
  return {
    site: config.site,
    timeZone: config.timeZone,
    origin: config.publicOrigin,
  }
}

export function adminOrdersRoutes(deps: AppDeps) {
  const db = deps.database.db
  const admin = requireAdmin(deps)

  return (
    new Hono<AppEnv>()
      .patch(
        '/admin/orders/:id',
        admin,
        pathParam(readOrderId),
        jsonBody(updateOrderStatusInputSchema),
        async (c) => {
          const id = c.var.param
          const { status } = c.req.valid('json')
          await changeOrderStatuses(
            db,
            { ids: [id], status, by: c.var.user.email },
            new Date(),
            manualOrderMail(deps),
          )
          const body: AdminOrderDto = await getAdminOrder(db, id)
          return c.json(body)
        },
      )

      .post('/admin/orders/bulk-status', admin, jsonBody(bulkOrderStatusInputSchema), async (c) => {
        const { ids, status } = c.req.valid('json')
        await changeOrderStatuses(
          db,
          { ids, status, by: c.var.user.email },
          new Date(),
          manualOrderMail(deps),
        )
        const body: AdminOrdersResponse = { orders: await getAdminOrders(db, ids) }
        return c.json(body)
      })

      .post('/admin/orders/bulk-delete', admin, jsonBody(bulkDeleteOrdersInputSchema), async (c) => {
        const { ids } = c.req.valid('json')
        return c.json({ deleted: await deleteOrders(db, ids, c.var.user.email) })
      })

      .delete('/admin/orders/:id', admin, async (c) => {
        await deleteOrders(db, [readOrderId(c)], c.var.user.email)
        return c.body(null, 204)
      })

      // The day picker: the days a manual order can still sell, grouped by mailing, narrowed by ?q=.
      .get(
        '/admin/manual-orders/sellable-days',
        admin,
        noStore,
        queryParams(sellableDaysQuerySchema),
        async (c) => {
          const { q } = c.req.valid('query')
          const body: SellableDaysResponse = await listSellableDays(
            db,
            q,
            todayInTimeZone(deps.config.timeZone),
          )
          return c.json(body)
        },
      )

      .post('/admin/manual-orders', admin, manualOrderBody(manualOrderInputSchema), async (c) => {
        const input = c.req.valid('json')
        const id = await createManualDayOrder(
          db,
          { ...input, by: c.var.user.email },
          { today: todayInTimeZone(deps.config.timeZone), mail: manualOrderMail(deps) },
        )
        const body: AdminOrderDto = await getAdminOrder(db, id)
        return c.json(body, 201)
      })

      .post(
        '/admin/manual-map-icon-orders',
        admin,
        manualOrderBody(manualMapIconOrderInputSchema),
        async (c) => {
          const input = c.req.valid('json')
          const id = await createManualMapIconOrder(
            db,
            { ...input, by: c.var.user.email },
            { mail: manualOrderMail(deps) },
          )
          const body: AdminOrderDto = await getAdminOrder(db, id)
          return c.json(body, 201)
        },
      )
  )
}
