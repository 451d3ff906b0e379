import { type Context, Hono } from 'hono'
import type { z } from 'zod'
import type { AppDeps, AppEnv } from '#server/http/app-env.ts'
import { requireAdmin } from '#server/http/require-admin.ts'
import { readJson, readQuery } from '#server/http/validate.ts'
import { AppError } from '#server/lib/errors.ts'
import type { AdminOrderDto, AdminOrdersResponse } from '#shared/admin-dto.ts'
import {
  adminOrdersQuerySchema,
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
import { todayInTimeZone, todayIso } from '#shared/dates.ts'
import {
  changeOrderStatuses,
  deleteOrders,
  getAdminOrder,
  getAdminOrders,
  isOrderId,
  listAdminOrders,
} from './admin-orders.service.ts'
import {
  createManualDayOrder,
  createManualMapIconOrder,
  listSellableDays,
  type ManualOrderMailContext,
} from './manual-orders.service.ts'
import { ordersToCsv } from './orders-csv.ts'

function readOrderId(c: Context<AppEnv>): string {
  const id = c.req.param('id')
  if (!id || !isOrderId(id)) throw new AppError('not_found', ORDER_NOT_FOUND_MESSAGE)
  return id
}

/**
 * Manual orders answer the spec's 'Missing Information' text when a required field is missing or blank,
 * and an amount's refusal as the message itself (issue 14: "Choose 'Free feature (non-profit)' for a $0
 * order."), so the form's toast says what to do.
 */
async function readManualOrder<S extends z.ZodType>(c: Context<AppEnv>, schema: S): Promise<z.infer<S>> {
  try {
    return await readJson(c, schema)
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'validation_failed') throw error
    const fields = error.fields ?? {}
    if (Object.values(fields).flat().includes(MISSING_INFORMATION_MESSAGE))
      throw new AppError('validation_failed', MISSING_INFORMATION_MESSAGE, fields)
    const amount = fields.amountCents?.[0]
    if (amount) throw new AppError('validation_failed', amount, fields)
    throw error
  }
}

function manualOrderMail(deps: AppDeps): ManualOrderMailContext {
  const { config } = deps
  return {
    site: config.site,
    timeZone: config.timeZone,
    origin: config.publicUrl ?? `http://localhost:${config.port}`,
  }
}

export function adminOrdersRoutes(deps: AppDeps) {
  const db = deps.database.db
  const app = new Hono<AppEnv>()
  const admin = requireAdmin(deps)

  app.get('/admin/orders', admin, async (c) => {
    c.header('Cache-Control', 'no-store')
    const body: AdminOrdersResponse = {
      orders: await listAdminOrders(db, readQuery(c, adminOrdersQuerySchema)),
    }
    return c.json(body)
  })

  app.get('/admin/orders/export.csv', admin, async (c) => {
    const orders = await listAdminOrders(db, readQuery(c, adminOrdersQuerySchema))
    return c.body(ordersToCsv(orders), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="orders-${todayIso()}.csv"`,
      'Cache-Control': 'no-store',
    })
  })

  app.patch('/admin/orders/:id', admin, async (c) => {
    const id = readOrderId(c)
    const { status } = await readJson(c, updateOrderStatusInputSchema)
    await changeOrderStatuses(db, { ids: [id], status, by: c.var.user.email })
    const body: AdminOrderDto = await getAdminOrder(db, id)
    return c.json(body)
  })

  app.post('/admin/orders/bulk-status', admin, async (c) => {
    const { ids, status } = await readJson(c, bulkOrderStatusInputSchema)
    await changeOrderStatuses(db, { ids, status, by: c.var.user.email })
    const body: AdminOrdersResponse = { orders: await getAdminOrders(db, ids) }
    return c.json(body)
  })

  app.post('/admin/orders/bulk-delete', admin, async (c) => {
    const { ids } = await readJson(c, bulkDeleteOrdersInputSchema)
    return c.json({ deleted: await deleteOrders(db, ids, c.var.user.email) })
  })

  app.delete('/admin/orders/:id', admin, async (c) => {
    await deleteOrders(db, [readOrderId(c)], c.var.user.email)
    return c.body(null, 204)
  })

  // Issue 14's day picker: the days a manual order can still sell, grouped by mailing, narrowed by ?q=.
  app.get('/admin/manual-orders/sellable-days', admin, async (c) => {
    c.header('Cache-Control', 'no-store')
    const { q } = readQuery(c, sellableDaysQuerySchema)
    const body: SellableDaysResponse = await listSellableDays(db, q, todayInTimeZone(deps.config.timeZone))
    return c.json(body)
  })

  app.post('/admin/manual-orders', admin, async (c) => {
    const input = await readManualOrder(c, manualOrderInputSchema)
    const id = await createManualDayOrder(
      db,
      { ...input, by: c.var.user.email },
      { today: todayInTimeZone(deps.config.timeZone), mail: manualOrderMail(deps) },
    )
    const body: AdminOrderDto = await getAdminOrder(db, id)
    return c.json(body, 201)
  })

  app.post('/admin/manual-map-icon-orders', admin, async (c) => {
    const input = await readManualOrder(c, manualMapIconOrderInputSchema)
    const id = await createManualMapIconOrder(
      db,
      { ...input, by: c.var.user.email },
      { mail: manualOrderMail(deps) },
    )
    const body: AdminOrderDto = await getAdminOrder(db, id)
    return c.json(body, 201)
  })

  return app
}
