import { asc, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { catalogueVersion, mailings, mapIcons, orders } from '#server/db/schema.ts'
import { createTestApp, type TestApp } from '#server/test/test-app.ts'

let t: TestApp
/** The mailings open for sale (the seed's three), earliest first. */
let openMonths: string[]
beforeAll(async () => {
  t = await createTestApp()
  // Same price as the seeded 'Map Icon' ($150): the name breaks the tie.
  const [icon] = await t.db
    .insert(mapIcons)
    .values({ name: 'A Corner Icon', size: 'small', priceCents: 15000, totalQuantity: 3 })
    .returning({ id: mapIcons.id })
  openMonths = (
    await t.db
      .select({ month: mailings.month })
      .from(mailings)
      .where(eq(mailings.status, 'open'))
      .orderBy(asc(mailings.month))
  ).map((m) => m.month)
  // Sold out in the next mailing only (each mailing has its own stock): two paid orders and a live hold
  // there. A hold that lapsed (not swept) and a refunded order in the second mailing claim nothing.
  const claim = (id: string, month: string, status: string, expiresAt: Date | null = null) => ({
    id,
    businessName: `Claim ${id}`,
    email: `${id.toLowerCase()}@example.com`,
    amountCents: 15000,
    status,
    expiresAt,
    mapIconId: icon?.id as string,
    mailingMonth: month,
  })
  const [next, second] = openMonths as [string, string]
  await t.db
    .insert(orders)
    .values([
      claim('MAP-90001', next, 'paid'),
      claim('MAP-90002', next, 'paid'),
      claim('MAP-90003', next, 'pending', new Date(Date.now() + 3_600_000)),
      claim('MAP-90004', second, 'pending', new Date(Date.now() - 60_000)),
      claim('MAP-90005', second, 'refunded'),
    ])
})
afterAll(() => t.close())

describe('GET /api/map-icons', () => {
  it('lists every icon by price, then name, in dollars, with its stock in each open mailing', async () => {
    const response = await t.request('/api/map-icons')
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-cache')
    const { icons } = await response.json()
    expect(icons.map((i: { name: string; price: number }) => [i.name, i.price])).toEqual([
      ['A Corner Icon', 150],
      ['Map Icon', 150],
      ['Large Map Icon', 300],
    ])
    expect(icons[0]).toEqual({
      id: expect.any(String),
      name: 'A Corner Icon',
      size: 'small',
      price: 150,
      // The top-level figures are the next open mailing's.
      month: openMonths[0],
      availableQuantity: 0,
      totalQuantity: 3,
      stock: openMonths.map((month, i) => ({ month, availableQuantity: i === 0 ? 0 : 3, totalQuantity: 3 })),
      // The owner's print size for a regular icon (the defaults until edited).
      printSize: { widthInches: 0.5, heightInches: 0.5 },
    })
    expect(openMonths).toHaveLength(3)
  })
})

describe('GET /api/map-icons/:id', () => {
  it('answers one icon', async () => {
    const { icons } = await (await t.request('/api/map-icons')).json()
    const large = icons.find((i: { name: string }) => i.name === 'Large Map Icon')
    const response = await t.request(`/api/map-icons/${large.id}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-cache')
    expect(await response.json()).toEqual(large)
  })

  it('answers 404 Map icon not found. for unknown and malformed ids', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'large', '1']) {
      const response = await t.request(`/api/map-icons/${id}`)
      expect(response.status, id).toBe(404)
      expect((await response.json()).error).toEqual({ code: 'not_found', message: 'Map icon not found.' })
    }
  })
})

describe('availability derived when read, behind the read cache', () => {
  let iconId: string
  let month: string
  const available = async () => {
    const { icons } = await (await t.request('/api/map-icons')).json()
    const icon = icons.find((i: { id: string }) => i.id === iconId)
    return icon.stock.find((s: { month: string }) => s.month === month).availableQuantity as number
  }
  const version = async () => (await t.db.select().from(catalogueVersion))[0]
  const hold = (id: string, expiresAt: Date | null) => ({
    id,
    businessName: `Hold ${id}`,
    email: `${id.toLowerCase()}@example.com`,
    amountCents: 15000,
    status: 'pending',
    expiresAt,
    mapIconId: iconId,
    mailingMonth: month,
  })

  beforeAll(async () => {
    const [icon] = await t.db
      .insert(mapIcons)
      .values({ name: 'Lapse Icon', size: 'small', priceCents: 99_000, totalQuantity: 2 })
      .returning({ id: mapIcons.id })
    iconId = icon?.id as string
    month = openMonths[2] as string
  })

  it('frees the unit of a hold that lapses by time on the next read, with no write at all', async () => {
    // A hold that lapses in a moment, and one that stays live.
    await t.db
      .insert(orders)
      .values([hold('MAP-91001', new Date(Date.now() + 1_500)), hold('MAP-91002', null)])
    expect(await available()).toBe(0)
    expect(await available()).toBe(0) // from the cache
    const before = await version()
    const rows = await t.db
      .select()
      .from(orders)
      .where(inArray(orders.id, ['MAP-91001', 'MAP-91002']))
    await new Promise((resolve) => setTimeout(resolve, 1_700))
    expect(await available()).toBe(1)
    // Nothing was written: not the order (still pending, unswept), not the catalogue version.
    expect(await version()).toEqual(before)
    expect(
      await t.db
        .select()
        .from(orders)
        .where(inArray(orders.id, ['MAP-91001', 'MAP-91002'])),
    ).toEqual(rows)
  })

  it('shows every committed change of a claim on the next read, whoever writes it', async () => {
    await t.db.delete(orders).where(eq(orders.mapIconId, iconId))
    expect(await available()).toBe(2)
    // Plain writes, as an import or a console would make them: the database bumps the version itself.
    await t.db.insert(orders).values(hold('MAP-92001', new Date(Date.now() + 3_600_000)))
    expect(await available()).toBe(1)
    await t.db.update(orders).set({ status: 'paid' }).where(eq(orders.id, 'MAP-92001'))
    expect(await available()).toBe(1)
    await t.db.update(orders).set({ status: 'refunded' }).where(eq(orders.id, 'MAP-92001'))
    expect(await available()).toBe(2)
    await t.db.update(orders).set({ status: 'paid' }).where(eq(orders.id, 'MAP-92001'))
    expect(await available()).toBe(1)
    await t.db.update(orders).set({ status: 'deleted' }).where(eq(orders.id, 'MAP-92001'))
    expect(await available()).toBe(2)
    // A live hold whose expiry is moved into the past lapses at once.
    await t.db.insert(orders).values(hold('MAP-92002', new Date(Date.now() + 3_600_000)))
    expect(await available()).toBe(1)
    await t.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(orders.id, 'MAP-92002'))
    expect(await available()).toBe(2)
    // Sweeping a lapsed hold changes nothing public: no new version.
    const before = await version()
    await t.db.update(orders).set({ status: 'expired' }).where(eq(orders.id, 'MAP-92002'))
    expect(await version()).toEqual(before)
    expect(await available()).toBe(2)
    // A row removed outright.
    await t.db.insert(orders).values(hold('MAP-92003', null))
    expect(await available()).toBe(1)
    await t.db.delete(orders).where(eq(orders.id, 'MAP-92003'))
    expect(await available()).toBe(2)
  })
})
