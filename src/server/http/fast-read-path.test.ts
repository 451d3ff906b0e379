// @engines postgres
import { once } from 'node:events'
import { createServer, type RequestListener } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { asc, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { secureHeaders } from 'hono/secure-headers'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setIconStock } from '#server/test/checkout-test-helpers.ts'
import { createApp } from '../app.ts'
import { type Database, openPostgres } from '../db/client.ts'
import { blogPosts, calendarDays, mailingIconStock, mapIcons } from '../db/schema.ts'
import { ADMIN, createTestApp, type TestApp } from '../test/test-app.ts'
import { createPostgresTestDatabase, testEngine } from '../test/test-database.ts'
import { withFastReadPath } from './fast-read-path.ts'
import { SECURE_HEADERS_OPTIONS, SECURITY_HEADERS } from './security.ts'

/**
 * The cache-hit fast path (fast-read-path.ts) answers exactly what the Hono path answers — status, body
 * bytes, every header — logs the same access line, never serves a read older than the last write (also
 * across two instances on one PostgreSQL), and hands everything it does not know to Hono.
 */

type Served = {
  base: string
  /** Requests that reached Hono (the fast path did not answer them). */
  honoCalls: () => number
  lines: Record<string, unknown>[]
  close: () => Promise<void>
}

