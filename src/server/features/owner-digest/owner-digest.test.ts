import { eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ownerDigestContext } from '#server/app.ts'
import {
  advertisers,
  calendarDays,
  mailings,
  mapIcons,
  orderArtwork,
  orders,
  outbox,
  purchases,
} from '#server/db/schema.ts'
import {
  buyAndPayDays,
  openMonthWithDays,
  pngBytes,
  uploadArtworkFile,
} from '#server/test/artwork-test-helpers.ts'
import { ADMIN, createTestApp, MEMBER, type TestApp } from '#server/test/test-app.ts'
import type { ProductionBoardResponse } from '#shared/artwork.ts'
import type { DigestMailingDto, OwnerDigestDto } from '#shared/owner-digest.ts'
import {
  buildOwnerDigest,
  type OwnerDigestContext,
  ownerDigestKey,
  sendOwnerDigest,
} from './owner-digest.service.ts'

/**
 * The owner's daily digest on a seeded year: the January 2041 mailing open (30 days set up, 12 paid, two
 * held by the owner for a florist, one in a checkout's hold), February 2041 open with nothing sold, December
 * 2040 mailed (its advertisers are January's call list) and January 2040, last year's January, whose paid
 * lines have paid_at history. "Now" is Monday, November 26, 2040, 7:00 AM in the town (America/New_York):
 * January's sales close at midnight starting December 18 (its last day of sales December 17, 3 weeks away).
 */
let t: TestApp
let admin: string
let member: string
let ctx: OwnerDigestContext

const NOW = new Date('2040-11-26T12:00:00Z')
const JAN = '2041-01'
const FEB = '2041-02'
const DEC = '2040-12'
const LAST_JAN = '2040-01'

let sequence = 80_000
const dayIds = new Map<string, string>()
const at = (iso: string) => new Date(iso)

async function insertDays(month: string, count: number) {
  const rows = await t.db
    .insert(calendarDays)
    .values(
      Array.from({ length: count }, (_, i) => ({
        date: `${month}-${String(i + 1).padStart(2, '0')}`,
        status: 'available',
        priceCents: 12000,
      })),
    )
    .returning({ id: calendarDays.id, date: calendarDays.date })
  for (const row of rows) dayIds.set(row.date, row.id)
}

type Line = Partial<typeof orders.$inferInsert> & { email: string; businessName: string; status: string }

/** One order line; a day by its date ('YYYY-MM-DD'). */
async function insertLine(line: Line & { date?: string }) {
  const { date, ...values } = line
  const id = `ORD-${sequence++}`
  await t.db.insert(orders).values({
    amountCents: 12000,
    paymentProvider: 'local',
    ...values,
    ...(date ? { dayId: dayIds.get(date) as string } : {}),
    id,
  })
  return id
}

/** Paid day lines of one checkout. */
async function paidDays(
  session: string,
  who: { businessName: string; email: string },
  dates: string[],
  paidAt: (i: number) => Date,
) {
  const ids: string[] = []
  for (const [i, date] of dates.entries())
    ids.push(
      await insertLine({
        ...who,
        date,
        status: 'paid',
        paymentSessionId: session,
        paidAt: paidAt(i),
        createdAt: paidAt(i),
      }),
    )
  return ids
}

const day = (month: string, n: number) => `${month}-${String(n).padStart(2, '0')}`
const range = (month: string, from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => day(month, from + i))

async function setArtwork(
  orderId: string,
  values: Partial<typeof orderArtwork.$inferInsert> & { state: string },
  widthPx = 600,
) {
  await t.db.insert(orderArtwork).values({
    orderId,
    fileKey: `artwork/test/${orderId}.png`,
    fileName: 'logo.png',
    contentType: 'image/png',
    sizeBytes: 1000,
    inspection: { kind: 'image', mime: 'image/png', ext: 'png', widthPx, heightPx: widthPx },
    uploadedAt: at('2040-11-24T15:00:00Z'),
    ...values,
  })
}

