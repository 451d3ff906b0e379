import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testConfig } from '../test/test-app.ts'
import { openTestDatabase } from '../test/test-database.ts'
import type { Database } from './client.ts'
import { calendarDays, calendarSettings, mapIcons } from './schema.ts'
import { seedFirstRun } from './seed.ts'

let database: Database
beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(() => database.close())

describe('first-run seed', () => {
  const seed = testConfig().seed
  const now = new Date('2026-11-22T10:00:00Z')

  it('creates the two map icons, three months of days from today on at the default price and the settings', async () => {
    expect(await seedFirstRun(database.db, seed, now, 'America/New_York')).toBe(true)
    const icons = await database.db.select().from(mapIcons)
    expect(icons.map((i) => [i.name, i.size, i.availableQuantity === i.totalQuantity])).toEqual([
      ['Map Icon', 'small', true],
      ['Large Map Icon', 'large', true],
    ])
    const days = await database.db.select().from(calendarDays).orderBy(calendarDays.date)
    // Today is 2026-11-22 in the town: the 1st to the 21st are past and never opened.
    expect(days).toHaveLength(9 + 31 + 31)
    expect(days[0]).toMatchObject({
      date: '2026-11-22',
      status: 'available',
      priceCents: 12000,
      businessName: null,
    })
    expect(days.at(-1)?.date).toBe('2027-01-31')
    expect(await database.db.select().from(calendarSettings)).toMatchObject([
      { defaultMonth: 11, defaultYear: 2026 },
    ])
  })

  it("takes today in the town's time zone: late evening in New York is already tomorrow in UTC", async () => {
    const other = await openTestDatabase()
    try {
      const evening = new Date('2026-12-01T03:00:00Z') // 22:00 on Nov 30 in New York
      expect(await seedFirstRun(other.db, seed, evening, 'America/New_York')).toBe(true)
      const days = await other.db.select().from(calendarDays).orderBy(calendarDays.date)
      expect(days[0]?.date).toBe('2026-11-30')
      expect(days.at(-1)?.date).toBe('2027-01-31')
    } finally {
      await other.close()
    }
  })

  it('runs once in the life of a database, even after an admin deletes the seeded days', async () => {
    await database.db.delete(calendarDays)
    expect(await seedFirstRun(database.db, seed, now)).toBe(false)
    expect(await database.db.select().from(calendarDays)).toHaveLength(0)
    expect(await database.db.select().from(mapIcons)).toHaveLength(2)
  })
})
