// @engines pglite postgres
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailings } from '#server/db/schema.ts'
import { loggedLines } from '#server/test/log-lines.ts'
import { insertDays } from '#server/test/offer-test-helpers.ts'
import { createTestApp, type TestApp } from '#server/test/test-app.ts'
import { makeDueOffers, makeMailingOffers } from './offer-round.service.ts'
import { offerRoundContext } from './offers-task.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('the offers round, one mailing at a time', () => {
  it('makes the other mailings’ offers when one fails, and logs the one that failed', async () => {
    await insertDays(t, '2027-09', 1, 3)
    await insertDays(t, '2027-10', 1, 3)
    const { logger, lines } = loggedLines()
    const made = await makeDueOffers(offerRoundContext(t.deps, logger), new Date(), (ctx, month, now) =>
      month === '2027-09'
        ? Promise.reject(new Error('cannot offer this mailing'))
        : makeMailingOffers(ctx, month, now),
    )
    // The seeded months are due too; the one that failed is not among those made.
    expect(made).toContainEqual({ month: '2027-10', offers: 0 })
    expect(made.map((m) => m.month)).not.toContain('2027-09')
    const [failed] = await t.db.select().from(mailings).where(eq(mailings.month, '2027-09'))
    // Not claimed: the next round tries it again.
    expect(failed?.offersMadeAt).toBeNull()
    expect(lines).toEqual([
      expect.objectContaining({
        level: 50,
        month: '2027-09',
        err: expect.objectContaining({ message: 'cannot offer this mailing' }),
      }),
    ])
  })
})
