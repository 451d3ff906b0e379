import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mapIcons } from '../../db/schema.ts'
import { createTestApp, type TestApp } from '../../test/test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
  // Same price as the seeded 'Map Icon' ($150): the name breaks the tie.
  await t.db.insert(mapIcons).values({
    name: 'A Corner Icon',
    size: 'small',
    priceCents: 15000,
    availableQuantity: 0,
    totalQuantity: 3,
  })
})
afterAll(() => t.close())

describe('GET /api/map-icons', () => {
  it('lists every icon by price, then name, in dollars', async () => {
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
      availableQuantity: 0,
      totalQuantity: 3,
    })
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
