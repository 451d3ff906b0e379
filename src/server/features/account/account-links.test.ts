import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { linkScanDays, orders, outbox } from '#server/db/schema.ts'
import { paidDayIn } from '#server/test/offer-test-helpers.ts'
import { createTestApp, type TestApp } from '#server/test/test-app.ts'
import type { AccountDto, AccountLineDto } from '#shared/account.ts'
import { todayInTimeZone } from '#shared/dates.ts'
import { LINK_NOT_FOUND, LINK_WEBSITE_INVALID, type LineLinkDto } from '#shared/short-links.ts'

/**
 * The QR code links on the advertiser's account: each day and icon line shows its link and its scans,
 * the advertiser sets where their own lines' links lead, and nothing of another advertiser's.
 */
const TZ = 'America/New_York'
let t: TestApp
let run = 0

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

function address(name: string) {
  run += 1
  return `${name}.${run}.${randomUUID().slice(0, 8)}@shop.example`
}

/** A day of a far month no other test uses. */
let dayOfMonth = 0
function freshDate() {
  dayOfMonth += 1
  return `2031-05-${String(dayOfMonth).padStart(2, '0')}`
}

async function signIn(email: string): Promise<string> {
  const requested = await t.request('/api/auth/sign-in/magic-link', {
    method: 'POST',
    json: { email, callbackURL: '/account', errorCallbackURL: '/account' },
  })
  expect(requested.status).toBe(200)
  const [mail] = await t.db
    .select({ text: outbox.textBody })
    .from(outbox)
    .where(and(eq(outbox.kind, 'sign_in_link'), eq(outbox.toAddress, email)))
  const url = new URL(
    /https?:\/\/\S+\/api\/auth\/magic-link\/verify\S+/.exec(mail?.text ?? '')?.[0] as string,
  )
  const opened = await t.request(`${url.pathname}${url.search}`)
  const cookie = opened.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => !/=$/.test(c as string))
    .join('; ')
  expect(cookie).toContain('session_token')
  return cookie
}

async function account(cookie: string): Promise<AccountDto> {
  const response = await t.request('/api/account', { cookie })
  expect(response.status).toBe(200)
  return (await response.json()) as AccountDto
}

const linesOf = (dto: AccountDto): AccountLineDto[] =>
  dto.groups.flatMap((g) => g.purchases.flatMap((p) => p.lines))

function putLink(cookie: string | undefined, orderId: string, json: unknown) {
  return t.request(`/api/account/lines/${encodeURIComponent(orderId)}/link`, {
    method: 'PUT',
    json,
    ...(cookie ? { cookie } : {}),
  })
}

async function codeOf(orderId: string) {
  const [row] = await t.db
    .select({ code: orders.shortCode, destination: orders.linkDestination, target: orders.linkTarget })
    .from(orders)
    .where(eq(orders.id, orderId))
  return row
}

const DAY_MS = 24 * 60 * 60 * 1000
const townDay = (daysAgo: number) => todayInTimeZone(TZ, new Date(Date.now() - daysAgo * DAY_MS))

