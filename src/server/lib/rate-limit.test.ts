// @engines postgres
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/client.ts'
import { openTestDatabase } from '../test/test-database.ts'
import { clearHits, countHit, currentHits } from './rate-limit.ts'

let database: Database
beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(() => database.close())

const rule = { window: 60, max: 3 }

describe('rate-limit counters', () => {
  it('counts hits in a fixed window and starts again once it has run out', async () => {
    const db = database.db
    const start = 1_000_000
    expect(await currentHits(db, 'test:a', rule, start)).toBe(0)
    expect(await countHit(db, 'test:a', rule, start)).toBe(1)
    expect(await countHit(db, 'test:a', rule, start + 30_000)).toBe(2)
    expect(await currentHits(db, 'test:a', rule, start + 59_000)).toBe(2)
    expect(await currentHits(db, 'test:a', rule, start + 61_000)).toBe(0)
    expect(await countHit(db, 'test:a', rule, start + 61_000)).toBe(1)
    await clearHits(db, 'test:a')
    expect(await currentHits(db, 'test:a', rule, start + 61_000)).toBe(0)
  })

  it('counts concurrent hits atomically (one upsert each)', async () => {
    const now = Date.now()
    const counts = await Promise.all(
      Array.from({ length: 20 }, () => countHit(database.db, 'test:b', rule, now)),
    )
    expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1))
  })
})
