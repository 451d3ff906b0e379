import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { outbox } from '#server/db/schema.ts'
import { loggedLines } from '#server/test/log-lines.ts'
import { parseRawHeaders, type SmtpTestInbox, startSmtpTestInbox } from '#server/test/smtp-test-inbox.ts'
import { createTestApp, type TestApp } from '#server/test/test-app.ts'
import { createLogger } from '../logger.ts'
import type { MailMessage } from './mailer.ts'
import { deliverDueEmails, enqueueEmail, enqueueEmails, LEASE_MS, retryDelayMs } from './outbox.ts'
import { createSmtpMailer } from './smtp-mailer.ts'

let t: TestApp
let inbox: SmtpTestInbox
const logger = createLogger('silent')
beforeAll(async () => {
  inbox = await startSmtpTestInbox()
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
  await inbox.close()
})
beforeEach(async () => {
  await t.db.delete(outbox)
  inbox.messages.length = 0
  inbox.recipients.length = 0
  inbox.rejectNext = 0
})

const mail = (key: string) => ({
  dedupeKey: key,
  kind: 'order_confirmation',
  to: 'joe@diner.example',
  subject: `Order ${key}`,
  text: 'Your order has been confirmed.',
})

describe('outbox delivery over SMTP', () => {
  it('sends each queued mail once, even when two workers run together', async () => {
    const mailer = createSmtpMailer(inbox.url)
    await enqueueEmail(t.db, mail('a'))
    await enqueueEmail(t.db, mail('a')) // the same dedupe key: still one mail
    await enqueueEmail(t.db, mail('b'))
    // The rows were queued at the database's now(), in microseconds; a millisecond on, both are surely due.
    const now = new Date(Date.now() + 1)
    const options = { mailer, from: 'Townflyer <hello@townflyer.example>', logger, now }
    const results = await Promise.all([deliverDueEmails(t.db, options), deliverDueEmails(t.db, options)])
    expect(results[0].sent + results[1].sent).toBe(2)
    expect(inbox.messages).toHaveLength(2)
    expect(inbox.messages[0]?.to).toEqual(['joe@diner.example'])
    expect(inbox.messages[0]?.raw).toContain('From: Townflyer <hello@townflyer.example>')
    expect(inbox.messages[0]?.raw).toContain('Your order has been confirmed.')
    expect((await deliverDueEmails(t.db, options)).sent).toBe(0)
    const rows = await t.db.select().from(outbox)
    expect(rows.every((r) => r.status === 'sent' && r.sentAt && r.attempts === 1)).toBe(true)
    mailer.close()
  })

  it('retries a failed delivery with exponential backoff', async () => {
    const mailer = createSmtpMailer(inbox.url)
    await enqueueEmail(t.db, mail('retry'))
    inbox.rejectNext = 2
    // The row was queued at the database's now(), in microseconds; a millisecond on, it is surely due.
    const start = new Date(Date.now() + 1)
    const options = { mailer, from: 'x@y.example', logger }
    expect(await deliverDueEmails(t.db, { ...options, now: start })).toMatchObject({ sent: 0, failed: 1 })
    let [row] = await t.db.select().from(outbox)
    expect(row).toMatchObject({ status: 'pending', attempts: 1 })
    expect(row?.lastError).toContain('try again later')
    expect(row?.nextAttemptAt.getTime()).toBe(start.getTime() + retryDelayMs(1))
    // Not due yet: nothing happens.
    expect(await deliverDueEmails(t.db, { ...options, now: new Date(start.getTime() + 1000) })).toMatchObject(
      { failed: 0, sent: 0 },
    )
    const second = new Date(start.getTime() + retryDelayMs(1))
    await deliverDueEmails(t.db, { ...options, now: second })
    ;[row] = await t.db.select().from(outbox)
    expect(row?.nextAttemptAt.getTime()).toBe(second.getTime() + retryDelayMs(2))
    await deliverDueEmails(t.db, { ...options, now: new Date(second.getTime() + retryDelayMs(2)) })
    ;[row] = await t.db.select().from(outbox)
    expect(row).toMatchObject({ status: 'sent', attempts: 3 })
    expect(inbox.messages).toHaveLength(1)
    mailer.close()
  })

  it('sends the rest of the batch when one row cannot even be marked failed, and logs that row', async () => {
    const smtp = createSmtpMailer(inbox.url)
    // A mailer that fails one mail with a thrown value that is no error and has no text.
    const mailer = {
      send: (message: MailMessage) =>
        message.subject === 'Order bad' ? Promise.reject(Object.create(null)) : smtp.send(message),
      close: () => smtp.close(),
    }
    await enqueueEmails(t.db, [mail('bad'), mail('good')])
    const { logger: seen, lines } = loggedLines()
    const result = await deliverDueEmails(t.db, {
      mailer,
      from: 'x@y.example',
      logger: seen,
      now: new Date(Date.now() + 1),
    })
    expect(result).toMatchObject({ sent: 1 })
    expect(inbox.messages).toHaveLength(1)
    const [bad] = await t.db.select().from(outbox).where(eq(outbox.dedupeKey, 'bad'))
    expect(lines).toEqual([expect.objectContaining({ level: 50, outboxId: bad?.id, err: expect.anything() })])
    mailer.close()
  })

  it('never hands an address list or a header-injecting address to the SMTP server', async () => {
    const mailer = createSmtpMailer(inbox.url)
    // Rows written before addresses were validated (or by any future path that forgets to).
    await enqueueEmail(t.db, { ...mail('list'), to: 'a@b.co, c@d.co' })
    await enqueueEmail(t.db, { ...mail('header'), to: 'a@b.co\r\nBcc: x@evil.example' })
    await enqueueEmail(t.db, mail('fine'))
    const now = new Date(Date.now() + 1) // surely after the database's now() that queued the rows
    const result = await deliverDueEmails(t.db, { mailer, from: 'x@y.example', logger, now })
    expect(result).toMatchObject({ sent: 1, failed: 2 })
    expect(inbox.recipients).toEqual(['joe@diner.example'])
    expect(inbox.messages.map((m) => m.to)).toEqual([['joe@diner.example']])
    const rows = await t.db.select().from(outbox)
    for (const key of ['list', 'header']) {
      const row = rows.find((r) => r.dedupeKey === key)
      // Failed for good at once (no retry can make it sendable), with the reason for the operator.
      expect(row).toMatchObject({ status: 'failed', attempts: 1 })
      expect(row?.lastError).toMatch(/not a single e-mail address/)
    }
    // The SMTP adapter refuses it on its own too, whoever calls it.
    await expect(
      mailer.send({ from: 'x@y.example', to: 'a@b.co,c@d.co', subject: 's', text: 't' }),
    ).rejects.toThrow(/not a single e-mail address/)
    expect(inbox.recipients).toEqual(['joe@diner.example'])
    mailer.close()
  })

  it('stores extra headers with the mail and hands them to the SMTP server', async () => {
    const mailer = createSmtpMailer(inbox.url)
    const headers = {
      'List-Unsubscribe': '<https://townflyer.example/api/unsubscribe?e=joe%40diner.example&t=abc_-123>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    }
    await enqueueEmail(t.db, { ...mail('with-headers'), headers })
    const [row] = await t.db.select().from(outbox)
    expect(row?.headers).toEqual(headers)
    const now = new Date(Date.now() + 1)
    expect(await deliverDueEmails(t.db, { mailer, from: 'x@y.example', logger, now })).toMatchObject({
      sent: 1,
    })
    const received = parseRawHeaders(inbox.messages[0]?.raw ?? '')
    expect(received.get('list-unsubscribe')).toEqual([headers['List-Unsubscribe']])
    expect(received.get('list-unsubscribe-post')).toEqual(['List-Unsubscribe=One-Click'])
    mailer.close()
  })

  it('enqueueEmails queues many mails at once and counts only the new ones', async () => {
    const many = Array.from({ length: 1203 }, (_, i) => mail(`bulk-${i}`))
    expect(await enqueueEmails(t.db, many)).toBe(1203)
    expect(await enqueueEmails(t.db, [...many.slice(0, 3), mail('bulk-new')])).toBe(1)
    expect(await t.db.$count(outbox)).toBe(1204)
  })

  it('refuses a header with a line break, a bad name or a reserved name, at enqueue and at delivery', async () => {
    const bad: Record<string, string>[] = [
      { 'List-Unsubscribe': '<https://x.example>\r\nBcc: x@evil.example' },
      { 'List-Unsubscribe': '<https://x.example>\nBcc: x@evil.example' },
      { 'X-Injected\r\nBcc': 'x@evil.example' },
      { 'Bad Name': 'x' },
      { Bcc: 'x@evil.example' },
      { 'X-Long': 'x'.repeat(1000) },
    ]
    for (const headers of bad)
      await expect(enqueueEmail(t.db, { ...mail('refused'), headers })).rejects.toThrow(
        /Refused to send: the header/,
      )
    expect(await t.db.$count(outbox)).toBe(0)

    // A row stored some other way fails for good at delivery, and the SMTP server never sees it.
    const mailer = createSmtpMailer(inbox.url)
    await t.db.insert(outbox).values({
      dedupeKey: 'stored-bad-header',
      kind: 'test',
      toAddress: 'joe@diner.example',
      subject: 's',
      textBody: 't',
      headers: { 'X-Note': 'a\r\nBcc: x@evil.example' },
    })
    const now = new Date(Date.now() + 1)
    expect(await deliverDueEmails(t.db, { mailer, from: 'x@y.example', logger, now })).toMatchObject({
      sent: 0,
      failed: 1,
    })
    const [row] = await t.db.select().from(outbox)
    expect(row).toMatchObject({ status: 'failed', attempts: 1 })
    expect(row?.lastError).toMatch(/line break/)
    expect(inbox.recipients).toEqual([])
    // The SMTP adapter refuses it on its own too.
    await expect(
      mailer.send({ from: 'x@y.example', to: 'a@b.co', subject: 's', text: 't', headers: { 'X-A': 'a\nb' } }),
    ).rejects.toThrow(/line break/)
    expect(inbox.recipients).toEqual([])
    mailer.close()
  })

  it('without SMTP the mails stay in the outbox and are noticed once', async () => {
    await enqueueEmail(t.db, mail('kept'))
    expect(await deliverDueEmails(t.db, { mailer: undefined, from: 'x@y.example', logger })).toMatchObject({
      noticed: 1,
    })
    expect(await deliverDueEmails(t.db, { mailer: undefined, from: 'x@y.example', logger })).toMatchObject({
      noticed: 0,
    })
    const [row] = await t.db.select().from(outbox)
    expect(row).toMatchObject({ status: 'pending', attempts: 0 })
    expect(row?.noticedAt).toBeInstanceOf(Date)
  })

  it('a claimed row is leased: another worker does not pick it up while it is being sent', async () => {
    await enqueueEmail(t.db, mail('lease'))
    const now = new Date(Date.now() + 1) // surely after the database's now() that queued the row

    const hanging = { send: () => new Promise<void>(() => {}), close: () => {} }
    void deliverDueEmails(t.db, { mailer: hanging, from: 'x@y.example', logger, now })
    await new Promise((resolve) => setTimeout(resolve, 300))
    const [row] = await t.db.select().from(outbox)
    expect(row?.nextAttemptAt.getTime()).toBe(now.getTime() + LEASE_MS)
    const mailer = createSmtpMailer(inbox.url)
    expect((await deliverDueEmails(t.db, { mailer, from: 'x@y.example', logger, now })).sent).toBe(0)
    mailer.close()
  })
})
