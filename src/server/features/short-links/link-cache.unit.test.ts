import { describe, expect, it } from 'vitest'
import { createLinkCache, type LinkEntry } from './link-cache.ts'

const entry = (code: string, location = `/ads/${code}`): LinkEntry => ({
  orderId: `ORD-${code}`,
  live: true,
  location,
})

/** A cache over a fake database the test controls: which codes exist, whether it is up, what was read. */
function fixture(options: { maxEntries?: number } = {}) {
  const db = { lines: new Map<string, LinkEntry>(), up: true, reads: [] as string[][] }
  const clock = { now: 0 }
  const cache = createLinkCache({
    loadMany: async (codes) => {
      db.reads.push(codes)
      if (!db.up) throw new Error('connection refused')
      return new Map(
        codes.flatMap((code) => (db.lines.has(code) ? [[code, db.lines.get(code)]] : [])) as [
          string,
          LinkEntry,
        ][],
      )
    },
    now: () => clock.now,
    freshMs: 2000,
    unknownMs: 5000,
    maxEntries: options.maxEntries,
  })
  return { db, clock, cache }
}

describe('the short-link cache', () => {
  it('reads the codes of one turn in one query, then answers from memory while fresh', async () => {
    const { db, cache } = fixture()
    db.lines.set('aaaaaaa', entry('aaaaaaa'))
    db.lines.set('bbbbbbb', entry('bbbbbbb'))
    const answers = await Promise.all([cache.get('aaaaaaa'), cache.get('bbbbbbb'), cache.get('aaaaaaa')])
    expect(answers.map((a) => a?.location)).toEqual(['/ads/aaaaaaa', '/ads/bbbbbbb', '/ads/aaaaaaa'])
    expect(db.reads).toEqual([['aaaaaaa', 'bbbbbbb']])
    expect(cache.get('aaaaaaa')).toEqual(entry('aaaaaaa'))
    expect(db.reads).toHaveLength(1)
  })

  it('serves a stale entry at once while one refresh runs, and keeps it when the refresh fails', async () => {
    const { db, clock, cache } = fixture()
    db.lines.set('aaaaaaa', entry('aaaaaaa'))
    await cache.get('aaaaaaa')
    db.lines.set('aaaaaaa', entry('aaaaaaa', 'tel:5555550123'))
    db.up = false
    clock.now = 3000
    expect(cache.get('aaaaaaa')).toEqual(entry('aaaaaaa')) // stale, refresh started (and fails)
    expect(cache.get('aaaaaaa')).toEqual(entry('aaaaaaa')) // no second refresh queued
    await new Promise((resolve) => setImmediate(resolve))
    expect(db.reads).toHaveLength(2)
    expect(cache.get('aaaaaaa')).toEqual(entry('aaaaaaa'))
    await new Promise((resolve) => setImmediate(resolve))
    db.up = true
    expect(cache.get('aaaaaaa')).toEqual(entry('aaaaaaa'))
    await new Promise((resolve) => setImmediate(resolve))
    expect((cache.get('aaaaaaa') as LinkEntry).location).toBe('tel:5555550123')
  })

  it('answers unknown for a cold code while the database is down, and keeps nothing for it', async () => {
    const { db, cache } = fixture()
    db.lines.set('ccccccc', entry('ccccccc'))
    db.up = false
    expect(await cache.get('ccccccc')).toBeNull()
    db.up = true
    expect(await cache.get('ccccccc')).toEqual(entry('ccccccc'))
  })

  it('remembers an unknown code for a while, then reads it again', async () => {
    const { db, clock, cache } = fixture()
    expect(await cache.get('ddddddd')).toBeNull()
    expect(cache.get('ddddddd')).toBeNull()
    expect(db.reads).toHaveLength(1)
    db.lines.set('ddddddd', entry('ddddddd'))
    clock.now = 6000
    expect(await cache.get('ddddddd')).toEqual(entry('ddddddd'))
  })

  it('keeps at most maxEntries codes, evicting the oldest', async () => {
    const { db, cache } = fixture({ maxEntries: 3 })
    const codes = ['2222222', '3333333', '4444444', '5555555']
    for (const code of codes) db.lines.set(code, entry(code))
    for (const code of codes) await cache.get(code)
    expect(cache.size).toBe(3)
    const reads = db.reads.length
    expect(cache.get('5555555')).toEqual(entry('5555555'))
    expect(cache.get('2222222')).toBeInstanceOf(Promise) // evicted: read again
    expect(db.reads.length).toBe(reads)
  })

  it('drop forgets a code at once, even with a read of its old destination in flight', async () => {
    const { db, cache } = fixture()
    db.lines.set('eeeeeee', entry('eeeeeee'))
    const first = cache.get('eeeeeee')
    db.lines.set('eeeeeee', entry('eeeeeee', 'https://new.example/'))
    cache.drop('eeeeeee')
    // The scan that was waiting gets the new destination too.
    expect((await first)?.location).toBe('https://new.example/')
    expect((await cache.get('eeeeeee'))?.location).toBe('https://new.example/')
  })
})
