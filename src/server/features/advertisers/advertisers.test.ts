// @engines postgres
import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  advertisers,
  calendarDays,
  emailInquiries,
  mailings,
  orderArtwork,
  orderNotes,
  orders,
  outbox,
  purchases,
} from '#server/db/schema.ts'
import { ADMIN, createTestApp, MEMBER, type TestApp } from '#server/test/test-app.ts'
import { testEngine } from '#server/test/test-database.ts'
import type {
  AdvertiserDetailDto,
  AdvertiserEditInput,
  AdvertiserRowDto,
  AdvertisersPageDto,
} from '#shared/admin-advertisers.ts'
import { SELF_MERGE_MESSAGE } from '#shared/admin-advertisers.ts'
import { NO_ACCOUNT_YET } from './advertisers.routes.ts'

/**
 * The admin Advertisers tab. The file's database starts without advertisers, so every list below is the
 * fixture's: four named advertisers (a café with a cart over two mailings and a manual order, a hardware
 * store with an icon and a special purchase, a shop with only a lapsed hold, an address known from an
 * inquiry) and thirty more that each bought one icon, for the paging.
 */
let t: TestApp
let admin: string
let member: string
let sequence = 70_000

const CAFE = 'cafe@corner.test'
const HARDWARE = 'hw@hardware.test'
const SHOP = 'pct@local.test'
const ASKER = 'asker@inquiry.test'
const MONTHS = ['2035-03', '2035-04', '2035-05', '2035-06', '2035-07', '2035-08']

async function insertDay(date: string) {
  const [row] = await t.db
    .insert(calendarDays)
    .values({ date, status: 'available', priceCents: 12000 })
    .returning({ id: calendarDays.id })
  return row?.id as string
}

async function insertOrder(values: Partial<typeof orders.$inferInsert> & { status: string; email: string }) {
  const id = values.id ?? `ORD-${sequence++}`
  await t.db.insert(orders).values({ businessName: 'Someone', amountCents: 12000, ...values, id })
  return id
}

const get = async <T>(path: string, cookie = admin): Promise<T> => {
  const response = await t.request(path, { cookie })
  expect(response.status, await response.clone().text()).toBe(200)
  return (await response.json()) as T
}
const list = (query = '') => get<AdvertisersPageDto>(`/api/admin/advertisers?${query}`)
const emailsOf = (p: AdvertisersPageDto) => p.advertisers.map((a) => a.email)
const idOf = async (email: string) => {
  const [row] = await t.db
    .select({ id: advertisers.id })
    .from(advertisers)
    .where(eq(advertisers.email, email))
  if (!row) throw new Error(`no advertiser ${email}`)
  return row.id
}
const detail = async (email: string) =>
  get<AdvertiserDetailDto>(`/api/admin/advertisers/${await idOf(email)}`)

const cart = 'cs_adv_cafe_cart'
const iconCart = 'cs_adv_hw_icons'
let cartIds: string[] = []
let manualId = ''
let iconId = ''
let specialId = ''
let lapsedId = ''