const BAKERY = { businessName: 'Main Street Bakery', email: 'bakery@main.test' }
const CAFE = { businessName: 'Bean There Cafe', email: 'bean@cafe.test' }
const HARDWARE = { businessName: 'Corner Hardware', email: 'hw@hardware.test' }
const FLORIST = { businessName: 'Harbor Florist', email: 'florist@harbor.test' }
const HOLD = { businessName: 'Hold Shop', email: 'hold@shop.test' }
const YOGA = { businessName: 'Sunrise Yoga', email: 'yoga@sunrise.test' }
const LAPSED = { businessName: 'Lapsed Shop', email: 'lapsed@shop.test' }

let bakeryJan: string[] = []
/** The florist's manual order: its purchase is named after its first line. */
let floristPurchase = ''
let iconName = ''

async function seedYear() {
  const mailing = (month: string, close: string, due: string, inHomes: string, status: string) => ({
    month,
    salesCloseAt: at(close),
    artworkDueAt: at(due),
    inHomesDate: inHomes,
    status,
  })
  await t.db
    .insert(mailings)
    .values([
      mailing(LAST_JAN, '2039-12-18T05:00:00Z', '2039-12-21T05:00:00Z', '2040-01-01', 'mailed'),
      mailing(DEC, '2040-11-17T05:00:00Z', '2040-11-20T05:00:00Z', '2040-12-01', 'mailed'),
      mailing(JAN, '2040-12-18T05:00:00Z', '2040-12-21T05:00:00Z', '2041-01-01', 'open'),
      mailing(FEB, '2041-01-18T05:00:00Z', '2041-01-21T05:00:00Z', '2041-02-01', 'open'),
    ])
  await insertDays(LAST_JAN, 20)
  await insertDays(DEC, 10)
  await insertDays(JAN, 30)
  await insertDays(FEB, 28)

  // Last year's January: 13 of its 20 days paid by this point of its sales (the 13th exactly at it: 21 days
  // 17 hours before its close, as now is before this January's), 5 more later, one paid early and refunded.
  const lastYearPoint = at('2039-11-26T12:00:00Z').getTime()
  await paidDays('cs_digest_last_early', BAKERY, range(LAST_JAN, 1, 13), (i) =>
    i === 12 ? new Date(lastYearPoint) : at(`2039-11-${String(i + 1).padStart(2, '0')}T15:00:00Z`),
  )
  await paidDays('cs_digest_last_late', CAFE, range(LAST_JAN, 14, 18), (i) =>
    i === 0 ? new Date(lastYearPoint + 1000) : at(`2039-12-0${i + 1}T15:00:00Z`),
  )
  await insertLine({
    ...YOGA,
    date: day(LAST_JAN, 19),
    status: 'refunded',
    paidAt: at('2039-11-02T15:00:00Z'),
  })

  // December 2040: its advertisers, and one whose hold lapsed (never an advertiser of that mailing).
  for (const [i, who] of [CAFE, HARDWARE, BAKERY, FLORIST, HOLD].entries())
    await paidDays(`cs_digest_dec_${i}`, who, [day(DEC, i + 1)], () => at('2040-10-20T15:00:00Z'))
  await insertLine({ ...LAPSED, date: day(DEC, 6), status: 'expired', expiresAt: at('2040-10-21T15:00:00Z') })
  await t.db.update(advertisers).set({ phone: '555-0101' }).where(eq(advertisers.email, CAFE.email))

  // January 2041: 12 days paid (the bakery's 10, the yoga studio's 2) and a paid icon; the florist's two days
  // held by the owner (a manual order waiting for payment); a checkout's hold in progress.
  bakeryJan = await paidDays('cs_digest_jan_bakery', BAKERY, range(JAN, 1, 10), () =>
    at('2040-11-02T15:00:00Z'),
  )
  await paidDays('cs_digest_jan_yoga', YOGA, range(JAN, 11, 12), () => at('2040-11-03T15:00:00Z'))
  const [icon] = await t.db.select({ id: mapIcons.id, name: mapIcons.name }).from(mapIcons).limit(1)
  iconName = icon?.name ?? 'Map icon'
  await insertLine({
    ...YOGA,
    mapIconId: icon?.id,
    mailingMonth: JAN,
    status: 'paid',
    amountCents: 15000,
    paymentSessionId: 'cs_digest_jan_yoga',
    paidAt: at('2040-11-03T15:00:00Z'),
  })
  floristPurchase = await insertLine({
    ...FLORIST,
    date: day(JAN, 13),
    status: 'pending',
    source: 'manual',
    paymentProvider: null,
    createdAt: at('2040-11-23T15:00:00Z'),
  })
  await insertLine({
    ...FLORIST,
    date: day(JAN, 14),
    status: 'pending',
    source: 'manual',
    paymentProvider: null,
    paymentSessionId: null,
    purchaseId: floristPurchase,
    createdAt: at('2040-11-23T15:05:00Z'),
  })
  await insertLine({
    ...HOLD,
    date: day(JAN, 15),
    status: 'pending',
    paymentSessionId: 'cs_digest_jan_hold',
    expiresAt: new Date(NOW.getTime() + 20 * 60_000),
    createdAt: new Date(NOW.getTime() - 10 * 60_000),
  })

  // The bakery's January artwork: approved, changes requested, a file too small to print sharp, a sharp
  // file, a file re-uploaded after the owner asked for changes; the rest missing.
  const [approved, changes, blurry, sharp, again] = bakeryJan as [string, string, string, string, string]
  const review = { reviewedAt: at('2040-11-20T15:00:00Z'), reviewedBy: ADMIN.email }
  await setArtwork(approved, { state: 'approved', ...review })
  await setArtwork(changes, {
    state: 'changes_requested',
    ownerNote: 'Please send the logo without the white box.',
    ...review,
  })
  await setArtwork(blurry, { state: 'received' }, 100)
  await setArtwork(sharp, { state: 'received' })
  await setArtwork(again, { state: 'received', ownerNote: 'The phone number is cut off.', ...review })
}

