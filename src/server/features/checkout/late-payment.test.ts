import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { rowsOf } from '#server/db/rows.ts'
import { calendarDays, mapIcons, orders, outbox, refunds as refundRecords } from '#server/db/schema.ts'
import { createLogger } from '#server/lib/logger.ts'
import type { PaymentProvider } from '#server/lib/payments/payment-provider.ts'
import {
  callFunction,
  dayById,
  firstOpenMonth,
  iconById,
  insertDayInReopenedMailing,
  NO_HOLD_LIMITS,
  ordersOfSession,
  outboxRows,
  resetIconStock,
  seededDays,
  sessionIdOf,
} from '#server/test/checkout-test-helpers.ts'
import { ADMIN, createTestApp, type TestApp } from '#server/test/test-app.ts'
import { todayInTimeZone } from '#shared/dates.ts'
import type { MapIconsResponse } from '#shared/dto.ts'
import { REFUND_ALERT_AFTER_ATTEMPTS, REFUND_LEASE_MS, runDueRefunds } from '../orders/refunds.service.ts'
import { type CheckoutContext, checkoutContext } from './checkout-context.ts'
import { sweepExpiredHolds } from './hold-sweeper.ts'
import { applyPayment, confirmCheckoutPayment } from './payment-confirmation.service.ts'

/**
 * Holds, payments and icons: a hold whose time has passed is no claim, swept or not; paying it
 * goes through the late-payment rule; the refund that rule owes is a durable, retried job.
 */
let t: TestApp
let cookie: string
beforeAll(async () => {
  t = await createTestApp({ env: NO_HOLD_LIMITS })
  await t.createAdmin()
  cookie = await t.signIn(ADMIN)
})
afterAll(() => t.close())
beforeEach(async () => {
  await t.db.delete(outbox)
  await t.db.delete(refundRecords)
  await t.db.delete(orders)
  await t.db.update(calendarDays).set({ status: 'available', businessName: null })
  await resetIconStock(t)
})

const ctx = (payments?: PaymentProvider, now?: () => Date): CheckoutContext => ({
  ...checkoutContext(t.deps, createLogger('silent')),
  ...(payments ? { payments } : {}),
  ...(now ? { now } : {}),
})

async function checkout(who: string, dayIds: string[], mapIconId: string | null = null) {
  const { status, body } = await callFunction(t, 'create-cart-checkout-session', {
    businessName: who,
    email: `${who.toLowerCase().replace(/\W/g, '')}@example.com`,
    calendarDayIds: dayIds,
    mapIconId,
    discount: dayIds.length >= 2 ? 10 : 0,
  })
  return { status, sessionId: status === 200 ? sessionIdOf(body.sessionUrl) : '', body }
}

/** The hold's time passes, and no sweeper runs. */
async function lapse(sessionId: string) {
  await t.db
    .update(orders)
    .set({ expiresAt: new Date(Date.now() - 60_000) })
    .where(eq(orders.paymentSessionId, sessionId))
}

async function insertIcon(total: number) {
  const [icon] = await t.db
    .insert(mapIcons)
    .values({
      name: `Small ${total}`,
      size: 'small',
      priceCents: 5000,
      totalQuantity: total,
    })
    .returning()
  if (!icon) throw new Error('no icon')
  return icon
}

/**
 * What the public icon list answers (GET /api/map-icons, through the read cache) beside stock − paid − live
 * holds, counted here independently, in the mailing these checkouts sell the icon in (the next one open for
 * sale).
 */
async function derivedAvailable(iconId: string) {
  const month = await firstOpenMonth(t)
  const [row] = rowsOf<{ derived: number }>(
    await t.db.execute(sql`
      select (s.quantity - (select count(*) from orders o
        where o.map_icon_id = s.icon_id and o.mailing_month = s.month and (o.status = 'paid'
          or (o.status = 'pending' and (o.expires_at is null or o.expires_at > now())))))::int as derived
      from mailing_icon_stock s where s.icon_id = ${iconId}::uuid and s.month = ${month}`),
  )
  const { icons } = (await (await t.request('/api/map-icons')).json()) as MapIconsResponse
  const listed = icons.find((i) => i.id === iconId)?.stock.find((s) => s.month === month)
  return { listed: listed?.availableQuantity, derived: Number(row?.derived) }
}

