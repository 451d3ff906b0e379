import { and, asc, eq, gte, lte } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calendarDays, mailings } from '#server/db/schema.ts'
import { ADMIN, createTestApp, MEMBER, type TestApp } from '#server/test/test-app.ts'
import { adminDateRangeMessage, closedMailingMessage } from '#shared/calendar-admin.ts'

/** Inside the admin month navigator (initialisation keeps to it), whatever year the tests run in. */
const Y = new Date().getUTCFullYear() + 2

let t: TestApp
let admin: string
let member: string

async function insertDay(
  date: string,
  status = 'available',
  priceCents = 12000,
  businessName: string | null = null,
) {
  const [row] = await t.db
    .insert(calendarDays)
    .values({ date, status, priceCents, businessName })
    .returning({ id: calendarDays.id })
  return row?.id as string
}

const daysBetween = (start: string, end: string) =>
  t.db
    .select({
      date: calendarDays.date,
      status: calendarDays.status,
      businessName: calendarDays.businessName,
      priceCents: calendarDays.priceCents,
    })
    .from(calendarDays)
    .where(and(gte(calendarDays.date, start), lte(calendarDays.date, end)))
    .orderBy(asc(calendarDays.date))

const post = (path: string, json: unknown, cookie?: string) =>
  t.request(`/api/admin/calendar-days/${path}`, { method: 'POST', json, cookie })

beforeAll(async () => {
  t = await createTestApp()
  await t.createAdmin()
  await t.createMember()
  admin = await t.signIn(ADMIN)
  member = await t.signIn(MEMBER)
  // Far from the seeded months.
  await insertDay(`${Y}-05-01`, 'reserved', 12000, 'Acme Bakery')
  await insertDay(`${Y}-05-02`, 'available', 9900)
  await insertDay(`${Y}-05-03`, 'reserved_pending', 15000, 'Holding Co')
  await insertDay(`${Y}-05-04`, 'blocked', 20000)
  await insertDay(`${Y}-06-01`, 'available', 12000)
})
afterAll(() => t.close())

describe('GET /api/admin/calendar-days', () => {
  const list = async (query: string, cookie = admin) =>
    t.request(`/api/admin/calendar-days${query}`, { cookie })

  it('lists days by date with the business name for any status', async () => {
    const response = await list(`?startDate=${Y}-05-01&endDate=${Y}-05-31`)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const { days } = await response.json()
    expect(days.map((d: { date: string }) => d.date)).toEqual([
      `${Y}-05-01`,
      `${Y}-05-02`,
      `${Y}-05-03`,
      `${Y}-05-04`,
    ])
    expect(days[2]).toMatchObject({ status: 'reserved_pending', businessName: 'Holding Co', price: 150 })
    expect(days[3]).toMatchObject({ status: 'blocked', businessName: null, price: 200 })
  })

  it("filters by status ('all' and empty = no filter) and by max price only when > 0", async () => {
    const dates = async (query: string) =>
      (
        (await (await list(`?startDate=${Y}-05-01&endDate=${Y}-06-30${query}`)).json()).days as {
          date: string
        }[]
      ).map((d) => d.date)
    expect(await dates('&status=available')).toEqual([`${Y}-05-02`, `${Y}-06-01`])
    expect(await dates('&status=all')).toHaveLength(5)
    expect(await dates('&status=&maxPrice=')).toHaveLength(5)
    expect(await dates('&maxPrice=120')).toEqual([`${Y}-05-01`, `${Y}-05-02`, `${Y}-06-01`])
    expect(await dates('&maxPrice=0')).toHaveLength(5)
    expect(await dates('&maxPrice=-5')).toHaveLength(5)
    expect(await dates('&status=reserved&maxPrice=99')).toEqual([])
  })

  it('answers 401 anonymous, 403 non-admin and 422 for bad filters', async () => {
    expect((await t.request('/api/admin/calendar-days')).status).toBe(401)
    expect((await list('', member)).status).toBe(403)
    for (const query of [`?startDate=${Y}-13-01`, '?endDate=tomorrow', '?status=sold', '?maxPrice=abc']) {
      const response = await list(query)
      expect(response.status, query).toBe(422)
      expect((await response.json()).error.code).toBe('validation_failed')
    }
  })
})

