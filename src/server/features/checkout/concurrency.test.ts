// @engines postgres
import type { ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, openPostgres } from '#server/db/client.ts'
import { calendarDays, orders } from '#server/db/schema.ts'
import { NO_HOLD_LIMITS } from '#server/test/checkout-test-helpers.ts'
import {
  cartBody,
  countViolations,
  insertProbeIcon,
  overlappingCarts,
} from '#server/test/concurrency-probe.ts'
import { createPostgresTestDatabase, testEngine } from '#server/test/test-database.ts'
import { spawnServer } from '../../../../scripts/lib/server-process.ts'
import { applyOrderStatusChange } from '../orders/order-status.service.ts'
import { sweepExpiredHolds } from './hold-sweeper.ts'

/**
 * Two real server processes on one PostgreSQL database, 200 simultaneous overlapping cart checkouts per
 * round: no day ever gets two live orders and the icon is never oversold. PGlite runs one connection at a
 * time and would hide races, so this runs on PostgreSQL only. Rounds alternate overlapping carts and
 * single-day carts, each with its own shuffle: npm test runs 6 (three of each), npm run test:deep 20
 * (CONCURRENCY_ROUNDS, set by vitest.config.ts).
 */
const ROUNDS = Number(process.env.CONCURRENCY_ROUNDS || 6)
const REQUESTS = 200
const ICON_TOTAL = 3

async function startServer(databaseUrl: string, dataDir: string) {
  const { port, child } = await spawnServer({
    // The sources, as the other tests run them (the bundle is only built by `npm run build`).
    command: ['--import', 'tsx', 'src/server/main.ts'],
    env: {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      BETTER_AUTH_SECRET: 'concurrency-test-secret-at-least-32-chars',
      // 200 requests at once queue for 10 connections: on a busy machine the last wait longer than the 5 s
      // after which a real site answers 503. This test is about who wins, so they wait.
      DB_POOL_TIMEOUT_MS: '120000',
      // Every request comes from this one machine; the race is about days and the icon, not hold limits.
      ...NO_HOLD_LIMITS,
    },
  })
  return { port, process: child }
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))])
  if (child.exitCode === null) child.kill('SIGKILL')
}