beforeAll(async () => {
  t = await createTestApp()
  await t.createAdmin()
  await t.createMember()
  admin = await t.signIn(ADMIN)
  member = await t.signIn(MEMBER)

  for (const month of MONTHS)
    await t.db
      .insert(mailings)
      .values({
        month,
        salesCloseAt: new Date(`${month}-01T00:00:00Z`),
        artworkDueAt: new Date(`${month}-02T00:00:00Z`),
        inHomesDate: `${month}-20`,
      })
      .onConflictDoNothing()
  const days = await Promise.all(
    ['2035-03-03', '2035-03-04', '2035-04-10', '2035-05-01', '2035-03-20'].map(insertDay),
  )
  const at = (iso: string) => new Date(iso)

  // The café: a cart of two March days and an April day, paid ($110 + $110 + $120); later a manual order
  // for May, pending (the owner holds it: booked).
  cartIds = []
  for (const [i, dayId] of days.slice(0, 3).entries())
    cartIds.push(
      await insertOrder({
        status: 'paid',
        dayId,
        amountCents: i === 2 ? 12000 : 11000,
        businessName: 'Corner Café',
        email: CAFE,
        paymentProvider: 'local',
        paymentSessionId: cart,
        createdAt: at('2035-01-10T10:00:00Z'),
      }),
    )
  manualId = await insertOrder({
    status: 'pending',
    dayId: days[3],
    source: 'manual',
    businessName: 'Corner Cafe',
    email: ' Cafe@Corner.TEST ',
    amountCents: 9000,
    createdAt: at('2035-01-12T09:00:00Z'),
  })
  // The hardware store: a June icon ($150) and a special purchase ($500), one checkout, paid.
  iconId = await insertOrder({
    id: `MAP-${sequence++}`,
    status: 'paid',
    itemName: 'Hammer',
    itemSize: 'small',
    mailingMonth: '2035-06',
    amountCents: 15000,
    businessName: 'Main St Hardware',
    email: 'HW@Hardware.test',
    paymentProvider: 'local',
    paymentSessionId: iconCart,
    createdAt: at('2035-01-11T08:00:00Z'),
  })
  specialId = await insertOrder({
    status: 'paid',
    metadata: { order_type: 'special_purchase', units: 2, description: 'Back cover' },
    amountCents: 50000,
    businessName: 'Main St Hardware',
    email: 'HW@Hardware.test',
    paymentProvider: 'local',
    paymentSessionId: iconCart,
    createdAt: at('2035-01-11T08:00:00Z'),
  })
  // The shop: only a lapsed hold (nothing booked, nothing paid). Its name holds LIKE's wildcards.
  lapsedId = await insertOrder({
    status: 'expired',
    dayId: days[4],
    businessName: '100% Local_Shop',
    email: SHOP,
    paymentProvider: 'local',
    paymentSessionId: 'cs_adv_shop_lapsed',
    expiresAt: at('2035-01-13T00:30:00Z'),
    createdAt: at('2035-01-13T00:00:00Z'),
  })
  // An address known only from a contact inquiry: an advertiser without a name or purchases.
  await t.db.insert(emailInquiries).values({ email: ASKER, metadata: { kind: 'contact' } })

  // Artwork on two café lines and the icon; notes and e-mails.
  for (const orderId of [cartIds[0], cartIds[2], iconId] as string[])
    await t.db.insert(orderArtwork).values({
      orderId,
      fileKey: `artwork/${orderId}.png`,
      fileName: 'logo.png',
      contentType: 'image/png',
      sizeBytes: 100,
      inspection: {},
      state: orderId === iconId ? 'approved' : 'received',
      uploadedAt: at('2035-01-15T00:00:00Z'),
    })
  await t.db.insert(orderNotes).values([
    {
      purchaseId: cart,
      body: 'Wants the corner spot',
      by: ADMIN.email,
      createdAt: at('2035-01-10T11:00:00Z'),
    },
    { purchaseId: manualId, body: 'Pays by cheque', by: ADMIN.email, createdAt: at('2035-01-12T10:00:00Z') },
  ])
  const mail = (values: Partial<typeof outbox.$inferInsert> & { toAddress: string; subject: string }) =>
    t.db.insert(outbox).values({
      dedupeKey: `test-${randomUUID()}`,
      kind: 'order_confirmation',
      textBody: 'Hello',
      ...values,
    })
  await mail({
    toAddress: CAFE,
    subject: 'Your Townflyer order',
    purchaseId: cart,
    status: 'sent',
    sentAt: at('2035-01-10T10:01:00Z'),
    createdAt: at('2035-01-10T10:00:30Z'),
  })
  // To one of its addresses about no purchase (as written by the sender, not normalised).
  await mail({
    toAddress: ' Cafe@Corner.test',
    subject: 'Artwork reminder',
    kind: 'artwork_reminder',
    createdAt: at('2035-01-20T09:00:00Z'),
  })
  await mail({
    toAddress: 'someone@else.test',
    subject: 'Not the café',
    createdAt: at('2035-01-21T09:00:00Z'),
  })

  // Thirty advertisers with one paid icon each, over six mailings, for sorting and paging.
  for (let i = 0; i < 30; i++)
    await insertOrder({
      id: `MAP-${sequence++}`,
      status: 'paid',
      itemName: 'Star',
      mailingMonth: MONTHS[i % MONTHS.length],
      amountCents: 1000 * (1 + (i % 7)),
      businessName: `Filler ${String(i).padStart(2, '0')}`,
      email: `filler${i}@fill.test`,
      paymentProvider: 'local',
      paymentSessionId: `cs_adv_filler_${i}`,
      createdAt: at('2035-01-05T00:00:00Z'),
    })
})
afterAll(() => t.close())

const named = (p: AdvertisersPageDto) => p.advertisers.filter((a) => !a.email.endsWith('@fill.test'))

