import { afterEach, describe, expect, it } from 'vitest'
import { ChildJobPool, FileJobBusyError, FileJobError, FileJobLimitError } from './child-job-pool.ts'

const entry = new URL('../../test/child-job-fixture.ts', import.meta.url)
let pool: ChildJobPool | undefined

function makePool(options: Partial<ConstructorParameters<typeof ChildJobPool>[0]> = {}) {
  pool = new ChildJobPool({ entry, processes: 1, queue: 1, memoryMb: 160, ...options })
  return pool
}

afterEach(async () => {
  await pool?.close()
  pool = undefined
})

describe('ChildJobPool', () => {
  it('runs a job in another process and answers its requests for data', async () => {
    const p = makePool()
    const bytes = new Uint8Array([1, 2, 3])
    expect(await p.run('echo', bytes, { timeoutMs: 20_000 })).toEqual(bytes)
    expect(await p.run('pid', null, { timeoutMs: 20_000 })).not.toBe(process.pid)
    const answer = await p.run('ask', 21, { timeoutMs: 20_000, onAsk: async (_name, n) => (n as number) * 2 })
    expect(answer).toBe(42)
  }, 60_000)

  it("passes a job's error on by name and message, and the child goes on working", async () => {
    const p = makePool()
    const error = await p.run('throws', null, { timeoutMs: 20_000 }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(FileJobError)
    expect(error).toMatchObject({ errorName: 'ArtworkRejectedError', message: 'bad file' })
    expect(await p.run('echo', 'still here', { timeoutMs: 20_000 })).toBe('still here')
  }, 60_000)

  it('stops a job past its memory ceiling (memory outside the JavaScript heap too), then runs the next', async () => {
    const p = makePool({ memoryMb: 160 })
    const error = await p.run('allocate', 400, { timeoutMs: 30_000 }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(FileJobLimitError)
    expect((error as FileJobLimitError).limit).toBe('memory')
    expect(await p.run('allocate', 8, { timeoutMs: 30_000 })).toBe(8)
  }, 60_000)

  it('stops a job past its time limit, and a child that dies fails only its job', async () => {
    const p = makePool()
    await expect(p.run('echo', 1, { timeoutMs: 20_000 })).resolves.toBe(1) // warm: the clock is the job's
    const spun = await p.run('spin', null, { timeoutMs: 300 }).catch((e: unknown) => e)
    expect(spun).toMatchObject({ limit: 'time' })
    const exited = await p.run('exit', null, { timeoutMs: 20_000 }).catch((e: unknown) => e)
    expect(exited).toMatchObject({ limit: 'crash' })
    expect(await p.run('echo', 'after', { timeoutMs: 20_000 })).toBe('after')
  }, 60_000)

  it('runs `processes` jobs at once, queues `queue` more and refuses the next at once', async () => {
    const p = makePool({ processes: 1, queue: 1 })
    const first = p.run('allocate', 1, { timeoutMs: 30_000 })
    const second = p.run('echo', 'queued', { timeoutMs: 30_000 })
    expect(p.load).toEqual({ running: 1, waiting: 1 })
    const third = await p.run('echo', 'refused', { timeoutMs: 30_000 }).catch((e: unknown) => e)
    expect(third).toBeInstanceOf(FileJobBusyError)
    expect((third as FileJobBusyError).retryAfterSeconds).toBeGreaterThan(0)
    expect(await first).toBe(1)
    expect(await second).toBe('queued')
  }, 60_000)
})
