import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailingIconStock, mailings, mapIcons } from '#server/db/schema.ts'
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
  // Sold out in the next mailing only: each mailing has its own stock.
  await t.db
    .update(mailingIconStock)
    .set({ availableQuantity: 0 })
    .where(
      and(
        eq(mailingIconStock.iconId, icon?.id as string),
        eq(mailingIconStock.month, openMonths[0] as string),
      ),
    )
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