describe('GET /api/admin/advertisers', () => {
  it('lists one row per advertiser with its figures, latest mailing first, without a mailing last', async () => {
    const p = await list('pageSize=100')
    expect(p).toMatchObject({ total: 34, page: 1, pageSize: 100 })
    const row = (email: string) => p.advertisers.find((a) => a.email === email) as AdvertiserRowDto
    expect(row(CAFE)).toMatchObject({
      businessName: 'Corner Café',
      mailingsBooked: 3,
      lastMailing: '2035-05',
      lifetimePaid: 340,
      artworkOnFile: 2,
    })
    expect(row(HARDWARE)).toMatchObject({
      businessName: 'Main St Hardware',
      mailingsBooked: 1,
      lastMailing: '2035-06',
      lifetimePaid: 650,
      artworkOnFile: 1,
    })
    expect(row(SHOP)).toMatchObject({
      mailingsBooked: 0,
      lastMailing: null,
      lifetimePaid: 0,
      artworkOnFile: 0,
    })
    expect(row(ASKER)).toMatchObject({ businessName: null, mailingsBooked: 0, lastMailing: null })
    // The default order: last mailing, newest first; the two without one at the end.
    const months = p.advertisers.map((a) => a.lastMailing)
    expect(months.slice(-2)).toEqual([null, null])
    const dated = months.slice(0, -2) as string[]
    expect(dated).toEqual([...dated].sort().reverse())
    const ours = named(p).map((a) => a.email)
    expect(ours.slice(0, 2)).toEqual([HARDWARE, CAFE])
    expect(ours.slice(2).sort()).toEqual([ASKER, SHOP])
  })

  it('sorts by last mailing or lifetime paid, both ways, nulls last, ties by id', async () => {
    for (const dir of ['asc', 'desc'] as const) {
      const byMonth = (await list(`sort=lastMailing&dir=${dir}&pageSize=100`)).advertisers
      const expected = [...byMonth].sort((a, b) => {
        if (a.lastMailing !== b.lastMailing) {
          if (a.lastMailing === null) return 1
          if (b.lastMailing === null) return -1
          return (a.lastMailing < b.lastMailing ? -1 : 1) * (dir === 'asc' ? 1 : -1)
        }
        return (a.id < b.id ? -1 : 1) * (dir === 'asc' ? 1 : -1)
      })
      expect(byMonth.map((a) => a.id)).toEqual(expected.map((a) => a.id))
      expect(byMonth.at(-1)?.lastMailing).toBeNull()

      const byPaid = (await list(`sort=lifetimePaid&dir=${dir}&pageSize=100`)).advertisers
      const paidExpected = [...byPaid].sort(
        (a, b) =>
          (a.lifetimePaid !== b.lifetimePaid ? a.lifetimePaid - b.lifetimePaid : a.id < b.id ? -1 : 1) *
          (dir === 'asc' ? 1 : -1),
      )
      expect(byPaid.map((a) => a.id)).toEqual(paidExpected.map((a) => a.id))
    }
    expect((await list('sort=lifetimePaid')).advertisers[0]?.email).toBe(HARDWARE)
  })

  it('pages on the server without overlap or gaps, in every order', async () => {
    for (const query of ['', 'sort=lastMailing&dir=asc', 'sort=lifetimePaid', 'sort=lifetimePaid&dir=asc']) {
      const whole = (await list(`${query}&pageSize=100`)).advertisers.map((a) => a.id)
      const paged: string[] = []
      for (let page = 1; page <= 5; page++) {
        const p = await list(`${query}&pageSize=7&page=${page}`)
        expect(p).toMatchObject({ total: 34, page, pageSize: 7 })
        paged.push(...p.advertisers.map((a) => a.id))
      }
      expect(paged, query).toEqual(whole)
      expect(new Set(paged).size).toBe(34)
    }
    expect((await list('pageSize=7&page=9')).advertisers).toEqual([])
    expect((await list()).advertisers).toHaveLength(25)
  })

  it('searches names and addresses: contains, any case, wildcards as text', async () => {
    expect(emailsOf(await list('q=corner'))).toEqual([CAFE])
    expect(emailsOf(await list('q=CAFÉ'))).toEqual([CAFE])
    // A name it bought under that is not its current name: "Corner Cafe" of the manual order.
    expect(emailsOf(await list('q=corner%20cafe'))).toEqual([CAFE])
    expect(emailsOf(await list('q=HARDWARE.TEST'))).toEqual([HARDWARE])
    expect(emailsOf(await list('q=%40inquiry'))).toEqual([ASKER])
    expect(emailsOf(await list('q=100%25'))).toEqual([SHOP])
    expect(emailsOf(await list('q=l_s'))).toEqual([SHOP])
    expect(emailsOf(await list('q=_'))).toEqual([SHOP])
    expect((await list('q=%25')).total).toBe(1)
    expect((await list('q=filler')).total).toBe(30)
    const p = await list('q=nobody-matches')
    expect(p).toMatchObject({ advertisers: [], total: 0 })
    // Blank is no search.
    expect((await list('q=%20%20')).total).toBe(34)
  })

  it('answers a bad query with 422 and the field', async () => {
    for (const [query, field] of [
      ['page=0', 'page'],
      ['pageSize=101', 'pageSize'],
      ['pageSize=x', 'pageSize'],
      ['sort=name', 'sort'],
      ['dir=up', 'dir'],
      [`q=${'a'.repeat(201)}`, 'q'],
    ] as const) {
      const response = await t.request(`/api/admin/advertisers?${query}`, { cookie: admin })
      expect(response.status, query).toBe(422)
      const body = await response.json()
      expect(body.error.code).toBe('validation_failed')
      expect(Object.keys(body.error.fields), query).toContain(field)
    }
  })
})

