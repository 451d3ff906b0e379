import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calendarDays, mailings, offers, orders, outbox, receipts } from '#server/db/schema.ts'
import { iconNamed, insertDays, paidDayIn, paidIconIn, setStock } from '#server/test/offer-test-helpers.ts'
import { ADMIN, createTestApp, MEMBER, type TestApp } from '#server/test/test-app.ts'
import type { CalendarMonthResponse, MapIconsResponse } from '#shared/dto.ts'
import type { AdminMailingOffersDto, PublicOfferDto } from '#shared/offers.ts'
import { makeMailingOffers } from './offer-round.service.ts'
import { OFFER_TEXTS } from './offers.service.ts'
import { offerRoundContext } from './offers-task.ts'

/**
 * Returning advertisers first: when a mailing's days are set up, last month's advertisers are offered the
 * same spots, held for them (strangers are refused), with one e-mail each; keeping pays them through the
 * normal payment path, releasing or the window ending frees them at once.
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

const buyer = (name: string) => ({
  businessName: name,
  email: `${name.toLowerCase().replaceAll(' ', '.')}@offers.example`,
})

async function setUpDays(startDate: string, endDate: string) {
  const response = await t.request('/api/admin/calendar-days/initialize', {
    method: 'POST',
    cookie: admin,
    json: { startDate, endDate, price: 120 },
  })
  expect(response.status).toBe(200)
}

async function adminOffers(month: string): Promise<AdminMailingOffersDto> {
  const response = await t.request(`/api/admin/mailings/${month}/offers`, { cookie: admin })
  expect(response.status).toBe(200)
  return response.json()
}

const offerOf = async (month: string, email: string) =>
  (await adminOffers(month)).offers.find((o) => o.email === email)

async function offerMails(email: string) {
  return t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.toAddress, email), eq(outbox.kind, 'offer')))
    .orderBy(asc(outbox.createdAt))
}

/** The token of the latest offer e-mail to `email` (from its release link). */
async function tokenOf(email: string): Promise<string> {
  const mail = (await offerMails(email)).at(-1)
  const token = /\/offers\/([A-Za-z0-9_-]{43})\n/.exec(`${mail?.textBody}\n`)?.[1]
  if (!token) throw new Error(`no offer link in: ${mail?.textBody}`)
  return token
}

async function publicDay(date: string) {
  const response = await t.request(`/api/calendar-days?month=${date.slice(0, 7)}`)
  const body: CalendarMonthResponse = await response.json()
  return body.days.find((d) => d.date === date)
}

async function publicIconLeft(iconId: string, month: string) {
  const body: MapIconsResponse = await (await t.request('/api/map-icons')).json()
  return body.icons.find((i) => i.id === iconId)?.stock.find((s) => s.month === month)?.availableQuantity
}

const dayIdOf = async (date: string) =>
  (await t.db.select().from(calendarDays).where(eq(calendarDays.date, date)))[0]?.id as string

/** A stranger's checkout of one day or one icon, as the storefront starts it (a new stranger each time). */
let strangers = 0
function stranger() {
  strangers += 1
  return {
    ip: `198.51.100.${strangers}`,
    who: { businessName: `Stranger Shop ${strangers}`, email: `stranger${strangers}@elsewhere.example` },
  }
}

function strangerBuys(dayId: string) {
  const { ip, who } = stranger()
  return t.request('/api/functions/create-checkout-session', { method: 'POST', ip, json: { ...who, dayId } })
}

function strangerBuysIcon(iconId: string, month: string) {
  const { ip, who } = stranger()
  return t.request('/api/functions/create-map-icon-checkout', {
    method: 'POST',
    ip,
    json: { ...who, iconId, month },
  })
}

/** The round as the offers task runs it (the admin's range is bounded to two years ahead). */
const makeOffers = (month: string) => makeMailingOffers(offerRoundContext(t.deps), month)

