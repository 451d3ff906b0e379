import { Hono } from 'hono'
import type { AppDeps, AppEnv } from '#server/http/app-env.ts'
import { requireAdmin } from '#server/http/require-admin.ts'
import { jsonBody } from '#server/http/validate.ts'
import { calendarDefaultInputSchema, updateFontInputSchema } from '#shared/settings.ts'
import { getSiteSettings, setCalendarDefault, setSiteFont } from './settings.service.ts'

export function settingsRoutes(deps: AppDeps) {
  const db = deps.database.db
  const admin = requireAdmin(deps)
  // The schema of this year, built for each request (a server may run across New Year).
  const calendarDefaultInput = jsonBody(() => calendarDefaultInputSchema(new Date().getUTCFullYear()))

  return new Hono<AppEnv>()
    .get('/settings', async (c) => c.json(await getSiteSettings(db)))
    .put('/settings/font', admin, jsonBody(updateFontInputSchema), async (c) => {
      const { font } = c.req.valid('json')
      await setSiteFont(db, font)
      return c.json(await getSiteSettings(db))
    })
    .put('/settings/calendar', admin, calendarDefaultInput, async (c) => {
      await setCalendarDefault(db, c.req.valid('json'))
      return c.json(await getSiteSettings(db))
    })
}