async function paidIconOrders(iconId: string) {
  return t.db
    .select()
    .from(orders)
    .where(and(eq(orders.mapIconId, iconId), eq(orders.status, 'paid')))
}

describe('a lapsed hold, swept or not', () => {
  it('paying a lapsed, unswept icon hold after others took the units is refused and refunded: never oversold', async () => {
    const icon = await insertIcon(2)
    const late = await checkout('Late Co', [], icon.id)
    await lapse(late.sessionId)
    // The lapsed hold is no claim: two other buyers take both units.
    const b = await checkout('B Co', [], icon.id)
    const c = await checkout('C Co', [], icon.id)
    expect([b.status, c.status]).toEqual([200, 200])
    for (const s of [b, c]) await t.request(`/pay/${s.sessionId}/complete`, { method: 'POST' })

    // The late buyer pays on the local page, which still shows the (lapsed) session as open.
    const paid = await t.request(`/pay/${late.sessionId}/complete`, { method: 'POST' })
    expect(paid.status).toBe(303)
    expect((await ordersOfSession(t, late.sessionId)).map((o) => o.status)).toEqual(['refunded'])
    expect(await paidIconOrders(icon.id)).toHaveLength(2)
    expect(await derivedAvailable(icon.id)).toEqual({ listed: 0, derived: 0 })
    const [job] = await t.db.select().from(refundRecords)
    expect(job).toMatchObject({
      idempotencyKey: `late-payment:${late.sessionId}`,
      provider: 'local',
      kind: 'late_payment',
      purchaseId: late.sessionId,
      reason: 'the map icon had sold out',
      status: 'succeeded',
      attempts: 1,
    })
    expect((await outboxRows(t)).filter((m) => m.kind === 'admin_late_payment_refunded')).toHaveLength(1)
    expect((await outboxRows(t)).filter((m) => m.kind === 'late_payment_refunded')).toMatchObject([
      { toAddress: 'lateco@example.com' },
    ])
  })

  it('a lapsed, unswept icon hold paid while a unit is still free is accepted', async () => {
    const icon = await insertIcon(2)
    const late = await checkout('Late Co', [], icon.id)
    await lapse(late.sessionId)
    expect((await checkout('B Co', [], icon.id)).status).toBe(200)
    expect(await confirmCheckoutPayment(ctx(), late.sessionId, 'local_pay_x')).toEqual({ outcome: 'paid' })
    expect(await derivedAvailable(icon.id)).toEqual({ listed: 0, derived: 0 })
    expect(await t.db.select().from(refundRecords)).toEqual([])
  })

  it('a day held by a lapsed, unswept hold is sold to the next buyer; the late payment is refunded', async () => {
    const [day, other] = await seededDays(t, 2)
    const late = await checkout('Late Co', [day?.id as string, other?.id as string])
    await lapse(late.sessionId)
    const rival = await checkout('Rival', [day?.id as string])
    expect(rival.status).toBe(200)
    // The lapsed session's order for that day is expired inline; its other day is left to the sweeper.
    const lateOrders = await ordersOfSession(t, late.sessionId)
    expect(lateOrders.find((o) => o.dayId === day?.id)?.status).toBe('expired')
    expect(lateOrders.find((o) => o.dayId === other?.id)?.status).toBe('pending')
    expect(await dayById(t, day?.id as string)).toMatchObject({
      status: 'reserved_pending',
      businessName: 'Rival',
    })

    expect((await confirmCheckoutPayment(ctx(), late.sessionId, 'local_pay_late')).outcome).toBe('refunded')
    expect((await ordersOfSession(t, late.sessionId)).map((o) => o.status)).toEqual(['refunded', 'refunded'])
    expect(await dayById(t, other?.id as string)).toMatchObject({ status: 'available', businessName: null })
    expect(await dayById(t, day?.id as string)).toMatchObject({
      status: 'reserved_pending',
      businessName: 'Rival',
    })
    await t.request(`/pay/${rival.sessionId}/complete`, { method: 'POST' })
    expect(await dayById(t, day?.id as string)).toMatchObject({ status: 'reserved', businessName: 'Rival' })
  })

  it('a late payment for a day that has passed meanwhile is refunded: past days are never sold', async () => {
    // Today's mailing reopened, selling for three more days: only the day's date stops the late payment.
    const today = await insertDayInReopenedMailing(
      t,
      todayInTimeZone(t.deps.config.timeZone),
      new Date(Date.now() + 3 * 86_400_000),
    )
    try {
      const late = await checkout('Late Co', [today.id])
      expect(late.status).toBe(200)
      const tomorrow = new Date(Date.now() + 26 * 3600_000)
      expect(
        (
          await confirmCheckoutPayment(
            ctx(undefined, () => tomorrow),
            late.sessionId,
            'local_pay_old',
          )
        ).outcome,
      ).toBe('refunded')
      expect(await dayById(t, today.id)).toMatchObject({ status: 'available', businessName: null })
      expect((await t.db.select().from(refundRecords))[0]?.reason).toBe('its day had passed')
    } finally {
      await t.db.delete(refundRecords)
      await today.remove()
    }
  })

  it('the lapsed hold’s payment and a new checkout of its day at once: exactly one gets the day', async () => {
    const days = await seededDays(t, 6)
    for (const day of days) {
      const late = await checkout('Late Co', [day.id])
      await lapse(late.sessionId)
      const [payment, rival] = await Promise.all([
        confirmCheckoutPayment(ctx(), late.sessionId, 'local_pay_race'),
        checkout('Rival', [day.id]),
      ])
      const live = await t.db
        .select()
        .from(orders)
        .where(and(eq(orders.dayId, day.id), inArray(orders.status, ['pending', 'paid'])))
      expect(live).toHaveLength(1)
      if (payment.outcome === 'paid') {
        expect(rival.status).toBe(409)
        expect(live[0]?.businessName).toBe('Late Co')
      } else {
        expect(payment.outcome).toBe('refunded')
        expect(rival.status).toBe(200)
        expect(live[0]?.businessName).toBe('Rival')
      }
    }
  })
})

