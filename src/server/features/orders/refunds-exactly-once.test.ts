// @engines pglite postgres
import type { ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { asc, eq, inArray } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { type Database, type Db, openPglite, openPostgres } from '#server/db/client.ts'
import { orders, outbox, refunds } from '#server/db/schema.ts'
import { createPgliteTestFolder, createPostgresTestDatabase, testEngine } from '#server/test/test-database.ts'
import { spawnServer } from '../../../../scripts/lib/server-process.ts'

/**
 * Every refund is made exactly once, whatever happens to the servers carrying them out: real server
 * processes (src/server/main.ts, whose refund worker runs every 200 ms here) against a stand-in for Stripe's
 * refunds API that behaves as Stripe does with an Idempotency-Key (the first request with a key makes the
 * refund, even if its answer is lost; a later one with the same key replays it). "Exactly once" is counted
 * where the money moves: the refunds the stand-in made, per key.
 */
const ADMIN = { email: 'refund-admin@example.com', password: 'refund-admin-password-123' }

type StandIn = {
  url: string
  /** While true, a new refund is made and its answer never sent (the caller is killed waiting). */
  hang: boolean
  /** Refunds made, per idempotency key (Stripe makes one per key). */
  made: Map<string, { id: string; amount: string | null; paymentIntent: string | null }>
  requests: string[]
  close: () => Promise<void>
}

async function startStripeRefundsStandIn(): Promise<StandIn> {
  const held: http.ServerResponse[] = []
  const state = { hang: false, made: new Map(), requests: [] as string[] } as Omit<StandIn, 'url' | 'close'>
  const server = http.createServer((req, res) => {
    let raw = ''
    req.on('data', (chunk) => {
      raw += chunk
    })
    req.on('end', () => {
      const key = String(req.headers['idempotency-key'] ?? '')
      if (req.method !== 'POST' || req.url !== '/v1/refunds' || !key) {
        res.writeHead(404, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'not a refund' } }))
        return
      }
      state.requests.push(key)
      const body = new URLSearchParams(raw)
      let refund = state.made.get(key)
      if (!refund) {
        refund = {
          id: `re_${state.made.size + 1}`,
          amount: body.get('amount'),
          paymentIntent: body.get('payment_intent'),
        }
        state.made.set(key, refund)
        if (state.hang) {
          held.push(res)
          return
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(
        JSON.stringify({
          id: refund.id,
          object: 'refund',
          amount: Number(refund.amount ?? 0),
          payment_intent: refund.paymentIntent,
          status: 'succeeded',
        }),
      )
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      for (const res of held) res.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  })
}

async function freePort(): Promise<number> {
  const server = http.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

type Target = { env: Record<string, string>; open: () => Promise<Database>; cleanUp: () => Promise<void> }

/** A migrated database a server process can open: a PostgreSQL database, or a PGlite folder. */
async function newTarget(): Promise<Target> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'townflyer-refunds-'))
  if (testEngine === 'postgres') {
    const { url, drop } = await createPostgresTestDatabase()
    return {
      env: { DATABASE_URL: url, DATA_DIR: dataDir },
      open: async () => openPostgres(url, { max: 2 }),
      cleanUp: async () => {
        await drop()
        fs.rmSync(dataDir, { recursive: true, force: true })
      },
    }
  }
  await createPgliteTestFolder(dataDir)
  return {
    env: { DATA_DIR: dataDir },
    // Only while no server has it open: a PGlite folder is one process's.
    open: () => openPglite(dataDir),
    cleanUp: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  }
}

type Seeded = { purchaseId: string; orderId: string; key: string; kind: 'admin' | 'late_payment' }

/**
 * `count` paid Stripe purchases of one line each, every one with a refund recorded and not yet sent, as a
 * process leaves them when it dies right after committing the record: alternately an administrator's refund
 * of the paid line (the buyer to be e-mailed) and a late payment's (its line already refunded by the
 * decision, which e-mailed the buyer then).
 */
