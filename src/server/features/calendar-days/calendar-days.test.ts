import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { calendarDays, mailings } from '#server/db/schema.ts'
import { ADMIN, createTestApp, MEMBER, type TestApp } from '#server/test/test-app.ts'
import { addMonths, todayInTimeZone } from '#shared/dates.ts'
import { listAvailableMonths } from './calendar-days.service.ts'

let t: TestApp
const ids: Record<string, string> = {}

async function insertDay(
  date: string,
  status: string,
  priceCents: number,
  businessName: string | null = null,
) {
  const [row] = await t.db
    .insert(calendarDays)
    .values({ date, status, priceCents, businessName })
    .returning({ id: calendarDays.id })
  if (!row) throw new Error('no row')
  ids[date] = row.id
  return row.id
}

beforeAll(async () => {
  t = await createTestApp()
  await t.createAdmin()
  await t.createMember()
  // Far from the seeded next three open months, so the seed and these fixtures never overlap. Each month's
  // first day creates its mailing (open for sale in 2031, closed for the past ones: migration 0005).
  await insertDay('2031-03-03', 'reserved_pending', 12000, 'Holding Co')
  await insertDay('2031-03-01', 'reserved', 12000, 'Acme Bakery')
  await insertDay('2031-03-02', 'available', 12050)
  await insertDay('2031-03-31', 'available', 9900)
  await insertDay('2031-04-01', 'available', 12000)
  await insertDay('2031-02-28', 'reserved', 12000, 'Only Reserved')
  await insertDay('2020-01-15', 'available', 12000)
  // For the admin edits: in the past, so they never change the available months.
  await insertDay('2019-06-10', 'reserved', 12000, 'Edit Me Inc')
  await insertDay('2019-06-11', 'available', 12000)
})
afterAll(() => t.close())

describe('GET /api/calendar-days?month=YYYY-MM', () => {
  it('lists the days of the month by date, naming the business only on reserved days', async () => {
    const response = await t.request('/api/calendar-days?month=2031-03')
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-cache')
    expect(await response.json()).toEqual({
      days: [
        {
          id: ids['2031-03-01'],
          date: '2031-03-01',
          status: 'reserved',
          businessName: 'Acme Bakery',
          price: 120,
        },
        { id: ids['2031-03-02'], date: '2031-03-02', status: 'available', businessName: null, price: 120.5 },
        {
          id: ids['2031-03-03'],
          date: '2031-03-03',
          status: 'reserved_pending',
          businessName: null,
          price: 120,
        },
        { id: ids['2031-03-31'], date: '2031-03-31', status: 'available', businessName: null, price: 99 },
      ],
      today: todayInTimeZone(t.deps.config.timeZone),
      // The month's mailing with its default dates: sales close at the town's midnight 14 days before,
      // worded as the end of the day before.
      mailing: {
        month: '2031-03',
        status: 'open',
        salesCloseAt: '2031-02-15T05:00:00.000Z',
        salesCloseLocal: '2031-02-15T00:00',
        salesCloseText: 'Friday, February 14, 11:59 PM (EST)',
        artworkDueAt: '2031-02-18T05:00:00.000Z',
        artworkDueLocal: '2031-02-18T00:00',
        artworkDueText: 'Monday, February 17, 11:59 PM (EST)',
        inHomesDate: '2031-03-01',
      },
    })
  })

  it("answers an unsold day before the town's today as past; a sold one stays reserved", async () => {
    const january = await (await t.request('/api/calendar-days?month=2020-01')).json()
    expect(january.days).toEqual([
      { id: ids['2020-01-15'], date: '2020-01-15', status: 'past', businessName: null, price: 120 },
    ])
    const june = await (await t.request('/api/calendar-days?month=2019-06')).json()
    expect(june.days.map((d: { status: string }) => d.status)).toEqual(['reserved', 'past'])
    expect((await (await t.request(`/api/calendar-days/${ids['2020-01-15']}`)).json()).status).toBe('past')
  })

  it("a cached month turns a day past at the town's midnight, with no write in between", async () => {
    // SITE_TIMEZONE defaults to America/New_York: 04:59 UTC on Mar 3 is still Mar 2 there, 05:00 is Mar 3.
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(new Date('2031-03-03T04:59:00Z'))
      const before = await (await t.request('/api/calendar-days?month=2031-03')).json()
      expect(before.today).toBe('2031-03-02')
      expect(before.days.find((d: { date: string }) => d.date === '2031-03-02').status).toBe('available')
      const day = await (await t.request(`/api/calendar-days/${ids['2031-03-02']}`)).json()
      expect(day.status).toBe('available')
      vi.setSystemTime(new Date('2031-03-03T05:00:00Z'))
      const after = await (await t.request('/api/calendar-days?month=2031-03')).json()
      expect(after.today).toBe('2031-03-03')
      expect(after.days.find((d: { date: string }) => d.date === '2031-03-02').status).toBe('past')
      expect((await (await t.request(`/api/calendar-days/${ids['2031-03-02']}`)).json()).status).toBe('past')
    } finally {
      vi.useRealTimers()
    }
  })

  it('answers an empty list for a month without days', async () => {
    expect(await (await t.request('/api/calendar-days?month=2040-01')).json()).toEqual({
      days: [],
      today: todayInTimeZone(t.deps.config.timeZone),
      mailing: null,
    })
  })

  it('answers 422 for a missing or malformed month', async () => {
    for (const query of [
      '',
      '?month=',
      '?month=2031-3',
      '?month=2031-13',
      '?month=2031-00',
      '?month=march',
      '?month=2031-03-01',
      '?other=2031-03',
    ]) {
      const response = await t.request(`/api/calendar-days${query}`)
      expect(response.status, query).toBe(422)
      const body = await response.json()
      expect(body.error.code).toBe('validation_failed')
      expect(body.error.fields.month).toEqual(['Choose a month as YYYY-MM.'])
    }
  })
})

