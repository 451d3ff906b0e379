import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calendarDays, mailings, orderArtwork, orders, outbox, refunds } from '#server/db/schema.ts'
import { ADMIN, createTestApp, MEMBER, type TestApp } from '#server/test/test-app.ts'
import type { CheckoutDetailDto, CheckoutRowDto, CheckoutsPageDto } from '#shared/admin-checkouts.ts'
import { todayInTimeZone } from '#shared/dates.ts'

/**
 * The admin Orders screen by checkout. Every order of this file carries its own business name
 * prefix (`Chk `), so the lists below are filtered to this file's data whatever else the database holds.
 */
let t: TestApp
let admin: string
let member: string
let sequence = 50_000
const TAG = 'Chk'

async function insertDay(date: string) {
  const [row] = await t.db
    .insert(calendarDays)
    .values({ date, status: 'available', priceCents: 12000 })
    .returning({ id: calendarDays.id })
  return row?.id as string
}

async function insertOrder(values: Partial<typeof orders.$inferInsert> & { status: string }) {
  const id = values.id ?? `ORD-${sequence++}`
  await t.db.insert(orders).values({
    businessName: `${TAG} Bakery`,
    email: 'owner@bakery.test',
    amountCents: 12000,
    ...values,
    id,
  })
  return id
}

const get = async <T>(path: string, cookie = admin): Promise<T> => {
  const response = await t.request(path, { cookie })
  expect(response.status, await response.clone().text()).toBe(200)
  return (await response.json()) as T
}
/** This file's checkouts only (businessName contains the tag), plus `query`. */
const page = (query = '') => get<CheckoutsPageDto>(`/api/admin/checkouts?businessName=${TAG}&${query}`)
const keysOf = (p: CheckoutsPageDto) => p.checkouts.map((c) => c.key)

// The fixture: four checkouts over five days and an icon.
const cart = 'cs_local_cart3days'
const iconCart = 'cs_local_iconcart'
let cartIds: string[] = []
let manualId = ''
let iconOrderId = ''
let specialId = ''
let deletedId = ''