beforeAll(async () => {
  t = await createTestApp()
  await t.createAdmin()
  await t.createMember()
  admin = await t.signIn(ADMIN)
  member = await t.signIn(MEMBER)
  ctx = ownerDigestContext(t.deps)
})
afterAll(() => t.close())

const digestRows = (key: string) => t.db.select().from(outbox).where(eq(outbox.dedupeKey, key))

describe('a day with nothing to say', () => {
  // Years after every mailing of the file: none open, no artwork waiting.
  const QUIET = new Date('2045-03-01T12:00:00Z')

  it('builds an empty digest and queues no e-mail', async () => {
    expect(await buildOwnerDigest(ctx, QUIET)).toEqual({
      date: '2045-03-01',
      dateText: 'Wednesday, March 1, 2045',
      mailings: [],
      isEmpty: true,
    })
    expect(await sendOwnerDigest(ctx, QUIET)).toBe('nothing_to_say')
    expect(await digestRows(ownerDigestKey('2045-03-01'))).toEqual([])
  })

  it('sends nothing before 7:00 on the town’s clock', async () => {
    expect(await sendOwnerDigest(ctx, new Date('2045-03-01T11:59:00Z'))).toBe('too_early')
  })
})

describe('a seeded year', () => {
  beforeAll(seedYear)

  const mailingOf = (digest: OwnerDigestDto, month: string) =>
    digest.mailings.find((m) => m.month === month) as DigestMailingDto

  it('gives the fill rate against time, with last year’s at the same point', async () => {
    const digest = await buildOwnerDigest(ctx, NOW)
    expect(digest.date).toBe('2040-11-26')
    expect(digest.dateText).toBe('Monday, November 26, 2040')
    expect(digest.isEmpty).toBe(false)
    // Mailed December and last year's January have nothing to say.
    expect(digest.mailings.map((m) => m.month)).toEqual([JAN, FEB])
    const { sales } = mailingOf(digest, JAN)
    expect(sales).toMatchObject({
      daysSetUp: 30,
      daysSold: 12,
      percentSold: 40,
      timeLeft: '3 weeks',
      salesCloseText: 'Monday, December 17, 11:59 PM (EST)',
      lastYear: { month: LAST_JAN, label: 'January 2040', daysSetUp: 20, daysSold: 13, percentSold: 65 },
      summary: 'January 2041: 40 % of days sold, 3 weeks to sales close (last year: 65 % at this point)',
      previousMailing: { month: DEC, label: 'December 2040' },
    })
    // February: nothing sold, no February a year earlier (no parenthesis), nothing pending, no artwork.
    expect(mailingOf(digest, FEB)).toMatchObject({
      sales: {
        daysSetUp: 28,
        daysSold: 0,
        percentSold: 0,
        timeLeft: '7 weeks',
        lastYear: null,
        summary: 'February 2041: 0 % of days sold, 7 weeks to sales close',
        previousMailing: { month: JAN, label: 'January 2041' },
        pendingOrders: [],
      },
      artwork: null,
    })
  })

  it('counts the time left in the town’s days: 5 days, 1 day, today, then no sales part once closed', async () => {
    const salesOf = async (iso: string) => mailingOf(await buildOwnerDigest(ctx, at(iso)), JAN)?.sales
    expect((await salesOf('2040-12-12T12:00:00Z'))?.timeLeft).toBe('5 days')
    expect((await salesOf('2040-12-16T12:00:00Z'))?.timeLeft).toBe('1 day')
    expect((await salesOf('2040-12-17T12:00:00Z'))?.summary).toBe(
      'January 2041: 40 % of days sold, sales close today (last year: 90 % at this point)',
    )
    expect(await salesOf('2040-12-18T05:00:00Z')).toBeNull()
  })

  it('lists last mailing’s advertisers who have not booked yet, with their phones', async () => {
    const { sales } = mailingOf(await buildOwnerDigest(ctx, NOW), JAN)
    // The bakery paid and the florist is held for by the owner: booked. A checkout's hold is not a booking;
    // the shop whose December hold lapsed was never December's advertiser.
    expect(sales?.notBookedYet.map(({ advertiserId, ...a }) => a)).toEqual([
      { businessName: 'Bean There Cafe', phone: '555-0101', email: 'bean@cafe.test' },
      { businessName: 'Corner Hardware', phone: null, email: 'hw@hardware.test' },
      { businessName: 'Hold Shop', phone: null, email: 'hold@shop.test' },
    ])
  })

  it('lists the orders waiting for payment, not a checkout’s hold', async () => {
    const { sales } = mailingOf(await buildOwnerDigest(ctx, NOW), JAN)
    const [florist] = await t.db.select().from(purchases).where(eq(purchases.id, floristPurchase))
    expect(sales?.pendingOrders).toEqual([
      {
        purchaseId: florist?.id,
        reference: florist?.reference,
        businessName: 'Harbor Florist',
        email: 'florist@harbor.test',
        amountCents: 24000,
        since: '2040-11-23T15:00:00.000Z',
        sinceText: 'Friday, November 23, 2040',
      },
    ])
  })

  it('lists the artwork that needs someone before the deadline, and only the re-uploads after it', async () => {
    const { artwork } = mailingOf(await buildOwnerDigest(ctx, NOW), JAN)
    const labels = (lines: { label: string; businessName: string }[] | undefined) =>
      lines?.map((l) => `${l.businessName}: ${l.label}`)
    expect(artwork?.artworkDueText).toBe('Thursday, December 20, 11:59 PM (EST)')
    expect(artwork?.isBeforeDeadline).toBe(true)
    expect(labels(artwork?.missing)).toEqual([
      'Main Street Bakery: Calendar day: Sunday, January 6, 2041',
      'Main Street Bakery: Calendar day: Monday, January 7, 2041',
      'Main Street Bakery: Calendar day: Tuesday, January 8, 2041',
      'Main Street Bakery: Calendar day: Wednesday, January 9, 2041',
      'Main Street Bakery: Calendar day: Thursday, January 10, 2041',
      'Sunrise Yoga: Calendar day: Friday, January 11, 2041',
      'Sunrise Yoga: Calendar day: Saturday, January 12, 2041',
      // The florist's days are held for them by the owner: sold lines, artwork expected.
      'Harbor Florist: Calendar day: Sunday, January 13, 2041',
      'Harbor Florist: Calendar day: Monday, January 14, 2041',
      expect.stringMatching(/^Sunrise Yoga: Map icon: /),
    ])
    expect(artwork?.changesRequested).toEqual([
      expect.objectContaining({
        label: 'Calendar day: Wednesday, January 2, 2041',
        note: 'Please send the logo without the white box.',
      }),
    ])
    expect(artwork?.printWarnings).toEqual([
      expect.objectContaining({
        label: 'Calendar day: Thursday, January 3, 2041',
        warning: expect.stringContaining('100 × 100 pixels'),
      }),
    ])
    expect(artwork?.reviewAgain).toEqual([
      expect.objectContaining({
        label: 'Calendar day: Saturday, January 5, 2041',
        note: 'The phone number is cut off.',
        uploadedText: 'Saturday, November 24, 2040',
      }),
    ])

    const after = mailingOf(await buildOwnerDigest(ctx, at('2040-12-22T12:00:00Z')), JAN)
    expect(after?.sales).toBeNull()
    expect(after?.artwork).toMatchObject({
      isBeforeDeadline: false,
      missing: [],
      changesRequested: [],
      printWarnings: [],
    })
    expect(after?.artwork?.reviewAgain).toHaveLength(1)
  })

  it('queues one e-mail a day to the notification address, however many rounds run at once', async () => {
    const rounds = await Promise.all([sendOwnerDigest(ctx, NOW), sendOwnerDigest(ctx, NOW)])
    expect(rounds.sort()).toEqual(['already_sent', 'queued'])
    const rows = await digestRows('owner-digest:2040-11-26')
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ kind: 'owner_digest', toAddress: t.deps.config.mail.adminNotifyEmail })
    // Later that day: already sent. The next morning: the next day's.
    expect(await sendOwnerDigest(ctx, new Date(NOW.getTime() + 3 * 3600_000))).toBe('already_sent')
    expect(await digestRows('owner-digest:2040-11-26')).toHaveLength(1)
    expect(await sendOwnerDigest(ctx, new Date(NOW.getTime() + 24 * 3600_000))).toBe('queued')
    expect(
      await t.db.select().from(outbox).where(like(outbox.dedupeKey, 'owner-digest:2040-11-%')),
    ).toHaveLength(2)
  })

  it('writes the e-mail from the same digest, in plain text', async () => {
    const [row] = await digestRows('owner-digest:2040-11-26')
    const [florist] = await t.db.select().from(purchases).where(eq(purchases.id, floristPurchase))
    expect(row?.subject).toBe('Townflyer: what needs you today, Monday, November 26, 2040')
    expect(row?.textBody).toBe(
      [
        'What needs you today, Monday, November 26, 2040.',
        '',
        '',
        'January 2041 mailing',
        '====================',
        'January 2041: 40 % of days sold, 3 weeks to sales close (last year: 65 % at this point)',
        '12 of 30 days sold. Sales close Monday, December 17, 11:59 PM (EST).',
        '',
        'December 2040 advertisers who have not booked yet (3):',
        '- Bean There Cafe, 555-0101, bean@cafe.test',
        '- Corner Hardware, no phone, hw@hardware.test',
        '- Hold Shop, no phone, hold@shop.test',
        '',
        'Pending orders, not paid yet (1):',
        `- ${florist?.reference}, Harbor Florist <florist@harbor.test>, $240, since Friday, November 23, 2040`,
        '',
        'Artwork due Thursday, December 20, 11:59 PM (EST).',
        '',
        'No artwork yet (10):',
        '- Calendar day: Sunday, January 6, 2041, Main Street Bakery <bakery@main.test>',
        '- Calendar day: Monday, January 7, 2041, Main Street Bakery <bakery@main.test>',
        '- Calendar day: Tuesday, January 8, 2041, Main Street Bakery <bakery@main.test>',
        '- Calendar day: Wednesday, January 9, 2041, Main Street Bakery <bakery@main.test>',
        '- Calendar day: Thursday, January 10, 2041, Main Street Bakery <bakery@main.test>',
        '- Calendar day: Friday, January 11, 2041, Sunrise Yoga <yoga@sunrise.test>',
        '- Calendar day: Saturday, January 12, 2041, Sunrise Yoga <yoga@sunrise.test>',
        '- Calendar day: Sunday, January 13, 2041, Harbor Florist <florist@harbor.test>',
        '- Calendar day: Monday, January 14, 2041, Harbor Florist <florist@harbor.test>',
        `- Map icon: ${iconName}, Sunrise Yoga <yoga@sunrise.test>`,
        '',
        'Changes requested, waiting for a new file (1):',
        '- Calendar day: Wednesday, January 2, 2041, Main Street Bakery <bakery@main.test>: “Please send the logo without the white box.”',
        '',
        'Print warnings on received files (1):',
        '- Calendar day: Thursday, January 3, 2041, Main Street Bakery <bakery@main.test>: Your image is 100 × 100 pixels. Printed at 1 × 1 in, that is 100 dots per inch, so it will look blurry and jagged in print. For a sharp print, upload an image of at least 300 × 300 pixels (300 DPI), or a PDF of your logo.',
        '',
        'Re-uploaded — review again (1):',
        '- Calendar day: Saturday, January 5, 2041, Main Street Bakery <bakery@main.test>, re-uploaded Saturday, November 24, 2040 (you asked: “The phone number is cut off.”)',
        '',
        '',
        'February 2041 mailing',
        '=====================',
        'February 2041: 0 % of days sold, 7 weeks to sales close',
        '0 of 28 days sold. Sales close Thursday, January 17, 11:59 PM (EST).',
        '',
        'January 2041 advertisers who have not booked yet (3):',
        '- Harbor Florist, no phone, florist@harbor.test',
        '- Main Street Bakery, no phone, bakery@main.test',
        '- Sunrise Yoga, no phone, yoga@sunrise.test',
        '',
        '',
        'The same on the Mailings screen: http://localhost:3000/admin/mailings',
        'Townflyer',
      ].join('\n'),
    )
  })
})

