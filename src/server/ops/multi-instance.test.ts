// @engines postgres
import { and, asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  callFunction,
  iconById,
  NO_HOLD_LIMITS,
  seededDays,
  seededIcon,
} from '#server/test/checkout-test-helpers.ts'
import { openPostgres } from '../db/client.ts'
import { calendarDays, mapIcons, orderHistory, orders, outbox, siteSettings } from '../db/schema.ts'
import { sweepExpiredHolds } from '../features/checkout/hold-sweeper.ts'
import { createLogger } from '../lib/logger.ts'
import type { Mailer, MailMessage } from '../lib/mailer/mailer.ts'
import { enqueueEmail, startOutboxWorker } from '../lib/mailer/outbox.ts'
import { ADMIN, createTestApp, type TestApp } from '../test/test-app.ts'
import { createPostgresTestDatabase, testEngine } from '../test/test-database.ts'

/**
 * Two app instances (each its own pool, its own auth, its own workers) on ONE PostgreSQL database, as
 * behind a load balancer: what one instance does must hold for the other, and background work running in
 * both at once must act once. PGlite is one process per folder, so this is PostgreSQL only.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A Mailer that records what it was given (and takes a little time, like SMTP does). */
function countingMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = []
  return {
    sent,
    async send(message) {
      await sleep(1 + Math.random() * 4)
      sent.push(message)
    },
    close() {},
  }
}

describe.skipIf(testEngine !== 'postgres')('two instances on one PostgreSQL database', () => {
  let drop: () => Promise<void>
  let a: TestApp
  let b: TestApp

  beforeAll(async () => {
    const created = await createPostgresTestDatabase()
    drop = created.drop
    // Started together and without BETTER_AUTH_SECRET: they must seed once and share the stored secret.
    // The checkouts below all come from the test app's one address: no hold limits.
    const env = { BETTER_AUTH_SECRET: '', ...NO_HOLD_LIMITS }
    ;[a, b] = await Promise.all([
      createTestApp({ database: openPostgres(created.url), env }),
      createTestApp({ database: openPostgres(created.url), env }),
    ])
  })

  afterAll(async () => {
    await a?.close()
    await b?.close()
    await drop?.()
  })

  it('starting together seeds the catalogue once and both use one auth secret', async () => {
    expect(await a.db.select({ id: mapIcons.id }).from(mapIcons)).toHaveLength(2)
    const secrets = await a.db.select().from(siteSettings).where(eq(siteSettings.key, 'auth_secret'))
    expect(secrets).toHaveLength(1)
  })

  it('a session signed in on instance A works on instance B, and signing out on B ends it on A', async () => {
    await a.createAdmin()
    const cookie = await a.signIn(ADMIN)
    expect((await b.request('/api/admin/checkouts')).status).toBe(401)
    const viaB = await b.request('/api/admin/checkouts', { cookie })
    expect(viaB.status).toBe(200)
    expect((await a.request('/api/admin/checkouts', { cookie })).status).toBe(200)

    const out = await b.request('/api/auth/sign-out', { method: 'POST', json: {}, cookie })
    expect(out.status).toBe(200)
    expect((await a.request('/api/admin/checkouts', { cookie })).status).toBe(401)
  })

  it('a hold sweep running in both instances at once releases each lapsed hold exactly once', async () => {
    const days = await seededDays(a, 40)
    const icon = await seededIcon(a)
    // Holds made through both instances' checkout endpoints, every fifth one with the icon.
    const results = await Promise.all(
      days.map((day, i) =>
        callFunction(i % 2 === 0 ? a : b, 'create-cart-checkout-session', {
          calendarDayIds: [day.id],
          mapIconId: i % 5 === 0 ? icon.id : null,
          businessName: `Sweep ${i}`,
          email: `sweep${i}@example.com`,
          discount: 0,
        }),
      ),
    )
    expect(results.map((r) => r.status)).toEqual(days.map(() => 200))
    const held = await a.db.select({ id: orders.id }).from(orders).where(eq(orders.status, 'pending'))
    expect(held).toHaveLength(48)
    // The icon's holds are in the next open mailing (stock is per mailing).
    expect((await iconById(a, icon.id))?.availableQuantity).toBe(icon.totalQuantity - 8)

    // Both sweepers, small batches, as if their minute came at the same moment long after the holds lapsed.
    const later = new Date(Date.now() + 2 * 3600_000)
    const sweepUntilDone = async (t: TestApp) => {
      let released = 0
      for (
        let n = await sweepExpiredHolds(t.db, later, 3);
        n > 0;
        n = await sweepExpiredHolds(t.db, later, 3)
      )
        released += n
      return released
    }
    const [byA, byB] = await Promise.all([sweepUntilDone(a), sweepUntilDone(b)])
    expect(byA + byB).toBe(48)
    expect(byA).toBeGreaterThan(0)
    expect(byB).toBeGreaterThan(0)

    // Exactly one pending → expired step per order in its history, and every day free again.
    const steps = await a.db
      .select({ orderId: orderHistory.orderId, n: sql<number>`count(*)::int` })
      .from(orderHistory)
      .where(and(eq(orderHistory.fromStatus, 'pending'), eq(orderHistory.toStatus, 'expired')))
      .groupBy(orderHistory.orderId)
    expect(steps).toHaveLength(48)
    expect(steps.every((s) => s.n === 1)).toBe(true)
    expect(await a.db.select({ id: orders.id }).from(orders).where(eq(orders.status, 'pending'))).toEqual([])
    const dayRows = await a.db
      .select({ status: calendarDays.status, businessName: calendarDays.businessName })
      .from(calendarDays)
      .orderBy(asc(calendarDays.date))
    expect(dayRows.filter((d) => d.status !== 'available' || d.businessName !== null)).toEqual([])
    expect((await iconById(a, icon.id))?.availableQuantity).toBe(icon.totalQuantity)
  })

  it('the outbox workers of both instances running at once send each e-mail exactly once', async () => {
    await a.db.delete(outbox)
    const total = 120
    for (let i = 0; i < total; i++)
      await enqueueEmail(a.db, {
        dedupeKey: `multi-instance:${i}`,
        kind: 'test',
        to: `buyer${i}@example.com`,
        subject: `Mail ${i}`,
        text: 'Hello',
      })
    const mailerA = countingMailer()
    const mailerB = countingMailer()
    const logger = createLogger('silent')
    const workers = [
      startOutboxWorker(a.db, { mailer: mailerA, from: 'shop@example.com', logger, intervalMs: 5 }),
      startOutboxWorker(b.db, { mailer: mailerB, from: 'shop@example.com', logger, intervalMs: 5 }),
    ]
    const deadline = Date.now() + 20_000
    const pendingCount = async () =>
      (await a.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.status, 'pending'))).length
    while ((await pendingCount()) > 0 && Date.now() < deadline) await sleep(20)
    for (const worker of workers) worker.stop()
    await sleep(200) // a tick already under way finishes; none may send anything more

    const subjects = [...mailerA.sent, ...mailerB.sent].map((m) => m.subject)
    expect(subjects).toHaveLength(total)
    expect(new Set(subjects).size).toBe(total)
    expect(mailerA.sent.length).toBeGreaterThan(0)
    expect(mailerB.sent.length).toBeGreaterThan(0)
    const rows = await a.db.select({ status: outbox.status, attempts: outbox.attempts }).from(outbox)
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true)
  })
})