beforeAll(async () => {
  t = await createTestApp()
  await t.createAdmin()
  await t.createMember()
  admin = await t.signIn(ADMIN)
  member = await t.signIn(MEMBER)

  const days = await Promise.all(
    ['2035-03-03', '2035-03-04', '2035-03-05', '2035-04-10', '2035-05-01'].map(insertDay),
  )
  const at = (iso: string) => new Date(iso)
  // A 3-day cart, paid online: $110 + $110 + $120.
  cartIds = []
  for (const [i, dayId] of days.slice(0, 3).entries())
    cartIds.push(
      await insertOrder({
        status: i === 2 ? 'refunded' : 'paid',
        dayId,
        amountCents: i === 2 ? 12000 : 11000,
        businessName: `${TAG} Corner Café`,
        email: 'cafe@corner.test',
        paymentProvider: 'local',
        paymentSessionId: cart,
        paymentIntentId: 'local_pay_cart3',
        createdAt: at('2035-01-10T10:00:00Z'),
      }),
    )
  // A manual order (its own checkout), April.
  manualId = await insertOrder({
    status: 'paid',
    dayId: days[3],
    source: 'manual',
    businessName: `${TAG} Hardware`,
    email: 'hw@hardware.test',
    amountCents: 9000,
    createdAt: at('2035-01-12T09:00:00Z'),
  })
  // An icon and a special purchase in one checkout, pending.
  await t.db
    .insert(mailings)
    .values({
      month: '2035-06',
      salesCloseAt: at('2035-05-20T00:00:00Z'),
      artworkDueAt: at('2035-05-22T00:00:00Z'),
      inHomesDate: '2035-06-01',
    })
    .onConflictDoNothing()
  iconOrderId = await insertOrder({
    id: `MAP-${sequence++}`,
    status: 'pending',
    itemName: 'Coffee cup',
    itemSize: 'small',
    mailingMonth: '2035-06',
    amountCents: 15000,
    businessName: `${TAG} Roasters`,
    email: 'hello@roasters.test',
    paymentProvider: 'local',
    paymentSessionId: iconCart,
    createdAt: at('2035-01-11T08:00:00Z'),
  })
  specialId = await insertOrder({
    status: 'pending',
    metadata: { order_type: 'special_purchase', units: 2, description: 'Back cover' },
    amountCents: 50000,
    businessName: `${TAG} Roasters`,
    email: 'hello@roasters.test',
    paymentProvider: 'local',
    paymentSessionId: iconCart,
    createdAt: at('2035-01-11T08:00:00Z'),
  })
  // A deleted order: out of every list but the 'deleted' filter.
  deletedId = await insertOrder({
    status: 'deleted',
    dayId: days[4],
    businessName: `${TAG} Gone`,
    deletedAt: at('2035-01-13T00:00:00Z'),
    deletedBy: ADMIN.email,
    createdAt: at('2035-01-13T00:00:00Z'),
  })

  // The cart's e-mail, artwork on one line, a refund request.
  await t.db.insert(outbox).values({
    dedupeKey: `test-confirm-${randomUUID()}`,
    kind: 'order_confirmation',
    toAddress: 'cafe@corner.test',
    subject: 'Your Townflyer order',
    textBody: 'Thanks',
    purchaseId: cart,
    status: 'sent',
    sentAt: at('2035-01-10T10:01:00Z'),
  })
  await t.db.insert(orderArtwork).values({
    orderId: cartIds[0] as string,
    fileKey: 'artwork/test.png',
    fileName: 'logo.png',
    contentType: 'image/png',
    sizeBytes: 100,
    inspection: {},
    state: 'approved',
    uploadedAt: at('2035-01-15T00:00:00Z'),
  })
  await t.db.insert(refunds).values({
    kind: 'admin',
    purchaseId: cart,
    orderIds: [cartIds[2] as string],
    amountCents: 12000,
    reason: 'Closed that week',
    provider: 'local',
    paymentRef: 'local_pay_cart3',
    idempotencyKey: `refund-${randomUUID()}`,
    status: 'succeeded',
    requestedBy: ADMIN.email,
  })
})
afterAll(() => t.close())

