// @engines postgres
import { randomUUID } from 'node:crypto'
import { and, eq, like } from 'drizzle-orm'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders, outbox, receiptCounters, receipts, refunds, verification } from '#server/db/schema.ts'
import { ADMIN, createTestApp, type TestApp } from '#server/test/test-app.ts'
import { testEngine } from '#server/test/test-database.ts'
import type { AccountDto } from '#shared/account.ts'

/**
 * The advertiser's account: the one-time sign-in link (single use, 15 minutes, limited, the same answer for
 * every address), what a signed-in advertiser can read (their own purchases and receipts, nothing of
 * anyone else's, no admin route), and receipts (issued when paid, numbered without gaps per year).
 */
let t: TestApp
let run = 0

beforeAll(async () => {
  t = await createTestApp()
  await t.createAdmin()
})
afterAll(() => t.close())

/** A fresh address per test, so limits and outboxes never mix. */
function address(name: string) {
  run += 1
  return `${name}.${run}.${randomUUID().slice(0, 8)}@shop.example`
}

/** A paid (or pending) purchase of one or more lines for `email`, made as the checkout makes them. */
async function buy(
  email: string,
  options: { session?: string; business?: string; lines?: number; status?: string; provider?: string } = {},
) {
  const session = options.session ?? `cs_acct_${randomUUID().replaceAll('-', '')}`
  const ids: string[] = []
  for (let i = 0; i < (options.lines ?? 1); i++) {
    const id = `ORD-a${randomUUID().slice(0, 12)}`
    ids.push(id)
    await t.db.insert(orders).values({
      id,
      businessName: options.business ?? 'Corner Cafe',
      email,
      amountCents: 15_000 + i * 50,
      status: options.status ?? 'paid',
      paymentSessionId: session,
      paymentProvider: options.provider ?? 'local',
      metadata: { order_type: 'special_purchase', description: `Custom ad ${i + 1}`, units: 150 },
    })
  }
  return { session, ids }
}

async function requestLink(email: string, ip?: string) {
  return t.request('/api/auth/sign-in/magic-link', {
    method: 'POST',
    json: { email, callbackURL: '/account', errorCallbackURL: '/account' },
    ...(ip ? { ip } : {}),
  })
}

/** The sign-in links e-mailed to `email`, oldest first (as the path to open). */
async function linksTo(email: string): Promise<string[]> {
  const rows = await t.db
    .select({ text: outbox.textBody })
    .from(outbox)
    .where(and(eq(outbox.kind, 'sign_in_link'), eq(outbox.toAddress, email)))
    .orderBy(outbox.createdAt, outbox.id)
  return rows.map((r) => {
    const url = /https?:\/\/\S+\/api\/auth\/magic-link\/verify\S+/.exec(r.text)?.[0]
    if (!url) throw new Error(`no link in: ${r.text}`)
    const parsed = new URL(url)
    return `${parsed.pathname}${parsed.search}`
  })
}

/** Opens a link as the browser would: the redirect's target and the session cookie it set, if any. */
async function open(link: string) {
  const response = await t.request(link)
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => !/=$/.test(c as string))
    .join('; ')
  return { status: response.status, location: response.headers.get('location') ?? '', cookie }
}

async function signInByLink(email: string): Promise<string> {
  expect((await requestLink(email)).status).toBe(200)
  const links = await linksTo(email)
  const opened = await open(links.at(-1) as string)
  expect(opened.status).toBe(302)
  expect(new URL(opened.location, 'http://x').pathname).toBe('/account')
  expect(opened.cookie).toContain('session_token')
  return opened.cookie
}