describe('making the offers', () => {
  it('offers the same date and icon once, in one e-mail per advertiser, and strangers are refused', async () => {
    const bakery = buyer('Harbor Bakery')
    const books = buyer('Lantern Books')
    const icon = await iconNamed(t, 'Map Icon')
    await paidDayIn(t, '2028-01-14', bakery)
    await paidDayIn(t, '2028-01-15', bakery)
    await paidIconIn(t, icon.id, '2028-01', bakery)
    // January's 31st renews as February's last day (2028 is a leap year: the 29th).
    await paidDayIn(t, '2028-01-31', books)

    await setUpDays('2028-02-01', '2028-02-29')
    const list = await adminOffers('2028-02')
    expect(list.windowDays).toBe(7)
    expect(list.offersMadeAt).not.toBeNull()
    expect(list.offers).toHaveLength(2)

    const bakeryOffer = list.offers.find((o) => o.email === bakery.email)
    expect(bakeryOffer).toMatchObject({
      state: 'offered',
      businessName: 'Harbor Bakery',
      mailingLabel: 'February 2028',
      sentCount: 1,
      // Two days get the cart's $10 off each; the icon is at its price.
      totalCents: 11000 + 11000 + icon.priceCents,
    })
    expect(bakeryOffer?.lines.map((l) => [l.kind, l.date, l.previousDate, l.amountCents])).toEqual([
      ['calendar_day', '2028-02-14', '2028-01-14', 11000],
      ['calendar_day', '2028-02-15', '2028-01-15', 11000],
      ['map_icon', null, null, icon.priceCents],
    ])
    const booksOffer = list.offers.find((o) => o.email === books.email)
    expect(booksOffer?.lines.map((l) => [l.date, l.previousDate, l.amountCents])).toEqual([
      ['2028-02-29', '2028-01-31', 12000],
    ])

    // Held lines are pending lines of a purchase of the advertiser's own, until the offer's end.
    const held = await t.db.select().from(orders).where(eq(orders.source, 'offer'))
    expect(held.filter((o) => o.email === bakery.email)).toHaveLength(3)
    for (const line of held) {
      expect(line.status).toBe('pending')
      expect(line.expiresAt?.toISOString()).toBe(bakeryOffer?.expiresAt)
    }

    // One e-mail each, whatever the number of lines.
    const [mail, ...others] = await offerMails(bakery.email)
    expect(others).toHaveLength(0)
    expect(mail?.subject).toBe(
      `Your spots in the February 2028 postcard are held for you until ${bakeryOffer?.expiresText}`,
    )
    expect(mail?.textBody).toContain('- Monday, February 14, 2028: $110')
    expect(mail?.textBody).toContain('- Regular map icon (Map Icon): $150')
    expect(mail?.textBody).toContain('Total: $370')
    expect(mail?.textBody).toMatch(
      /Keep my spots \(pay online\): http:\/\/localhost:3000\/offers\/\S{43}\/keep/,
    )
    expect(mail?.textBody).toMatch(/Release them for others: http:\/\/localhost:3000\/offers\/\S{43}\n/)
    expect(mail?.textBody).toContain('/api/unsubscribe?e=harbor.bakery%40offers.example&t=')
    expect(mail?.headers?.['List-Unsubscribe']).toContain('/api/unsubscribe?')
    expect(await offerMails(books.email)).toHaveLength(1)

    // Setting up more days later makes no second round.
    await setUpDays('2028-02-01', '2028-02-05')
    expect((await adminOffers('2028-02')).offers).toHaveLength(2)
    expect(await offerMails(bakery.email)).toHaveLength(1)

    // The link's page, and strangers: the day shows held (the calendar's "Pending", "Day Being Reserved")
    // and the checkout refuses it.
    const token = await tokenOf(bakery.email)
    const page = await t.request(`/api/offers/${token}`)
    expect(page.status).toBe(200)
    expect(page.headers.get('cache-control')).toBe('no-store')
    const shown: PublicOfferDto = await page.json()
    expect(shown).toMatchObject({ id: bakeryOffer?.id, state: 'offered', businessName: 'Harbor Bakery' })
    expect((await publicDay('2028-02-14'))?.status).toBe('reserved_pending')
    expect((await publicDay('2028-02-14'))?.businessName).toBeNull()
    const refused = await strangerBuys(await dayIdOf('2028-02-14'))
    expect(refused.status).toBe(409)
    expect((await refused.json()).error.message).toBe('This day is not available for booking')
  })

  it('takes the nearest free day of the same week, never over a pending or paid order', async () => {
    const early = buyer('Early Florist')
    const late = buyer('Late Cobbler')
    const thirtieth = buyer('Thirty Tailor')
    const last = buyer('Last Lamp')
    await paidDayIn(t, '2028-03-10', early, new Date('2027-01-01T00:00:00Z'))
    await paidDayIn(t, '2028-03-11', late, new Date('2027-01-02T00:00:00Z'))
    await paidDayIn(t, '2028-03-31', last, new Date('2027-01-03T00:00:00Z'))
    await paidDayIn(t, '2028-03-30', thirtieth, new Date('2027-01-04T00:00:00Z'))
    // April's days exist; the 10th is held by the owner for someone (a pending manual order), the 9th is sold.
    const april = await insertDays(t, '2028-04', 1, 30)
    const dayOn = (d: number) => april.find((a) => a.date === `2028-04-${String(d).padStart(2, '0')}`)?.id
    for (const [day, status] of [
      [10, 'pending'],
      [9, 'paid'],
    ] as const) {
      await t.db
        .update(calendarDays)
        .set({ status: status === 'paid' ? 'reserved' : 'reserved_pending', businessName: 'Someone Else' })
        .where(eq(calendarDays.id, dayOn(day) as string))
      await t.db.insert(orders).values({
        id: `ORD-x${day}${Date.now() % 100000}`,
        businessName: 'Someone Else',
        email: 'someone@else.example',
        amountCents: 12000,
        status,
        dayId: dayOn(day),
        source: 'manual',
      })
    }

    await setUpDays('2028-04-01', '2028-04-30')
    const dates = async (email: string) => (await offerOf('2028-04', email))?.lines.map((l) => l.date)
    // The 11th is the Cobbler's own date: an exact date comes before anyone's fallback. The Florist's 10th
    // (a Monday) is held and the 9th sold, so the nearest free day of that Sunday-to-Saturday week is the 12th.
    expect(await dates(late.email)).toEqual(['2028-04-11'])
    expect(await dates(early.email)).toEqual(['2028-04-12'])
    // The 30th is the Tailor's own; March's 31st would be April's 30th too, a Sunday whose week is May's:
    // nothing is free for the Lamp, so it gets no offer and no e-mail.
    expect(await dates(thirtieth.email)).toEqual(['2028-04-30'])
    expect(await offerOf('2028-04', last.email)).toBeUndefined()
    expect(await offerMails(last.email)).toHaveLength(0)
    const held = await t.db
      .select({ status: orders.status, email: orders.email })
      .from(orders)
      .where(eq(orders.dayId, dayOn(10) as string))
    expect(held).toEqual([{ status: 'pending', email: 'someone@else.example' }])
  })

  it('holds an icon only while the mailing has a unit free: stock 1, two previous buyers, one offer', async () => {
    const first = buyer('First Icon Cafe')
    const second = buyer('Second Icon Cafe')
    const icon = await iconNamed(t, 'Large Map Icon')
    await paidIconIn(t, icon.id, '2028-05', first, new Date('2027-01-01T00:00:00Z'))
    await paidIconIn(t, icon.id, '2028-05', second, new Date('2027-01-02T00:00:00Z'))
    await insertDays(t, '2028-06', 1, 1)
    await setStock(t, icon.id, '2028-06', 1)

    await setUpDays('2028-06-01', '2028-06-30')
    const list = await adminOffers('2028-06')
    expect(list.offers.map((o) => o.email)).toEqual([first.email])
    expect(list.offers[0]?.lines).toMatchObject([{ kind: 'map_icon', amountCents: icon.priceCents }])
    // Nothing is held for the second, so nothing is e-mailed.
    expect(await offerMails(second.email)).toHaveLength(0)
    expect(await publicIconLeft(icon.id, '2028-06')).toBe(0)
    const refused = await strangerBuysIcon(icon.id, '2028-06')
    expect(refused.status).toBe(409)
  })

  it('a window of 0 days turns offers off: the mailing is marked processed and nothing is held', async () => {
    const settings = await (await t.request('/api/admin/mailing-settings', { cookie: admin })).json()
    expect(settings.priorityWindowDays).toBe(7)
    const off = await t.request('/api/admin/mailing-settings', {
      method: 'PUT',
      cookie: admin,
      json: { ...settings, priorityWindowDays: 0 },
    })
    expect(off.status).toBe(200)
    const bad = await t.request('/api/admin/mailing-settings', {
      method: 'PUT',
      cookie: admin,
      json: { ...settings, priorityWindowDays: 61 },
    })
    expect(bad.status).toBe(422)
    try {
      const florist = buyer('Windowless Florist')
      await paidDayIn(t, '2028-07-07', florist)
      await setUpDays('2028-08-01', '2028-08-31')
      const list = await adminOffers('2028-08')
      expect(list).toMatchObject({ windowDays: 0, offers: [] })
      expect(list.offersMadeAt).not.toBeNull()
      expect(await offerMails(florist.email)).toHaveLength(0)
      expect((await publicDay('2028-08-07'))?.status).toBe('available')
    } finally {
      await t.request('/api/admin/mailing-settings', { method: 'PUT', cookie: admin, json: settings })
    }
  })

  it('an address that unsubscribed gets no offer, and nothing is held for it', async () => {
    const quiet = buyer('Quiet Grocer')
    await paidDayIn(t, '2028-09-05', quiet)
    const { unsubscribeToken } = await import('#server/lib/unsubscribe-token.ts')
    const token = unsubscribeToken(t.deps.authSecret, quiet.email)
    const unsubscribed = await t.request(`/api/unsubscribe?e=${encodeURIComponent(quiet.email)}&t=${token}`, {
      method: 'POST',
    })
    expect(unsubscribed.status).toBe(200)
    await setUpDays('2028-10-01', '2028-10-30')
    expect((await adminOffers('2028-10')).offers).toEqual([])
    expect(await offerMails(quiet.email)).toHaveLength(0)
    expect((await publicDay('2028-10-05'))?.status).toBe('available')
  })
})

