import { Hono } from 'hono'
import { calendarMonthQuerySchema } from '../../../shared/calendar.ts'
import { updateCalendarDayInputSchema } from '../../../shared/calendar-admin.ts'
import type { AvailableMonthsResponse, CalendarDayDto, CalendarMonthResponse } from '../../../shared/dto.ts'
import type { AppDeps, AppEnv } from '../../http/app-env.ts'
import { noCache } from '../../http/cache.ts'
import { requireAdmin } from '../../http/require-admin.ts'
import { readIdParam, readJson, readQuery } from '../../http/validate.ts'
import {
  DAY_NOT_FOUND,
  getPublicDay,
  listAvailableMonths,
  listMonthDays,
  updateDay,
} from './calendar-days.service.ts'

export function calendarDaysRoutes(deps: AppDeps) {
  const db = deps.database.db
  const app = new Hono<AppEnv>()
  const admin = requireAdmin(deps)

  app.get('/calendar-days', noCache, async (c) => {
    const { month } = readQuery(c, calendarMonthQuerySchema)
    const body: CalendarMonthResponse = { days: await listMonthDays(db, month.year, month.month) }
    return c.json(body)
  })

  app.get('/calendar-days/available-months', noCache, async (c) => {
    const body: AvailableMonthsResponse = { months: await listAvailableMonths(db) }
    return c.json(body)
  })

  app.get('/calendar-days/:id', noCache, async (c) => {
    const body: CalendarDayDto = await getPublicDay(db, readIdParam(c, DAY_NOT_FOUND))
    return c.json(body)
  })

  app.patch('/admin/calendar-days/:id', admin, async (c) => {
    const id = readIdParam(c, DAY_NOT_FOUND)
    const input = await readJson(c, updateCalendarDayInputSchema)
    const body: CalendarDayDto = await updateDay(db, id, input)
    return c.json(body)
  })

  return app
}
