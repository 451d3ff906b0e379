import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders, outbox } from '#server/db/schema.ts'
import { enqueueEmail } from '#server/lib/mailer/outbox.ts'
import { ADMIN, createTestApp, MEMBER, type TestApp } from '#server/test/test-app.ts'
import type { AdminEmailsResponse, AdminStatusDto } from '#shared/admin-communication.ts'

let t: TestApp
let admin: string
let member: string

beforeAll(async () => {
  t = await createTestApp()
  await t.createAdmin()
  await t.createMember()
  admin = await t.signIn(ADMIN)
  member = await t.signIn(MEMBER)
})
afterAll(() => t.close())

const DUMMY_UUID = '00000000-0000-4000-8000-000000000000'

/** Queues a mail and dates it `minutesAgo` back, so the log's order is known. */
async function queue(
  key: string,
  options: { to?: string; subject?: string; checkoutKey?: string; minutesAgo?: number } = {},
) {
  // An e-mail about a purchase names one that exists: a paid line makes it.
  if (options.checkoutKey)
    await t.db
      .insert(orders)
      .values({
        id: `ORD-${key}`,
        businessName: 'Mail Shop',
        email: `${key}@example.com`,
        amountCents: 100,
        status: 'paid',
        paymentSessionId: options.checkoutKey,
      })
      .onConflictDoNothing()
  await enqueueEmail(t.db, {
    dedupeKey: key,
    kind: 'test_mail',
    to: options.to ?? `${key}@example.com`,
    subject: options.subject ?? `Subject ${key}`,
    text: `Body of ${key}`,
    headers: { 'X-Test': key },
    ...(options.checkoutKey ? { purchaseId: options.checkoutKey } : {}),
  })
  const [row] = await t.db
    .update(outbox)
    .set({ createdAt: sql`now() - make_interval(mins => ${options.minutesAgo ?? 0})` })
    .where(eq(outbox.dedupeKey, key))
    .returning()
  if (!row) throw new Error('not queued')
  return row
}

async function list(query: string, cookie = admin): Promise<AdminEmailsResponse> {
  const response = await t.request(`/api/admin/emails${query}`, { cookie })
  expect(response.status, await response.clone().text()).toBe(200)
  return response.json()
}

describe('the e-mail log', () => {
  it('lists the outbox newest first, a page at a time, with the total', async () => {
    for (let i = 0; i < 5; i++) await queue(`page-${i}`, { subject: `Paged mail ${i}`, minutesAgo: 10 - i })
    const first = await list('?q=Paged%20mail&pageSize=2')
    expect(first.total).toBe(5)
    expect(first.page).toBe(1)
    expect(first.pageSize).toBe(2)
    expect(first.emails.map((e) => e.subject)).toEqual(['Paged mail 4', 'Paged mail 3'])
    const third = await list('?q=Paged%20mail&pageSize=2&page=3')
    expect(third.emails.map((e) => e.subject)).toEqual(['Paged mail 0'])
    expect((await list('?q=Paged%20mail&pageSize=2&page=4')).emails).toEqual([])
    const [newest] = first.emails
    expect(newest).toMatchObject({
      to: 'page-4@example.com',
      kind: 'test_mail',
      state: 'queued',
      attempts: 0,
      lastError: null,
      sentAt: null,
      checkoutKey: null,
    })
    expect(newest?.nextAttemptAt).toEqual(expect.any(String))
  })

  it('filters by state (queued, sent, failed with its error) and by recipient or subject', async () => {
    const sent = await queue('state-sent', { to: 'Sent.Person@Example.com', subject: 'State mail A' })
    const failed = await queue('state-failed', { subject: 'State mail B' })
    await queue('state-queued', { subject: 'State mail C' })
    await t.db.update(outbox).set({ status: 'sent', sentAt: new Date() }).where(eq(outbox.id, sent.id))
    await t.db
      .update(outbox)
      .set({ status: 'failed', attempts: 8, lastError: '550 mailbox unavailable' })
      .where(eq(outbox.id, failed.id))

    const bySubject = (r: AdminEmailsResponse) => r.emails.map((e) => e.subject).sort()
    expect(bySubject(await list('?q=state%20mail&status=sent'))).toEqual(['State mail A'])
    expect(bySubject(await list('?q=state%20mail&status=queued'))).toEqual(['State mail C'])
    const failedOnes = await list('?q=state%20mail&status=failed')
    expect(failedOnes.emails).toEqual([
      expect.objectContaining({
        subject: 'State mail B',
        state: 'failed',
        lastError: '550 mailbox unavailable',
        attempts: 8,
        nextAttemptAt: null,
      }),
    ])
    const sentOne = (await list('?q=sent.person')).emails
    expect(sentOne).toEqual([expect.objectContaining({ state: 'sent', sentAt: expect.any(String) })])
    // Recipient matches ignore case; % and _ are literal characters, not wildcards.
    expect((await list('?q=SENT.PERSON@example')).total).toBe(1)
    expect((await list('?q=%25%25nothing')).total).toBe(0)
    expect((await list('?q=state_mail')).total).toBe(0)
  })

  it('names the order an e-mail is about', async () => {
    await queue('with-checkout', { checkoutKey: 'cs_test_checkout_key' })
    const [email] = (await list('?q=with-checkout')).emails
    expect(email?.checkoutKey).toBe('cs_test_checkout_key')
  })

  it('refuses bad queries with 422', async () => {
    for (const query of ['?pageSize=101', '?pageSize=0', '?page=0', '?page=x', '?status=pending']) {
      const response = await t.request(`/api/admin/emails${query}`, { cookie: admin })
      expect(response.status, query).toBe(422)
    }
  })
})