describe('keeping, releasing, lapsing', () => {
  it('keep: "Keep my spots" goes to the checkout, and paying there keeps the offer (receipt issued)', async () => {
    const shop = buyer('Keeper Hardware')
    await paidDayIn(t, '2028-11-16', shop)
    await setUpDays('2028-12-01', '2028-12-31')
    const token = await tokenOf(shop.email)

    // The e-mail's GET link and the page's POST lead to the same local test checkout.
    const link = await t.request(`/offers/${token}/keep`)
    expect(link.status).toBe(302)
    const checkout = link.headers.get('location') ?? ''
    expect(checkout).toMatch(/^\/pay\/cs_local_/)
    const kept = await t.request(`/api/offers/${token}/keep`, { method: 'POST' })
    expect(kept.status).toBe(200)
    expect((await kept.json()).url).toBe(checkout)
    // Neither GET released anything.
    expect((await offerOf('2028-12', shop.email))?.state).toBe('offered')

    const paid = await t.request(`${checkout}/complete`, { method: 'POST' })
    expect(paid.status).toBe(303)
    const offer = await offerOf('2028-12', shop.email)
    expect(offer?.state).toBe('kept')
    const [line] = await t.db
      .select()
      .from(orders)
      .where(eq(orders.id, offer?.lines[0]?.id as string))
    expect(line?.status).toBe('paid')
    const [receipt] = await t.db
      .select()
      .from(receipts)
      .where(eq(receipts.purchaseId, line?.purchaseId as string))
    expect(receipt?.paymentMethod).toBe('TEST MODE (no card charged)')
    expect(await publicDay('2028-12-16')).toMatchObject({
      status: 'reserved',
      businessName: 'Keeper Hardware',
    })

    // Kept: keeping or releasing again is refused; the e-mail's link now opens the offer's page.
    const again = await t.request(`/api/offers/${token}/keep`, { method: 'POST' })
    expect(again.status).toBe(409)
    expect((await again.json()).error.message).toBe(OFFER_TEXTS.kept)
    expect((await t.request(`/api/offers/${token}/release`, { method: 'POST' })).status).toBe(409)
    expect((await t.request(`/offers/${token}/keep`)).headers.get('location')).toBe(`/offers/${token}`)
  })

  it('release: the spots are free at once, for the calendar, the icons and a stranger', async () => {
    const shop = buyer('Releasing Optics')
    const icon = await iconNamed(t, 'Map Icon')
    await paidDayIn(t, '2036-11-20', shop)
    await paidIconIn(t, icon.id, '2036-11', shop)
    await insertDays(t, '2036-12', 1, 31)
    await setStock(t, icon.id, '2036-12', 1)
    expect(await makeOffers('2036-12')).toBe(1)
    const token = await tokenOf(shop.email)
    expect((await publicDay('2036-12-20'))?.status).toBe('reserved_pending')
    expect(await publicIconLeft(icon.id, '2036-12')).toBe(0)

    const released = await t.request(`/api/offers/${token}/release`, { method: 'POST' })
    expect(released.status).toBe(200)
    expect((await released.json()).state).toBe('released')
    expect((await publicDay('2036-12-20'))?.status).toBe('available')
    expect(await publicIconLeft(icon.id, '2036-12')).toBe(1)
    const lines = await t.db
      .select({ status: orders.status })
      .from(orders)
      .where(and(eq(orders.source, 'offer'), eq(orders.email, shop.email)))
    expect(lines.map((l) => l.status)).toEqual(['expired', 'expired'])
    expect((await strangerBuys(await dayIdOf('2036-12-20'))).status).toBe(200)
    expect((await strangerBuysIcon(icon.id, '2036-12')).status).toBe(200)

    const again = await t.request(`/api/offers/${token}/release`, { method: 'POST' })
    expect(again.status).toBe(409)
    expect((await again.json()).error.message).toBe(OFFER_TEXTS.released)
    expect((await t.request(`/api/offers/${token}/keep`, { method: 'POST' })).status).toBe(409)
  })

  it('lapse: when the window ends the spots are free at once, before any sweep', async () => {
    const shop = buyer('Lapsing Studio')
    const icon = await iconNamed(t, 'Large Map Icon')
    await paidDayIn(t, '2037-01-21', shop)
    await paidIconIn(t, icon.id, '2037-01', shop)
    await insertDays(t, '2037-02', 1, 28)
    await setStock(t, icon.id, '2037-02', 1)
    // The round as it ran 7 days (the window) less 3 seconds ago: the hold ends 3 seconds from now.
    const started = Date.now()
    const made = await makeMailingOffers(
      offerRoundContext(t.deps),
      '2037-02',
      new Date(started - 7 * 86_400_000 + 3000),
    )
    expect(made).toBe(1)
    const token = await tokenOf(shop.email)
    const before = [await publicDay('2037-02-21'), await publicIconLeft(icon.id, '2037-02')]
    if (Date.now() < started + 3000) expect(before).toMatchObject([{ status: 'reserved_pending' }, 0])

    await expect
      .poll(async () => (await publicDay('2037-02-21'))?.status, { timeout: 20_000, interval: 250 })
      .toBe('available')
    expect(await publicIconLeft(icon.id, '2037-02')).toBe(1)
    const offer: PublicOfferDto = await (await t.request(`/api/offers/${token}`)).json()
    expect(offer.state).toBe('lapsed')
    const keep = await t.request(`/api/offers/${token}/keep`, { method: 'POST' })
    expect(keep.status).toBe(409)
    expect((await keep.json()).error.message).toBe(OFFER_TEXTS.lapsed)
    // No sweep has run: the lines are still pending, and a stranger buys the day and the icon all the same.
    const [line] = await t.db
      .select({ status: orders.status })
      .from(orders)
      .where(and(eq(orders.source, 'offer'), eq(orders.dayId, await dayIdOf('2037-02-21'))))
    expect(line?.status).toBe('pending')
    expect((await strangerBuys(await dayIdOf('2037-02-21'))).status).toBe(200)
    expect((await strangerBuysIcon(icon.id, '2037-02')).status).toBe(200)
    const { markLapsedOffers } = await import('./offers.service.ts')
    expect(await markLapsedOffers(t.db)).toBeGreaterThanOrEqual(1)
    const [row] = await t.db.select().from(offers).where(eq(offers.id, offer.id))
    expect(row?.state).toBe('lapsed')
  })
})