describe('the sign-in link', () => {
  it('signs an advertiser in once; the same link then fails, as does a lapsed one', async () => {
    const email = address('once')
    await buy(email)
    const cookie = await signInByLink(email)
    const account = await t.request('/api/account', { cookie })
    expect(account.status).toBe(200)
    expect(((await account.json()) as AccountDto).groups.length).toBe(1)

    const [link] = await linksTo(email)
    const again = await open(link as string)
    expect(again.status).toBe(302)
    expect(again.location).toContain('error=INVALID_TOKEN')
    expect(again.cookie).not.toContain('session_token')

    // A link older than 15 minutes: its token's row has lapsed.
    expect((await requestLink(email)).status).toBe(200)
    const fresh = (await linksTo(email)).at(-1) as string
    await t.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(like(verification.identifier, 'magic-link%'))
    const lapsed = await open(fresh)
    expect(lapsed.location).toContain('error=INVALID_TOKEN')
    expect(lapsed.cookie).not.toContain('session_token')
  })

  it('answers every address alike and e-mails only an advertiser, never a staff account', async () => {
    const known = address('known')
    await buy(known)
    const unknown = address('unknown')
    const answers = await Promise.all([requestLink(known), requestLink(unknown), requestLink(ADMIN.email)])
    const bodies = await Promise.all(answers.map((r) => r.text()))
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200])
    expect(new Set(bodies).size).toBe(1)
    expect(await linksTo(known)).toHaveLength(1)
    expect(await linksTo(unknown)).toHaveLength(0)
    expect(await linksTo(ADMIN.email)).toHaveLength(0)
  })

  it('never gives a staff account a session from a link, even one sent before the role', async () => {
    const email = address('staff')
    await buy(email)
    expect((await requestLink(email)).status).toBe(200)
    const [link] = await linksTo(email)
    // The address becomes an administrator's after the link went out.
    await t.createAdmin({ email, password: 'staff-password-123' })
    const opened = await open(link as string)
    expect(opened.cookie).not.toContain('session_token')
  })

  it('sends one address at most 3 links per 15 minutes, answering the 4th alike', async () => {
    const email = address('limit')
    await buy(email)
    for (let i = 0; i < 4; i++) expect((await requestLink(email, `198.51.100.${run}`)).status).toBe(200)
    expect(await linksTo(email)).toHaveLength(3)
  })

  it('limits one client to 10 requests per 15 minutes, whatever the addresses', async () => {
    const ip = '198.51.100.200'
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) statuses.push((await requestLink(address('ip'), ip)).status)
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true)
    expect(statuses[10]).toBe(429)
  })

  it('signs out', async () => {
    const email = address('out')
    await buy(email)
    const cookie = await signInByLink(email)
    expect((await t.request('/api/auth/sign-out', { method: 'POST', cookie, json: {} })).status).toBe(200)
    expect((await t.request('/api/account', { cookie })).status).toBe(401)
  })
})

describe("an advertiser's session", () => {
  it('reads its own purchases and receipts only, and no admin route', async () => {
    const alice = address('alice')
    const bob = address('bob')
    const mine = await buy(alice, { business: 'Alice Bakery', lines: 2 })
    await buy(alice.toUpperCase(), { business: 'Alice Bakery' })
    const theirs = await buy(bob, { business: 'Bob Hardware' })
    const cookie = await signInByLink(alice)

    const account = (await (await t.request('/api/account', { cookie })).json()) as AccountDto
    const purchases = account.groups.flatMap((g) => g.purchases)
    expect(purchases).toHaveLength(2)
    expect(purchases.map((p) => p.id)).toContain(mine.session)
    expect(JSON.stringify(account)).not.toContain('Bob Hardware')

    const own = purchases.find((p) => p.id === mine.session)
    expect(own?.receiptPath).toBeTruthy()
    expect((await t.request(own?.receiptPath as string, { cookie })).status).toBe(200)
    for (const path of [
      `/api/account/purchases/${theirs.session}/receipt.pdf`,
      `/api/account/purchases/${theirs.session}/book-again`,
      '/api/account/purchases/cs_nowhere/receipt.pdf',
    ])
      expect((await t.request(path, { cookie })).status, path).toBe(404)

    for (const path of [
      '/api/admin/checkouts',
      '/api/admin/orders/bulk-status',
      `/api/admin/checkouts/${theirs.session}`,
    ]) {
      const method = path.endsWith('bulk-status') ? 'POST' : 'GET'
      const response = await t.request(path, { method, cookie, ...(method === 'POST' ? { json: {} } : {}) })
      expect(response.status, path).toBe(403)
    }
    const me = await (await t.request('/api/me', { cookie })).json()
    expect(me.isAdmin).toBe(false)
    expect((await t.request('/api/account')).status).toBe(401)
  })
})

