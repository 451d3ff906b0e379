// @engines postgres
import { randomUUID } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '#server/app.ts'
import { openPostgres } from '#server/db/client.ts'
import { linkScanDays, linkScanSalts, linkScanVisitors, mapIcons, orders } from '#server/db/schema.ts'
import { startTcpProxy } from '#server/test/tcp-proxy.ts'
import { createTestApp, type TestApp } from '#server/test/test-app.ts'
import { createPostgresTestDatabase, testEngine } from '#server/test/test-database.ts'
import { todayInTimeZone } from '#shared/dates.ts'
import { SHORT_CODE_ALPHABET } from '#shared/short-links.ts'
import { withShortLinkRedirect } from './fast-redirect.ts'
import { previousDay } from './scan-counter.ts'
import { createShortLinks, type ShortLinks } from './short-link-redirect.ts'

const ORIGIN = 'http://localhost:3000'
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'
const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36'
const CODE_PATTERN = new RegExp(`^[${SHORT_CODE_ALPHABET}]{7}$`)
const MONTH = '2027-04'

type Line = { id: string; code: string }
type LineValues = Partial<typeof orders.$inferInsert>

/** An app whose short links run on a clock the test moves (the scan's day, the cache's freshness). */
async function shortLinksApp(t: TestApp, clock: { now: Date }) {
  const links = createShortLinks({
    db: t.db,
    timeZone: t.deps.config.timeZone,
    logger: t.deps.logger,
    now: () => clock.now,
  })
  const app = createApp({ ...t.deps, shortLinks: links, linkEvents: links.linkEvents })
  return { links, app }
}

function scanner(app: ReturnType<typeof createApp>) {
  return (
    code: string,
    options: { ua?: string | null; ip?: string; method?: string; headers?: Record<string, string> } = {},
  ) => {
    const headers = new Headers(options.headers)
    headers.set('x-forwarded-for', options.ip ?? '198.51.100.7')
    if (options.ua !== null) headers.set('user-agent', options.ua ?? PHONE_UA)
    return app.request(`${ORIGIN}/go/${code}`, {
      method: options.method ?? 'GET',
      headers,
      redirect: 'manual',
    })
  }
}

async function insertLine(t: TestApp, values: LineValues = {}): Promise<Line> {
  const [icon] = await t.db.select({ id: mapIcons.id }).from(mapIcons).limit(1)
  await t.db.execute(sql`select ensure_mailing(${MONTH})`)
  const id = `MAP-s${randomUUID().slice(0, 10)}`
  const [row] = await t.db
    .insert(orders)
    .values({
      id,
      businessName: 'Scan Bakery',
      email: `${id.toLowerCase()}@example.com`,
      amountCents: 15000,
      status: 'paid',
      paidAt: new Date(),
      mapIconId: icon?.id,
      mailingMonth: MONTH,
      source: 'manual',
      ...values,
    })
    .returning({ id: orders.id, code: orders.shortCode })
  if (!row) throw new Error('no line inserted')
  return row
}

async function scanDay(t: TestApp, orderId: string, day: string) {
  const [row] = await t.db
    .select({ scans: linkScanDays.scans, people: linkScanDays.people })
    .from(linkScanDays)
    .where(and(eq(linkScanDays.orderId, orderId), eq(linkScanDays.day, day)))
  return row ?? { scans: 0, people: 0 }
}

/** Polls `check` until it is true; fails after `timeoutMs` (no fixed sleeps). */
async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