describe('GET /api/admin/checkouts', () => {
  it('lists one row per checkout: a 3-day cart is one row with its 3 lines, newest first', async () => {
    const p = await page()
    expect(keysOf(p)).toEqual([manualId, iconCart, cart])
    expect(p).toMatchObject({ total: 3, page: 1, pageSize: 25 })
    const row = p.checkouts.find((c) => c.key === cart) as CheckoutRowDto
    expect(row).toMatchObject({
      businessName: `${TAG} Corner Café`,
      email: 'cafe@corner.test',
      source: 'checkout',
      paymentProvider: 'local',
      total: 340,
      lineCount: 3,
      createdAt: '2035-01-10T10:00:00.000Z',
    })
    expect(row.statuses).toEqual(
      expect.arrayContaining([
        { status: 'paid', count: 2 },
        { status: 'refunded', count: 1 },
      ]),
    )
    expect(
      row.lines.map((l) => [l.id, l.type, l.date, l.amount, l.status, l.mailingMonth, l.artwork]),
    ).toEqual([
      [cartIds[0], 'calendar_day', '2035-03-03', 110, 'paid', '2035-03', 'approved'],
      [cartIds[1], 'calendar_day', '2035-03-04', 110, 'paid', '2035-03', 'missing'],
      [cartIds[2], 'calendar_day', '2035-03-05', 120, 'refunded', '2035-03', 'missing'],
    ])
    const icons = p.checkouts.find((c) => c.key === iconCart) as CheckoutRowDto
    expect(icons.lines.map((l) => [l.id, l.type, l.iconName, l.description, l.artwork])).toEqual([
      [iconOrderId, 'map_icon', 'Coffee cup', null, 'missing'],
      [specialId, 'special_purchase', null, 'Back cover', null],
    ])
    const manual = p.checkouts.find((c) => c.key === manualId) as CheckoutRowDto
    expect(manual).toMatchObject({ source: 'manual', paymentProvider: null, lineCount: 1, total: 90 })
  })

  it('pages: pageSize and page cut the list, total counts checkouts (not lines)', async () => {
    const first = await page('pageSize=2&page=1')
    expect(first).toMatchObject({ total: 3, page: 1, pageSize: 2 })
    expect(keysOf(first)).toEqual([manualId, iconCart])
    const second = await page('pageSize=2&page=2')
    expect(keysOf(second)).toEqual([cart])
    expect(second.total).toBe(3)
    const beyond = await page('pageSize=2&page=5')
    expect(beyond).toMatchObject({ checkouts: [], total: 3, page: 5 })
  })

  it('counts again after any committed change of purchases or lines, whoever makes it', async () => {
    // The total of a filter is kept while nothing it could count has changed: never past a change.
    const tag = `Cnt${randomUUID().slice(0, 8)}`
    const total = async (query = '') =>
      (await get<CheckoutsPageDto>(`/api/admin/checkouts?businessName=${tag}&pageSize=1&${query}`)).total
    expect(await total()).toBe(0)
    const first = await insertOrder({ status: 'paid', businessName: `${tag} One` })
    expect(await total()).toBe(1)
    expect(await total('page=2')).toBe(1)
    await insertOrder({ status: 'pending', businessName: `${tag} Two` })
    expect(await total()).toBe(2)
    expect(await total('status=paid')).toBe(1)
    // Plain SQL, as an import or a repair would write it.
    await t.db.execute(sql`update orders set status = 'paid' where business_name = ${`${tag} Two`}`)
    expect(await total('status=paid')).toBe(2)
    // A change rolled back changes nothing, and the next count says so.
    await t.db
      .transaction(async (tx) => {
        await tx.update(orders).set({ status: 'deleted' }).where(eq(orders.id, first))
        tx.rollback()
      })
      .catch(() => {})
    expect(await total()).toBe(2)
    await t.db.update(orders).set({ status: 'deleted', deletedAt: new Date() }).where(eq(orders.id, first))
    expect(await total()).toBe(1)
    expect(await total('status=paid')).toBe(1)
  })

  it('sorts by created, amount and ad date, both ways', async () => {
    expect(keysOf(await page('sort=created&dir=asc'))).toEqual([cart, iconCart, manualId])
    expect(keysOf(await page('sort=amount&dir=desc'))).toEqual([iconCart, cart, manualId])
    expect(keysOf(await page('sort=amount&dir=asc'))).toEqual([manualId, cart, iconCart])
    // Ad date: the checkout's first day; a checkout without days comes last either way.
    expect(keysOf(await page('sort=adDate&dir=asc'))).toEqual([cart, manualId, iconCart])
    expect(keysOf(await page('sort=adDate&dir=desc'))).toEqual([manualId, cart, iconCart])
  })

  it('filters: a checkout matches when any line does, and keeps all its lines', async () => {
    const refunded = await page('status=refunded')
    expect(keysOf(refunded)).toEqual([cart])
    expect(refunded.checkouts[0]?.lineCount).toBe(3)
    expect(keysOf(await page('status=pending'))).toEqual([iconCart])
    expect(keysOf(await page('type=special_purchase'))).toEqual([iconCart])
    expect(keysOf(await page('type=map_icon'))).toEqual([iconCart])
    expect(keysOf(await page('type=calendar_day'))).toEqual([manualId, cart])
    expect(keysOf(await page('mailingMonth=2035-04'))).toEqual([manualId])
    expect(keysOf(await page('mailingMonth=2035-06'))).toEqual([iconCart])
    expect(keysOf(await page('email=CORNER.test'))).toEqual([cart])
    expect(keysOf(await get<CheckoutsPageDto>('/api/admin/checkouts?businessName=chk%20roast'))).toEqual([
      iconCart,
    ])
    expect(keysOf(await page('createdFrom=2035-01-11&createdTo=2035-01-11'))).toEqual([iconCart])
    expect(keysOf(await page('createdFrom=2035-01-12'))).toEqual([manualId])
    // Max price is the checkout's total: $340 and $650 are over $300.
    expect(keysOf(await page('maxPrice=340'))).toEqual([manualId, cart])
    expect(keysOf(await page('maxPrice=300'))).toEqual([manualId])
    expect((await page('status=all')).total).toBe(3)
  })

  it("leaves deleted orders out unless the filter is 'deleted'", async () => {
    expect(keysOf(await page())).not.toContain(deletedId)
    const deleted = await page('status=deleted')
    expect(keysOf(deleted)).toEqual([deletedId])
    expect(deleted.checkouts[0]?.lines[0]?.status).toBe('deleted')
  })

  it('a LIKE wildcard in a contains filter is text', async () => {
    expect((await page('email=%25')).total).toBe(0)
    expect((await get<CheckoutsPageDto>('/api/admin/checkouts?businessName=_')).total).toBe(0)
  })

  it('answers a bad query with 422 and the field, never 500', async () => {
    for (const query of [
      'page=0',
      'page=abc',
      'pageSize=101',
      'pageSize=1.5',
      'sort=price',
      'dir=up',
      'type=poster',
      'mailingMonth=2035-13',
      'maxPrice=-1',
      'maxPrice=lots',
      'createdFrom=2035-02-01&createdTo=2035-01-01',
      'createdFrom=yesterday',
      'status=lost',
    ]) {
      const response = await t.request(`/api/admin/checkouts?${query}`, { cookie: admin })
      expect(response.status, query).toBe(422)
      const body = await response.json()
      expect(body.error.code).toBe('validation_failed')
      expect(Object.keys(body.error.fields ?? {}).length, query).toBeGreaterThan(0)
    }
  })
})