describe('the late-payment refund is a durable job', () => {
  async function refusedLatePayment(payments: PaymentProvider) {
    const [day] = await seededDays(t, 1)
    const late = await checkout('Late Co', [day?.id as string])
    await sweepExpiredHolds(t.db, new Date(Date.now() + 60 * 60_000))
    await t.db.update(calendarDays).set({ status: 'reserved', businessName: 'Manual' })
    await t.db.delete(outbox)
    expect((await confirmCheckoutPayment(ctx(payments), late.sessionId, 'pi_x')).outcome).toBe('refunded')
    return late.sessionId
  }

  it('is retried with backoff, shows pending, alerts the administrator once after 5 failures, and completes', async () => {
    let failing = true
    const calls: [string, string][] = []
    const provider: PaymentProvider = {
      ...t.deps.payments,
      refund: async (ref, key) => {
        calls.push([ref, key])
        if (failing) throw new Error('provider down')
        return { id: null, status: 'succeeded' }
      },
    }
    const sessionId = await refusedLatePayment(provider)
    // The first attempt right after the decision failed: the job waits, the order shows refund pending.
    const [job] = await t.db.select().from(refundRecords)
    expect(job).toMatchObject({
      status: 'requested',
      attempts: 1,
      lastError: 'provider down',
      alertedAt: null,
    })
    expect(calls).toEqual([['pi_x', `late-payment:${sessionId}`]])
    expect((await outboxRows(t)).map((m) => m.kind)).toEqual([
      'admin_late_payment_refunded',
      'late_payment_refunded',
    ])

    // Not due again before its backoff.
    expect(await runDueRefunds(ctx(provider))).toEqual({ done: 0, failed: 0 })
    let clock = Date.now()
    for (let attempt = 2; attempt <= REFUND_ALERT_AFTER_ATTEMPTS + 1; attempt++) {
      clock += 2 * 3600_000
      expect(await runDueRefunds(ctx(provider, () => new Date(clock)))).toEqual({ done: 0, failed: 1 })
      const alerts = (await outboxRows(t)).filter((m) => m.kind === 'admin_refund_failed')
      expect(alerts, `after attempt ${attempt}`).toHaveLength(attempt >= REFUND_ALERT_AFTER_ATTEMPTS ? 1 : 0)
    }
    const alert = (await outboxRows(t)).find((m) => m.kind === 'admin_refund_failed')
    expect(alert?.textBody).toContain('has failed 5 times. Last error: provider down')
    expect(await t.db.select().from(refundRecords)).toEqual([
      expect.objectContaining({ status: 'requested', attempts: REFUND_ALERT_AFTER_ATTEMPTS + 1 }),
    ])

    failing = false
    clock += 2 * 3600_000
    expect(await runDueRefunds(ctx(provider, () => new Date(clock)))).toEqual({ done: 1, failed: 0 })
    expect(await t.db.select().from(refundRecords)).toEqual([
      expect.objectContaining({ status: 'succeeded' }),
    ])
    expect(calls).toHaveLength(REFUND_ALERT_AFTER_ATTEMPTS + 2)
    expect(new Set(calls.map(([, key]) => key))).toEqual(new Set([`late-payment:${sessionId}`]))
    clock += 2 * 3600_000
    expect(await runDueRefunds(ctx(provider, () => new Date(clock)))).toEqual({ done: 0, failed: 0 })
  })

  it('a job leased by a worker that died is taken up again after the lease, with the same key', async () => {
    const calls: string[] = []
    const hanging: PaymentProvider = { ...t.deps.payments, refund: () => new Promise(() => {}) }
    const sessionId = await (async () => {
      const [day] = await seededDays(t, 1)
      const late = await checkout('Late Co', [day?.id as string])
      await sweepExpiredHolds(t.db, new Date(Date.now() + 60 * 60_000))
      await t.db.update(calendarDays).set({ status: 'reserved', businessName: 'Manual' })
      // The decision commits; the worker that claims the job then never answers (killed mid-call).
      const decided = await t.db.transaction((tx) =>
        applyPayment(tx, ctx(hanging), late.sessionId, 'pi_dead'),
      )
      expect(decided.outcome).toBe('refunded')
      void runDueRefunds(ctx(hanging))
      return late.sessionId
    })()
    await expect.poll(async () => (await t.db.select().from(refundRecords))[0]?.attempts).toBe(1)
    const counting: PaymentProvider = {
      ...t.deps.payments,
      refund: async (_ref, key) => {
        calls.push(key)
        return { id: null, status: 'succeeded' }
      },
    }
    expect(await runDueRefunds(ctx(counting))).toEqual({ done: 0, failed: 0 })
    const afterLease = new Date(Date.now() + REFUND_LEASE_MS + 1000)
    expect(await runDueRefunds(ctx(counting, () => afterLease))).toEqual({ done: 1, failed: 0 })
    expect(calls).toEqual([`late-payment:${sessionId}`])
  })

  it('two workers at once refund each job once', async () => {
    const calls: string[] = []
    const slow: PaymentProvider = {
      ...t.deps.payments,
      refund: async (_ref, key) => {
        calls.push(key)
        await new Promise((resolve) => setTimeout(resolve, 50))
        return { id: null, status: 'succeeded' }
      },
    }
    const failing: PaymentProvider = {
      ...t.deps.payments,
      refund: async () => {
        throw new Error('down')
      },
    }
    const days = await seededDays(t, 4)
    const sessions: string[] = []
    for (const day of days) {
      const late = await checkout(`Late ${sessions.length}`, [day.id])
      sessions.push(late.sessionId)
    }
    await sweepExpiredHolds(t.db, new Date(Date.now() + 60 * 60_000))
    await t.db.update(calendarDays).set({ status: 'reserved', businessName: 'Manual' })
    for (const sessionId of sessions)
      expect((await confirmCheckoutPayment(ctx(failing), sessionId, `pi_${sessionId}`)).outcome).toBe(
        'refunded',
      )
    const later = () => new Date(Date.now() + 3600_000)
    const rounds = await Promise.all(
      [1, 2, 3, 4].map(() => runDueRefunds(ctx(slow, later), { batchSize: 2 })),
    )
    expect(rounds.reduce((n, r) => n + r.done, 0)).toBe(4)
    expect(calls.sort()).toEqual(sessions.map((s) => `late-payment:${s}`).sort())
    expect(await runDueRefunds(ctx(slow, () => new Date(Date.now() + 10 * 3600_000)))).toEqual({
      done: 0,
      failed: 0,
    })
  })
})

