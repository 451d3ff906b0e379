// @engines pglite postgres
import { asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { resetIconStock, setIconStock } from '#server/test/checkout-test-helpers.ts'
import { type Database, type Db, openPostgres } from '../db/client.ts'
import { blogPosts, calendarDays, mailingIconStock, mapIcons, orders } from '../db/schema.ts'
import { sweepExpiredHolds } from '../features/checkout/hold-sweeper.ts'
import {
  catalogueVersionQuery,
  createListeningVersionReader,
  createVersionReader,
} from '../lib/catalogue-version.ts'
import { ADMIN, createTestApp, type TestApp } from '../test/test-app.ts'
import { createPostgresTestDatabase, testEngine } from '../test/test-database.ts'

const readCatalogueVersion = async (db: Db) => (await catalogueVersionQuery(db)())?.version ?? 0

/**
 * Public catalogue reads are cached in process (http/cache.ts): ETag / If-None-Match answers 304, and
 * every write (checkout hold, payment, refund, sweep, admin edit, even plain SQL) is visible on the very
 * next read, also through another app instance on the same PostgreSQL database.
 */
type Day = { id: string; date: string; status: string; businessName: string | null; price: number }

const buyer = { businessName: "Joe's Diner", email: 'joe@diner.example' }

async function firstAvailableDay(t: TestApp) {
  const [day] = await t.db
    .select()
    .from(calendarDays)
    .where(eq(calendarDays.status, 'available'))
    .orderBy(asc(calendarDays.date))
    .limit(1)
  if (!day) throw new Error('no available day')
  return day
}

async function monthDays(t: TestApp, month: string, headers: Record<string, string> = {}) {
  const response = await t.request(`/api/calendar-days?month=${month}`, { headers })
  expect(response.status).toBe(200)
  return { etag: response.headers.get('etag'), days: ((await response.json()) as { days: Day[] }).days }
}

async function dayStatus(t: TestApp, date: string) {
  const { days } = await monthDays(t, date.slice(0, 7))
  return days.find((d) => d.date === date)
}

async function iconsByName(t: TestApp) {
  const response = await t.request('/api/map-icons')
  const { icons } = (await response.json()) as { icons: { name: string; availableQuantity: number }[] }
  return Object.fromEntries(icons.map((i) => [i.name, i.availableQuantity]))
}

async function publishedTitles(t: TestApp) {
  const response = await t.request('/api/blog-posts')
  return ((await response.json()) as { posts: { title: string }[] }).posts.map((p) => p.title)
}

async function hold(t: TestApp, body: Record<string, unknown>) {
  const response = await t.request('/api/functions/create-cart-checkout-session', {
    method: 'POST',
    json: { ...buyer, discount: 0, ...body },
  })
  expect(response.status).toBe(200)
  const { sessionUrl } = (await response.json()) as { sessionUrl: string }
  return sessionUrl.split('/').pop() as string
}

describe('public reads on one instance', () => {
  let t: TestApp
  let cookie: string
  beforeAll(async () => {
    t = await createTestApp()
    await t.createAdmin()
    cookie = await t.signIn(ADMIN)
  })
  afterAll(() => t.close())
  beforeEach(async () => {
    await t.db.delete(orders)
    await t.db.update(calendarDays).set({ status: 'available', businessName: null })
    await resetIconStock(t)
  })

  it('sends an ETag with no-cache and answers 304 to a matching If-None-Match', async () => {
    const day = await firstAvailableDay(t)
    const month = day.date.slice(0, 7)
    for (const path of [
      `/api/calendar-days?month=${month}`,
      '/api/calendar-days/available-months',
      `/api/calendar-days/${day.id}`,
      '/api/map-icons',
      '/api/blog-posts',
    ]) {
      const first = await t.request(path)
      expect(first.status, path).toBe(200)
      expect(first.headers.get('cache-control'), path).toBe('no-cache')
      expect(first.headers.get('content-type'), path).toMatch(/^application\/json/)
      const etag = first.headers.get('etag') as string
      expect(etag, path).toMatch(/^"[\w-]+"$/)
      const body = await first.text()

      const again = await t.request(path, { headers: { 'if-none-match': etag } })
      expect(again.status, path).toBe(304)
      expect(again.headers.get('etag'), path).toBe(etag)
      expect(again.headers.get('cache-control'), path).toBe('no-cache')
      expect(await again.text(), path).toBe('')

      // A weak tag in a list matches too; another tag gets the full body.
      const listed = await t.request(path, { headers: { 'if-none-match': `"other", W/${etag}` } })
      expect(listed.status, path).toBe(304)
      const other = await t.request(path, { headers: { 'if-none-match': '"other"' } })
      expect(other.status, path).toBe(200)
      expect(await other.text(), path).toBe(body)
    }
  })

  it('gives each month its own ETag and keeps 404s and 422s uncached', async () => {
    const day = await firstAvailableDay(t)
    const a = await monthDays(t, day.date.slice(0, 7))
    const b = await monthDays(t, '2040-01')
    expect(b.days).toEqual([])
    expect(a.etag).not.toBe(b.etag)
    expect((await t.request('/api/calendar-days?month=2040-13')).status).toBe(422)
    const missing = '00000000-0000-4000-8000-000000000000'
    expect((await t.request(`/api/map-icons/${missing}`)).status).toBe(404)
    expect((await t.request(`/api/blog-posts/${missing}`)).status).toBe(404)
  })

  it('shows a checkout hold, its payment and a refund on the very next read', async () => {
    const day = await firstAvailableDay(t)
    const before = await monthDays(t, day.date.slice(0, 7))
    const iconsBefore = await iconsByName(t)

    const [icon] = await t.db.select().from(mapIcons).where(eq(mapIcons.name, 'Map Icon'))
    const sessionId = await hold(t, { calendarDayIds: [day.id], mapIconId: icon?.id })
    const held = await monthDays(t, day.date.slice(0, 7), { 'if-none-match': before.etag as string })
    expect(held.etag).not.toBe(before.etag)
    expect(held.days.find((d) => d.id === day.id)).toMatchObject({
      status: 'reserved_pending',
      businessName: null,
    })
    expect((await iconsByName(t))['Map Icon']).toBe((iconsBefore['Map Icon'] ?? 0) - 1)

    expect((await t.request(`/pay/${sessionId}/complete`, { method: 'POST' })).status).toBeLessThan(400)
    expect(await dayStatus(t, day.date)).toMatchObject({ status: 'reserved', businessName: "Joe's Diner" })

    // One payment paid for the day and the icon: the refund takes both orders.
    const paid = await t.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.paymentSessionId, sessionId))
    const refund = await t.request('/api/admin/refunds', {
      method: 'POST',
      cookie,
      json: { orderIds: paid.map((o) => o.id), reason: 'Cancelled' },
    })
    expect(refund.status).toBe(201)
    expect(await dayStatus(t, day.date)).toMatchObject({ status: 'available', businessName: null })
  })

  it('shows a lapsed hold released by the sweeper on the next read', async () => {
    const day = await firstAvailableDay(t)
    await hold(t, { calendarDayIds: [day.id] })
    expect((await dayStatus(t, day.date))?.status).toBe('reserved_pending')
    expect(await sweepExpiredHolds(t.db, new Date(Date.now() + 24 * 3600_000))).toBe(1)
    expect((await dayStatus(t, day.date))?.status).toBe('available')
  })

  it('shows admin edits of days and posts on the next read', async () => {
    const day = await firstAvailableDay(t)
    await dayStatus(t, day.date)
    const patched = await t.request(`/api/admin/calendar-days/${day.id}`, {
      method: 'PATCH',
      cookie,
      json: { price: 99 },
    })
    expect(patched.status).toBe(200)
    expect((await dayStatus(t, day.date))?.price).toBe(99)
    const single = await t.request(`/api/calendar-days/${day.id}`)
    expect(((await single.json()) as Day).price).toBe(99)

    expect(await publishedTitles(t)).not.toContain('Fresh news')
    const created = await t.request('/api/admin/blog-posts', {
      method: 'POST',
      cookie,
      json: { title: 'Fresh news', content: 'Hello', isPublished: true },
    })
    expect(created.status).toBe(201)
    const post = (await created.json()) as { id: string }
    expect(await publishedTitles(t)).toContain('Fresh news')
    expect((await t.request(`/api/blog-posts/${post.id}`)).status).toBe(200)
    const unpublish = await t.request(`/api/admin/blog-posts/${post.id}`, {
      method: 'PUT',
      cookie,
      json: { title: 'Fresh news', content: 'Hello', isPublished: false },
    })
    expect(unpublish.status).toBe(200)
    expect(await publishedTitles(t)).not.toContain('Fresh news')
    expect((await t.request(`/api/blog-posts/${post.id}`)).status).toBe(404)
  })

  it('shows a change made with plain SQL, outside the app, on the next read', async () => {
    const day = await firstAvailableDay(t)
    await dayStatus(t, day.date)
    await t.database.db.execute(
      sql`update calendar_days set business_name = 'Outside Co', status = 'reserved' where id = ${day.id}`,
    )
    expect(await dayStatus(t, day.date)).toMatchObject({ status: 'reserved', businessName: 'Outside Co' })
    await t.db.insert(blogPosts).values({ title: 'Raw post', content: 'x', author: 'y', isPublished: true })
    expect(await publishedTitles(t)).toContain('Raw post')
  })

  it('stays correct when a restore empties the version table', async () => {
    const day = await firstAvailableDay(t)
    await dayStatus(t, day.date)
    // Like a restore: the row is gone and the data changes in the same transaction; the row comes back with
    // a lower count but a new token, so the cached answer is not served.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`delete from catalogue_version`)
      await tx.update(calendarDays).set({ priceCents: 4200 }).where(eq(calendarDays.id, day.id))
    })
    expect(await readCatalogueVersion(t.db)).toBe(1)
    expect((await dayStatus(t, day.date))?.price).toBe(42)
    // With no row at all, nothing is cached, and every read is still right.
    await t.db.execute(sql`delete from catalogue_version`)
    expect((await dayStatus(t, day.date))?.price).toBe(42)
    await t.database.db.execute(sql`update calendar_days set price_cents = 4300 where id = ${day.id}`)
    expect((await dayStatus(t, day.date))?.price).toBe(43)
  })

  it('bumps the version once per committed change, and not for writes that change nothing', async () => {
    const start = await readCatalogueVersion(t.db)
    // refresh-map-icon-availability only reads (availability is derived when read): no bump.
    const refresh = await t.request('/api/functions/refresh-map-icon-availability', {
      method: 'POST',
      json: {},
    })
    expect(refresh.status).toBe(200)
    expect(await readCatalogueVersion(t.db)).toBe(start)
    // One transaction changing many rows of two tables: one bump.
    await t.db.transaction(async (tx) => {
      await tx.update(calendarDays).set({ priceCents: sql`${calendarDays.priceCents} + 1` })
      await tx.update(mapIcons).set({ priceCents: sql`${mapIcons.priceCents} + 1` })
    })
    expect(await readCatalogueVersion(t.db)).toBe(start + 1)
    // A rolled-back change does not count.
    await t.db
      .transaction(async (tx) => {
        await tx.update(calendarDays).set({ priceCents: 1 })
        throw new Error('roll back')
      })
      .catch(() => {})
    expect(await readCatalogueVersion(t.db)).toBe(start + 1)
  })
})