describe("created from and to are the town's days", () => {
  it('an order at 2026-03-10T02:00Z is on March 9 in America/New_York, in the list and the CSV', async () => {
    expect(t.deps.config.timeZone).toBe('America/New_York')
    const late = await insertOrder({
      status: 'paid',
      businessName: 'Late Evening Diner',
      createdAt: new Date('2026-03-10T02:00:00Z'),
    })
    const keys = async (range: string) =>
      keysOf(await get<CheckoutsPageDto>(`/api/admin/checkouts?businessName=Late%20Evening&${range}`))
    expect(await keys('createdFrom=2026-03-10')).toEqual([])
    expect(await keys('createdTo=2026-03-09')).toEqual([late])
    expect(await keys('createdFrom=2026-03-09&createdTo=2026-03-09')).toEqual([late])
    expect(await keys('createdTo=2026-03-08')).toEqual([])
    const csvIds = async (range: string) => {
      const response = await t.request(
        `/api/admin/checkouts/export.csv?businessName=Late%20Evening&${range}`,
        {
          cookie: admin,
        },
      )
      return (await response.text())
        .trimEnd()
        .split('\r\n')
        .slice(1)
        .map((line) => line.split(',')[1])
    }
    expect(await csvIds('createdFrom=2026-03-10')).toEqual([])
    expect(await csvIds('createdFrom=2026-03-09&createdTo=2026-03-09')).toEqual([late])
  })

  it("names the CSV after the town's date today", async () => {
    const before = todayInTimeZone(t.deps.config.timeZone)
    const response = await t.request('/api/admin/checkouts/export.csv?businessName=Late%20Evening', {
      cookie: admin,
    })
    const after = todayInTimeZone(t.deps.config.timeZone)
    const name = /filename="orders-by-checkout-(\d{4}-\d{2}-\d{2})\.csv"/.exec(
      response.headers.get('content-disposition') ?? '',
    )?.[1]
    expect([before, after]).toContain(name)
    await response.body?.cancel()
  })
})

