import { Hono } from 'hono'
import type { AppDeps, AppEnv } from '#server/http/app-env.ts'
import { noStore } from '#server/http/cache.ts'
import { requireAdmin } from '#server/http/require-admin.ts'
import { jsonBody, queryParams, readIdParam } from '#server/http/validate.ts'
import type { Logger } from '#server/lib/logger.ts'
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

/** What other features do when the calendar changes: the app composes it (app.ts). */
export type CalendarAdminHooks = {
  /**
   * Right after days are set up (a range initialised): the returning advertisers' offers of a mailing that
   * just opened are made now rather than at the offers task's next round. Its failure is logged, never the
   * owner's: the task tries again.
   */
  daysSetUp?: (logger: Logger) => Promise<void>
}

/** The admin calendar (PATCH /admin/calendar-days/:id lives with the public routes in calendar-days.routes.ts). */
export function calendarAdminRoutes(deps: AppDeps, hooks: CalendarAdminHooks = {}) {
  const db = deps.database.db
  const admin = requireAdmin(deps)

  return (
    new Hono<AppEnv>()
      .get('/admin/calendar-days', admin, noStore, queryParams(adminCalendarDaysQuerySchema), async (c) => {
        const body: AdminCalendarDaysResponse = { days: await listAdminDays(db, c.req.valid('query')) }
        return c.json(body)
      })

      // The query before the body: a bad ?dryRun= is answered first, whatever the body.
      .post(
        '/admin/calendar-days/initialize',
        admin,
        queryParams(initializeRangeQuerySchema),
        jsonBody(initializeRangeInputSchema),
        async (c) => {
          const { dryRun } = c.req.valid('query')
          const body: InitializeRangeResponse = await initializeRange(db, c.req.valid('json'), new Date(), {
            dryRun: dryRun === '1',
          })
          if (dryRun !== '1' && hooks.daysSetUp) {
            try {
              await hooks.daysSetUp(c.var.log)
            } catch (error) {
              c.var.log.error({ err: error }, 'days set up: the follow-up failed; its periodic task retries')
            }
          }
          return c.json(body)
        },
      )

      .post('/admin/calendar-days/bulk-price', admin, jsonBody(bulkPriceInputSchema), async (c) => {
        const body: BulkPriceResponse = await setDaysPrice(db, c.req.valid('json'))
        return c.json(body)
      })

      .post('/admin/calendar-days/bulk-delete', admin, jsonBody(bulkDeleteDaysInputSchema), async (c) => {
        const body: BulkDeleteDaysResponse = await deleteDays(db, c.req.valid('json'))
        return c.json(body)
      })

      .delete('/admin/calendar-days/:id', admin, async (c) => {
        await deleteDay(db, readIdParam(c, DAY_NOT_FOUND))
        return c.body(null, 204)
      })
  )
}