describe('the owner and the advertiser', () => {
  let offerId: string
  const shop = buyer('Owner Tested Deli')

  beforeAll(async () => {
    await paidDayIn(t, '2037-03-12', shop)
    await insertDays(t, '2037-04', 1, 30)
    expect(await makeOffers('2037-04')).toBe(1)
    offerId = (await offerOf('2037-04', shop.email))?.id as string
  })

  it('lists, resends and extends for administrators only', async () => {
    for (const [path, init] of [
      ['/api/admin/mailings/2037-04/offers', {}],
      [`/api/admin/offers/${offerId}/resend`, { method: 'POST' }],
      [`/api/admin/offers/${offerId}/extend`, { method: 'POST', json: { days: 1 } }],
    ] as const) {
      expect((await t.request(path, init)).status).toBe(401)
      expect((await t.request(path, { ...init, cookie: member })).status).toBe(403)
    }
    expect((await t.request('/api/admin/mailings/2040-13/offers', { cookie: admin })).status).toBe(404)
    expect((await t.request('/api/admin/mailings/2099-01/offers', { cookie: admin })).status).toBe(404)

    const firstToken = await tokenOf(shop.email)
    const resent = await t.request(`/api/admin/offers/${offerId}/resend`, { method: 'POST', cookie: admin })
    expect(resent.status).toBe(200)
    expect((await resent.json()).sentCount).toBe(2)
    expect(await offerMails(shop.email)).toHaveLength(2)
    const secondToken = await tokenOf(shop.email)
    expect(secondToken).not.toBe(firstToken)
    // Every link sent stays good.
    expect((await t.request(`/api/offers/${firstToken}`)).status).toBe(200)
    expect((await t.request(`/api/offers/${secondToken}`)).status).toBe(200)

    const before = (await offerOf('2037-04', shop.email))?.expiresAt as string
    for (const days of [0, 31, 1.5, 'two']) {
      const refused = await t.request(`/api/admin/offers/${offerId}/extend`, {
        method: 'POST',
        cookie: admin,
        json: { days },
      })
      expect(refused.status).toBe(422)
    }
    expect((await offerOf('2037-04', shop.email))?.expiresAt).toBe(before)
    const extended = await t.request(`/api/admin/offers/${offerId}/extend`, {
      method: 'POST',
      cookie: admin,
      json: { days: 2 },
    })
    expect(extended.status).toBe(200)
    const after = (await extended.json()).expiresAt
    expect(Date.parse(after) - Date.parse(before)).toBe(2 * 86_400_000)
    const [line] = await t.db
      .select({ expiresAt: orders.expiresAt })
      .from(orders)
      .where(and(eq(orders.source, 'offer'), eq(orders.email, shop.email)))
    expect(line?.expiresAt?.toISOString()).toBe(after)

    const unknown = '00000000-0000-4000-8000-000000000000'
    expect(
      (await t.request(`/api/admin/offers/${unknown}/resend`, { method: 'POST', cookie: admin })).status,
    ).toBe(404)
    expect(
      (
        await t.request('/api/admin/offers/not-an-id/extend', {
          method: 'POST',
          cookie: admin,
          json: { days: 1 },
        })
      ).status,
    ).toBe(404)
  })

  it('shows the advertiser its own offers and lets only it keep or release them', async () => {
    const ownerLogin = { email: shop.email, password: 'owner-tested-deli-123' }
    await t.createMember(ownerLogin)
    const owner = await t.signIn(ownerLogin)
    const account = await (await t.request('/api/account', { cookie: owner })).json()
    expect(account.offers.map((o: PublicOfferDto) => o.id)).toEqual([offerId])
    expect((await (await t.request('/api/account', { cookie: member })).json()).offers).toEqual([])

    expect((await t.request(`/api/account/offers/${offerId}/release`, { method: 'POST' })).status).toBe(401)
    for (const action of ['keep', 'release'])
      expect(
        (await t.request(`/api/account/offers/${offerId}/${action}`, { method: 'POST', cookie: member }))
          .status,
      ).toBe(404)
    // An advertiser is not an administrator.
    expect((await t.request('/api/admin/mailings/2037-04/offers', { cookie: owner })).status).toBe(403)

    const keep = await t.request(`/api/account/offers/${offerId}/keep`, { method: 'POST', cookie: owner })
    expect(keep.status).toBe(200)
    expect((await keep.json()).url).toMatch(/^\/pay\/cs_local_/)
    const release = await t.request(`/api/account/offers/${offerId}/release`, {
      method: 'POST',
      cookie: owner,
    })
    expect(release.status).toBe(200)
    expect((await release.json()).state).toBe('released')
    expect((await publicDay('2037-04-12'))?.status).toBe('available')

    // Released: the owner can no longer resend or extend it.
    expect(
      (await t.request(`/api/admin/offers/${offerId}/resend`, { method: 'POST', cookie: admin })).status,
    ).toBe(409)
    expect(
      (
        await t.request(`/api/admin/offers/${offerId}/extend`, {
          method: 'POST',
          cookie: admin,
          json: { days: 1 },
        })
      ).status,
    ).toBe(409)
  })

  it('answers a bad or unknown link with 404 and changes nothing', async () => {
    for (const token of ['short', 'A'.repeat(43), 'not.a~token'])
      for (const [path, method] of [
        [`/api/offers/${token}`, 'GET'],
        [`/api/offers/${token}/keep`, 'POST'],
        [`/api/offers/${token}/release`, 'POST'],
        [`/offers/${token}/keep`, 'GET'],
      ] as const) {
        const response = await t.request(path, { method })
        expect(response.status, `${method} ${path}: ${await response.text()}`).toBe(404)
      }
    const [mailing] = await t.db.select().from(mailings).where(eq(mailings.month, '2037-04'))
    expect(mailing?.offersMadeAt).not.toBeNull()
  })
})