async function seedOwedRefunds(db: Db, count: number, tag: string): Promise<Seeded[]> {
  const seeded: Seeded[] = []
  const now = new Date()
  for (let i = 0; i < count; i++) {
    const kind = i % 2 === 0 ? 'admin' : 'late_payment'
    const orderId = `ORD-${tag}-${i}`
    const purchaseId = `cs_${tag}_${i}`
    await db.insert(orders).values({
      id: orderId,
      businessName: `Refund Shop ${i}`,
      email: `refund-shop-${tag}-${i}@example.com`,
      amountCents: 5000 + i,
      status: kind === 'admin' ? 'paid' : 'refunded',
      metadata: { order_type: 'special_purchase', description: `Special feature ${i}` },
      paymentProvider: 'stripe',
      paymentSessionId: purchaseId,
      paymentIntentId: `pi_${tag}_${i}`,
      paidAt: kind === 'admin' ? now : null,
    })
    const key = kind === 'admin' ? `admin-refund:${tag}-${i}` : `late-payment:${purchaseId}`
    await db.insert(refunds).values({
      kind,
      purchaseId,
      orderIds: [orderId],
      amountCents: 5000 + i,
      reason: kind === 'admin' ? 'The shop closed' : 'a day had been booked by someone else',
      emailBuyer: kind === 'admin',
      provider: 'stripe',
      paymentRef: `pi_${tag}_${i}`,
      idempotencyKey: key,
      requestedBy: kind === 'admin' ? ADMIN.email : 'system',
      nextAttemptAt: now,
    })
    seeded.push({ purchaseId, orderId, key, kind })
  }
  return seeded
}

/** `withAdmin`: the server makes the administrator at start (one server at a time may: the e-mail is unique). */
async function startServer(target: Target, stand: StandIn, leaseMs: number, withAdmin = true) {
  const port = await freePort()
  const { child } = await spawnServer({
    command: ['--import', 'tsx', 'src/server/main.ts'],
    env: {
      ...target.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      BETTER_AUTH_SECRET: 'refund-test-secret-that-is-at-least-32-characters',
      ...(withAdmin ? { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } : {}),
      STRIPE_SECRET_KEY: 'sk_test_refunds',
      STRIPE_WEBHOOK_SECRET: 'whsec_refunds',
      STRIPE_API_BASE: stand.url,
      REFUND_WORKER_INTERVAL_MS: '200',
      REFUND_LEASE_MS: String(leaseMs),
    },
  })
  return { port, child }
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))])
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
}

async function killHard(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGKILL')
  await exited
}

/** The refunds' states as the owner's order drawer shows them, through the running server. */
async function refundStatesOverHttp(port: number, purchaseIds: string[]): Promise<string[]> {
  const origin = `http://127.0.0.1:${port}`
  const signIn = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(ADMIN),
  })
  if (!signIn.ok) throw new Error(`sign-in: ${signIn.status} ${await signIn.text()}`)
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  const states: string[] = []
  for (const id of purchaseIds) {
    const response = await fetch(`${origin}/api/admin/checkouts/${id}`, { headers: { cookie, origin } })
    if (!response.ok) throw new Error(`checkout ${id}: ${response.status} ${await response.text()}`)
    const detail = (await response.json()) as { refunds: { status: string }[] }
    states.push(...detail.refunds.map((r) => r.status))
  }
  return states
}