describe('GET /api/admin/advertisers/:id', () => {
  it('gives the fields, every address, purchases by mailing (newest first, "No mailing" last)', async () => {
    const cafe = await detail(CAFE)
    expect(cafe).toMatchObject({
      businessName: 'Corner Café',
      email: CAFE,
      phone: null,
      website: null,
      marketingConsent: false,
      notes: '',
      purchaseCount: 2,
      mailingsBooked: 3,
      firstMailing: '2035-03',
      lastMailing: '2035-05',
      lifetimePaid: 340,
    })
    expect(cafe.businessNames).toEqual(['Corner Cafe', 'Corner Café'])
    expect(cafe.addresses.map((a) => a.email)).toEqual([CAFE])
    expect(cafe.mailings.map((g) => g.month)).toEqual(['2035-05', '2035-04', '2035-03'])
    const [may, april, march] = cafe.mailings
    expect(may?.purchases.map((p) => [p.id, p.state, p.source, p.total, p.paid])).toEqual([
      [manualId, 'pending', 'manual', 90, 0],
    ])
    // The cart's lines in each of its mailings; its total and paid are the whole purchase's.
    expect(april?.purchases.map((p) => [p.id, p.total, p.paid, p.otherMailings])).toEqual([
      [cart, 340, 340, ['2035-03']],
    ])
    expect(march?.purchases[0]?.reference).toMatch(/^P-\d+$/)
    expect(
      march?.purchases[0]?.lines.map((l) => [l.id, l.type, l.date, l.amount, l.status, l.artwork]),
    ).toEqual([
      [cartIds[0], 'calendar_day', '2035-03-03', 110, 'paid', 'received'],
      [cartIds[1], 'calendar_day', '2035-03-04', 110, 'paid', 'missing'],
    ])
    expect(april?.purchases[0]?.lines.map((l) => l.id)).toEqual([cartIds[2]])

    const hardware = await detail(HARDWARE)
    expect(hardware.mailings.map((g) => g.month)).toEqual(['2035-06', null])
    expect(hardware.mailings[0]?.purchases[0]?.lines).toEqual([
      {
        id: iconId,
        type: 'map_icon',
        date: null,
        iconName: 'Hammer',
        iconSize: 'small',
        description: null,
        units: null,
        amount: 150,
        status: 'paid',
        artwork: 'approved',
      },
    ])
    expect(hardware.mailings[1]?.purchases[0]?.lines).toEqual([
      expect.objectContaining({
        id: specialId,
        type: 'special_purchase',
        description: 'Back cover',
        artwork: null,
      }),
    ])
    expect(hardware.mailings[1]?.purchases[0]?.otherMailings).toEqual(['2035-06'])

    const shop = await detail(SHOP)
    expect(shop.mailings).toEqual([
      {
        month: '2035-03',
        purchases: [
          expect.objectContaining({
            state: 'expired',
            total: 120,
            paid: 0,
            lines: [expect.objectContaining({ id: lapsedId, status: 'expired' })],
          }),
        ],
      },
    ])
    expect((await detail(ASKER)).mailings).toEqual([])
  })

  it('gives the order notes of its purchases and the e-mails to its addresses or about its purchases', async () => {
    const cafe = await detail(CAFE)
    expect(cafe.purchaseNotes.map((n) => [n.purchaseId, n.body, n.by])).toEqual([
      [cart, 'Wants the corner spot', ADMIN.email],
      [manualId, 'Pays by cheque', ADMIN.email],
    ])
    expect(cafe.purchaseNotes[0]?.reference).toMatch(/^P-\d+$/)
    expect(cafe.emailsSent.map((e) => [e.subject, e.kind, e.to, e.state])).toEqual([
      ['Artwork reminder', 'artwork_reminder', ' Cafe@Corner.test', 'queued'],
      ['Your Townflyer order', 'order_confirmation', CAFE, 'sent'],
    ])
    expect(cafe.emailsSent[1]?.sentAt).toBe('2035-01-10T10:01:00.000Z')
    expect((await detail(HARDWARE)).emailsSent).toEqual([])
  })

  it('lists at most 50 e-mails, newest first', async () => {
    const id = await idOf(HARDWARE)
    for (let i = 0; i < 55; i++)
      await t.db.insert(outbox).values({
        dedupeKey: `bulk-${randomUUID()}`,
        kind: 'announcement',
        toAddress: HARDWARE,
        subject: `Announcement ${i}`,
        textBody: 'x',
        createdAt: new Date(Date.UTC(2035, 1, 1, 0, i)),
      })
    const emails = (await get<AdvertiserDetailDto>(`/api/admin/advertisers/${id}`)).emailsSent
    expect(emails).toHaveLength(50)
    expect(emails[0]?.subject).toBe('Announcement 54')
    expect(emails[49]?.subject).toBe('Announcement 5')
    await t.db.delete(outbox).where(eq(outbox.kind, 'announcement'))
  })

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const response = await t.request(`/api/admin/advertisers/${id}`, { cookie: admin })
      expect(response.status).toBe(404)
      expect((await response.json()).error.message).toBe('Advertiser not found.')
    }
  })
})

