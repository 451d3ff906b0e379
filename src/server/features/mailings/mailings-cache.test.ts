// @engines postgres
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, openPostgres } from '#server/db/client.ts'
import { calendarDays, mailings, mapIcons } from '#server/db/schema.ts'
import { ADMIN, createTestApp, type TestApp } from '#server/test/test-app.ts'
import { createPostgresTestDatabase, testEngine } from '#server/test/test-database.ts'
import { closeMailingsPastDeadline } from '../orders/selling-months.service.ts'

/**
 * The public reads that depend on mailings (GET /api/mailings, the month's calendar, the icons' stock) keep
 * their in-process cache (http/cache.ts) and stay correct: every mailing or stock change bumps the catalogue
 * version (migration 0005's triggers), so the next read, through any instance, sees it.
 */
async function publicJson(t: TestApp, path: string) {
  const response = await t.request(path)
  expect(response.status).toBe(200)
  return response.json()
}

async function openMonths(t: TestApp): Promise<string[]> {
  return (await publicJson(t, '/api/mailings')).open.map((m: { month: string }) => m.month)
}

async function setUp(a: TestApp) {
  await a.db.insert(calendarDays).values([
    { date: '2030-03-02', status: 'available', priceCents: 12000 },
    { date: '2030-04-02', status: 'available', priceCents: 12000 },
  ])
  const [icon] = await a.db.select().from(mapIcons).where(eq(mapIcons.name, 'Large Map Icon'))
  return icon?.id as string
}

async function checkCacheFollowsMailings(a: TestApp, b: TestApp, cookie: string, iconId: string) {
  // Warm B's cache.
  expect(await openMonths(b)).toEqual(expect.arrayContaining(['2030-03', '2030-04']))
  expect((await publicJson(b, '/api/calendar-days?month=2030-03')).days[0].status).toBe('available')
  const stockOf = async (month: string) =>
    (await publicJson(b, '/api/map-icons')).icons
      .find((i: { id: string }) => i.id === iconId)
      .stock.find((s: { month: string }) => s.month === month)
  expect(await stockOf('2030-03')).toMatchObject({ totalQuantity: 6 })

  // Close through A: B's next reads no longer offer March.
  const closed = await a.request('/api/admin/mailings/2030-03/status', {
    method: 'POST',
    cookie,
    json: { action: 'close' },
  })
  expect(closed.status).toBe(200)
  expect(await openMonths(b)).not.toContain('2030-03')
  expect((await publicJson(b, '/api/calendar-days?month=2030-03')).days[0].status).toBe('closed')
  expect(await stockOf('2030-03')).toBeUndefined()
  const months = (await publicJson(b, '/api/calendar-days/available-months')).months
  expect(months).not.toContainEqual({ year: 2030, month: 3 })
  expect(months).toContainEqual({ year: 2030, month: 4 })

  // A stock edit through A is B's next read.
  const edited = await a.request(`/api/admin/mailings/2030-04/icon-stock/${iconId}`, {
    method: 'PUT',
    cookie,
    json: { quantity: 2 },
  })
  expect(edited.status).toBe(200)
  expect(await stockOf('2030-04')).toEqual({ month: '2030-04', availableQuantity: 2, totalQuantity: 2 })

  // The deadline task's write (any instance) is the next read too.
  await a.db
    .update(mailings)
    .set({ salesCloseAt: new Date(Date.now() - 1000) })
    .where(eq(mailings.month, '2030-04'))
  expect(await closeMailingsPastDeadline(a.db)).toEqual(['2030-04'])
  expect(await openMonths(b)).not.toContain('2030-04')
  expect((await publicJson(b, '/api/mailings')).concluded).toBe('2030-04')
}

describe('mailing reads through the cache, one instance', () => {
  let t: TestApp
  let cookie: string
  let iconId: string
  beforeAll(async () => {
    t = await createTestApp()
    await t.createAdmin()
    cookie = await t.signIn(ADMIN)
    iconId = await setUp(t)
  })
  afterAll(() => t.close())

  it('shows every mailing change on the next read', async () => {
    await checkCacheFollowsMailings(t, t, cookie, iconId)
  })
})

describe.skipIf(testEngine !== 'postgres')(
  'mailing reads through the cache, two instances on PostgreSQL',
  () => {
    let a: TestApp
    let b: TestApp
    let drop: () => Promise<void>
    let cookie: string
    let iconId: string
    beforeAll(async () => {
      const created = await createPostgresTestDatabase()
      drop = created.drop
      const open = (): Database => ({ ...openPostgres(created.url, { max: 4 }) })
      a = await createTestApp({ database: open() })
      b = await createTestApp({ database: open() })
      await a.createAdmin()
      cookie = await a.signIn(ADMIN)
      iconId = await setUp(a)
    })
    afterAll(async () => {
      await a?.close()
      await b?.close()
      await drop?.()
    })

    it('a change through A is the next read through B', async () => {
      await checkCacheFollowsMailings(a, b, cookie, iconId)
    })
  },
)