describe('GET /api/calendar-days/available-months', () => {
  it('lists months with an available day from today on whose mailing is open, in order', async () => {
    const today = todayInTimeZone(t.deps.config.timeZone)
    // The seed opened the next three months whose sales (closing 14 days before the month) are still open.
    const seeded: { year: number; month: number }[] = []
    for (let offset = 1; seeded.length < 3; offset++) {
      const m = addMonths(Number(today.slice(0, 4)), Number(today.slice(5, 7)), offset)
      const close = new Date(Date.UTC(m.year, m.month - 1, 1) - 14 * 86_400_000).toISOString().slice(0, 10)
      if (close > today) seeded.push(m)
    }
    const response = await t.request('/api/calendar-days/available-months')
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-cache')
    expect(await response.json()).toEqual({
      months: [...seeded, { year: 2031, month: 3 }, { year: 2031, month: 4 }],
      // The most recent mailing whose sales have closed: the past fixtures' January 2020.
      concluded: '2020-01',
      concludedStatus: expect.stringMatching(/^(closed|printed|mailed)$/),
      // Closed, not mailed mailings from this month on: none here.
      closedMonths: [],
    })
  })

  it('offers months whose sales have closed, until they are mailed, to look at', async () => {
    try {
      await t.db.update(mailings).set({ status: 'closed' }).where(eq(mailings.month, '2031-04'))
      const closed = await (await t.request('/api/calendar-days/available-months')).json()
      expect(closed.months).not.toContainEqual({ year: 2031, month: 4 })
      expect(closed.closedMonths).toEqual([{ year: 2031, month: 4 }])
      expect(closed).toMatchObject({ concluded: '2031-04', concludedStatus: 'closed' })

      await t.db.update(mailings).set({ status: 'printed' }).where(eq(mailings.month, '2031-04'))
      const printed = await (await t.request('/api/calendar-days/available-months')).json()
      expect(printed.closedMonths).toEqual([{ year: 2031, month: 4 }])
      expect(printed).toMatchObject({ concluded: '2031-04', concludedStatus: 'printed' })

      await t.db.update(mailings).set({ status: 'mailed' }).where(eq(mailings.month, '2031-04'))
      const mailed = await (await t.request('/api/calendar-days/available-months')).json()
      expect(mailed.closedMonths).toEqual([])
      expect(mailed).toMatchObject({ concluded: '2031-04', concludedStatus: 'mailed' })
    } finally {
      await t.db.update(mailings).set({ status: 'open' }).where(eq(mailings.month, '2031-04'))
    }
  })

  it("leaves out days before the town's today and months with no available day", async () => {
    const months = await listAvailableMonths(t.db, '2031-03-31')
    expect(months).toEqual([
      { year: 2031, month: 3 },
      { year: 2031, month: 4 },
    ])
    expect(await listAvailableMonths(t.db, '2031-04-01')).toEqual([{ year: 2031, month: 4 }])
    expect(await listAvailableMonths(t.db, '2031-04-02')).toEqual([])
  })

  it('leaves out a month whose mailing is not open for sale', async () => {
    await t.db.update(mailings).set({ status: 'closed' }).where(eq(mailings.month, '2031-04'))
    try {
      expect(await listAvailableMonths(t.db, '2031-03-31')).toEqual([{ year: 2031, month: 3 }])
      expect(await listAvailableMonths(t.db, '2031-04-01')).toEqual([])
    } finally {
      await t.db.update(mailings).set({ status: 'open' }).where(eq(mailings.month, '2031-04'))
    }
  })

  it("goes by the town's date, not UTC's: late evening in New York March 31 is still open", async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(new Date('2031-04-01T02:00:00Z')) // 22:00 on Mar 31 in New York
      const evening = await (await t.request('/api/calendar-days/available-months')).json()
      expect(evening.months).toEqual([
        { year: 2031, month: 3 },
        { year: 2031, month: 4 },
      ])
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('GET /api/calendar-days/:id', () => {
  it('answers one day, with the same privacy as the month list', async () => {
    const reserved = await t.request(`/api/calendar-days/${ids['2031-03-01']}`)
    expect(reserved.status).toBe(200)
    expect(reserved.headers.get('cache-control')).toBe('no-cache')
    expect(await reserved.json()).toEqual({
      id: ids['2031-03-01'],
      date: '2031-03-01',
      status: 'reserved',
      businessName: 'Acme Bakery',
      price: 120,
    })
    const pending = await (await t.request(`/api/calendar-days/${ids['2031-03-03']}`)).json()
    expect(pending.businessName).toBeNull()
  })

  it('answers 404 Day not found. for unknown and malformed ids', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '123', "x'%20or%201=1--"]) {
      const response = await t.request(`/api/calendar-days/${id}`)
      expect(response.status, id).toBe(404)
      expect((await response.json()).error).toEqual({ code: 'not_found', message: 'Day not found.' })
    }
  })
})