describe.skipIf(testEngine !== 'pglite')('PGlite: the version is heard, not asked', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('knows the new version as soon as the writing query resolves, without querying', async () => {
    const client = (t.db as unknown as { $client: Parameters<typeof createListeningVersionReader>[0] })
      .$client
    const query = catalogueVersionQuery(t.db)
    let queries = 0
    const reader = createListeningVersionReader(
      client,
      createVersionReader(() => {
        queries++
        return query()
      }),
    )
    // The first read after LISTEN is the one query it makes.
    await expect.poll(() => queries).toBe(1)
    await new Promise((resolve) => setTimeout(resolve, 10))
    for (let i = 0; i < 5; i++) {
      // An icon's stock (per mailing) is catalogue too.
      await t.db.update(mailingIconStock).set({ quantity: 100 + i })
      const heard = (await reader.read())?.version
      expect(heard).toBe(await readCatalogueVersion(t.db))
      await t.db.transaction(async (tx) => {
        await tx.update(calendarDays).set({ priceCents: 1000 + i })
        await tx.update(blogPosts).set({ title: `t${i}` })
      })
      expect(await reader.read()).toEqual(await catalogueVersionQuery(t.db)())
      expect((await reader.read())?.version).toBe((heard ?? 0) + 1)
    }
    expect(queries).toBe(1)
  })
})