describe('short links: codes, redirects and scans', () => {
  let t: TestApp
  const clock = { now: new Date('2027-04-14T15:00:00Z') }
  let links: ShortLinks
  let scan: ReturnType<typeof scanner>
  let timeZone: string

  beforeAll(async () => {
    t = await createTestApp()
    const made = await shortLinksApp(t, clock)
    links = made.links
    scan = scanner(made.app)
    timeZone = t.deps.config.timeZone
  })
  afterAll(async () => {
    await t?.close()
  })

  it('gives every line its own 7-character code that no update changes', async () => {
    const line = await insertLine(t)
    expect(line.code).toMatch(CODE_PATTERN)
    await t.db
      .update(orders)
      .set({ businessName: 'Renamed Bakery', shortCode: 'zzzzzzz' })
      .where(eq(orders.id, line.id))
    await t.db.execute(sql`update orders set short_code = 'abcdefg', status = 'paid' where id = ${line.id}`)
    const [after] = await t.db.select({ code: orders.shortCode }).from(orders).where(eq(orders.id, line.id))
    expect(after?.code).toBe(line.code)

    // Many lines at once (one statement): all distinct.
    const many = await t.db
      .insert(orders)
      .values(
        Array.from({ length: 300 }, (_, i) => ({
          id: `MAP-m${randomUUID().slice(0, 10)}`,
          businessName: `Shop ${i}`,
          email: `shop${i}@example.com`,
          amountCents: 100,
          status: 'pending',
          source: 'manual',
        })),
      )
      .returning({ code: orders.shortCode })
    const codes = new Set(many.map((l) => l.code))
    expect(codes.size).toBe(300)
    for (const code of codes) expect(code).toMatch(CODE_PATTERN)
  })

  it('leads to the website, the phone or the own page; a malformed or unknown code to the home page', async () => {
    const website = await insertLine(t, {
      linkDestination: 'website',
      linkTarget: 'https://www.example.com/menu',
    })
    const phone = await insertLine(t, { linkDestination: 'phone', linkTarget: '+15555550123' })
    const page = await insertLine(t)
    const cases: [string, string][] = [
      [website.code, 'https://www.example.com/menu'],
      [website.code.toUpperCase(), 'https://www.example.com/menu'],
      [phone.code, 'tel:+15555550123'],
      [page.code, `/ads/${page.code}`],
      ['not-a-code', '/'],
      ['abc', '/'],
      ['2222222', '/'],
      ['%00%27%3B--', '/'],
      ['a'.repeat(500), '/'],
    ]
    for (const [code, location] of cases) {
      for (const method of ['GET', 'HEAD']) {
        const response = await scan(code, { method })
        expect(response.status, `${method} ${code}`).toBe(302)
        expect(response.headers.get('location'), code).toBe(location)
        expect(response.headers.get('cache-control')).toBe('no-store')
        expect(response.headers.get('referrer-policy')).toBe('no-referrer')
        expect(response.headers.get('x-robots-tag')).toBe('noindex')
      }
    }
    await links.counter.flush()
  })

  it('counts scans and people per day: a new day is a new salt, and older salts and visitors go', async () => {
    const line = await insertLine(t)
    const day1 = todayInTimeZone(timeZone, clock.now)
    await t.db.insert(linkScanSalts).values({ day: '2027-01-02', salt: 'an-old-salt' })

    await scan(line.code)
    await scan(line.code)
    expect(await links.counter.flush()).toBe(true)
    expect(await scanDay(t, line.id, day1)).toEqual({ scans: 2, people: 1 })

    await scan(line.code, { ip: '198.51.100.8' }) // another device: another address …
    await scan(line.code, { ua: ANDROID_UA }) // … or another browser
    await links.counter.flush()
    expect(await scanDay(t, line.id, day1)).toEqual({ scans: 4, people: 3 })
    await scan(line.code, { ip: '198.51.100.8' })
    await links.counter.flush()
    expect(await scanDay(t, line.id, day1)).toEqual({ scans: 5, people: 3 })

    // Only hashes are stored: no address or user agent anywhere in the visitors.
    const visitors = await t.db.select().from(linkScanVisitors).where(eq(linkScanVisitors.orderId, line.id))
    expect(visitors).toHaveLength(3)
    for (const v of visitors) expect(v.visitor).toMatch(/^[0-9a-f]{32}$/)

    // The next day, the same device is a new person under a new salt.
    clock.now = new Date(clock.now.getTime() + 24 * 3600_000)
    const day2 = todayInTimeZone(timeZone, clock.now)
    await scan(line.code)
    await links.counter.flush()
    expect(await scanDay(t, line.id, day2)).toEqual({ scans: 1, people: 1 })
    expect(await scanDay(t, line.id, day1)).toEqual({ scans: 5, people: 3 })
    const salts = await t.db.select().from(linkScanSalts)
    const saltOf = (day: string) => salts.find((s) => s.day === day)?.salt
    expect(saltOf(day1)).toBeTruthy()
    expect(saltOf(day2)).toBeTruthy()
    expect(saltOf(day2)).not.toBe(saltOf(day1))

    // Two days on: the first day is the day before yesterday, its salt and visitors are purged with
    // every older salt (its counts stay); yesterday's are kept.
    clock.now = new Date(clock.now.getTime() + 24 * 3600_000)
    const day3 = todayInTimeZone(timeZone, clock.now)
    expect(previousDay(day3)).toBe(day2)
    await scan(line.code)
    await links.counter.flush()
    const visitorDays = (
      await t.db.select().from(linkScanVisitors).where(eq(linkScanVisitors.orderId, line.id))
    ).map((v) => v.day)
    expect(visitorDays).not.toContain(day1)
    expect(visitorDays).toContain(day2)
    expect(visitorDays).toContain(day3)
    const saltDays = (await t.db.select().from(linkScanSalts)).map((s) => s.day).sort()
    expect(saltDays).toEqual([day2, day3])
    expect(await scanDay(t, line.id, day1)).toEqual({ scans: 5, people: 3 })
  })

  it('does not count bots, link previews, HEAD or prefetches, though they are redirected', async () => {
    const line = await insertLine(t, { linkDestination: 'website', linkTarget: 'https://bakery.example/' })
    const day = todayInTimeZone(timeZone, clock.now)
    const notPeople = [
      null,
      '',
      'Googlebot/2.1 (+http://www.google.com/bot.html)',
      'facebookexternalhit/1.1',
      'WhatsApp/2.23.20.0',
      'TelegramBot (like TwitterBot)',
      'Slackbot-LinkExpanding 1.0',
      'Mozilla/5.0 (compatible; Discordbot/2.0)',
      'curl/8.5.0',
      'python-requests/2.31.0',
      'Go-http-client/1.1',
      'Java/17.0.2',
      'okhttp/4.12.0',
      'Mozilla/5.0 HeadlessChrome/124.0',
      'Mozilla/5.0 Chrome-Lighthouse',
      'LinkedInBot/1.0',
      'SkypeUriPreview Preview/0.5',
    ]
    for (const ua of notPeople) {
      const response = await scan(line.code, { ua })
      expect(response.headers.get('location')).toBe('https://bakery.example/')
    }
    await scan(line.code, { method: 'HEAD' })
    await scan(line.code, { headers: { 'sec-purpose': 'prefetch;prerender' } })
    await scan(line.code, { headers: { purpose: 'prefetch' } })
    await links.counter.flush()
    expect(await scanDay(t, line.id, day)).toEqual({ scans: 0, people: 0 })

    await scan(line.code)
    await links.counter.flush()
    expect(await scanDay(t, line.id, day)).toEqual({ scans: 1, people: 1 })
  })

  it('leads refunded, expired, deleted, lapsed and special lines to the home page, uncounted', async () => {
    const website = { linkDestination: 'website', linkTarget: 'https://gone.example/' }
    const deadValues: LineValues[] = [
      { ...website, status: 'refunded' },
      { ...website, status: 'expired' },
      { ...website, status: 'deleted', deletedAt: new Date() },
      { ...website, status: 'pending', paidAt: null, expiresAt: new Date(0) },
      { ...website, mapIconId: null, mailingMonth: null, metadata: { order_type: 'special_purchase' } },
    ]
    const dead: Line[] = []
    for (const values of deadValues) dead.push(await insertLine(t, values))
    for (const line of dead) {
      const response = await scan(line.code)
      expect(response.status).toBe(302)
      expect(response.headers.get('location')).toBe('/')
    }
    await links.counter.flush()
    const rows = await t.db.select().from(linkScanDays)
    expect(rows.filter((r) => dead.some((l) => l.id === r.orderId))).toEqual([])

    // A pending line (an admin's, no hold) is live.
    const pending = await insertLine(t, { ...website, status: 'pending', paidAt: null })
    expect((await scan(pending.code)).headers.get('location')).toBe('https://gone.example/')
  })

  it('shows a change of destination at once on this instance, and within a refresh otherwise', async () => {
    const line = await insertLine(t)
    expect((await scan(line.code)).headers.get('location')).toBe(`/ads/${line.code}`)
    await t.db
      .update(orders)
      .set({ linkDestination: 'phone', linkTarget: '5555550123' })
      .where(eq(orders.id, line.id))
    // Fresh in memory: still the page, until this instance says the destination changed.
    expect((await scan(line.code)).headers.get('location')).toBe(`/ads/${line.code}`)
    links.linkEvents.changed(line.code.toUpperCase())
    expect((await scan(line.code)).headers.get('location')).toBe('tel:5555550123')

    // Changed elsewhere: once the entry is stale it is served once more while it is read again.
    await t.db.update(orders).set({ status: 'refunded' }).where(eq(orders.id, line.id))
    clock.now = new Date(clock.now.getTime() + 3000)
    expect((await scan(line.code)).headers.get('location')).toBe('tel:5555550123')
    await waitFor(
      async () => (await scan(line.code)).headers.get('location') === '/',
      'the refund to be read',
    )
    await links.counter.flush()
  })
})