/** A node:http server as main.ts builds it (or, with `fast: false`, Hono alone), with a capturing logger. */
async function serve(t: TestApp, { fast = true } = {}): Promise<Served> {
  const lines: Record<string, unknown>[] = []
  const logger = pino({ level: 'info', base: undefined }, { write: (line) => lines.push(JSON.parse(line)) })
  const deps = { ...t.deps, logger }
  const hono = getRequestListener(createApp(deps).fetch)
  let calls = 0
  const counted: RequestListener = (incoming, outgoing) => {
    calls++
    return hono(incoming, outgoing)
  }
  const server = createServer(fast ? withFastReadPath(deps, counted) : counted)
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  return {
    base: `http://127.0.0.1:${port}`,
    honoCalls: () => calls,
    lines,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

type Answer = { status: number; headers: Record<string, string>; body: Buffer }

async function get(s: Served, url: string, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(`${s.base}${url}`, { headers })
  const all: Record<string, string> = {}
  response.headers.forEach((value, name) => {
    all[name] = value
  })
  delete all.date // the clock, not the app
  return { status: response.status, headers: all, body: Buffer.from(await response.arrayBuffer()) }
}

/** A read answered by the fast path: the URL is learnt through Hono first if needed. */
async function fastGet(s: Served, url: string, headers: Record<string, string> = {}) {
  await get(s, url, headers)
  const before = s.honoCalls()
  const answer = await get(s, url, headers)
  expect(s.honoCalls(), `${url} answered by the fast path`).toBe(before)
  return answer
}

async function cachedUrls(t: TestApp) {
  const [day] = await t.db.select().from(calendarDays).orderBy(asc(calendarDays.date)).limit(1)
  const [icon] = await t.db.select().from(mapIcons).limit(1)
  const [post] = await t.db
    .insert(blogPosts)
    .values({ title: 'Fast path', content: 'Körper ✓ "quoted"', author: 'Ann', isPublished: true })
    .returning()
  if (!day || !icon || !post) throw new Error('seed missing')
  return [
    `/api/calendar-days?month=${day.date.slice(0, 7)}`,
    '/api/calendar-days/available-months',
    `/api/calendar-days/${day.id}`,
    '/api/map-icons',
    `/api/map-icons/${icon.id}`,
    '/api/blog-posts',
    `/api/blog-posts/${post.id}`,
  ]
}

describe('the fast path on one instance', () => {
  let t: TestApp
  let fast: Served
  let plain: Served
  let urls: string[]
  beforeAll(async () => {
    t = await createTestApp()
    urls = await cachedUrls(t)
    fast = await serve(t)
    plain = await serve(t, { fast: false })
  })
  afterAll(async () => {
    await fast?.close()
    await plain?.close()
    await t?.close()
  })

  it('answers every cached route with the same status, bytes and headers as Hono, 200 and 304', async () => {
    const id = { 'x-request-id': 'req-123_abc=' }
    for (const url of urls) {
      const viaHono = await get(plain, url, id)
      expect(viaHono.status).toBe(200)
      const viaFast = await fastGet(fast, url, id)
      expect(viaFast.status).toBe(200)
      expect(viaFast.body.equals(viaHono.body), url).toBe(true)
      expect(viaFast.headers, url).toEqual(viaHono.headers)
      expect(viaFast.headers['x-request-id']).toBe('req-123_abc=')

      const revalidate = { ...id, 'if-none-match': `W/"nope", ${viaHono.headers.etag}` }
      const notModifiedViaHono = await get(plain, url, revalidate)
      expect(notModifiedViaHono.status).toBe(304)
      const notModifiedViaFast = await fastGet(fast, url, revalidate)
      expect(notModifiedViaFast.status).toBe(304)
      expect(notModifiedViaFast.body.length).toBe(0)
      expect(notModifiedViaFast.headers, url).toEqual(notModifiedViaHono.headers)
    }
  })

  it('gives a new request id when the caller sends none or an unsafe one, as Hono does', async () => {
    const unusable: Record<string, string>[] = [
      {},
      { 'x-request-id': 'bad id!' },
      { 'x-request-id': 'x'.repeat(256) },
    ]
    for (const headers of unusable) {
      const answer = await fastGet(fast, '/api/map-icons', headers)
      expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    }
  })

  it('logs the same access line as the Hono path', async () => {
    const headers = { 'x-request-id': 'log-check' }
    await get(plain, '/api/blog-posts', headers)
    await fastGet(fast, '/api/blog-posts', headers)
    const strip = (line: Record<string, unknown> | undefined) => {
      const { time, ms, ...rest } = line ?? {}
      expect(typeof time).toBe('number')
      expect(typeof ms).toBe('number')
      return rest
    }
    const expected = {
      level: 30,
      requestId: 'log-check',
      method: 'GET',
      path: '/api/blog-posts',
      status: 200,
      msg: 'request',
    }
    expect(strip(plain.lines.at(-1))).toEqual(expected)
    expect(strip(fast.lines.at(-1))).toEqual(expected)
    expect(Object.keys(fast.lines.at(-1) ?? {})).toEqual(Object.keys(plain.lines.at(-1) ?? {}))
  })

  it('shows a write on the very next read, then serves it fast again', async () => {
    const [icon] = await t.db.select().from(mapIcons).limit(1)
    const id = icon?.id as string
    for (let quantity = 1; quantity <= 5; quantity++) {
      await fastGet(fast, '/api/map-icons') // hot
      // In the next open mailing, whose figures the list answers at the top level.
      await setIconStock(t, id, { quantity })
      const next = await get(fast, '/api/map-icons')
      const { icons } = JSON.parse(next.body.toString()) as {
        icons: { id: string; availableQuantity: number }[]
      }
      expect(icons.find((i) => i.id === id)?.availableQuantity).toBe(quantity)
      const again = await fastGet(fast, '/api/map-icons')
      expect(again.body.equals(next.body)).toBe(true)
    }
  })

  it('hands everything else to Hono', async () => {
    await fastGet(fast, '/api/map-icons')
    // A URL not learnt yet (another query string) goes through Hono the first time.
    const unseen = fast.honoCalls()
    await get(fast, '/api/map-icons?unseen=1')
    expect(fast.honoCalls()).toBe(unseen + 1)
    const cases: [string, RequestInit][] = [
      ['/api/blog-posts/00000000-0000-4000-8000-000000000000', {}], // 404s are never cached
      ['/api/calendar-days?month=nope', {}], // 422
      ['/api/health', {}],
      ['/api/map-icons', { method: 'HEAD' }],
      ['/api/map-icons', { method: 'POST', headers: { origin: 'http://localhost:3000' } }],
    ]
    for (const [url, init] of cases) {
      for (let i = 0; i < 2; i++) {
        const before = fast.honoCalls()
        await (await fetch(`${fast.base}${url}`, init)).arrayBuffer()
        expect(fast.honoCalls(), `${init.method ?? 'GET'} ${url}`).toBe(before + 1)
      }
    }
    // An entry that is no longer valid is reloaded through Hono, not served.
    await t.db.update(mailingIconStock).set({ quantity: 0 })
    const before = fast.honoCalls()
    await get(fast, '/api/map-icons')
    expect(fast.honoCalls()).toBe(before + 1)
  })

  it('serves nothing itself with READ_CACHE=off', async () => {
    const off = await createTestApp({ env: { READ_CACHE: 'off' } })
    const s = await serve(off)
    try {
      for (let i = 0; i < 3; i++) expect((await get(s, '/api/map-icons')).status).toBe(200)
      expect(s.honoCalls()).toBe(3)
    } finally {
      await s.close()
      await off.close()
    }
  })
})

describe('security headers', () => {
  it('are the ones hono/secure-headers sets with the same options', async () => {
    const probe = new Hono().use(secureHeaders(SECURE_HEADERS_OPTIONS)).get('/', (c) => c.body(null, 204))
    const expected: Record<string, string> = {}
    ;(await probe.request('/')).headers.forEach((value, name) => {
      expected[name] = value
    })
    expect({ ...SECURITY_HEADERS }).toEqual(expected)
  })
})

describe.skipIf(testEngine !== 'postgres')('the fast path on two instances sharing PostgreSQL', () => {
  let a: TestApp
  let b: TestApp
  let fastB: Served
  let drop: () => Promise<void>
  let cookie: string
  beforeAll(async () => {
    const created = await createPostgresTestDatabase()
    drop = created.drop
    const open = (): Database => ({ ...openPostgres(created.url, { max: 4 }) })
    a = await createTestApp({ database: open() })
    b = await createTestApp({ database: open() })
    await a.createAdmin()
    cookie = await a.signIn(ADMIN)
    fastB = await serve(b)
  })
  afterAll(async () => {
    await fastB?.close()
    await a?.close()
    await b?.close()
    await drop?.()
  })

  it('a write through A is visible on the very next fast read through B', async () => {
    const [day] = await a.db.select().from(calendarDays).orderBy(asc(calendarDays.date)).limit(1)
    if (!day) throw new Error('no day')
    const url = `/api/calendar-days?month=${day.date.slice(0, 7)}`
    const priceIn = (answer: Answer) =>
      (JSON.parse(answer.body.toString()) as { days: { id: string; price: number }[] }).days.find(
        (d) => d.id === day.id,
      )?.price
    for (let i = 1; i <= 10; i++) {
      await fastGet(fastB, url) // B's fast path is hot
      const patched = await a.request(`/api/admin/calendar-days/${day.id}`, {
        method: 'PATCH',
        cookie,
        json: { price: 100 + i },
      })
      expect(patched.status).toBe(200)
      expect(priceIn(await get(fastB, url))).toBe(100 + i)
      expect(priceIn(await fastGet(fastB, url))).toBe(100 + i)
    }
  })

  it('while B serves a crowd of fast reads, every read that starts after A commits sees the write', async () => {
    const [icon] = await a.db.select().from(mapIcons).where(eq(mapIcons.name, 'Large Map Icon'))
    const id = icon?.id as string
    const quantityIn = (answer: Answer) =>
      (
        JSON.parse(answer.body.toString()) as { icons: { id: string; availableQuantity: number }[] }
      ).icons.find((i) => i.id === id)?.availableQuantity
    let stop = false
    const crowd = Array.from({ length: 20 }, async () => {
      while (!stop) await get(fastB, '/api/map-icons')
    })
    try {
      for (let quantity = 1; quantity <= 15; quantity++) {
        await setIconStock(a, id, { quantity })
        const seen = await Promise.all(
          Array.from({ length: 10 }, async () => quantityIn(await get(fastB, '/api/map-icons'))),
        )
        expect(seen).toEqual(Array(10).fill(quantity))
      }
    } finally {
      stop = true
      await Promise.all(crowd)
    }
  })
})