describe('PATCH /api/admin/calendar-days/:id', () => {
  const patch = (id: string, json: unknown, cookie?: string) =>
    t.request(`/api/admin/calendar-days/${id}`, { method: 'PATCH', json, cookie })
  const rowOf = async (id: string) =>
    (await t.db.select().from(calendarDays).where(eq(calendarDays.id, id)))[0]

  it('answers 401 to anonymous callers and 403 to non-admins, changing nothing', async () => {
    const id = ids['2019-06-11'] as string
    const before = await rowOf(id)
    expect((await patch(id, { price: 99 })).status).toBe(401)
    expect((await patch(id, { price: 99 }, await t.signIn(MEMBER))).status).toBe(403)
    expect(await rowOf(id)).toEqual(before)
  })

  it('sets the price in dollars and the status, and shows the admin the business name', async () => {
    const cookie = await t.signIn(ADMIN)
    const id = ids['2019-06-11'] as string
    const priced = await patch(id, { price: 150.25 }, cookie)
    expect(priced.status).toBe(200)
    expect(await priced.json()).toEqual({
      id,
      date: '2019-06-11',
      status: 'available',
      businessName: null,
      price: 150.25,
    })
    expect((await rowOf(id))?.priceCents).toBe(15025)

    const pending = await patch(id, { status: 'reserved_pending', businessName: '  Corner Café ' }, cookie)
    expect(await pending.json()).toMatchObject({ status: 'reserved_pending', businessName: 'Corner Café' })
    // The public still sees nothing about the hold.
    expect((await (await t.request(`/api/calendar-days/${id}`)).json()).businessName).toBeNull()
  })

  it('clears the business name when a day is made available', async () => {
    const cookie = await t.signIn(ADMIN)
    const id = ids['2019-06-10'] as string
    const response = await patch(id, { status: 'available', businessName: 'Ignored' }, cookie)
    expect(await response.json()).toMatchObject({ status: 'available', businessName: null, price: 120 })
    expect((await rowOf(id))?.businessName).toBeNull()
  })

  it('refuses a price of 0 or less with its message and other bad input with 422, changing nothing', async () => {
    const cookie = await t.signIn(ADMIN)
    const id = ids['2019-06-11'] as string
    const before = await rowOf(id)
    for (const price of [0, -5, 0.001, '100', null]) {
      const response = await patch(id, { price }, cookie)
      expect(response.status, String(price)).toBe(422)
      const body = await response.json()
      expect(body.error.code).toBe('validation_failed')
      expect(body.error.fields.price).toEqual(['Price must be greater than 0.'])
    }
    for (const json of [{ status: 'sold' }, { businessName: 42 }, {}, [], 'price']) {
      const response = await patch(id, json, cookie)
      expect(response.status, JSON.stringify(json)).toBe(422)
    }
    const malformed = await t.request(`/api/admin/calendar-days/${id}`, {
      method: 'PATCH',
      body: '{"price":',
      headers: { 'content-type': 'application/json' },
      cookie,
    })
    expect(malformed.status).toBe(400)
    expect(await rowOf(id)).toEqual(before)
  })

  it('answers 404 for unknown and malformed ids', async () => {
    const cookie = await t.signIn(ADMIN)
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const response = await patch(id, { price: 10 }, cookie)
      expect(response.status).toBe(404)
      expect((await response.json()).error.message).toBe('Day not found.')
    }
  })
})