describe('DELETE /api/admin/calendar-days/:id', () => {
  it('deletes one day; 404 for unknown ids; 401/403 change nothing', async () => {
    const id = await insertDay(`${Y}-07-01`)
    expect((await t.request(`/api/admin/calendar-days/${id}`, { method: 'DELETE' })).status).toBe(401)
    expect(
      (await t.request(`/api/admin/calendar-days/${id}`, { method: 'DELETE', cookie: member })).status,
    ).toBe(403)
    expect(await daysBetween(`${Y}-07-01`, `${Y}-07-01`)).toHaveLength(1)
    const response = await t.request(`/api/admin/calendar-days/${id}`, { method: 'DELETE', cookie: admin })
    expect(response.status).toBe(204)
    expect(await daysBetween(`${Y}-07-01`, `${Y}-07-01`)).toHaveLength(0)
    for (const unknown of [id, 'not-a-uuid']) {
      const again = await t.request(`/api/admin/calendar-days/${unknown}`, {
        method: 'DELETE',
        cookie: admin,
      })
      expect(again.status).toBe(404)
      expect((await again.json()).error.message).toBe('Day not found.')
    }
  })
})

describe('POST /api/admin/calendar-days/initialize', () => {
  it('makes existing days available at the price with no name and creates the missing ones', async () => {
    await insertDay(`${Y}-08-02`, 'reserved', 5000, 'Old Owner')
    await insertDay(`${Y}-08-03`, 'weird', 5000)
    const response = await post(
      'initialize',
      { startDate: `${Y}-08-01`, endDate: `${Y}-08-05`, price: 99.5 },
      admin,
    )
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ created: 3, updated: 2, skipped: [] })
    const days = await daysBetween(`${Y}-08-01`, `${Y}-08-05`)
    expect(days).toEqual(
      ['01', '02', '03', '04', '05'].map((d) => ({
        date: `${Y}-08-${d}`,
        status: 'available',
        businessName: null,
        priceCents: 9950,
      })),
    )
  })

  it('defaults the price to 120 and accepts 0 and a single day', async () => {
    expect(
      await (await post('initialize', { startDate: `${Y}-09-01`, endDate: `${Y}-09-01` }, admin)).json(),
    ).toEqual({ created: 1, updated: 0, skipped: [] })
    expect((await daysBetween(`${Y}-09-01`, `${Y}-09-01`))[0]?.priceCents).toBe(12000)
    await post('initialize', { startDate: `${Y}-09-01`, endDate: `${Y}-09-01`, price: 0 }, admin)
    expect((await daysBetween(`${Y}-09-01`, `${Y}-09-01`))[0]?.priceCents).toBe(0)
  })

  it('refuses missing dates, start after end, more than 366 days and a negative price, changing nothing', async () => {
    const cases: [unknown, string][] = [
      [{ endDate: `${Y}-10-05` }, 'startDate'],
      [{ startDate: `${Y}-10-01` }, 'endDate'],
      [{ startDate: '', endDate: `${Y}-10-05` }, 'startDate'],
      [{ startDate: `${Y}-10-05`, endDate: `${Y}-10-01` }, 'endDate'],
      [{ startDate: `${Y - 1}-10-01`, endDate: `${Y}-10-02` }, 'endDate'],
      [{ startDate: `${Y}-10-01`, endDate: `${Y}-10-05`, price: -1 }, 'price'],
      [{ startDate: `${Y}-10-01`, endDate: `${Y}-10-05`, price: '120' }, 'price'],
      [{ startDate: `${Y}-02-30`, endDate: `${Y}-10-05` }, 'startDate'],
    ]
    for (const [json, field] of cases) {
      const response = await post('initialize', json, admin)
      expect(response.status, JSON.stringify(json)).toBe(422)
      expect(Object.keys((await response.json()).error.fields), JSON.stringify(json)).toContain(field)
    }
    // 366 days is allowed.
    const yearOn = new Date(Date.UTC(Y - 1, 0, 1) + 365 * 86_400_000).toISOString().slice(0, 10)
    expect((await post('initialize', { startDate: `${Y - 1}-01-01`, endDate: yearOn }, admin)).status).toBe(
      200,
    )
    expect(await daysBetween(`${Y}-10-01`, `${Y}-12-31`)).toEqual([])
    expect((await post('initialize', { startDate: `${Y}-10-01`, endDate: `${Y}-10-02` })).status).toBe(401)
    expect(
      (await post('initialize', { startDate: `${Y}-10-01`, endDate: `${Y}-10-02` }, member)).status,
    ).toBe(403)
    expect(await daysBetween(`${Y}-10-01`, `${Y}-10-02`)).toEqual([])
  })
})

