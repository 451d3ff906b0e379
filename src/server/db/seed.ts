import { eq } from 'drizzle-orm'
import { addMonths, DEFAULT_SITE_TIMEZONE, datesOfMonth, todayInTimeZone } from '../../shared/dates.ts'
import type { SeedConfig } from '../env.ts'
import type { Db } from './client.ts'
import { calendarDays, calendarSettings, mapIcons, siteSettings } from './schema.ts'

const SEED_MARKER = 'first_run_seeded_at'

/**
 * What a new site needs to be usable, written once in the life of a database (a marker row decides,
 * so several instances starting together seed once, and days an admin later deletes stay deleted):
 * the two map icon products, the current and next two months of days from today on (a past day is never
 * opened: it could not be sold), and the calendar settings. "Today" is the town's (SITE_TIMEZONE).
 */
export async function seedFirstRun(
  db: Db,
  seed: SeedConfig,
  now: Date = new Date(),
  timeZone: string = DEFAULT_SITE_TIMEZONE,
): Promise<boolean> {
  // Every later start: one read, no write transaction (a commit is the dearest step of an embedded start).
  const [seeded] = await db
    .select({ key: siteSettings.key })
    .from(siteSettings)
    .where(eq(siteSettings.key, SEED_MARKER))
  if (seeded) return false
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(siteSettings)
      .values({ key: SEED_MARKER, value: now.toISOString() })
      .onConflictDoNothing()
      .returning({ key: siteSettings.key })
    if (claimed.length === 0) return false

    await tx.insert(mapIcons).values([
      {
        name: 'Map Icon',
        size: 'small',
        priceCents: seed.mapIconPriceCents,
        availableQuantity: seed.mapIconQuantity,
        totalQuantity: seed.mapIconQuantity,
      },
      {
        name: 'Large Map Icon',
        size: 'large',
        priceCents: seed.largeMapIconPriceCents,
        availableQuantity: seed.largeMapIconQuantity,
        totalQuantity: seed.largeMapIconQuantity,
      },
    ])

    const today = todayInTimeZone(timeZone, now)
    const year = Number(today.slice(0, 4))
    const month = Number(today.slice(5, 7))
    const dates = [0, 1, 2]
      .flatMap((offset) => {
        const m = addMonths(year, month, offset)
        return datesOfMonth(m.year, m.month)
      })
      .filter((date) => date >= today)
    await tx
      .insert(calendarDays)
      .values(dates.map((date) => ({ date, status: 'available', priceCents: seed.dayPriceCents })))
      .onConflictDoNothing()

    await tx.insert(calendarSettings).values({ defaultMonth: month, defaultYear: year, lastUpdated: now })
    return true
  })
}
