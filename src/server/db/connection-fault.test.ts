// @engines pglite postgres
import { and, asc, eq, gte } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calendarDays } from '../db/schema.ts'
import { startTcpProxy } from '../test/tcp-proxy.ts'
import { ADMIN, createTestApp, type TestApp } from '../test/test-app.ts'
import { createPostgresTestDatabase, testEngine } from '../test/test-database.ts'
import { openPostgres } from './client.ts'

/** Polls `check` until it is true; fails after `timeoutMs` (no fixed sleeps). */
async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

const UNAVAILABLE = {
  error: {
    code: 'unavailable',
    message: 'The service is temporarily unavailable. Please try again in a moment.',
  },
}

/**
 * The database host going away under load (PostgreSQL only: PGlite runs inside the process). A TCP proxy
 * of ours stands between the app's pool and PostgreSQL; the test cuts it while requests hold connections,
 * one of them inside a checkout's transaction.
 */
describe.skipIf(testEngine !== 'postgres')('a PostgreSQL connection cut while requests are in flight', () => {
  let t: TestApp
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>
  let drop: () => Promise<void>
  let adminCookie: string
  const uncaught: unknown[] = []
  const onUncaught = (error: unknown) => uncaught.push(error)

  beforeAll(async () => {
    process.on('uncaughtException', onUncaught)
    process.on('unhandledRejection', onUncaught)
    const created = await createPostgresTestDatabase()
    drop = created.drop
    const url = new URL(created.url)
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) })
    url.hostname = '127.0.0.1'
    url.port = String(proxy.port)
    t = await createTestApp({ database: openPostgres(url.toString()) })
    await t.createAdmin()
    adminCookie = await t.signIn(ADMIN)
  })

  afterAll(async () => {
    process.off('uncaughtException', onUncaught)
    process.off('unhandledRejection', onUncaught)
    await t?.close()
    await proxy?.close()
    await drop?.()
  })

  const today = new Date().toISOString().slice(0, 10)
  const availableDays = () =>
    t.db
      .select()
      .from(calendarDays)
      .where(and(eq(calendarDays.status, 'available'), gte(calendarDays.date, today)))
      .orderBy(asc(calendarDays.date))
      .limit(2)
  const checkout = (dayId: string) =>
    t.request('/api/functions/create-checkout-session', {
      method: 'POST',
      json: { dayId, businessName: 'Cut Cafe', email: 'cut@example.com' },
    })

  it('survives the cut, answers 503 and health down during the outage, and recovers by itself', async () => {
    const [first, second] = await availableDays()
    if (!first || !second) throw new Error('expected two available days')
    expect((await t.request('/api/health')).status).toBe(200)

    // A checkout whose transaction has begun and whose next statement is in flight …
    proxy.stallAfter(/\bbegin\b/i)
    const inTransaction = checkout(first.id)
    await waitFor(() => proxy.heldChunks > 0, 'the checkout transaction to be in flight')
    // … and plain reads that hold pooled connections, all waiting on the database when it goes away.
    proxy.holdAll()
    const held = proxy.heldChunks
    const inFlight = [
      t.request('/api/admin/checkouts', { cookie: adminCookie }),
      t.request('/api/inquiries', {
        method: 'POST',
        json: { type: 'mailing_list', email: 'reader@example.com', name: 'Reader' },
      }),
    ]
    await waitFor(() => proxy.heldChunks >= held + 2, 'the reads to be in flight')
    await proxy.cut()

    const cutShort = [await inTransaction, ...(await Promise.all(inFlight))]
    // A checked-out client losing its server emits 'error': without a listener that kills the process.
    expect(uncaught).toEqual([])
    for (const response of cutShort) {
      expect(response.status).toBe(503)
      expect(await response.json()).toEqual(UNAVAILABLE)
    }

    // During the outage: every database-backed answer is a clear 503, health says the database is down.
    const health = await t.request('/api/health')
    expect(health.status).toBe(503)
    expect(await health.json()).toEqual({ status: 'degraded', database: 'down' })
    const duringOutage = await Promise.all([
      checkout(second.id),
      t.request('/api/admin/checkouts', { cookie: adminCookie }),
      t.request('/api/me', { cookie: adminCookie }),
      t.request('/api/auth/sign-in/email', { method: 'POST', json: ADMIN }),
      t.request('/api/auth/get-session', { cookie: adminCookie }),
      t.request('/api/auth/sign-out', { method: 'POST', json: {}, cookie: adminCookie }),
      t.request('/api/inquiries', {
        method: 'POST',
        json: { type: 'mailing_list', email: 'reader@example.com', name: 'Reader' },
      }),
    ])
    for (const response of duringOutage) {
      expect(response.status, response.url).toBe(503)
      expect(await response.json()).toMatchObject({ error: { code: 'unavailable' } })
    }

    // The database comes back: the same process serves again without a restart.
    await proxy.restore()
    await waitFor(async () => (await t.request('/api/health')).status === 200, 'health to recover')
    expect(await (await t.request('/api/health')).json()).toEqual({ status: 'ok', database: 'up' })
    expect((await checkout(second.id)).status).toBe(200)
    expect((await t.request('/api/admin/checkouts', { cookie: adminCookie })).status).toBe(200)
    // The transaction cut half-way left nothing behind: its day is still free to buy.
    expect((await checkout(first.id)).status).toBe(200)

    expect(uncaught).toEqual([])
  })
})

describe.skipIf(testEngine !== 'pglite')('a closed embedded database', () => {
  it('answers 503 unavailable, not 500, to a request that reaches it after it closed', async () => {
    const t = await createTestApp()
    try {
      await t.database.close() // as when the server is shutting down under a late request
      const response = await t.request('/api/inquiries', {
        method: 'POST',
        json: { type: 'mailing_list', email: 'late@example.com', name: 'Late' },
      })
      expect(response.status).toBe(503)
      expect(await response.json()).toEqual(UNAVAILABLE)
      const health = await t.request('/api/health')
      expect(health.status).toBe(503)
      expect(await health.json()).toEqual({ status: 'degraded', database: 'down' })
    } finally {
      await t.close()
    }
  })
})
