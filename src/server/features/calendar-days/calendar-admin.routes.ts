import { Hono } from 'hono'
import type { AppDeps, AppEnv } from '#server/http/app-env.ts'
import { requireAdmin } from '#server/http/require-admin.ts'
import { readIdParam, readJson, readQuery } from '#server/http/validate.ts'
import type {
  AdminCalendarDaysResponse,
  BulkDeleteDaysResponse,
  BulkPriceResponse,
  InitializeRangeResponse,
} from '#shared/admin-dto.ts'
import {
  adminCalendarDaysQuerySchema,
  bulkDeleteDaysInputSchema,
  bulkPriceInputSchema,
  initializeRangeInputSchema,
  initializeRangeQuerySchema,
} from '#shared/calendar-admin.ts'
import {
  deleteDay,
  deleteDays,
  initializeRange,
  listAdminDays,
  setDaysPrice,
} from './calendar-admin.service.ts'
import { DAY_NOT_FOUND } from './calendar-days.service.ts'

/** The admin calendar (PATCH /admin/calendar-days/:id lives with the public routes in calendar-days.routes.ts). */
export function calendarAdminRoutes(deps: AppDeps) {
  const db = deps.database.db
  const app = new Hono<AppEnv>()
  const admin = requireAdmin(deps)

  app.get('/admin/calendar-days', admin, async (c) => {
    c.header('Cache-Control', 'no-store')
    const body: AdminCalendarDaysResponse = {
      days: await listAdminDays(db, readQuery(c, adminCalendarDaysQuerySchema)),
    }
    return c.json(body)
  })

  app.post('/admin/calendar-days/initialize', admin, async (c) => {
    const { dryRun } = readQuery(c, initializeRangeQuerySchema)
    const body: InitializeRangeResponse = await initializeRange(
      db,
      await readJson(c, initializeRangeInputSchema),
      new Date(),
      { dryRun: dryRun === '1' },
    )
    return c.json(body)
  })

  app.post('/admin/calendar-days/bulk-price', admin, async (c) => {
    const body: BulkPriceResponse = await setDaysPrice(db, await readJson(c, bulkPriceInputSchema))
    return c.json(body)
  })

  app.post('/admin/calendar-days/bulk-delete', admin, async (c) => {
    const body: BulkDeleteDaysResponse = await deleteDays(db, await readJson(c, bulkDeleteDaysInputSchema))
    return c.json(body)
  })

  app.delete('/admin/calendar-days/:id', admin, async (c) => {
    await deleteDay(db, readIdParam(c, DAY_NOT_FOUND))
    return c.body(null, 204)
  })

  return app
}