describe('the icon is derived: total − paid − live holds', () => {
  it('an administrator deleting a paid icon order makes the unit available again', async () => {
    const icon = await insertIcon(1)
    const a = await checkout('A Co', [], icon.id)
    await t.request(`/pay/${a.sessionId}/complete`, { method: 'POST' })
    expect((await iconById(t, icon.id))?.availableQuantity).toBe(0)
    expect((await checkout('B Co', [], icon.id)).status).toBe(409)
    const [order] = await ordersOfSession(t, a.sessionId)
    const deleted = await t.request(`/api/admin/orders/${order?.id}`, { method: 'DELETE', cookie })
    expect(deleted.status).toBeLessThan(300)
    expect(await derivedAvailable(icon.id)).toEqual({ listed: 1, derived: 1 })
    expect((await checkout('B Co', [], icon.id)).status).toBe(200)
    expect(await derivedAvailable(icon.id)).toEqual({ listed: 0, derived: 0 })
  })

  it('an administrator refunding a paid icon order makes the unit available again', async () => {
    const icon = await insertIcon(1)
    const a = await checkout('A Co', [], icon.id)
    await t.request(`/pay/${a.sessionId}/complete`, { method: 'POST' })
    const [order] = await ordersOfSession(t, a.sessionId)
    // With the Refund action: the status select no longer refunds.
    const refunded = await t.request('/api/admin/refunds', {
      method: 'POST',
      cookie,
      json: { orderIds: [order?.id], reason: 'Cancelled' },
    })
    expect(refunded.status).toBe(201)
    expect(await derivedAvailable(icon.id)).toEqual({ listed: 1, derived: 1 })
    expect((await checkout('B Co', [], icon.id)).status).toBe(200)
  })
})

describe('an order an administrator sets back to pending', () => {
  it('has no expiry: the sweeper never expires it, however late', async () => {
    const [day] = await seededDays(t, 1)
    const late = await checkout('Late Co', [day?.id as string])
    await sweepExpiredHolds(t.db, new Date(Date.now() + 60 * 60_000))
    const [order] = await ordersOfSession(t, late.sessionId)
    expect(order?.status).toBe('expired')
    const response = await t.request(`/api/admin/orders/${order?.id}`, {
      method: 'PATCH',
      cookie,
      json: { status: 'pending' },
    })
    expect(response.status).toBe(200)
    expect((await ordersOfSession(t, late.sessionId))[0]).toMatchObject({
      status: 'pending',
      expiresAt: null,
    })
    expect(await sweepExpiredHolds(t.db, new Date(Date.now() + 365 * 24 * 3600_000))).toBe(0)
    expect((await ordersOfSession(t, late.sessionId))[0]?.status).toBe('pending')
    expect(await dayById(t, day?.id as string)).toMatchObject({
      status: 'reserved_pending',
      businessName: 'Late Co',
    })
  })
})
