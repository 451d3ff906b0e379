import { type Context, Hono } from 'hono'
import type { z } from 'zod'
import type { AdminOrderDto, AdminOrdersResponse } from '../../../shared/admin-dto.ts'
import {
  adminOrdersQuerySchema,
  bulkDeleteOrdersInputSchema,
  bulkOrderStatusInputSchema,
  MISSING_INFORMATION_MESSAGE,
  manualMapIconOrderInputSchema,
  manualOrderInputSchema,
  ORDER_NOT_FOUND_MESSAGE,
  updateOrderStatusInputSchema,
} from '../../../shared/admin-orders.ts'
import { todayInTimeZone, todayIso } from '../../../shared/dates.ts'
import type { AppDeps, AppEnv } from '../../http/app-env.ts'
import { requireAdmin } from '../../http/require-admin.ts'
import { readJson, readQuery } from '../../http/validate.ts'
import { AppError } from '../../lib/errors.ts'
import {
  changeOrderStatuses,
  deleteOrders,
  getAdminOrder,
  getAdminOrders,
  isOrderId,
  listAdminOrders,
} from './admin-orders.service.ts'
import { createManualDayOrder, createManualMapIconOrder } from './manual-orders.service.ts'
import { ordersToCsv } from './orders-csv.ts'

function readOrderId(c: Context<AppEnv>): string {
  const id = c.req.param('id')
  if (!id || !isOrderId(id)) throw new AppError('not_found', ORDER_NOT_FOUND_MESSAGE)
  return id
}

/** Manual orders answer the spec's 'Missing Information' text when a required field is missing or blank. */
async function readManualOrder<S extends z.ZodType>(c: Context<AppEnv>, schema: S): Promise<z.infer<S>> {
  try {
    return await readJson(c, schema)
  } catch (error) {
    const missing =
      error instanceof AppError &&
      Object.values(error.fields ?? {})
        .flat()
        .includes(MISSING_INFORMATION_MESSAGE)
    if (!missing) throw error
    throw new AppError('validation_failed', MISSING_INFORMATION_MESSAGE, (error as AppError).fields)
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
    await changeOrderStatuses(db, deps.payments, { ids: [id], status, by: c.var.user.email })
    const body: AdminOrderDto = await getAdminOrder(db, id)
    return c.json(body)
  })

  app.post('/admin/orders/bulk-status', admin, async (c) => {
    const { ids, status } = await readJson(c, bulkOrderStatusInputSchema)
    await changeOrderStatuses(db, deps.payments, { ids, status, by: c.var.user.email })
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

  app.post('/admin/manual-orders', admin, async (c) => {
    const input = await readManualOrder(c, manualOrderInputSchema)
    const id = await createManualDayOrder(
      db,
      { ...input, by: c.var.user.email },
      { today: todayInTimeZone(deps.config.timeZone) },
    )
    const body: AdminOrderDto = await getAdminOrder(db, id)
    return c.json(body, 201)
  })

  app.post('/admin/manual-map-icon-orders', admin, async (c) => {
    const input = await readManualOrder(c, manualMapIconOrderInputSchema)
    const id = await createManualMapIconOrder(db, { ...input, by: c.var.user.email })
    const body: AdminOrderDto = await getAdminOrder(db, id)
    return c.json(body, 201)
  })

  return app
}