describe('Resend', () => {
  it('queues a new copy of a sent or failed e-mail and keeps the original', async () => {
    const original = await queue('resend-me', { checkoutKey: 'cs_resend', minutesAgo: 60 })
    await t.db
      .update(outbox)
      .set({ status: 'failed', attempts: 8, lastError: 'boom' })
      .where(eq(outbox.id, original.id))

    const response = await t.request(`/api/admin/emails/${original.id}/resend`, {
      method: 'POST',
      cookie: admin,
    })
    expect(response.status).toBe(201)
    const copy = await response.json()
    expect(copy).toMatchObject({
      to: original.toAddress,
      subject: original.subject,
      kind: original.kind,
      state: 'queued',
      attempts: 0,
      checkoutKey: 'cs_resend',
    })
    expect(copy.id).not.toBe(original.id)

    const rows = await t.db.select().from(outbox).where(eq(outbox.toAddress, original.toAddress))
    expect(rows).toHaveLength(2)
    const kept = rows.find((r) => r.id === original.id)
    expect(kept).toMatchObject({ status: 'failed', lastError: 'boom', dedupeKey: 'resend-me' })
    const made = rows.find((r) => r.id === copy.id)
    expect(made?.dedupeKey).toMatch(new RegExp(`^resend:${original.id}:\\d+$`))
    expect(made).toMatchObject({ textBody: original.textBody, headers: { 'X-Test': 'resend-me' } })

    // A sent one can be resent too, and each press queues one more.
    await t.db.update(outbox).set({ status: 'sent', sentAt: new Date() }).where(eq(outbox.id, copy.id))
    const again = await t.request(`/api/admin/emails/${copy.id}/resend`, { method: 'POST', cookie: admin })
    expect(again.status).toBe(201)
    expect((await list(`?q=${encodeURIComponent(original.toAddress)}`)).total).toBe(3)
  })

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of [DUMMY_UUID, 'not-a-uuid']) {
      const response = await t.request(`/api/admin/emails/${id}/resend`, { method: 'POST', cookie: admin })
      expect(response.status).toBe(404)
      expect((await response.json()).error.message).toBe('E-mail not found.')
    }
  })
})

describe('GET /api/admin/status', () => {
  it('says e-mail is not set up and payments are in TEST MODE by default, with the queued count', async () => {
    const [pending] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(outbox)
      .where(eq(outbox.status, 'pending'))
    const response = await t.request('/api/admin/status', { cookie: admin })
    expect(response.status).toBe(200)
    const body: AdminStatusDto = await response.json()
    expect(body).toEqual({ smtpConfigured: false, paymentsMode: 'test', queuedEmails: pending?.n })
    expect(body.queuedEmails).toBeGreaterThan(0)
  })

  it('reflects SMTP_URL and the Stripe keys', async () => {
    const live = await createTestApp({
      env: {
        SMTP_URL: 'smtp://user:pass@127.0.0.1:2525',
        STRIPE_SECRET_KEY: 'sk_test_123',
        STRIPE_WEBHOOK_SECRET: 'whsec_123',
      },
    })
    try {
      await live.createAdmin()
      const cookie = await live.signIn(ADMIN)
      const body: AdminStatusDto = await (await live.request('/api/admin/status', { cookie })).json()
      expect(body).toEqual({ smtpConfigured: true, paymentsMode: 'live', queuedEmails: 0 })
    } finally {
      await live.close()
    }
  })
})

describe('the admin guard on the e-mail log', () => {
  const routes: Array<[string, string]> = [
    ['GET', '/api/admin/emails'],
    ['POST', `/api/admin/emails/${DUMMY_UUID}/resend`],
    ['GET', '/api/admin/status'],
  ]
  it('answers 401 without a session and 403 without the admin role', async () => {
    for (const [method, path] of routes) {
      expect((await t.request(path, { method })).status, `${method} ${path}`).toBe(401)
      expect((await t.request(path, { method, cookie: member })).status, `${method} ${path}`).toBe(403)
    }
  })
})