describe('short links answered below Hono', () => {
  it('answers as the Hono route does, counts alike, and leaves other paths to Hono', async () => {
    const t = await createTestApp()
    const server = http.createServer()
    try {
      const clock = { now: new Date('2027-04-14T15:00:00Z') }
      const { links, app } = await shortLinksApp(t, clock)
      server.on(
        'request',
        withShortLinkRedirect({ config: t.deps.config, shortLinks: links }, (_incoming, outgoing) => {
          outgoing.writeHead(418).end('hono')
        }),
      )
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      const line = await insertLine(t, { linkDestination: 'website', linkTarget: 'https://fast.example/' })
      const headersOf = (response: Response) =>
        Object.fromEntries(
          [...response.headers].filter(
            ([name]) =>
              ![
                'x-request-id',
                'date',
                'connection',
                'keep-alive',
                'content-length',
                'content-type',
              ].includes(name),
          ),
        )
      for (const path of [
        `/go/${line.code}`,
        `/go/${line.code.toUpperCase()}?utm=x`,
        '/go/2222222',
        '/go/%E0%A4%A',
      ]) {
        for (const method of ['GET', 'HEAD']) {
          const init = {
            method,
            redirect: 'manual' as const,
            headers: { 'user-agent': PHONE_UA, 'x-forwarded-for': '192.0.2.50' },
          }
          const fast = await fetch(`${base}${path}`, init)
          const viaHono = await app.request(`${ORIGIN}${path}`, init)
          expect(fast.status, path).toBe(viaHono.status)
          expect(headersOf(fast), path).toEqual(headersOf(viaHono))
          expect(fast.headers.get('x-request-id')).toBeTruthy()
        }
      }
      expect((await fetch(`${base}/go/${line.code}/more`, { redirect: 'manual' })).status).toBe(418)
      expect((await fetch(`${base}/calendar`, { redirect: 'manual' })).status).toBe(418)
      await links.counter.flush()
      // Two GETs each way, one device.
      expect(await scanDay(t, line.id, todayInTimeZone(t.deps.config.timeZone, clock.now))).toEqual({
        scans: 4,
        people: 1,
      })
    } finally {
      await new Promise((resolve) => server.close(resolve))
      await t.close()
    }
  })
})