describe('POST /api/admin/calendar-days/initialize: only mailings on sale', () => {
  it('refuses a past month and a mailing the administrator closed, dry run or not, changing nothing', async () => {
    const pastYear = new Date().getUTCFullYear() - 1
    for (const query of ['', '?dryRun=1']) {
      const past = await post(
        `initialize${query}`,
        { startDate: `${pastYear}-03-10`, endDate: `${pastYear}-03-11` },
        admin,
      )
      expect(past.status).toBe(409)
      expect((await past.json()).error.message).toBe(closedMailingMessage(`${pastYear}-03`))
    }
    expect(await daysBetween(`${pastYear}-03-01`, `${pastYear}-03-31`)).toEqual([])
    expect(
      await t.db
        .select()
        .from(mailings)
        .where(eq(mailings.month, `${pastYear}-03`)),
    ).toEqual([])

    // A range across an open mailing and a closed one is refused whole.
    await insertDay(`${Y}-02-01`)
    await insertDay(`${Y}-03-15`)
    await t.db
      .update(mailings)
      .set({ status: 'closed' })
      .where(eq(mailings.month, `${Y}-03`))
    const closed = await post(
      'initialize',
      { startDate: `${Y}-02-27`, endDate: `${Y}-03-02`, price: 80 },
      admin,
    )
    expect(closed.status).toBe(409)
    expect((await closed.json()).error.message).toBe(closedMailingMessage(`${Y}-03`))
    expect((await daysBetween(`${Y}-02-27`, `${Y}-03-02`)).map((d) => d.date)).toEqual([])
    await t.db
      .update(mailings)
      .set({ status: 'open' })
      .where(eq(mailings.month, `${Y}-03`))
  })
})

describe('POST /api/admin/calendar-days/initialize: the navigator bounds and the dry run', () => {
  const last = `${Y}-12-31`

  it('refuses a date before 2023 or after the navigator with a clear message, changing nothing', async () => {
    for (const [json, field] of [
      [{ startDate: '2022-12-31', endDate: '2023-01-02' }, 'startDate'],
      [{ startDate: last, endDate: `${Y + 1}-01-01` }, 'endDate'],
      [{ startDate: `${Y + 1}-03-01`, endDate: `${Y + 1}-03-02` }, 'startDate'],
    ] as const) {
      const response = await post('initialize', json, admin)
      expect(response.status, JSON.stringify(json)).toBe(422)
      const { error } = await response.json()
      expect(error.fields[field]).toEqual([adminDateRangeMessage()])
      expect(error.fields[field]).toEqual([`Choose dates from January 1, 2023 to December 31, ${Y}.`])
    }
    expect(await daysBetween('2022-12-31', '2023-01-02')).toEqual([])
    expect(await daysBetween(last, `${Y + 1}-12-31`)).toEqual([])
  })

  it('accepts both bounds themselves (the first one is long past: its mailing is refused as closed)', async () => {
    const first = await post('initialize', { startDate: '2023-01-01', endDate: '2023-01-01' }, admin)
    expect(first.status).toBe(409)
    expect((await first.json()).error.message).toBe(closedMailingMessage('2023-01'))
    const response = await post('initialize', { startDate: last, endDate: last }, admin)
    expect(response.status, last).toBe(200)
    expect(await daysBetween(last, last)).toHaveLength(1)
  })

  it('dryRun=1 answers what would be created, re-priced and skipped, and writes nothing', async () => {
    await insertDay(`${Y}-04-02`, 'reserved', 5000, 'Old Owner')
    await insertDay(`${Y}-04-03`, 'available', 5000)
    const before = await daysBetween(`${Y}-04-01`, `${Y}-04-05`)
    const range = { startDate: `${Y}-04-01`, endDate: `${Y}-04-05`, price: 80 }
    const preview = await t.request('/api/admin/calendar-days/initialize?dryRun=1', {
      method: 'POST',
      json: range,
      cookie: admin,
    })
    expect(preview.status).toBe(200)
    expect(await preview.json()).toEqual({ created: 3, updated: 2, skipped: [] })
    expect(await daysBetween(`${Y}-04-01`, `${Y}-04-05`)).toEqual(before)
    // The real run answers the same.
    expect(await (await post('initialize', range, admin)).json()).toEqual({
      created: 3,
      updated: 2,
      skipped: [],
    })
    expect(await daysBetween(`${Y}-04-01`, `${Y}-04-05`)).toHaveLength(5)
  })

  it('refuses an unknown dryRun value, a bad range in a dry run, and anyone but an admin', async () => {
    const range = { startDate: `${Y}-04-10`, endDate: `${Y}-04-11` }
    const request = (query: string, json: unknown, cookie?: string) =>
      t.request(`/api/admin/calendar-days/initialize${query}`, { method: 'POST', json, cookie })
    expect((await request('?dryRun=yes', range, admin)).status).toBe(422)
    expect(
      (await request('?dryRun=1', { startDate: '2022-01-01', endDate: '2022-01-02' }, admin)).status,
    ).toBe(422)
    expect((await request('?dryRun=1', range)).status).toBe(401)
    expect((await request('?dryRun=1', range, member)).status).toBe(403)
    expect(await daysBetween(`${Y}-04-10`, `${Y}-04-11`)).toEqual([])
  })
})

