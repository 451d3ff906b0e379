import { describe, expect, it } from 'vitest'
import { type CatalogueVersion, createVersionReader } from './catalogue-version.ts'

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
