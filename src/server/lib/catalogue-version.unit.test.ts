import { describe, expect, it } from 'vitest'
import {
  type CatalogueVersion,
  createLapsingVersionReader,
  createVersionReader,
} from './catalogue-version.ts'

/** A fake version query whose answers the test releases by hand, recording when each one started. */
function controlledQuery() {
  const started: { resolve: (v: number) => void; reject: (e: Error) => void }[] = []
  const query = () =>
    new Promise<CatalogueVersion>((resolve, reject) => {
      started.push({ resolve: (version) => resolve({ version, token: `t${version}` }), reject })
    })
  return { started, query }
}

const versionOf = async (read: Promise<CatalogueVersion | undefined>) => (await read)?.version
const tick = () => new Promise((resolve) => setImmediate(resolve))

describe('createVersionReader', () => {
  it('shares one query among the callers of one turn, started after they asked', async () => {
    const { started, query } = controlledQuery()
    const reader = createVersionReader(query)
    const answers = [reader.read(), reader.read(), reader.read()]
    expect(started).toHaveLength(0)
    await tick()
    expect(started).toHaveLength(1)
    started[0]?.resolve(4)
    expect(await Promise.all(answers.map(versionOf))).toEqual([4, 4, 4])
  })

  it('never answers a caller with a query that was already running when it asked', async () => {
    const { started, query } = controlledQuery()
    const reader = createVersionReader(query)
    const first = reader.read()
    await tick()
    expect(started).toHaveLength(1)
    // Arrive while query 1 runs: they must wait for query 2, which they share.
    const second = reader.read()
    await tick()
    const third = reader.read()
    await tick()
    expect(started).toHaveLength(1)
    started[0]?.resolve(1)
    expect(await versionOf(first)).toBe(1)
    await tick()
    expect(started).toHaveLength(2)
    // Arrives while query 2 runs: waits for query 3.
    const fourth = reader.read()
    started[1]?.resolve(2)
    expect(await versionOf(second)).toBe(2)
    expect(await versionOf(third)).toBe(2)
    await tick()
    await tick()
    expect(started).toHaveLength(3)
    started[2]?.resolve(3)
    expect(await versionOf(fourth)).toBe(3)
  })

  it('recovers after a failed query', async () => {
    const { started, query } = controlledQuery()
    const reader = createVersionReader(query)
    const first = reader.read()
    await tick()
    const second = reader.read()
    started[0]?.reject(new Error('connection lost'))
    await expect(first).rejects.toThrow('connection lost')
    await tick()
    await tick()
    started[1]?.resolve(7)
    expect(await versionOf(second)).toBe(7)
    const third = reader.read()
    await tick()
    expect(started).toHaveLength(3)
    started[2]?.resolve(8)
    expect(await versionOf(third)).toBe(8)
  })
})

describe('createLapsingVersionReader', () => {
  /** A committed version the test sets, a clock it moves, and the lapses it answers, each query counted. */
  function setup(lapses: (now: number) => number | null) {
    let committed: CatalogueVersion | undefined = { version: 1, token: 'a' }
    let now = 1_000
    const asked: number[] = []
    const reader = createLapsingVersionReader(
      { read: async () => committed },
      async (at) => {
        asked.push(at.getTime())
        const lapse = lapses(at.getTime())
        return lapse === null ? null : new Date(lapse)
      },
      () => new Date(now),
    )
    return {
      reader,
      asked,
      commit: (v: CatalogueVersion | undefined) => {
        committed = v
      },
      at: (ms: number) => {
        now = ms
      },
    }
  }

  it('names the state by the token and the next lapse, asking once per token until that lapse passes', async () => {
    // Holds lapse at 2,000 and 5,000.
    const s = setup((now) => [2_000, 5_000].find((l) => l > now) ?? null)
    const first = await s.reader.read()
    expect(await s.reader.read()).toEqual(first)
    expect(s.asked).toEqual([1_000])
    s.at(1_999)
    expect(await s.reader.read()).toEqual(first)
    expect(s.asked).toEqual([1_000])
    // The first hold lapsed: a new token with no write, and the next lapse asked for.
    s.at(2_000)
    const second = await s.reader.read()
    expect(second?.token).not.toBe(first?.token)
    expect(second?.version).toBe(1)
    expect(s.asked).toEqual([1_000, 2_000])
    // After the last one, nothing more lapses: the token stays until the next write.
    s.at(6_000)
    const third = await s.reader.read()
    s.at(60_000)
    expect(await s.reader.read()).toEqual(third)
    expect(s.asked).toEqual([1_000, 2_000, 6_000])
    // A write: asked again.
    s.commit({ version: 2, token: 'b' })
    expect((await s.reader.read())?.token).not.toBe(third?.token)
    expect(s.asked).toEqual([1_000, 2_000, 6_000, 60_000])
  })

  it('shares one query among concurrent readers and answers undefined with no version row', async () => {
    const s = setup(() => null)
    const answers = await Promise.all([s.reader.read(), s.reader.read(), s.reader.read()])
    expect(new Set(answers.map((a) => a?.token)).size).toBe(1)
    expect(s.asked).toHaveLength(1)
    s.commit(undefined)
    expect(await s.reader.read()).toBeUndefined()
  })

  it('asks again after a failed query', async () => {
    let fail = true
    const reader = createLapsingVersionReader(
      { read: async () => ({ version: 1, token: 'a' }) },
      async () => {
        if (fail) throw new Error('down')
        return null
      },
    )
    await expect(reader.read()).rejects.toThrow('down')
    fail = false
    expect((await reader.read())?.token).toBe('a@none')
  })
})
