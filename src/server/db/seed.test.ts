import { asc, getTableColumns } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { syncMailingTimeZone } from '../features/mailings/mailings.service.ts'
import { iconAvailableSql } from '../features/orders/order-status.service.ts'
import { testConfig } from '../test/test-app.ts'
import { openTestDatabase } from '../test/test-database.ts'
import type { Database } from './client.ts'
import { calendarDays, calendarSettings, mailingIconStock, mailings, mapIcons } from './schema.ts'
import { seedFirstRun } from './seed.ts'

let database: Database
beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(() => database.close())

/** As the server starts: the town's time zone is stored first (the database dates new mailings in it). */
async function seedAt(db: Database['db'], now: Date, timeZone: string) {
  await syncMailingTimeZone(db, timeZone)
  return seedFirstRun(db, testConfig().seed, now, timeZone)
}

describe('first-run seed', () => {
  const now = new Date('2026-11-22T10:00:00Z')

  it('creates the two map icons, the days of the next three months still open for sale at the default price, and the settings', async () => {
    expect(await seedAt(database.db, now, 'America/New_York')).toBe(true)
    const icons = await database.db.select().from(mapIcons)
    expect(icons.map((i) => [i.name, i.size])).toEqual([
      ['Map Icon', 'small'],
      ['Large Map Icon', 'large'],
    ])
    const days = await database.db.select().from(calendarDays).orderBy(calendarDays.date)
    // Today is 2026-11-22 in the town: November's and December's sales closed on 18 October and
    // 17 November (14 days before each month starts), so January to March 2027 are opened, whole.
    expect(days).toHaveLength(31 + 28 + 31)
    expect(days[0]).toMatchObject({
      date: '2027-01-01',
      status: 'available',
      priceCents: 12000,
      businessName: null,
    })
    expect(days.at(-1)?.date).toBe('2027-03-31')
    expect(await database.db.select().from(calendarSettings)).toMatchObject([
      { defaultMonth: 1, defaultYear: 2027 },
    ])
    // The days' months got their mailings: sales close at the town's midnight 14 days before each month.
    const rows = await database.db.select().from(mailings).orderBy(asc(mailings.month))
    expect(rows.map((m) => [m.month, m.salesCloseAt.toISOString(), m.inHomesDate])).toEqual([
      ['2027-01', '2026-12-18T05:00:00.000Z', '2027-01-01'],
      ['2027-02', '2027-01-18T05:00:00.000Z', '2027-02-01'],
      ['2027-03', '2027-02-15T05:00:00.000Z', '2027-03-01'],
    ])
    // Each mailing has its own stock of each icon, starting from the icon's default quantity, all free.
    const stock = await database.db
      .select({ ...getTableColumns(mailingIconStock), availableQuantity: iconAvailableSql(new Date()) })
      .from(mailingIconStock)
    expect(stock).toHaveLength(3 * 2)
    for (const icon of icons)
      for (const month of ['2027-01', '2027-02', '2027-03'])
        expect(stock.find((s) => s.iconId === icon.id && s.month === month)).toMatchObject({
          quantity: icon.totalQuantity,
          availableQuantity: icon.totalQuantity,
        })
  })

  it("takes today in the town's time zone: late evening of 17 December in New York still opens January", async () => {
    const evening = new Date('2026-12-18T03:00:00Z') // 22:00 on 17 December in New York
    const newYork = await openTestDatabase()
    try {
      expect(await seedAt(newYork.db, evening, 'America/New_York')).toBe(true)
      const days = await newYork.db.select().from(calendarDays).orderBy(calendarDays.date)
      expect(days[0]?.date).toBe('2027-01-01')
      expect(days.at(-1)?.date).toBe('2027-03-31')
      expect(await newYork.db.select().from(calendarSettings)).toMatchObject([
        { defaultMonth: 1, defaultYear: 2027 },
      ])
      // January's sales close at the town's midnight starting 18 December: two hours after `evening`.
      const [january] = await newYork.db.select().from(mailings).orderBy(asc(mailings.month)).limit(1)
      expect(january).toMatchObject({ month: '2027-01', salesCloseAt: new Date('2026-12-18T05:00:00Z') })
    } finally {
      await newYork.close()
    }
    // In UTC the same instant is already 18 December, January's sales have closed: February to April.
    const utc = await openTestDatabase()
    try {
      expect(await seedAt(utc.db, evening, 'UTC')).toBe(true)
      const days = await utc.db.select().from(calendarDays).orderBy(calendarDays.date)
      expect(days[0]?.date).toBe('2027-02-01')
      expect(days.at(-1)?.date).toBe('2027-04-30')
      expect(await utc.db.select().from(calendarSettings)).toMatchObject([
        { defaultMonth: 2, defaultYear: 2027 },
      ])
      const months = await utc.db
        .select({ month: mailings.month })
        .from(mailings)
        .orderBy(asc(mailings.month))
      expect(months.map((m) => m.month)).toEqual(['2027-02', '2027-03', '2027-04'])
    } finally {
      await utc.close()
    }
  })

  it('runs once in the life of a database, even after an admin deletes the seeded days', async () => {
    await database.db.delete(calendarDays)
    expect(await seedFirstRun(database.db, testConfig().seed, now)).toBe(false)
    expect(await database.db.select().from(calendarDays)).toHaveLength(0)
    expect(await database.db.select().from(mapIcons)).toHaveLength(2)
  })
})
