import { randomUUID } from 'node:crypto'
import { eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '#server/app.ts'
import {
  advertisers,
  emailUnsubscribes,
  linkScanDays,
  mailings,
  mapIcons,
  orderArtwork,
  orders,
  outbox,
} from '#server/db/schema.ts'
import { loggedLines } from '#server/test/log-lines.ts'
import { insertDays, paidDayIn, paidIconIn } from '#server/test/offer-test-helpers.ts'
import { ADMIN, createTestApp, MEMBER, TEST_ORIGIN, type TestApp } from '#server/test/test-app.ts'
import {
  type AdminMailingScansDto,
  type AdPageDto,
  LINK_PHONE_INVALID,
  type LineLinkDto,
} from '#shared/short-links.ts'
import { queueScanReports, scanReportContext, sendDueScanReports } from './scan-report.ts'

/**
 * The owner's side of the short links (scans per mailing, its CSV, any line's destination: admin only),
 * the advertiser's page behind a 'page' link, and the scan report e-mailed two weeks after a mailing.
 */
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

const buyer = (businessName: string) => ({
  businessName,
  email: `${businessName.replace(/\W+/g, '-').toLowerCase()}.${randomUUID().slice(0, 6)}@shop.example`,
})

async function codeOf(orderId: string): Promise<string> {
  const [row] = await t.db.select({ code: orders.shortCode }).from(orders).where(eq(orders.id, orderId))
  return row?.code as string
}

async function scans(orderId: string, rows: [string, number, number][]) {
  await t.db
    .insert(linkScanDays)
    .values(rows.map(([day, scans, people]) => ({ orderId, day, scans, people })))
}

async function icon(name: string) {
  const [row] = await t.db
    .insert(mapIcons)
    .values({ name, size: 'large', priceCents: 15000, totalQuantity: 10 })
    .returning()
  return row?.id as string
}

describe('the owner’s scan routes', () => {
  it('refuse anyone signed out (401) and anyone not an administrator (403), changing nothing', async () => {
    const id = await paidDayIn(t, '2032-01-05', buyer('Guarded Cafe'))
    const routes: [string, RequestInit & { json?: unknown }][] = [
      ['/api/admin/mailings/2032-01/scans', {}],
      ['/api/admin/mailings/2032-01/scans.csv', {}],
      [
        `/api/admin/orders/${id}/link`,
        { method: 'PUT', json: { destination: 'website', target: 'x.example' } },
      ],
    ]
    for (const [path, init] of routes) {
      expect((await t.request(path, init)).status).toBe(401)
      expect((await t.request(path, { ...init, cookie: member })).status).toBe(403)
    }
    const [row] = await t.db.select().from(orders).where(eq(orders.id, id))
    expect(row?.linkDestination).toBe('page')
  })

  it('list every day and icon line sold or refunded in a mailing, by date then business, with totals', async () => {
    const month = '2032-07'
    const second = await paidDayIn(t, '2032-07-02', buyer('Zed Bakery'))
    const first = await paidDayIn(t, '2032-07-01', buyer('Comma, "Quoted" Co'))
    const formula = await paidDayIn(t, '2032-07-03', buyer('=HYPERLINK("http://evil.example")'))
    const refunded = await paidDayIn(t, '2032-07-04', buyer('Refunded Shop'))
    const deleted = await paidDayIn(t, '2032-07-05', buyer('Deleted Shop'))
    const iconLine = await paidIconIn(t, await icon('Coffee cup'), month, buyer('Icon Shop'))
    await t.db.update(orders).set({ status: 'refunded' }).where(eq(orders.id, refunded))
    await t.db.update(orders).set({ status: 'deleted', deletedAt: new Date() }).where(eq(orders.id, deleted))
    await t.db
      .update(orders)
      .set({ linkDestination: 'phone', linkTarget: '+15555550123' })
      .where(eq(orders.id, second))
    await t.db
      .update(orders)
      .set({ linkDestination: 'website', linkTarget: 'https://zed.example/' })
      .where(eq(orders.id, formula))
    await scans(second, [
      ['2032-07-10', 3, 2],
      ['2032-07-11', 2, 2],
    ])
    await scans(iconLine, [['2032-07-12', 4, 1]])
    await scans(refunded, [['2032-07-10', 1, 1]])
    await scans(deleted, [['2032-07-10', 7, 7]])

    const response = await t.request(`/api/admin/mailings/${month}/scans`, { cookie: admin })
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const body = (await response.json()) as AdminMailingScansDto
    expect(body.month).toBe(month)
    expect(body.lines.map((l) => l.orderId)).toEqual([first, second, formula, refunded, iconLine])
    expect(body.scans).toBe(10)
    expect(body.people).toBe(6)
    const secondLine = body.lines[1]
    const code = await codeOf(second)
    expect(secondLine).toEqual({
      orderId: second,
      businessName: 'Zed Bakery',
      description: 'Calendar day — Friday, July 2, 2032',
      status: 'paid',
      link: {
        orderId: second,
        code,
        shortUrl: `${TEST_ORIGIN}/go/${code}`,
        destination: 'phone',
        target: '+15555550123',
        pagePath: `/ads/${code}`,
      },
      scans: 5,
      people: 4,
    })
    expect(body.lines[3]).toMatchObject({ status: 'refunded', scans: 1, people: 1 })
    expect(body.lines[4]).toMatchObject({
      description: 'Map icon — Premium (Coffee cup), July 2032 mailing',
      scans: 4,
      people: 1,
    })
    expect(body.lines[0]).toMatchObject({ scans: 0, people: 0 })

    const csv = await t.request(`/api/admin/mailings/${month}/scans.csv`, { cookie: admin })
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="scans-${month}.csv"`)
    const rows = (await csv.text()).trimEnd().split('\r\n')
    expect(rows[0]).toBe('Business,E-mail,Item,Status,Short link,Leads to,Scans,People')
    expect(rows.length).toBe(6)
    const firstCode = await codeOf(first)
    const [firstRow] = await t.db.select({ email: orders.email }).from(orders).where(eq(orders.id, first))
    expect(rows[1]).toBe(
      `"Comma, ""Quoted"" Co",${firstRow?.email},"Calendar day — Thursday, July 1, 2032",paid,${TEST_ORIGIN}/go/${firstCode},${TEST_ORIGIN}/ads/${firstCode},0,0`,
    )
    expect(rows[2]).toContain(',tel:+15555550123,5,4')
    // A cell a spreadsheet would run as a formula starts with a quote.
    expect(rows[3]).toMatch(/^"'=HYPERLINK\(""http:\/\/evil\.example""\)",/)
    expect(rows[3]).toContain(',https://zed.example/,0,0')

    expect((await t.request('/api/admin/mailings/2099-13/scans', { cookie: admin })).status).toBe(404)
    expect((await t.request('/api/admin/mailings/2099-12/scans.csv', { cookie: admin })).status).toBe(404)
  })

  it('set any line’s destination, and tell the redirect which code now leads elsewhere', async () => {
    const id = await paidDayIn(t, '2032-09-01', buyer('Owner Set'))
    const changed: string[] = []
    const app = createApp({ ...t.deps, linkEvents: { changed: (code) => changed.push(code) } })
    const put = (orderId: string, json: unknown) =>
      app.request(`${TEST_ORIGIN}/api/admin/orders/${encodeURIComponent(orderId)}/link`, {
        method: 'PUT',
        headers: { origin: TEST_ORIGIN, cookie: admin, 'content-type': 'application/json' },
        body: JSON.stringify(json),
      })

    const response = await put(id, { destination: 'phone', target: '555.555.0188' })
    expect(response.status).toBe(200)
    const link = (await response.json()) as LineLinkDto
    expect(link).toMatchObject({ orderId: id, destination: 'phone', target: '5555550188' })
    expect(changed).toEqual([await codeOf(id)])

    const bad = await put(id, { destination: 'phone', target: 'x' })
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { error: { message: string } }).error.message).toBe(LINK_PHONE_INVALID)
    expect((await put('ORD-unknown1', { destination: 'page' })).status).toBe(404)
    await t.db.update(orders).set({ status: 'deleted', deletedAt: new Date() }).where(eq(orders.id, id))
    expect((await put(id, { destination: 'page' })).status).toBe(404)
    expect(changed.length).toBe(1)
    const [row] = await t.db.select().from(orders).where(eq(orders.id, id))
    expect([row?.linkDestination, row?.linkTarget]).toEqual(['phone', '5555550188'])
  })
})

describe('the advertiser’s page', () => {
  it('shows the line’s business, the advertiser’s phone and website, the postcard and the logo', async () => {
    const who = buyer('Page Cafe')
    const id = await paidDayIn(t, '2032-10-07', who)
    await t.db
      .update(advertisers)
      .set({ phone: ' (555) 555-0142 ', website: 'pagecafe.example' })
      .where(eq(advertisers.email, who.email))
    const code = await codeOf(id)
    const response = await t.request(`/api/ads/${code.toUpperCase()}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect((await response.json()) as AdPageDto).toEqual({
      code,
      businessName: 'Page Cafe',
      phone: '(555) 555-0142',
      website: 'https://pagecafe.example/',
      logoPath: null,
      seenIn: 'as seen in the October 2032 postcard',
    })

    await t.db.insert(orderArtwork).values({
      orderId: id,
      fileKey: 'artwork/2032-10/x.png',
      thumbnailKey: 'artwork/2032-10/x-preview.png',
      fileName: 'logo.png',
      contentType: 'image/png',
      sizeBytes: 10,
      inspection: {},
      uploadedAt: new Date(),
    })
    await t.db
      .update(advertisers)
      .set({ phone: null, website: 'javascript:alert(1)' })
      .where(eq(advertisers.email, who.email))
    const withLogo = (await (await t.request(`/api/ads/${code}`)).json()) as AdPageDto
    expect(withLogo).toMatchObject({ phone: null, website: null, logoPath: `/api/ads/${code}/logo` })
  })

  it('is not found (a JSON 404) for a refunded, expired or deleted line, a special purchase or a bad code', async () => {
    const refunded = await paidDayIn(t, '2032-10-08', buyer('Gone Cafe'))
    await t.db.update(orders).set({ status: 'refunded' }).where(eq(orders.id, refunded))
    const expired = `ORD-e${randomUUID().slice(0, 10)}`
    await t.db.insert(orders).values({
      id: expired,
      ...buyer('Lapsed'),
      amountCents: 100,
      status: 'pending',
      expiresAt: new Date(Date.now() - 60_000),
      mailingMonth: '2032-10',
      mapIconId: await icon('Lapsed icon'),
      source: 'checkout',
    })
    const special = `ORD-s${randomUUID().slice(0, 10)}`
    await t.db.insert(orders).values({
      id: special,
      ...buyer('Special'),
      amountCents: 100,
      status: 'paid',
      source: 'manual',
      metadata: { order_type: 'special_purchase', description: 'Insert', units: 1 },
    })
    for (const code of [
      await codeOf(refunded),
      await codeOf(expired),
      await codeOf(special),
      '2222222',
      'short',
      '%00',
    ]) {
      const response = await t.request(`/api/ads/${code}`)
      expect(response.status).toBe(404)
      expect(response.headers.get('content-type')).toContain('application/json')
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('not_found')
    }
  })
})

describe('the scan report', () => {
  const at = (day: string) => new Date(`${day}T17:00:00Z`)
  const reports = (month: string) =>
    t.db
      .select()
      .from(outbox)
      .where(like(outbox.dedupeKey, `scan-report:${month}:%`))

  it('goes once, two weeks after the in-homes date, to each advertiser with scans who did not unsubscribe', async () => {
    const month = '2033-02'
    const a = buyer('Scanned Shop')
    const b = buyer('Unscanned Shop')
    const c = buyer('Unsubscribed Shop')
    const a1 = await paidDayIn(t, '2033-02-01', a)
    const a2 = await paidIconIn(t, await icon('Bagel'), month, a)
    await paidDayIn(t, '2033-02-03', a)
    await paidDayIn(t, '2033-02-04', b)
    const c1 = await paidDayIn(t, '2033-02-05', c)
    await scans(a1, [
      ['2033-02-11', 3, 2],
      ['2033-02-12', 1, 1],
    ])
    await scans(a2, [['2033-02-12', 1, 1]])
    await scans(c1, [['2033-02-12', 2, 2]])
    await t.db.insert(emailUnsubscribes).values({ email: c.email })
    await t.db.update(mailings).set({ inHomesDate: '2033-02-10' }).where(eq(mailings.month, month))
    // The next mailing open for sale, which the report links to.
    await insertDays(t, '2033-03', 1, 3)
    await t.db
      .update(mailings)
      .set({ status: 'open', salesCloseAt: new Date('2033-03-01T04:59:00Z') })
      .where(eq(mailings.month, '2033-03'))
    const ctx = scanReportContext(t.deps)

    expect(await sendDueScanReports(ctx, at('2033-02-23'), t.deps.logger)).toBe(0)
    expect(await reports(month)).toEqual([])

    await sendDueScanReports(ctx, at('2033-02-24'), t.deps.logger)
    expect(await sendDueScanReports(ctx, at('2033-02-24'), t.deps.logger)).toBe(0)
    expect(await sendDueScanReports(ctx, at('2033-02-25'), t.deps.logger)).toBe(0)
    const sent = await reports(month)
    expect(sent.length).toBe(1)
    const [mail] = sent
    const [advertiserA] = await t.db.select().from(advertisers).where(eq(advertisers.email, a.email))
    expect(mail?.dedupeKey).toBe(`scan-report:${month}:${advertiserA?.id}`)
    expect(mail?.toAddress).toBe(a.email)
    expect(mail?.kind).toBe('scan_report')
    expect(mail?.subject).toBe('Your ad was scanned 5 times')
    expect(mail?.textBody).toContain('- Calendar day — Tuesday, February 1, 2033: 4 scans, 3 people')
    expect(mail?.textBody).toContain('- Map icon — Premium (Bagel), February 2033 mailing: 1 scan, 1 person')
    expect(mail?.textBody).toContain('- Calendar day — Thursday, February 3, 2033: No scans yet')
    expect(mail?.textBody).toContain(`${TEST_ORIGIN}/calendar?month=2033-03`)
    expect(mail?.textBody).toMatch(
      /Unsubscribe from these e-mails: http:\/\/localhost:3000\/api\/unsubscribe\?e=/,
    )
    expect(mail?.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' })
  })

  it('is not sent more than 30 days after its day, nor counts a refunded line', async () => {
    const month = '2033-06'
    const late = buyer('Late Shop')
    const refundedOnly = buyer('Refunded Shop')
    const live = await paidDayIn(t, '2033-06-01', late)
    const refunded = await paidDayIn(t, '2033-06-02', refundedOnly)
    await scans(live, [['2033-06-12', 2, 1]])
    await scans(refunded, [['2033-06-12', 9, 9]])
    await t.db.update(orders).set({ status: 'refunded' }).where(eq(orders.id, refunded))
    await t.db.update(mailings).set({ inHomesDate: '2033-06-10' }).where(eq(mailings.month, month))
    const ctx = scanReportContext(t.deps)

    // 14 + 30 days after 2033-06-10 is 2033-07-24: the day after, it is no longer sent.
    expect(await sendDueScanReports(ctx, at('2033-07-25'), t.deps.logger)).toBe(0)
    expect(await sendDueScanReports(ctx, at('2033-07-24'), t.deps.logger)).toBe(1)
    const sent = await reports(month)
    expect(sent.map((m) => [m.toAddress, m.subject])).toEqual([[late.email, 'Your ad was scanned 2 times']])
  })

  it('is queued for the other mailings when one mailing fails, and the one that failed is logged', async () => {
    const bad = buyer('Failing Mailing Shop')
    const good = buyer('Next Mailing Shop')
    await scans(await paidDayIn(t, '2033-09-01', bad), [['2033-09-12', 1, 1]])
    await scans(await paidDayIn(t, '2033-10-01', good), [['2033-09-22', 1, 1]])
    await t.db.update(mailings).set({ inHomesDate: '2033-09-10' }).where(eq(mailings.month, '2033-09'))
    await t.db.update(mailings).set({ inHomesDate: '2033-09-20' }).where(eq(mailings.month, '2033-10'))
    const { logger, lines } = loggedLines()

    const queued = await sendDueScanReports(
      scanReportContext(t.deps),
      at('2033-10-05'),
      logger,
      (ctx, month, ...rest) =>
        month === '2033-09'
          ? Promise.reject(new Error('cannot report this mailing'))
          : queueScanReports(ctx, month, ...rest),
    )
    expect(queued).toBe(1)
    expect((await reports('2033-10')).map((m) => m.toAddress)).toEqual([good.email])
    expect(lines).toEqual([
      expect.objectContaining({
        level: 50,
        month: '2033-09',
        err: expect.objectContaining({ message: 'cannot report this mailing' }),
      }),
    ])
  })
})