describe('the account’s QR code links', () => {
  it('shows each line’s link and scans: totals, and each day from the first scan to today', async () => {
    const email = address('scans')
    const id = await paidDayIn(t, freshDate(), { businessName: 'Scan Cafe', email })
    const special = `ORD-s${randomUUID().slice(0, 10)}`
    await t.db.insert(orders).values({
      id: special,
      businessName: 'Scan Cafe',
      email,
      amountCents: 5000,
      status: 'paid',
      source: 'manual',
      metadata: { order_type: 'special_purchase', description: 'Custom insert', units: 1 },
    })
    await t.db.insert(linkScanDays).values([
      { orderId: id, day: townDay(3), scans: 5, people: 4 },
      { orderId: id, day: townDay(1), scans: 2, people: 2 },
    ])
    const cookie = await signIn(email)
    const lines = linesOf(await account(cookie))
    const day = lines.find((l) => l.id === id)
    const code = (await codeOf(id))?.code
    expect(day?.link).toEqual({
      orderId: id,
      code,
      shortUrl: `http://localhost:3000/go/${code}`,
      destination: 'page',
      target: null,
      pagePath: `/ads/${code}`,
    })
    expect(day?.scans).toEqual({
      scans: 7,
      people: 6,
      days: [
        { day: townDay(3), scans: 5, people: 4 },
        { day: townDay(2), scans: 0, people: 0 },
        { day: townDay(1), scans: 2, people: 2 },
        { day: townDay(0), scans: 0, people: 0 },
      ],
    })
    // A special purchase has no QR code.
    const other = lines.find((l) => l.id === special)
    expect(other?.link).toBeNull()
    expect(other?.scans).toBeNull()
    expect((await putLink(cookie, special, { destination: 'page' })).status).toBe(404)
  })

  it('shows a line without scans as none, and keeps only the last 90 days of an old line', async () => {
    const email = address('old')
    const fresh = await paidDayIn(t, freshDate(), { businessName: 'Old Cafe', email })
    const old = await paidDayIn(t, freshDate(), { businessName: 'Old Cafe', email })
    await t.db.insert(linkScanDays).values([
      { orderId: old, day: townDay(200), scans: 10, people: 8 },
      { orderId: old, day: townDay(0), scans: 1, people: 1 },
    ])
    const lines = linesOf(await account(await signIn(email)))
    expect(lines.find((l) => l.id === fresh)?.scans).toEqual({ scans: 0, people: 0, days: [] })
    const scans = lines.find((l) => l.id === old)?.scans
    expect(scans?.scans).toBe(11)
    expect(scans?.people).toBe(9)
    expect(scans?.days.length).toBe(90)
    expect(scans?.days[0]).toEqual({ day: townDay(89), scans: 0, people: 0 })
    expect(scans?.days.at(-1)).toEqual({ day: townDay(0), scans: 1, people: 1 })
  })

  it('sets where the advertiser’s own line leads, normalised; a bad website is a 400 with its message', async () => {
    const email = address('own')
    const id = await paidDayIn(t, freshDate(), { businessName: 'Own Cafe', email })
    const cookie = await signIn(email)

    const response = await putLink(cookie, id, { destination: 'website', target: 'www.own.example' })
    expect(response.status).toBe(200)
    const link = (await response.json()) as LineLinkDto
    expect(link).toMatchObject({ orderId: id, destination: 'website', target: 'https://www.own.example/' })
    expect(linesOf(await account(cookie)).find((l) => l.id === id)?.link).toEqual(link)

    const bad = await putLink(cookie, id, { destination: 'website', target: 'not a site' })
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { error: { message: string } }).error.message).toBe(LINK_WEBSITE_INVALID)
    expect((await codeOf(id))?.target).toBe('https://www.own.example/')

    expect((await putLink(undefined, id, { destination: 'page' })).status).toBe(401)
  })

  it('never shows nor sets another advertiser’s lines', async () => {
    const a = address('a')
    const b = address('b')
    const lineA = await paidDayIn(t, freshDate(), { businessName: 'A Cafe', email: a })
    const lineB = await paidDayIn(t, freshDate(), { businessName: 'B Cafe', email: b })
    await t.db.insert(linkScanDays).values([
      { orderId: lineA, day: townDay(0), scans: 9, people: 3 },
      { orderId: lineB, day: townDay(0), scans: 1, people: 1 },
    ])
    const cookieB = await signIn(b)

    const seenByB = linesOf(await account(cookieB))
    expect(seenByB.map((l) => l.id)).toEqual([lineB])
    expect(seenByB[0]?.scans?.scans).toBe(1)

    const refused = await putLink(cookieB, lineA, { destination: 'website', target: 'b.example' })
    expect(refused.status).toBe(404)
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(LINK_NOT_FOUND)
    expect(await codeOf(lineA)).toMatchObject({ destination: 'page', target: null })

    // A signed-in user who never bought has no lines to set.
    const nobody = address('nobody')
    await t.db.insert(orders).values({
      id: `ORD-n${randomUUID().slice(0, 10)}`,
      businessName: 'Nobody',
      email: nobody,
      amountCents: 100,
      status: 'expired',
      source: 'manual',
      metadata: { order_type: 'special_purchase', description: 'x', units: 1 },
    })
    const cookieNobody = await signIn(nobody)
    expect((await putLink(cookieNobody, lineA, { destination: 'page' })).status).toBe(404)

    // Nor may an advertiser reach the owner's scans.
    expect((await t.request('/api/admin/mailings/2031-05/scans', { cookie: cookieB })).status).toBe(403)
    expect(
      (
        await t.request(`/api/admin/orders/${lineA}/link`, {
          method: 'PUT',
          cookie: cookieB,
          json: { destination: 'page' },
        })
      ).status,
    ).toBe(403)
  })
})