describe.skipIf(testEngine !== 'postgres')('checkout under concurrency (two servers, PostgreSQL)', () => {
  let dropDatabase: () => Promise<void>
  let database: Database
  let servers: { port: number; process: ChildProcess }[] = []
  let dataDir: string

  beforeAll(async () => {
    const created = await createPostgresTestDatabase()
    dropDatabase = created.drop
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'townflyer-concurrency-'))
    servers = await Promise.all([startServer(created.url, dataDir), startServer(created.url, dataDir)])
    database = openPostgres(created.url, { max: 4 })
  }, 90_000)

  afterAll(async () => {
    await Promise.all(servers.map((s) => stopServer(s.process)))
    await database?.close()
    await dropDatabase?.()
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
  })

  it(`${ROUNDS} rounds of ${REQUESTS} simultaneous overlapping cart checkouts: no day sold twice, icon never oversold`, async () => {
    const db = database.db
    const days = await db
      .select({ id: calendarDays.id })
      .from(calendarDays)
      .where(eq(calendarDays.status, 'available'))
      .orderBy(asc(calendarDays.date))
      .limit(8)
    const dayIds = days.map((d) => d.id)
    const iconId = await insertProbeIcon(db, ICON_TOTAL)
    const statuses = new Map<number, number>()

    for (let round = 0; round < ROUNDS; round++) {
      const carts = overlappingCarts(REQUESTS, dayIds, iconId, round + 1)
      const results = await Promise.all(
        carts.map(async (cart, n) => {
          const port = servers[n % servers.length]?.port
          const response = await fetch(
            `http://127.0.0.1:${port}/api/functions/create-cart-checkout-session`,
            {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(cartBody(cart, n)),
            },
          )
          await response.arrayBuffer()
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
          return { cart, status: response.status }
        }),
      )
      expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true)

      const winners = results.filter((r) => r.status === 200).map((r) => r.cart)
      const wonDays = winners.flatMap((w) => w.calendarDayIds)
      expect(new Set(wonDays).size, `round ${round}: a day won twice`).toBe(wonDays.length)
      expect(winners.filter((w) => w.mapIconId).length).toBeLessThanOrEqual(ICON_TOTAL)
      expect(await countViolations(db)).toEqual({
        daysWithTwoOwners: 0,
        dayStatusMismatches: 0,
        oversoldIcons: 0,
        iconAvailabilityDrift: 0,
      })
      const held = await db
        .select({ id: calendarDays.id })
        .from(calendarDays)
        .where(eq(calendarDays.status, 'reserved_pending'))
      expect(held.map((d) => d.id).sort()).toEqual([...wonDays].sort())
      if (round % 2 === 1) {
        // Single-day rounds: every requested day has exactly one winner.
        const requested = new Set(carts.flatMap((c) => c.calendarDayIds))
        expect(winners.length).toBe(requested.size)
      }
      const live = await db.select({ id: orders.id }).from(orders).where(eq(orders.status, 'pending'))
      expect(live.length).toBe(wonDays.length + winners.filter((w) => w.mapIconId).length)

      // Release every hold (the sweeper with a clock past their expiry) before the next round.
      await sweepExpiredHolds(db, new Date(Date.now() + 24 * 3600_000), 10_000)
    }
    expect(statuses.get(200)).toBeGreaterThan(0)
    expect(statuses.get(409)).toBeGreaterThan(0)
  }, 120_000)

  it(`${REQUESTS} simultaneous icon checkouts, some paid, some refunded: never above the total, the stored count always derived`, async () => {
    const db = database.db
    const iconId = await insertProbeIcon(db, ICON_TOTAL)
    const iconOrders = () =>
      db
        .select({ id: orders.id, status: orders.status, session: orders.paymentSessionId })
        .from(orders)
        .where(eq(orders.mapIconId, iconId))
    const checkoutAll = (round: number) =>
      Promise.all(
        Array.from({ length: REQUESTS }, async (_, n) => {
          const port = servers[n % servers.length]?.port
          const response = await fetch(`http://127.0.0.1:${port}/api/functions/create-map-icon-checkout`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              iconId,
              businessName: `Icon ${round}-${n}`,
              email: `icon${round}-${n}@example.com`,
            }),
          })
          const body = (await response.json()) as { sessionUrl?: string }
          return { status: response.status, sessionUrl: body.sessionUrl }
        }),
      )
    const expectDerived = async () => {
      expect(await countViolations(db)).toMatchObject({ oversoldIcons: 0, iconAvailabilityDrift: 0 })
    }

    // Round 1: exactly the total wins; the winners pay (the local test checkout's Pay).
    const first = await checkoutAll(1)
    expect(first.every((r) => r.status === 200 || r.status === 409)).toBe(true)
    const winners = first.filter((r) => r.status === 200)
    expect(winners).toHaveLength(ICON_TOTAL)
    await expectDerived()
    for (const [i, w] of winners.entries()) {
      const port = servers[i % servers.length]?.port
      const paid = await fetch(`http://127.0.0.1:${port}${w.sessionUrl}/complete`, {
        method: 'POST',
        headers: { origin: `http://127.0.0.1:${port}` },
        redirect: 'manual',
      })
      expect(paid.status).toBe(303)
    }
    expect((await iconOrders()).filter((o) => o.status === 'paid')).toHaveLength(ICON_TOTAL)
    await expectDerived()

    // Sold out: nobody else wins.
    expect((await checkoutAll(2)).filter((r) => r.status === 200)).toHaveLength(0)
    await expectDerived()

    // A refund (as charge.refunded or the admin would) frees exactly one unit, taken by exactly one buyer.
    const [refunded] = (await iconOrders()).filter((o) => o.status === 'paid')
    await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(orders)
        .where(eq(orders.id, refunded?.id as string))
        .for('update')
      if (row) await applyOrderStatusChange(tx, row, 'refunded', new Date())
    })
    await expectDerived()
    expect((await checkoutAll(3)).filter((r) => r.status === 200)).toHaveLength(1)
    const live = (await iconOrders()).filter((o) => o.status === 'paid' || o.status === 'pending')
    expect(live).toHaveLength(ICON_TOTAL)
    await expectDerived()
  }, 120_000)
})
