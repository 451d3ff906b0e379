// @engines pglite postgres
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders, refunds } from '#server/db/schema.ts'
import { loggedLines } from '#server/test/log-lines.ts'
import { paidDayIn } from '#server/test/offer-test-helpers.ts'
import { createTestApp, type TestApp } from '#server/test/test-app.ts'
import { runDueRefunds } from './refunds.service.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('the refund worker, one record at a time', () => {
  it('asks about the other records when one attempt throws, and logs the one that threw', async () => {
    const orderId = await paidDayIn(t, '2027-08-10', {
      businessName: 'Refund Shop',
      email: 'refund@worker.example',
    })
    const [line] = await t.db.select().from(orders).where(eq(orders.id, orderId))
    const [bad, good] = await t.db
      .insert(refunds)
      .values(
        ['bad', 'good'].map((name) => ({
          kind: 'admin',
          purchaseId: line?.purchaseId,
          orderIds: [orderId],
          amountCents: 100,
          reason: `refund ${name}`,
          provider: 'local',
          idempotencyKey: `worker-test-${name}`,
          requestedBy: 'admin@example.com',
          nextAttemptAt: new Date(Date.now() - (name === 'bad' ? 2000 : 1000)),
        })),
      )
      .returning()
    const { logger, lines } = loggedLines()
    const asked: string[] = []
    const ctx = { db: t.db, payments: t.deps.payments, config: t.deps.config, logger, now: () => new Date() }
    const result = await runDueRefunds(ctx, {
      attemptOne: async (_ctx, refund) => {
        asked.push(refund.id)
        if (refund.id === bad?.id) throw new Error('cannot attempt this refund')
        return { outcome: 'succeeded' }
      },
    })
    expect(asked).toEqual([bad?.id, good?.id])
    expect(result).toEqual({ done: 1, failed: 1 })
    expect(lines).toEqual([
      expect.objectContaining({
        level: 50,
        refundId: bad?.id,
        err: expect.objectContaining({ message: 'cannot attempt this refund' }),
      }),
    ])
  })
})