describe('GET /api/admin/checkouts/:key (the drawer)', () => {
  it('has the lines, payment reference, every line’s history, the e-mails, refunds, artwork and notes', async () => {
    const detail = await get<CheckoutDetailDto>(`/api/admin/checkouts/${cart}`)
    expect(detail).toMatchObject({
      key: cart,
      paymentProvider: 'local',
      paymentSessionId: cart,
      paymentIntentId: 'local_pay_cart3',
      total: 340,
      lineCount: 3,
    })
    expect(detail.lines.map((l) => l.artwork)).toEqual(['approved', 'missing', 'missing'])
    for (const line of detail.lines) expect(line.history[0]).toMatchObject({ from: null, to: line.status })
    expect(detail.emails).toEqual([
      expect.objectContaining({
        kind: 'order_confirmation',
        to: 'cafe@corner.test',
        subject: 'Your Townflyer order',
        status: 'sent',
        sentAt: '2035-01-10T10:01:00.000Z',
        lastError: null,
      }),
    ])
    expect(detail.refunds).toEqual([
      expect.objectContaining({
        orderIds: [cartIds[2]],
        amount: 120,
        reason: 'Closed that week',
        status: 'succeeded',
      }),
    ])
    expect(detail.notes).toEqual([])
  })

  it('records a status change in the line’s history', async () => {
    const changed = await t.request(`/api/admin/orders/${manualId}`, {
      method: 'PATCH',
      json: { status: 'pending' },
      cookie: admin,
    })
    expect(changed.status).toBe(200)
    const detail = await get<CheckoutDetailDto>(`/api/admin/checkouts/${manualId}`)
    expect(detail.lines[0]?.history.map((h) => [h.from, h.to, h.by])).toEqual([
      [null, 'paid', 'system'],
      ['paid', 'pending', ADMIN.email],
    ])
    expect(detail.source).toBe('manual')
  })

  it('shows a deleted line with who deleted it', async () => {
    const detail = await get<CheckoutDetailDto>(`/api/admin/checkouts/${deletedId}`)
    expect(detail.lines[0]).toMatchObject({ status: 'deleted', deletedBy: ADMIN.email })
  })

  it('404 for an unknown or malformed key', async () => {
    for (const key of ['cs_nothing_here', 'bad%20key', 'a'.repeat(300)]) {
      const response = await t.request(`/api/admin/checkouts/${key}`, { cookie: admin })
      expect(response.status, key).toBe(404)
    }
  })
})

describe('POST /api/admin/checkouts/:key/notes', () => {
  it('adds an internal note (trimmed, by the admin) that the drawer lists oldest first', async () => {
    const first = await t.request(`/api/admin/checkouts/${iconCart}/notes`, {
      method: 'POST',
      json: { body: '  Called about the cover.  ' },
      cookie: admin,
    })
    expect(first.status).toBe(201)
    expect(await first.json()).toMatchObject({ body: 'Called about the cover.', by: ADMIN.email })
    await t.request(`/api/admin/checkouts/${iconCart}/notes`, {
      method: 'POST',
      json: { body: 'Paid by cheque.' },
      cookie: admin,
    })
    const detail = await get<CheckoutDetailDto>(`/api/admin/checkouts/${iconCart}`)
    expect(detail.notes.map((n) => n.body)).toEqual(['Called about the cover.', 'Paid by cheque.'])
  })

  it('refuses an empty or too long note (422) and an unknown checkout (404)', async () => {
    for (const body of [{ body: '   ' }, { body: 'x'.repeat(2001) }, {}]) {
      const response = await t.request(`/api/admin/checkouts/${iconCart}/notes`, {
        method: 'POST',
        json: body,
        cookie: admin,
      })
      expect(response.status).toBe(422)
    }
    const unknown = await t.request('/api/admin/checkouts/cs_unknown/notes', {
      method: 'POST',
      json: { body: 'Hello' },
      cookie: admin,
    })
    expect(unknown.status).toBe(404)
  })
})

describe('admin only', () => {
  it('answers 401 without a session and 403 for a member, on every checkouts route', async () => {
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/admin/checkouts'],
      ['GET', `/api/admin/checkouts/${cart}`],
      ['GET', '/api/admin/checkouts/export.csv'],
      ['POST', `/api/admin/checkouts/${cart}/notes`, { body: 'x' }],
    ]
    for (const [method, path, json] of routes) {
      expect((await t.request(path, { method, json })).status, `${method} ${path}`).toBe(401)
      expect((await t.request(path, { method, json, cookie: member })).status, `${method} ${path}`).toBe(403)
    }
  })
})

