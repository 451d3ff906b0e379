import { desc, eq } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { calendarSettings, siteSettings } from '#server/db/schema.ts'
import { writeSetting } from '#server/db/site-settings.ts'
import { DEFAULT_SITE_FONT, isSiteFont, type SiteFont } from '#shared/fonts.ts'
import type { CalendarDefaultInput, SiteSettings } from '#shared/settings.ts'

const FONT_KEY = 'site_font'

export async function getSiteSettings(db: Db): Promise<SiteSettings> {
  const [[font], [calendar]] = await Promise.all([
    db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, FONT_KEY)),
    db.select().from(calendarSettings).orderBy(desc(calendarSettings.lastUpdated)).limit(1),
  ])
  return {
    font: isSiteFont(font?.value) ? font.value : DEFAULT_SITE_FONT,
    defaultMonth: calendar?.defaultMonth ?? null,
    defaultYear: calendar?.defaultYear ?? null,
  }
}

export async function setSiteFont(db: Db, font: SiteFont): Promise<void> {
  await writeSetting(db, FONT_KEY, font)
}

/** calendar_settings is read "latest by last_updated"; a change writes a newer row. */
export async function setCalendarDefault(db: Db, input: CalendarDefaultInput): Promise<void> {
  await db
    .insert(calendarSettings)
    .values({ defaultMonth: input.month, defaultYear: input.year, lastUpdated: new Date() })
}