describe('bulk price and bulk delete', () => {
  const idsOf = async (start: string, end: string) =>
    (
      await t.db
        .select({ id: calendarDays.id })
        .from(calendarDays)
        .where(and(gte(calendarDays.date, start), lte(calendarDays.date, end)))
        .orderBy(asc(calendarDays.date))
    ).map((d) => d.id)

  it('sets the price of exactly the given days in one go, minimum 1, default 120', async () => {
    await post('initialize', { startDate: `${Y}-11-01`, endDate: `${Y}-11-10`, price: 50 }, admin)
    const ids = await idsOf(`${Y}-11-01`, `${Y}-11-10`)
    // Days 3, 5 and 7 (a filtered view): the days between them keep their price.
    const response = await post('bulk-price', { ids: [ids[2], ids[4], ids[6]], price: 75.25 }, admin)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ updated: 3, skipped: [] })
    const prices = (await daysBetween(`${Y}-11-01`, `${Y}-11-10`)).map((d) => d.priceCents)
    expect(prices).toEqual([5000, 5000, 7525, 5000, 7525, 5000, 7525, 5000, 5000, 5000])
    expect(await (await post('bulk-price', { ids: [ids[9], ids[9]?.toUpperCase()] }, admin)).json()).toEqual({
      updated: 1,
      skipped: [],
    })
    expect((await daysBetween(`${Y}-11-10`, `${Y}-11-10`))[0]?.priceCents).toBe(12000)
    for (const json of [
      { ids, price: 0.5 },
      { ids, price: 0 },
      { ids: [], price: 10 },
      { ids: ['not-a-uuid'], price: 10 },
      { startDate: `${Y}-11-01`, endDate: `${Y}-11-10`, price: 10 },
      { ids: Array.from({ length: 1001 }, () => ids[0]), price: 10 },
    ]) {
      expect((await post('bulk-price', json, admin)).status, JSON.stringify(json).slice(0, 80)).toBe(422)
    }
    expect((await post('bulk-price', { ids })).status).toBe(401)
    expect((await post('bulk-price', { ids }, member)).status).toBe(403)
    expect((await daysBetween(`${Y}-11-01`, `${Y}-11-01`))[0]?.priceCents).toBe(5000)
  })

  it('deletes exactly the given days; unknown ids count for nothing', async () => {
    const ids = await idsOf(`${Y}-11-01`, `${Y}-11-10`)
    const shown = [ids[1], ids[2], ids[3], ids[5], ids[6], ids[7], ids[8]]
    const response = await post(
      'bulk-delete',
      { ids: [...shown, '00000000-0000-4000-8000-000000000000'] },
      admin,
    )
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ deleted: 7, skipped: [] })
    expect((await daysBetween(`${Y}-11-01`, `${Y}-11-10`)).map((d) => d.date)).toEqual([
      `${Y}-11-01`,
      `${Y}-11-05`,
      `${Y}-11-10`,
    ])
    expect((await post('bulk-delete', { ids: [] }, admin)).status).toBe(422)
    expect(
      (await post('bulk-delete', { startDate: `${Y}-11-01`, endDate: `${Y}-11-10` }, admin)).status,
    ).toBe(422)
    expect((await post('bulk-delete', { ids })).status).toBe(401)
    expect((await post('bulk-delete', { ids }, member)).status).toBe(403)
    expect(await daysBetween(`${Y}-11-01`, `${Y}-11-10`)).toHaveLength(3)
  })
})