const validEdit: AdvertiserEditInput = {
  businessName: 'Corner Café & Bakery',
  phone: ' 555-0100 ',
  website: 'https://corner.example.com',
  marketingConsent: true,
  notes: 'Prefers e-mail.',
}

describe('PATCH /api/admin/advertisers/:id', () => {
  it('saves the fields and the search follows the new name', async () => {
    const id = await idOf(CAFE)
    const response = await t.request(`/api/admin/advertisers/${id}`, {
      method: 'PATCH',
      cookie: admin,
      json: validEdit,
    })
    expect(response.status).toBe(200)
    const saved = (await response.json()) as AdvertiserDetailDto
    expect(saved).toMatchObject({
      businessName: 'Corner Café & Bakery',
      phone: '555-0100',
      website: 'https://corner.example.com',
      marketingConsent: true,
      notes: 'Prefers e-mail.',
      lifetimePaid: 340,
    })
    expect(emailsOf(await list('q=bakery'))).toEqual([CAFE])
    // Blank phone and website are none.
    const cleared = await t.request(`/api/admin/advertisers/${id}`, {
      method: 'PATCH',
      cookie: admin,
      json: { ...validEdit, phone: '', website: null },
    })
    expect(await cleared.json()).toMatchObject({ phone: null, website: null })
  })

  it('refuses bad input with 422 and the field, and changes nothing', async () => {
    const id = await idOf(HARDWARE)
    const before = await get<AdvertiserDetailDto>(`/api/admin/advertisers/${id}`)
    for (const [body, field] of [
      [{ ...validEdit, businessName: '  ' }, 'businessName'],
      [{ ...validEdit, businessName: 'x'.repeat(201) }, 'businessName'],
      [{ ...validEdit, phone: '5'.repeat(41) }, 'phone'],
      [{ ...validEdit, website: 'corner.example.com' }, 'website'],
      [{ ...validEdit, website: 'javascript:alert(1)' }, 'website'],
      [{ ...validEdit, marketingConsent: 'yes' }, 'marketingConsent'],
      [{ ...validEdit, notes: 'n'.repeat(5001) }, 'notes'],
      [{ businessName: 'Only a name' }, 'marketingConsent'],
    ] as const) {
      const response = await t.request(`/api/admin/advertisers/${id}`, {
        method: 'PATCH',
        cookie: admin,
        json: body,
      })
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(422)
      const error = (await response.json()).error
      expect(error.code).toBe('validation_failed')
      expect(Object.keys(error.fields)).toContain(field)
    }
    expect(await get<AdvertiserDetailDto>(`/api/admin/advertisers/${id}`)).toEqual(before)
  })

  it('answers 404 for an unknown advertiser', async () => {
    const response = await t.request(`/api/admin/advertisers/${randomUUID()}`, {
      method: 'PATCH',
      cookie: admin,
      json: validEdit,
    })
    expect(response.status).toBe(404)
  })
})