describe('GET /api/admin/checkouts/export.csv', () => {
  const csv = async (query: string, headers: Record<string, string> = {}) => {
    const response = await t.request(`/api/admin/checkouts/export.csv?${query}`, { cookie: admin, headers })
    expect(response.status).toBe(200)
    return response
  }
  const rowsOf = (text: string) =>
    text
      .trimEnd()
      .split('\r\n')
      .map((line) => line.split(','))

  it('streams one row per line, oldest first, with the checkout key and the payment reference', async () => {
    const response = await csv(`businessName=${TAG}`)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="orders-by-checkout-/)
    expect(response.headers.get('content-length')).toBeNull()
    const [header, ...rows] = rowsOf(await response.text())
    expect(header?.slice(0, 2)).toEqual(['Checkout', 'Order ID'])
    const col = (name: string) => header?.indexOf(name) as number
    expect(rows.map((r) => [r[col('Checkout')], r[col('Order ID')], r[col('Payment Reference')]])).toEqual([
      [cart, cartIds[0], 'local_pay_cart3'],
      [cart, cartIds[1], 'local_pay_cart3'],
      [cart, cartIds[2], 'local_pay_cart3'],
      [iconCart, iconOrderId, iconCart],
      [iconCart, specialId, iconCart],
      [manualId, manualId, ''],
    ])
    expect(rows[0]?.[col('Amount')]).toBe('110.00')
    expect(rows[0]?.[col('Artwork')]).toBe('approved')
    expect(rows[0]?.[col('Type')]).toBe('Calendar Day')
  })

  it('carries the same filters as the list (a matching checkout keeps all its lines)', async () => {
    const [, ...rows] = rowsOf(await (await csv(`businessName=${TAG}&status=refunded`)).text())
    expect(rows.map((r) => r[0])).toEqual([cart, cart, cart])
    const [, ...cheap] = rowsOf(await (await csv(`businessName=${TAG}&maxPrice=300`)).text())
    expect(cheap.map((r) => r[0])).toEqual([manualId])
  })

  it('reads every line across keyset batches (ties on created_at broken by id)', async () => {
    const { exportCheckoutLines } = await import('./checkouts.service.ts')
    const seen: string[] = []
    for await (const batch of exportCheckoutLines(t.db, { businessName: TAG }, t.deps.config.timeZone, 2)) {
      expect(batch.length).toBeLessThanOrEqual(2)
      seen.push(...batch.map((l) => l.id))
    }
    expect(seen).toEqual(
      [...cartIds, iconOrderId, specialId, manualId].sort((a, b) => {
        // Same created_at within a checkout: by id.
        const order = [cart, iconCart, manualId]
        const keyOf = (id: string) => (cartIds.includes(id) ? cart : id === manualId ? manualId : iconCart)
        return order.indexOf(keyOf(a)) - order.indexOf(keyOf(b)) || a.localeCompare(b)
      }),
    )
  })

  it('compresses as it streams when the client accepts it', async () => {
    const response = await csv(`businessName=${TAG}`, { 'accept-encoding': 'gzip' })
    expect(response.headers.get('content-encoding')).toBe('gzip')
    const { gunzipSync } = await import('node:zlib')
    const text = gunzipSync(Buffer.from(await response.arrayBuffer())).toString('utf8')
    expect(text.startsWith('Checkout,Order ID,')).toBe(true)
    expect(text.split('\r\n').filter(Boolean)).toHaveLength(7)
  })

  it('answers a bad filter with 422 before streaming', async () => {
    const response = await t.request('/api/admin/checkouts/export.csv?mailingMonth=June', { cookie: admin })
    expect(response.status).toBe(422)
  })

  it('guards against formula injection in a cell', async () => {
    await insertOrder({
      status: 'paid',
      businessName: `=${TAG} HYPERLINK("x")`,
      itemName: 'Icon',
      createdAt: new Date('2035-01-20T00:00:00Z'),
    })
    const text = await (await csv(`businessName=${TAG}%20HYPERLINK`)).text()
    expect(text).toContain(`"'=${TAG} HYPERLINK(""x"")"`)
  })
})
