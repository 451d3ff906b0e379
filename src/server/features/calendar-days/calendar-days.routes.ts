import { Hono } from 'hono'
import type { AppDeps, AppEnv } from '#server/http/app-env.ts'
import { publicReadCache } from '#server/http/cache.ts'
import { requireAdmin } from '#server/http/require-admin.ts'
import { jsonBody, pathParam, queryParams, readIdParam } from '#server/http/validate.ts'
import { calendarMonthQuerySchema } from '#shared/calendar.ts'
import { updateCalendarDayInputSchema } from '#shared/calendar-admin.ts'
import type { AvailableMonthsResponse, CalendarDayDto, CalendarMonthResponse } from '#shared/dto.ts'
import { type MonthKey, parseMonthKey, toMonthKey } from '#shared/mailings.ts'
import {
  getPublicMailing,
  listClosedUnmailedMonths,
  listPublicMailings,
} from '../orders/selling-months.service.ts'
import {
  DAY_NOT_FOUND,
  getPublicDay,
  listAvailableMonths,
  listMonthDays,
  updateDay,
} from './calendar-days.service.ts'

export function calendarDaysRoutes(deps: AppDeps) {
  const db = deps.database.db
  const admin = requireAdmin(deps)
  const cache = publicReadCache(deps)

  return new Hono<AppEnv>()
    .get('/calendar-days', queryParams(calendarMonthQuerySchema), (c) => {
      const { month } = c.req.valid('query')
      // Days turn past at the town's midnight without a write: today is part of the key and of the answer.
      const today = cache.today()
      return cache.respond(c, `calendar-days?month=${month.year}-${month.month}@${today}`, async () => {
        const mailing = await getPublicMailing(db, toMonthKey(month.year, month.month), deps.config.timeZone)
        const body: CalendarMonthResponse = {
          days: await listMonthDays(db, month.year, month.month, today, mailing?.status === 'open'),
          today,
          mailing,
        }
        return body
      })
    })

    .get('/calendar-days/available-months', (c) => {
      // The answer also depends on today (months from today on), so today is part of the key.
      const today = cache.today()
      return cache.respond(c, `calendar-days/available-months@${today}`, async () => {
        const [months, mailings, closed] = await Promise.all([
          listAvailableMonths(db, today),
          listPublicMailings(db, deps.config.timeZone),
          listClosedUnmailedMonths(db, today.slice(0, 7) as MonthKey),
        ])
        const body: AvailableMonthsResponse = {
          months,
          concluded: mailings.concluded,
          concludedStatus: mailings.concludedStatus,
          closedMonths: closed.map((key) => parseMonthKey(key)),
        }
        return body
      })
    })

    .get('/calendar-days/:id', (c) => {
      const id = readIdParam(c, DAY_NOT_FOUND)
      const today = cache.today()
      return cache.respond(c, `calendar-days/${id}@${today}`, async () => {
        const body: CalendarDayDto = await getPublicDay(db, id, today)
        return body
      })
    })

    .patch(
      '/admin/calendar-days/:id',
      admin,
      pathParam((c) => readIdParam(c, DAY_NOT_FOUND)),
      jsonBody(updateCalendarDayInputSchema),
      async (c) => {
        const body: CalendarDayDto = await updateDay(db, c.var.param, c.req.valid('json'))
        return c.json(body)
      },
    )
}