describe('POST /api/admin/advertisers/:id/merge', () => {
  it('moves every purchase, inquiry and address to the target, fills its blanks, and removes the source', async () => {
    const targetId = await idOf(HARDWARE)
    const fromId = await idOf(SHOP)
    // The source has a phone, notes and an inquiry of its own; the target has none of them.
    await t.request(`/api/admin/advertisers/${fromId}`, {
      method: 'PATCH',
      cookie: admin,
      json: {
        businessName: '100% Local_Shop',
        phone: '555-0199',
        website: '',
        marketingConsent: false,
        notes: 'Met at the fair.',
      },
    })
    await t.db.insert(emailInquiries).values({ email: 'PCT@local.test', metadata: { kind: 'waitlist' } })
    // A second paid purchase for the source, so the totals have something to add up.
    const late = await insertOrder({
      id: `MAP-${sequence++}`,
      status: 'paid',
      itemName: 'Tree',
      mailingMonth: '2035-08',
      amountCents: 4000,
      businessName: '100% Local_Shop',
      email: SHOP,
      paymentProvider: 'local',
      paymentSessionId: 'cs_adv_shop_paid',
    })
    const purchasesOf = async (id: string) =>
      (await t.db.select({ id: purchases.id }).from(purchases).where(eq(purchases.advertiserId, id)))
        .map((p) => p.id)
        .sort()
    const before = [...(await purchasesOf(targetId)), ...(await purchasesOf(fromId))].sort()
    const paidBefore = (await detail(HARDWARE)).lifetimePaid + (await detail(SHOP)).lifetimePaid
    expect(paidBefore).toBe(650 + 40)

    const response = await t.request(`/api/admin/advertisers/${targetId}/merge`, {
      method: 'POST',
      cookie: admin,
      json: { fromId },
    })
    expect(response.status, await response.clone().text()).toBe(200)
    const merged = (await response.json()) as AdvertiserDetailDto

    expect(await purchasesOf(targetId)).toEqual(before)
    expect(await purchasesOf(fromId)).toEqual([])
    const shown = merged.mailings.flatMap((g) => g.purchases.map((p) => p.id))
    expect([...new Set(shown)].sort()).toEqual(before)
    expect(merged).toMatchObject({
      businessName: 'Main St Hardware',
      email: HARDWARE,
      phone: '555-0199',
      website: null,
      lifetimePaid: paidBefore,
      mailingsBooked: 2,
      lastMailing: '2035-08',
      notes: 'From 100% Local_Shop (pct@local.test):\nMet at the fair.',
    })
    expect(merged.purchaseCount).toBe(before.length)
    expect(merged.addresses.map((a) => a.email)).toEqual([HARDWARE, SHOP])
    expect(merged.businessNames).toEqual(['100% Local_Shop', 'Main St Hardware'])
    expect(merged.mailings.flatMap((g) => g.purchases.flatMap((p) => p.lines.map((l) => l.id)))).toEqual(
      expect.arrayContaining([iconId, specialId, lapsedId, late]),
    )
    const inquiries = await t.db
      .select({ advertiserId: emailInquiries.advertiserId })
      .from(emailInquiries)
      .where(sql`lower(${emailInquiries.email}) = ${SHOP}`)
    expect(inquiries.map((i) => i.advertiserId)).toEqual([targetId])
    expect((await t.request(`/api/admin/advertisers/${fromId}`, { cookie: admin })).status).toBe(404)
    // The list: one advertiser fewer; the source's name and address now find the target.
    expect((await list()).total).toBe(33)
    expect(emailsOf(await list('q=local_shop'))).toEqual([HARDWARE])
    expect(emailsOf(await list('q=pct%40'))).toEqual([HARDWARE])
    // A new purchase from the source's address is the target's.
    await insertOrder({ status: 'pending', email: 'Pct@Local.test', paymentSessionId: 'cs_adv_shop_again' })
    expect(await purchasesOf(targetId)).toContain('cs_adv_shop_again')
  })

  it('keeps the target’s own fields and appends notes after its own', async () => {
    const targetId = await idOf('filler0@fill.test')
    const fromId = await idOf('filler1@fill.test')
    await t.db
      .update(advertisers)
      .set({ phone: '555-0000', notes: 'Target note.' })
      .where(eq(advertisers.id, targetId))
    await t.db
      .update(advertisers)
      .set({ phone: '555-1111', website: 'https://one.example.com', notes: 'Source note.' })
      .where(eq(advertisers.id, fromId))
    const merged = await (
      await t.request(`/api/admin/advertisers/${targetId}/merge`, {
        method: 'POST',
        cookie: admin,
        json: { fromId },
      })
    ).json()
    expect(merged).toMatchObject({
      businessName: 'Filler 00',
      phone: '555-0000',
      website: 'https://one.example.com',
      notes: 'Target note.\n\nFrom Filler 01 (filler1@fill.test):\nSource note.',
      mailingsBooked: 2,
      lifetimePaid: 10 + 20,
    })
  })

  it('a merge beside a payment of one of the merged lines: both apply, and the figures count it', async () => {
    const targetId = await idOf('filler2@fill.test')
    const paidBefore = (await get<AdvertiserDetailDto>(`/api/admin/advertisers/${targetId}`)).lifetimePaid
    let added = 0
    for (let round = 0; round < 5; round++) {
      const email = `race${round}@fill.test`
      const line = await insertOrder({
        status: 'pending',
        email,
        itemName: 'Moon',
        mailingMonth: '2035-07',
        amountCents: 2500,
        paymentProvider: 'local',
        paymentSessionId: `cs_adv_race_${round}`,
        expiresAt: new Date(Date.now() + 30 * 60_000),
      })
      const fromId = await idOf(email)
      // The payment's trigger locks the purchase, then its advertiser; the merge takes them in that order too.
      const [merged] = await Promise.all([
        t.request(`/api/admin/advertisers/${targetId}/merge`, {
          method: 'POST',
          cookie: admin,
          json: { fromId },
        }),
        t.db
          .update(orders)
          .set({ status: 'paid', paidAt: new Date(), expiresAt: null })
          .where(eq(orders.id, line)),
      ])
      expect(merged.status, await merged.clone().text()).toBe(200)
      added += 25
    }
    const after = await get<AdvertiserDetailDto>(`/api/admin/advertisers/${targetId}`)
    expect(after.lifetimePaid).toBe(paidBefore + added)
    expect(after.addresses).toHaveLength(6)
  })

  it('refuses merging an advertiser into itself (422), an unknown one (404) and a bad body (422)', async () => {
    const id = await idOf(CAFE)
    const self = await t.request(`/api/admin/advertisers/${id}/merge`, {
      method: 'POST',
      cookie: admin,
      json: { fromId: id.toUpperCase() },
    })
    expect(self.status).toBe(422)
    const error = (await self.json()).error
    expect(error.message).toBe(SELF_MERGE_MESSAGE)
    expect(error.fields.fromId).toEqual([SELF_MERGE_MESSAGE])

    const unknownFrom = await t.request(`/api/admin/advertisers/${id}/merge`, {
      method: 'POST',
      cookie: admin,
      json: { fromId: randomUUID() },
    })
    expect(unknownFrom.status).toBe(404)
    const unknownTarget = await t.request(`/api/admin/advertisers/${randomUUID()}/merge`, {
      method: 'POST',
      cookie: admin,
      json: { fromId: id },
    })
    expect(unknownTarget.status).toBe(404)
    for (const body of [{}, { fromId: 'cafe' }, { fromId: 42 }]) {
      const response = await t.request(`/api/admin/advertisers/${id}/merge`, {
        method: 'POST',
        cookie: admin,
        json: body,
      })
      expect(response.status).toBe(422)
      expect(Object.keys((await response.json()).error.fields)).toContain('fromId')
    }
    // Nothing moved.
    expect((await detail(CAFE)).lifetimePaid).toBe(340)
  })
})