describe('GET /api/admin/digest', () => {
  it('is for administrators only', async () => {
    expect((await t.request('/api/admin/digest')).status).toBe(401)
    expect((await t.request('/api/admin/digest', { cookie: member })).status).toBe(403)
  })

  it('answers the digest as of now, as the e-mail would say it', async () => {
    const response = await t.request('/api/admin/digest', { cookie: admin })
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const body = (await response.json()) as OwnerDigestDto
    expect(body).toEqual(await buildOwnerDigest(ctx, new Date()))
  })

  it('lists a line the buyer re-uploaded after the owner asked for changes, and the board marks it', async () => {
    const { month, days } = await openMonthWithDays(t, admin)
    const { token, orderIds } = await buyAndPayDays(t, [days[0]?.id as string], 'Reupload Barber')
    const [orderId] = orderIds as [string]
    expect((await uploadArtworkFile(t, token, [orderId], await pngBytes(600, 600))).status).toBe(200)
    const asked = await t.request(`/api/admin/artwork/${orderId}/request-changes`, {
      method: 'POST',
      cookie: admin,
      json: { note: 'Please send the logo in color.' },
    })
    expect(asked.status).toBe(200)
    const before = (await (await t.request('/api/admin/digest', { cookie: admin })).json()) as OwnerDigestDto
    expect(before.mailings.find((m) => m.month === month)?.artwork?.reviewAgain).toEqual([])
    expect((await uploadArtworkFile(t, token, [orderId], await pngBytes(700, 700))).status).toBe(200)

    const after = (await (await t.request('/api/admin/digest', { cookie: admin })).json()) as OwnerDigestDto
    expect(after.mailings.find((m) => m.month === month)?.artwork?.reviewAgain).toEqual([
      expect.objectContaining({
        orderId,
        businessName: 'Reupload Barber',
        note: 'Please send the logo in color.',
      }),
    ])
    const board = await t.request(`/api/admin/mailings/${month}/artwork?state=received`, { cookie: admin })
    const line = ((await board.json()) as ProductionBoardResponse).lines.find((l) => l.orderId === orderId)
    expect(line).toMatchObject({ state: 'received', reviewedBy: ADMIN.email, ownerNote: null })
    expect(line?.reviewedAt).not.toBeNull()

    // Approved: nothing to review again.
    await t.request(`/api/admin/artwork/${orderId}/approve`, { method: 'POST', cookie: admin })
    const approved = (await (
      await t.request('/api/admin/digest', { cookie: admin })
    ).json()) as OwnerDigestDto
    expect(approved.mailings.find((m) => m.month === month)?.artwork?.reviewAgain ?? []).toEqual([])
  })
})