describe('receipts', () => {
  it('are issued when paid and say what was bought and refunded, behind their link', async () => {
    const email = address('receipt')
    const { session, ids } = await buy(email, { business: 'Receipt Shop', lines: 2, status: 'pending' })
    expect(await t.db.select().from(receipts).where(eq(receipts.purchaseId, session))).toEqual([])
    await t.db.update(orders).set({ status: 'paid' }).where(eq(orders.paymentSessionId, session))
    const [receipt] = await t.db.select().from(receipts).where(eq(receipts.purchaseId, session))
    expect(receipt?.number).toMatch(/^R-\d{4}-\d{4,}$/)
    expect(receipt?.paymentMethod).toBe('TEST MODE (no card charged)')

    // The second line is refunded: a negative line, and the net paid.
    await t.db
      .update(orders)
      .set({ status: 'refunded' })
      .where(eq(orders.id, ids[1] as string))
    await t.db.insert(refunds).values({
      kind: 'admin',
      purchaseId: session,
      orderIds: [ids[1] as string],
      amountCents: 15_050,
      reason: 'Closed that week',
      provider: 'local',
      idempotencyKey: `refund-${randomUUID()}`,
      status: 'succeeded',
      requestedBy: ADMIN.email,
      completedAt: new Date(),
    })
    const response = await t.request(`/api/receipts/${receipt?.token}.pdf`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/pdf')
    const pdf = await getDocumentProxy(new Uint8Array(await response.arrayBuffer()))
    const { text } = await extractText(pdf, { mergePages: true })
    expect(text).toContain(`Receipt ${receipt?.number}`)
    expect(text).toContain('Receipt Shop')
    expect(text).toContain('Custom ad 1')
    expect(text).toContain('Total')
    expect(text).toContain('$300.50')
    expect(text).toContain('Closed that week')
    expect(text).toContain('-$150.50')
    expect(text).toContain('Net paid')
    expect(text).toContain('$150')

    expect((await t.request('/api/receipts/deadbeef.pdf')).status).toBe(404)
    expect((await t.request(`/api/receipts/${'0'.repeat(64)}.pdf`)).status).toBe(404)
  })
})

describe('receipt numbers', () => {
  it('keep every digit past 9999', async () => {
    const app = await createTestApp()
    try {
      const year = new Date().getUTCFullYear()
      await app.db.insert(receiptCounters).values({ year, last: 9999 })
      await app.db.insert(orders).values({
        id: 'ORD-r10000',
        businessName: 'Ten Thousand',
        email: 'tenk@shop.example',
        amountCents: 100,
        status: 'paid',
        paymentSessionId: 'cs_tenk',
        paymentProvider: 'local',
      })
      const [receipt] = await app.db.select().from(receipts).where(eq(receipts.purchaseId, 'cs_tenk'))
      expect(receipt?.number).toBe(`R-${year}-10000`)
    } finally {
      await app.close()
    }
  })
})

/**
 * 200 payments at once on PostgreSQL's pool (PGlite runs one transaction at a time and hides the race), 20
 * more rolled back: every paid purchase has one receipt and the year's numbers run 1…n without a gap.
 */
describe.skipIf(testEngine !== 'postgres')('receipt numbers under concurrent payments (PostgreSQL)', () => {
  it('are unique and gap-free', async () => {
    const app = await createTestApp()
    try {
      const sessions: string[] = []
      for (let i = 0; i < 220; i++) {
        const session = `cs_conc_${i}_${randomUUID().slice(0, 8)}`
        sessions.push(session)
        await app.db.insert(orders).values({
          id: `ORD-c${i}-${randomUUID().slice(0, 6)}`,
          businessName: `Shop ${i}`,
          email: `shop${i}@conc.example`,
          amountCents: 1000 + i,
          status: 'pending',
          paymentSessionId: session,
          paymentProvider: 'stripe',
        })
      }
      const results = await Promise.allSettled(
        sessions.map((session, i) =>
          app.db.transaction(async (tx) => {
            await tx.update(orders).set({ status: 'paid' }).where(eq(orders.paymentSessionId, session))
            if (i % 11 === 10) throw new Error('payment rolled back')
          }),
        ),
      )
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(200)
      const issued = await app.db.select().from(receipts)
      expect(issued).toHaveLength(200)
      expect(new Set(issued.map((r) => r.purchaseId)).size).toBe(200)
      const sequences = issued.map((r) => r.sequence).sort((a, b) => a - b)
      expect(sequences).toEqual(Array.from({ length: 200 }, (_, i) => i + 1))
      expect(new Set(issued.map((r) => r.number)).size).toBe(200)
    } finally {
      await app.close()
    }
  }, 120_000)
})