describe('who may', () => {
  const routes = async () => {
    const id = await idOf(CAFE)
    return [
      ['GET', '/api/admin/advertisers', undefined],
      ['GET', `/api/admin/advertisers/${id}`, undefined],
      ['PATCH', `/api/admin/advertisers/${id}`, validEdit],
      ['POST', `/api/admin/advertisers/${id}/merge`, { fromId: randomUUID() }],
    ] as const
  }

  it('answers 401 without a session and 403 to a signed-in non-administrator', async () => {
    for (const [method, path, json] of await routes()) {
      const anonymous = await t.request(path, { method, json })
      expect(anonymous.status, `${method} ${path}`).toBe(401)
      const signedIn = await t.request(path, { method, json, cookie: member })
      expect(signedIn.status, `${method} ${path}`).toBe(403)
    }
  })
})

/**
 * A writer of lines holds the purchase while the merge starts (PostgreSQL's pool gives each its own
 * connection; PGlite runs one transaction at a time and hides the race). The summary trigger locks a line's
 * purchase, then its advertiser: a merge locking the advertisers first would hold the one the writer needs
 * next while waiting for the purchase the writer holds, and PostgreSQL would abort one of the two.
 */
describe.skipIf(testEngine !== 'postgres')('a merge beside a writer of lines (PostgreSQL)', () => {
  it('takes the purchases before the advertisers, as the summary trigger does: both complete', async () => {
    const targetId = await idOf('filler3@fill.test')
    const paidBefore = (await get<AdvertiserDetailDto>(`/api/admin/advertisers/${targetId}`)).lifetimePaid
    const session = 'cs_adv_lock_order'
    const line = await insertOrder({
      status: 'pending',
      email: 'lockorder@fill.test',
      itemName: 'Sun',
      mailingMonth: '2035-07',
      amountCents: 3000,
      paymentProvider: 'local',
      paymentSessionId: session,
      expiresAt: new Date(Date.now() + 30 * 60_000),
    })
    const fromId = await idOf('lockorder@fill.test')
    let holding = () => {}
    const held = new Promise<void>((resolve) => {
      holding = resolve
    })
    const writer = t.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from purchases where id = ${session} for update`)
      holding()
      // Long enough for the merge to reach its locks and wait for this purchase.
      await tx.execute(sql`select pg_sleep(0.3)`)
      await tx
        .update(orders)
        .set({ status: 'paid', paidAt: new Date(), expiresAt: null })
        .where(eq(orders.id, line))
    })
    await held
    const [merged] = await Promise.all([
      t.request(`/api/admin/advertisers/${targetId}/merge`, {
        method: 'POST',
        cookie: admin,
        json: { fromId },
      }),
      writer,
    ])
    expect(merged.status, await merged.clone().text()).toBe(200)
    const after = await get<AdvertiserDetailDto>(`/api/admin/advertisers/${targetId}`)
    expect(after.lifetimePaid).toBe(paidBefore + 30)
    expect(after.addresses.map((a) => a.email)).toContain('lockorder@fill.test')
  })
})

describe('E-mail the account link', () => {
  const send = async (email: string, cookie = admin) =>
    t.request(`/api/admin/advertisers/${await idOf(email)}/account-link`, { method: 'POST', cookie })
  const linksTo = async (email: string) =>
    (await t.db.select().from(outbox).where(eq(outbox.toAddress, email))).filter(
      (m) => m.kind === 'sign_in_link',
    )

  it("sends the advertiser's one-time sign-in link, by the rules of the account page", async () => {
    const email = `link-${randomUUID().slice(0, 8)}@account.test`
    await insertOrder({ email, status: 'paid', paymentSessionId: `cs_link_${randomUUID().slice(0, 8)}` })
    const sent = await send(email)
    expect(sent.status).toBe(200)
    expect(await sent.json()).toEqual({ sentTo: email })
    const [mail] = await linksTo(email)
    expect(mail?.textBody).toContain('/api/auth/magic-link/verify?token=')

    // Three per address per 15 minutes: the owner is told, not left believing a fourth went out.
    expect((await send(email)).status).toBe(200)
    expect((await send(email)).status).toBe(200)
    const fourth = await send(email)
    expect(fourth.status).toBe(429)
    expect(await linksTo(email)).toHaveLength(3)

    // No order yet (an inquiry only): no account to sign in to.
    const asked = await send(ASKER)
    expect(asked.status).toBe(409)
    expect((await asked.json()).error.message).toBe(NO_ACCOUNT_YET)
    expect(await linksTo(ASKER)).toHaveLength(0)
    expect((await send(email, member)).status).toBe(403)
  })
})