/** The database going away (PostgreSQL only: a TCP proxy of ours between the pool and PostgreSQL is cut). */
describe.skipIf(testEngine !== 'postgres')('short links while the database is down', () => {
  let t: TestApp
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>
  let drop: () => Promise<void>
  const uncaught: unknown[] = []
  const onUncaught = (error: unknown) => uncaught.push(error)

  beforeAll(async () => {
    process.on('uncaughtException', onUncaught)
    process.on('unhandledRejection', onUncaught)
    const created = await createPostgresTestDatabase()
    drop = created.drop
    const url = new URL(created.url)
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) })
    url.hostname = '127.0.0.1'
    url.port = String(proxy.port)
    t = await createTestApp({ database: openPostgres(url.toString()) })
  })
  afterAll(async () => {
    process.off('uncaughtException', onUncaught)
    process.off('unhandledRejection', onUncaught)
    await t?.close()
    await proxy?.close()
    await drop?.()
  })

  it('redirects a warm code to its destination and a cold one home, and writes the counts once it is back', async () => {
    const clock = { now: new Date('2027-04-20T15:00:00Z') }
    const { links, app } = await shortLinksApp(t, clock)
    const scan = scanner(app)
    const warm = await insertLine(t, { linkDestination: 'website', linkTarget: 'https://warm.example/' })
    const cold = await insertLine(t, { linkDestination: 'website', linkTarget: 'https://cold.example/' })
    const day = todayInTimeZone(t.deps.config.timeZone, clock.now)
    expect((await scan(warm.code)).headers.get('location')).toBe('https://warm.example/')
    expect(await links.counter.flush()).toBe(true)

    await proxy.cut()
    // Stale by now: its refresh fails, the entry it had is served on.
    clock.now = new Date(clock.now.getTime() + 10_000)
    for (let i = 0; i < 3; i++) {
      const warmScan = await scan(warm.code, { ip: `198.51.100.${20 + i}` })
      expect(warmScan.status).toBe(302)
      expect(warmScan.headers.get('location')).toBe('https://warm.example/')
    }
    const coldScan = await scan(cold.code)
    expect(coldScan.status).toBe(302)
    expect(coldScan.headers.get('location')).toBe('/')
    expect(await links.counter.flush()).toBe(false) // kept for later

    await proxy.restore()
    await waitFor(() => links.counter.flush(), 'the counts to be written')
    expect(await scanDay(t, warm.id, day)).toEqual({ scans: 4, people: 4 })
    await waitFor(
      async () => (await scan(cold.code)).headers.get('location') === 'https://cold.example/',
      'the cold code to be read',
    )
    expect(uncaught).toEqual([])
  })
})