describe('the refund worker makes every refund exactly once', () => {
  let cleanUps: (() => Promise<void>)[] = []
  afterEach(async () => {
    for (const cleanUp of cleanUps.reverse()) await cleanUp()
    cleanUps = []
  })

  it(`a server killed (kill -9) while Stripe makes a refund: the next one finishes them all, each once (${testEngine})`, async () => {
    const stand = await startStripeRefundsStandIn()
    cleanUps.push(stand.close)
    const target = await newTarget()
    cleanUps.push(target.cleanUp)
    const seeding = await target.open()
    const seeded = await seedOwedRefunds(seeding.db, 4, 'kill')
    await seeding.close()

    // The first server claims the owed refunds and asks Stripe for the first, which makes it but whose
    // answer never comes: the process is killed mid-call, with every refund claimed.
    stand.hang = true
    const first = await startServer(target, stand, 2000)
    cleanUps.push(() => stopServer(first.child))
    await expect.poll(() => stand.requests.length, { timeout: 60_000 }).toBeGreaterThan(0)
    await killHard(first.child)
    const inFlight = stand.requests[0] as string
    expect([...stand.made.keys()]).toEqual([inFlight])

    // A new server on the same database (and, on PGlite, the same folder the dead one held) takes each
    // refund over once its claim has lapsed; the one Stripe already made is replayed, not made again.
    stand.hang = false
    const second = await startServer(target, stand, 2000)
    cleanUps.push(() => stopServer(second.child))
    await expect
      .poll(
        () =>
          refundStatesOverHttp(
            second.port,
            seeded.map((s) => s.purchaseId),
          ),
        { timeout: 90_000, interval: 500 },
      )
      .toEqual(seeded.map(() => 'succeeded'))
    await stopServer(second.child)

    expect(stand.made.size).toBe(seeded.length)
    for (const s of seeded) {
      expect(stand.made.has(s.key), s.key).toBe(true)
      // The killed call and its replay carry the same key; every other refund was asked for once.
      expect(
        stand.requests.filter((k) => k === s.key),
        s.key,
      ).toHaveLength(s.key === inFlight ? 2 : 1)
    }

    const database = await target.open()
    try {
      const rows = await database.db.select().from(refunds).orderBy(asc(refunds.idempotencyKey))
      expect(rows.every((r) => r.status === 'succeeded' && r.leasedUntil === null)).toBe(true)
      expect(rows.find((r) => r.idempotencyKey === inFlight)?.attempts).toBe(2)
      const lines = await database.db
        .select({ id: orders.id, status: orders.status })
        .from(orders)
        .where(
          inArray(
            orders.id,
            seeded.map((s) => s.orderId),
          ),
        )
      expect(lines.every((l) => l.status === 'refunded')).toBe(true)
      // One refund e-mail per administrator's refund; a late payment's buyer was told by its decision.
      const mails = await database.db.select().from(outbox).where(eq(outbox.kind, 'order_refund'))
      expect(mails.map((m) => m.purchaseId).sort()).toEqual(
        seeded
          .filter((s) => s.kind === 'admin')
          .map((s) => s.purchaseId)
          .sort(),
      )
    } finally {
      await database.close()
    }
  }, 300_000)

  // PGlite is one process's folder: two instances at once need PostgreSQL.
  it.skipIf(testEngine !== 'postgres')(
    'two servers on one database: 30 owed refunds, each asked for and made once',
    async () => {
      const stand = await startStripeRefundsStandIn()
      cleanUps.push(stand.close)
      const target = await newTarget()
      cleanUps.push(target.cleanUp)
      const database = await target.open()
      cleanUps.push(() => database.close())
      const servers = await Promise.all([
        startServer(target, stand, 60_000, false),
        startServer(target, stand, 60_000, false),
      ])
      for (const server of servers) cleanUps.push(() => stopServer(server.child))
      // Committed at once while both workers poll every 200 ms, so both reach for the same rows.
      const seeded = await database.db.transaction((tx) => seedOwedRefunds(tx, 30, 'two'))
      await expect
        .poll(
          async () =>
            (await database.db.select({ status: refunds.status }).from(refunds)).filter(
              (r) => r.status === 'succeeded',
            ).length,
          { timeout: 120_000, interval: 250 },
        )
        .toBe(seeded.length)

      expect(stand.made.size).toBe(seeded.length)
      expect(stand.requests).toHaveLength(seeded.length)
      expect(new Set(stand.requests)).toEqual(new Set(seeded.map((s) => s.key)))
      const rows = await database.db.select().from(refunds)
      expect(rows.every((r) => r.attempts === 1)).toBe(true)
    },
    300_000,
  )
})
