import { eq } from 'drizzle-orm'
import { addMonths, DEFAULT_SITE_TIMEZONE, datesOfMonth, todayInTimeZone } from '#shared/dates.ts'
import { DEFAULT_MAILING_DEFAULTS } from '#shared/mailings.ts'
import type { SeedConfig } from '../env.ts'
import type { Db } from './client.ts'
import { calendarDays, calendarSettings, mapIcons, siteSettings } from './schema.ts'

const SEED_MARKER = 'first_run_seeded_at'

/**
 * What a new site needs to be usable, written once in the life of a database (a marker row decides,
 * so several instances starting together seed once, and days an admin later deletes stay deleted):
 * the two map icon products, the days of the next three months whose mailing is still open for sale
 * (a month's sales close 14 days before it starts by default, so the current month is usually closed
 * already), and the calendar settings pointing at the first of them. "Today" is the town's (SITE_TIMEZONE).
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
        totalQuantity: seed.mapIconQuantity,
      },
      {
        name: 'Large Map Icon',
        size: 'large',
        priceCents: seed.largeMapIconPriceCents,
        totalQuantity: seed.largeMapIconQuantity,
      },
    ])

    const today = todayInTimeZone(timeZone, now)
    const months = openMonthsFrom(today, 3)
    const dates = months.flatMap((m) => datesOfMonth(m.year, m.month)).filter((date) => date >= today)
    const { year, month } = months[0] as { year: number; month: number }
    await tx
      .insert(calendarDays)
      .values(dates.map((date) => ({ date, status: 'available', priceCents: seed.dayPriceCents })))
      .onConflictDoNothing()

    // The days' trigger creates each month's mailing (migration 0005).
    await tx.insert(calendarSettings).values({ defaultMonth: month, defaultYear: year, lastUpdated: now })
    return true
  })
}

/**
 * The first `count` months from today's on whose mailing would still be open under the default dates: its
 * sales close (the town's midnight, salesCloseDaysBefore days before the month starts) is after today.
 */
function openMonthsFrom(today: string, count: number): { year: number; month: number }[] {
  const year = Number(today.slice(0, 4))
  const month = Number(today.slice(5, 7))
  const open: { year: number; month: number }[] = []
  for (let offset = 0; open.length < count; offset++) {
    const m = addMonths(year, month, offset)
    const firstDay = Date.UTC(m.year, m.month - 1, 1)
    const closeDate = new Date(firstDay - DEFAULT_MAILING_DEFAULTS.salesCloseDaysBefore * 86_400_000)
    if (closeDate.toISOString().slice(0, 10) > today) open.push(m)
  }
  return open
}
