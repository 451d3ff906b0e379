// @engines pglite postgres
import { inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders } from '#server/db/schema.ts'
import { callFunction, dayById, seededDays } from '#server/test/checkout-test-helpers.ts'
import { loggedLines } from '#server/test/log-lines.ts'
import { createTestApp, type TestApp } from '#server/test/test-app.ts'
import { releaseDay } from '../orders/order-status.service.ts'
import { sweepExpiredHolds } from './hold-sweeper.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('the hold sweep, one hold at a time', () => {
  it('releases the other lapsed holds when one fails, keeps that one pending and logs it', async () => {
    const [bad, good] = await seededDays(t, 2)
    if (!bad || !good) throw new Error('two days expected')
    for (const [i, day] of [bad, good].entries()) {
      const started = await callFunction(
        t,
        'create-checkout-session',
        { businessName: `Lapsed Shop ${i}`, email: `lapsed${i}@sweep.example`, dayId: day.id },
        { ip: `198.51.100.${200 + i}` },
      )
      expect(started.status).toBe(200)
    }
    const { logger, lines } = loggedLines()
    const released = await sweepExpiredHolds(t.db, new Date(Date.now() + 24 * 3600_000), 500, {
      logger,
      release: (tx, dayId, ...rest) =>
        dayId === bad.id
          ? Promise.reject(new Error('cannot release this day'))
          : releaseDay(tx, dayId, ...rest),
    })
    expect(released).toBe(1)
    expect((await dayById(t, good.id))?.status).toBe('available')
    expect((await dayById(t, bad.id))?.status).toBe('reserved_pending')
    const held = await t.db
      .select({ dayId: orders.dayId, status: orders.status, id: orders.id })
      .from(orders)
      .where(inArray(orders.dayId, [bad.id, good.id]))
    const badOrder = held.find((o) => o.dayId === bad.id)
    expect(badOrder?.status).toBe('pending')
    expect(held.find((o) => o.dayId === good.id)?.status).toBe('expired')
    expect(lines).toEqual([
      expect.objectContaining({
        level: 50,
        orderId: badOrder?.id,
        err: expect.objectContaining({ message: 'cannot release this day' }),
      }),
    ])
  })
})