describe('READ_CACHE=off', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ env: { READ_CACHE: 'off' } })
  })
  afterAll(() => t.close())

  it('queries every time and still answers ETag / 304', async () => {
    const first = await t.request('/api/map-icons')
    const etag = first.headers.get('etag') as string
    expect((await t.request('/api/map-icons', { headers: { 'if-none-match': etag } })).status).toBe(304)
    await t.db.update(mailingIconStock).set({ quantity: 0 })
    const changed = await t.request('/api/map-icons', { headers: { 'if-none-match': etag } })
    expect(changed.status).toBe(200)
    expect(Object.values(await iconsByName(t))).toEqual([0, 0])
  })
})

describe.skipIf(testEngine !== 'postgres')('two instances on one PostgreSQL database', () => {
  let a: TestApp
  let b: TestApp
  let drop: () => Promise<void>
  let cookie: string
  beforeAll(async () => {
    const created = await createPostgresTestDatabase()
    drop = created.drop
    // Each instance has its own pool and its own in-process cache; the database is the only thing shared.
    const open = (): Database => ({ ...openPostgres(created.url, { max: 4 }) })
    a = await createTestApp({ database: open() })
    b = await createTestApp({ database: open() })
    await a.createAdmin()
    cookie = await a.signIn(ADMIN)
  })
  afterAll(async () => {
    await a?.close()
    await b?.close()
    await drop?.()
  })

  it('a write through A is visible on the very next read through B', async () => {
    const day = await firstAvailableDay(a)
    const month = day.date.slice(0, 7)
    // Warm both caches; the tag is the body's hash, so both instances agree on it.
    const warm = await monthDays(b, month)
    expect((await monthDays(a, month)).etag).toBe(warm.etag)
    const revalidated = await b.request(`/api/calendar-days?month=${month}`, {
      headers: { 'if-none-match': warm.etag as string },
    })
    expect(revalidated.status).toBe(304)

    for (let i = 1; i <= 10; i++) {
      const patched = await a.request(`/api/admin/calendar-days/${day.id}`, {
        method: 'PATCH',
        cookie,
        json: { price: 100 + i },
      })
      expect(patched.status).toBe(200)
      expect((await dayStatus(b, day.date))?.price).toBe(100 + i)
    }

    const sessionId = await hold(a, { calendarDayIds: [day.id] })
    expect((await dayStatus(b, day.date))?.status).toBe('reserved_pending')
    expect((await b.request(`/pay/${sessionId}/complete`, { method: 'POST' })).status).toBeLessThan(400)
    expect(await dayStatus(a, day.date)).toMatchObject({ status: 'reserved', businessName: "Joe's Diner" })
    expect(await dayStatus(b, day.date)).toMatchObject({ status: 'reserved', businessName: "Joe's Diner" })
  })

  it('while B serves a crowd of concurrent reads, every read that starts after A commits sees the write', async () => {
    const [icon] = await a.db.select().from(mapIcons).where(eq(mapIcons.name, 'Large Map Icon'))
    const id = icon?.id as string
    let stop = false
    // Background readers on B keep its version reads coalesced and its cache hot.
    const crowd = Array.from({ length: 20 }, async () => {
      while (!stop) await (await b.request('/api/map-icons')).arrayBuffer()
    })
    try {
      for (let quantity = 1; quantity <= 15; quantity++) {
        // In the next open mailing, whose figures the list answers at the top level.
        await setIconStock(a, id, { quantity })
        const seen = await Promise.all(
          Array.from({ length: 10 }, async () => (await iconsByName(b))['Large Map Icon']),
        )
        expect(seen).toEqual(Array(10).fill(quantity))
      }
    } finally {
      stop = true
      await Promise.all(crowd)
    }
  })
})
