// @engines pglite postgres
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailings, orderArtwork, orders, outbox } from '#server/db/schema.ts'
import { loggedLines } from '#server/test/log-lines.ts'
import { paidDayIn } from '#server/test/offer-test-helpers.ts'
import { createTestApp, type TestApp } from '#server/test/test-app.ts'
import { queueProofChecks, sendDueProofChecks } from './ad-approval.service.ts'
import { noticeContext } from './artwork.routes.ts'
import { sendDueArtworkReminders } from './artwork-notices.ts'

/**
 * The artwork reminders' 5-minute task does each mailing on its own: a mailing whose e-mails cannot be
 * made is logged, and the mailings after it still get theirs.
 */
let t: TestApp
const DAY_MS = 24 * 60 * 60 * 1000
const BAD = '2027-05'
const GOOD = '2027-06'
const due = new Date(Date.now() + 10 * DAY_MS)
let goodLine: typeof orders.$inferSelect

beforeAll(async () => {
  t = await createTestApp()
  const badId = await paidDayIn(t, `${BAD}-10`, { businessName: 'Bad Row Cafe', email: 'bad@rounds.example' })
  const goodId = await paidDayIn(t, `${GOOD}-10`, {
    businessName: 'Good Row Deli',
    email: 'good@rounds.example',
  })
  for (const month of [BAD, GOOD])
    await t.db
      .update(mailings)
      .set({ status: 'open', artworkDueAt: due, proofBuiltAt: new Date(Date.now() + 60_000) })
      .where(eq(mailings.month, month))
  // A received file whose inspection is not one: the print check of its line throws.
  await t.db.insert(orderArtwork).values({
    orderId: badId,
    fileKey: 'artwork/bad.png',
    fileName: 'bad.png',
    contentType: 'image/png',
    sizeBytes: 1,
    inspection: sql`'null'::jsonb`,
    state: 'received',
    uploadedAt: new Date(),
  })
  goodLine = (await t.db.select().from(orders).where(eq(orders.id, goodId)))[0] as typeof goodLine
})
afterAll(() => t.close())

const mailsTo = (email: string, kind: string) =>
  t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.toAddress, email), eq(outbox.kind, kind)))

describe('the artwork reminders task, one mailing at a time', () => {
  it('reminds the other mailings when one fails, and logs the one that failed', async () => {
    const { logger, lines } = loggedLines()
    const queued = await sendDueArtworkReminders(
      { ...noticeContext(t.deps), logger },
      new Date(due.getTime() - 6.5 * DAY_MS),
    )
    expect(queued).toBe(1)
    const [mail] = await mailsTo(goodLine.email, 'artwork_reminder')
    expect(mail?.dedupeKey).toBe(`artwork-reminder:${goodLine.purchaseId}:${GOOD}:7d`)
    expect(lines).toEqual([
      expect.objectContaining({ level: 50, month: BAD, stage: '7d', err: expect.anything() }),
    ])
  })

  it('asks the other mailings’ advertisers to check their ad when one mailing fails', async () => {
    const { logger, lines } = loggedLines()
    const ctx = { ...noticeContext(t.deps), secret: t.deps.authSecret, logger }
    const queued = await sendDueProofChecks(ctx, new Date(), (c, month, now) =>
      month === BAD
        ? Promise.reject(new Error('cannot check this mailing'))
        : queueProofChecks(c, month, now),
    )
    expect(queued).toBe(1)
    expect(await mailsTo(goodLine.email, 'proof_ready')).toHaveLength(1)
    expect(lines).toEqual([
      expect.objectContaining({
        level: 50,
        month: BAD,
        err: expect.objectContaining({ message: 'cannot check this mailing' }),
      }),
    ])
  })
})
