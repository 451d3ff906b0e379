import { Hono } from 'hono'
import type { AppDeps, AppEnv } from '#server/http/app-env.ts'
import { requireAdmin } from '#server/http/require-admin.ts'
import { readJson } from '#server/http/validate.ts'
import { calendarDefaultInputSchema, updateFontInputSchema } from '#shared/settings.ts'
import { getSiteSettings, setCalendarDefault, setSiteFont } from './settings.service.ts'

export function settingsRoutes(deps: AppDeps) {
  const db = deps.database.db
  const app = new Hono<AppEnv>()
  const admin = requireAdmin(deps)

  app.get('/settings', async (c) => c.json(await getSiteSettings(db)))

  app.put('/settings/font', admin, async (c) => {
    const { font } = await readJson(c, updateFontInputSchema)
    await setSiteFont(db, font)
    return c.json(await getSiteSettings(db))
  })

  app.put('/settings/calendar', admin, async (c) => {
    const input = await readJson(c, calendarDefaultInputSchema(new Date().getUTCFullYear()))
    await setCalendarDefault(db, input)
    return c.json(await getSiteSettings(db))
  })

  return app
}
