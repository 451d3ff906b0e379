import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders } from '#server/db/schema.ts'
import { pngBytes } from '#server/test/artwork-test-helpers.ts'
import { iconNamed, paidDayIn, paidIconIn } from '#server/test/offer-test-helpers.ts'
import { ADMIN, createTestApp, MEMBER, type TestApp } from '#server/test/test-app.ts'
import { addMonths, todayInTimeZone } from '#shared/dates.ts'
import { toMonthKey } from '#shared/mailings.ts'
import type { MailingMapResponse } from '#shared/map-composer.ts'
import { mailingProofMap } from './map-composer.service.ts'

function monthAhead(months: number): string {
  const [y, m] = todayInTimeZone('America/New_York').split('-').map(Number) as [number, number]
  const next = addMonths(y, m, months)
  return toMonthKey(next.year, next.month)
}

const MONTH = monthAhead(30)
const OTHER = monthAhead(31)

let t: TestApp
let admin: string
let member: string
const ids: Record<string, string> = {}

beforeAll(async () => {
  t = await createTestApp()
  await t.createAdmin(ADMIN)
  await t.createMember(MEMBER)
  admin = await t.signIn(ADMIN)
  member = await t.signIn(MEMBER)
  const regular = await iconNamed(t, 'Map Icon')
  const premium = await iconNamed(t, 'Large Map Icon')
  ids.carol = await paidIconIn(t, regular.id, MONTH, { businessName: 'Carol Cafe', email: 'c@shop.test' })
  ids.alice = await paidIconIn(t, premium.id, MONTH, { businessName: 'Alice Books', email: 'a@shop.test' })
  ids.bob = await paidIconIn(t, regular.id, MONTH, { businessName: "Bob's Bakery", email: 'b@shop.test' })
  ids.other = await paidIconIn(t, regular.id, OTHER, { businessName: 'Other Mailing', email: 'o@shop.test' })
  ids.day = await paidDayIn(t, `${MONTH}-03`, { businessName: 'Day Buyer', email: 'd@shop.test' })
}, 120_000)
afterAll(() => t?.close())

const mapUrl = (month = MONTH) => `/api/admin/mailings/${month}/map`

async function getMap(month = MONTH): Promise<MailingMapResponse> {
  const response = await t.request(mapUrl(month), { cookie: admin })
  expect(response.status).toBe(200)
  return (await response.json()) as MailingMapResponse
}

/** `cookie` null: no session. */
const putPositions = (positions: unknown, month = MONTH, cookie: string | null = admin) =>
  t.request(`${mapUrl(month)}/positions`, { method: 'PUT', cookie: cookie ?? undefined, json: { positions } })

function upload(bytes: Uint8Array, name = 'map.png', cookie: string | null = admin) {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(bytes)]), name)
  return t.request(`${mapUrl()}/image`, { method: 'POST', cookie: cookie ?? undefined, body: form })
}

describe('map composer: who may use it', () => {
  it('answers 401 without a session and 403 to a member, and changes nothing', async () => {
    for (const [cookie, status] of [
      [undefined, 401],
      [member, 403],
    ] as const) {
      expect((await t.request(mapUrl(), { cookie })).status).toBe(status)
      expect((await putPositions([{ orderId: ids.bob, x: 0.5, y: 0.5 }], MONTH, cookie ?? null)).status).toBe(
        status,
      )
      const settings = await t.request(`${mapUrl()}/settings`, {
        method: 'PUT',
        cookie,
        json: { legend: false },
      })
      expect(settings.status).toBe(status)
      expect((await upload(await pngBytes(40, 50), 'map.png', cookie ?? null)).status).toBe(status)
      expect((await t.request(`${mapUrl()}/image`, { method: 'DELETE', cookie })).status).toBe(status)
    }
    const map = await getMap()
    expect(map.markers.every((m) => !m.placed)).toBe(true)
    expect(map.legend).toBe(true)
    expect(map.imageIsDefault).toBe(true)
  })

  it('answers 404 for an unknown or malformed month', async () => {
    expect((await t.request(mapUrl('2099-13'), { cookie: admin })).status).toBe(404)
    expect((await t.request(mapUrl('1999-01'), { cookie: admin })).status).toBe(404)
  })
})

describe('map composer: markers and positions', () => {
  it('lists the sold icons only, numbered by business name, parked in the free column until placed', async () => {
    const map = await getMap()
    expect(map.card).toEqual({ widthInches: 8.5, heightInches: 11, bleedInches: 0.125, safeInches: 0.25 })
    expect(map.markers.map((m) => [m.number, m.businessName, m.size, m.placed])).toEqual([
      [1, 'Alice Books', 'premium', false],
      [2, "Bob's Bakery", 'regular', false],
      [3, 'Carol Cafe', 'regular', false],
    ])
    expect(map.markers[0]?.sizeInches).toEqual({ width: 0.75, height: 0.75 })
    expect(map.markers[1]?.sizeInches).toEqual({ width: 0.5, height: 0.5 })
    // The right edge of the safe area, top to bottom.
    for (const m of map.markers) expect(m.x).toBeGreaterThan(0.85)
    const ys = map.markers.map((m) => m.y)
    expect(ys).toEqual([...ys].sort((a, b) => a - b))
    expect(new Set(ys).size).toBe(3)
    expect(map.markers.every((m) => m.artworkUrl === null)).toBe(true)
  })

  it('saves positions, keeps them per mailing, and parks a new sale', async () => {
    const saved = await putPositions([
      { orderId: ids.alice, x: 0.2, y: 0.3 },
      { orderId: ids.bob, x: 0.42, y: 0.18 },
    ])
    expect(saved.status).toBe(200)
    expect(await saved.json()).toEqual({ saved: 2 })
    expect((await putPositions([{ orderId: ids.other, x: 0.9, y: 0.9 }], OTHER)).status).toBe(200)

    const map = await getMap()
    const byName = new Map(map.markers.map((m) => [m.businessName, m]))
    expect(byName.get('Alice Books')).toMatchObject({ x: 0.2, y: 0.3, placed: true })
    expect(byName.get("Bob's Bakery")).toMatchObject({ x: 0.42, y: 0.18, placed: true })
    expect(byName.get('Carol Cafe')?.placed).toBe(false)
    // Saving in one mailing never moves another's.
    expect((await getMap(OTHER)).markers).toMatchObject([{ x: 0.9, y: 0.9, placed: true }])
    await putPositions([{ orderId: ids.alice, x: 0.6, y: 0.6 }])
    expect((await getMap(OTHER)).markers).toMatchObject([{ x: 0.9, y: 0.9, placed: true }])

    // A new sale appears unplaced, in the free column.
    const regular = await iconNamed(t, 'Map Icon')
    ids.dave = await paidIconIn(t, regular.id, MONTH, { businessName: 'Dave Deli', email: 'dv@shop.test' })
    const after = await getMap()
    const dave = after.markers.find((m) => m.businessName === 'Dave Deli')
    expect(dave).toMatchObject({ number: 4, placed: false })
    expect(dave?.x).toBeGreaterThan(0.85)
  })

  it('refuses a line that is not a sold icon of this mailing, and out-of-range or malformed input, atomically', async () => {
    const before = await getMap()
    for (const positions of [
      [
        { orderId: ids.bob, x: 0.1, y: 0.1 },
        { orderId: ids.other, x: 0.5, y: 0.5 },
      ],
      [
        { orderId: ids.bob, x: 0.1, y: 0.1 },
        { orderId: ids.day, x: 0.5, y: 0.5 },
      ],
      [{ orderId: 'MAP-nope', x: 0.5, y: 0.5 }],
      [{ orderId: 'MAP-\u0000', x: 0.5, y: 0.5 }],
      [{ orderId: ids.bob, x: 1.5, y: 0.5 }],
      [{ orderId: ids.bob, x: 0.5, y: -0.01 }],
      [{ orderId: ids.bob, x: '0.5', y: 0.5 }],
      [
        { orderId: ids.bob, x: 0.1, y: 0.1 },
        { orderId: ids.bob, x: 0.2, y: 0.2 },
      ],
      [],
      'everything',
    ]) {
      const response = await putPositions(positions)
      expect(response.status, JSON.stringify(positions)).toBe(422)
    }
    expect(await getMap()).toEqual(before)
    expect((await getMap(OTHER)).markers).toMatchObject([{ x: 0.9, y: 0.9 }])
  })

  it('drops a refunded line from the map and refuses its position', async () => {
    await t.db
      .update(orders)
      .set({ status: 'refunded' })
      .where(eq(orders.id, ids.carol as string))
    const map = await getMap()
    expect(map.markers.map((m) => m.businessName)).toEqual(['Alice Books', "Bob's Bakery", 'Dave Deli'])
    expect(map.markers.map((m) => m.number)).toEqual([1, 2, 3])
    expect((await putPositions([{ orderId: ids.carol, x: 0.5, y: 0.5 }])).status).toBe(422)
  })
})

describe('map composer: legend and image', () => {
  it('turns the numbered legend off and on', async () => {
    const off = await t.request(`${mapUrl()}/settings`, {
      method: 'PUT',
      cookie: admin,
      json: { legend: false },
    })
    expect(off.status).toBe(200)
    expect((await getMap()).legend).toBe(false)
    const bad = await t.request(`${mapUrl()}/settings`, {
      method: 'PUT',
      cookie: admin,
      json: { legend: 'no' },
    })
    expect(bad.status).toBe(422)
    expect((await getMap()).legend).toBe(false)
    await t.request(`${mapUrl()}/settings`, { method: 'PUT', cookie: admin, json: { legend: true } })
    expect((await getMap()).legend).toBe(true)
  })

  it('says where the legend prints, the band the proof draws it in', async () => {
    const { legendBand, card } = await getMap()
    if (!legendBand) throw new Error('no legend band')
    // Across the foot of the safe area, as tall as its rows need (QR codes: at most a third of it).
    expect(legendBand.leftInches).toBeCloseTo(card.safeInches, 6)
    expect(legendBand.widthInches).toBeCloseTo(card.widthInches - 2 * card.safeInches, 6)
    expect(legendBand.topInches + legendBand.heightInches).toBeCloseTo(card.heightInches - card.safeInches, 6)
    expect(legendBand.heightInches).toBeGreaterThan(0.5)
    expect(legendBand.heightInches).toBeLessThanOrEqual((card.heightInches - 2 * card.safeInches) / 3)

    // The proof's "Map key" and its numbered rows lie inside that band (pdftotext measures in points from
    // the page's top-left; the trim starts 0.375 in of slug and the bleed in from there).
    const proof = await t.request(`/api/admin/mailings/${MONTH}/proof.pdf`, { cookie: admin })
    expect(proof.status).toBe(200)
    const file = path.join(os.tmpdir(), `legend-band-${process.pid}-${Date.now()}.pdf`)
    fs.writeFileSync(file, new Uint8Array(await proof.arrayBuffer()))
    try {
      const offset = 0.375 + card.bleedInches
      const lines = pageTwoLines(file)
        .filter((line) => line.text === 'Map key' || /^\d+ \D/.test(line.text))
        .map((line) => ({
          ...line,
          left: line.xMin / 72 - offset,
          top: line.yMin / 72 - offset,
          bottom: line.yMax / 72 - offset,
        }))
      expect(lines.map((line) => line.text)).toEqual(
        expect.arrayContaining(['Map key', expect.stringMatching(/^1 Alice Books/)]),
      )
      for (const line of lines) {
        expect(line.left).toBeGreaterThanOrEqual(legendBand.leftInches)
        expect(line.top).toBeGreaterThanOrEqual(legendBand.topInches)
        expect(line.bottom).toBeLessThanOrEqual(legendBand.topInches + legendBand.heightInches)
      }
    } finally {
      fs.rmSync(file, { force: true })
    }
  }, 60_000)

  it('shows the newest map example by default, with its size', async () => {
    expect((await getMap()).image).toBeNull()
    const bytes = await pngBytes(300, 200)
    const form = new FormData()
    form.append('type', 'map_example')
    form.append('file', new Blob([new Uint8Array(bytes)]), 'town.png')
    const saved = await t.request('/api/admin/media', { method: 'POST', cookie: admin, body: form })
    expect(saved.status).toBe(201)
    const item = (await saved.json()) as { url: string }
    const map = await getMap()
    expect(map.imageIsDefault).toBe(true)
    expect(map.image).toEqual({ url: item.url, width: 300, height: 200 })
  })

  it('refuses what is not a PNG or JPEG image, and a file too large', async () => {
    const text = await upload(new TextEncoder().encode('just some text, not an image'), 'map.png')
    expect(text.status).toBe(422)
    const gif = Uint8Array.from(Buffer.from('R0lGODlhAQABAAAAACw=', 'base64'))
    expect((await upload(gif, 'map.gif')).status).toBe(422)
    const huge = new Uint8Array(21 * 1024 * 1024)
    huge.set(await pngBytes(10, 10))
    expect((await upload(huge, 'huge.png')).status).toBe(413)
    expect((await getMap()).imageIsDefault).toBe(true)
  })

  it('takes a PNG of its own, serves it to the admin only, and resets to the default', async () => {
    const response = await upload(await pngBytes(640, 480, '#16a34a'), 'my map.png')
    expect(response.status).toBe(200)
    const map = (await response.json()) as MailingMapResponse
    expect(map.imageIsDefault).toBe(false)
    expect(map.image).toMatchObject({ width: 640, height: 480 })
    const url = map.image?.url as string
    const served = await t.request(url, { cookie: admin })
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/png')
    expect((await t.request(url, { cookie: member })).status).toBe(403)

    const proofMap = await mailingProofMap(
      { db: t.db, storage: t.deps.storage, timeZone: 'America/New_York', publicOrigin: 'https://town.test' },
      MONTH,
    )
    expect(proofMap?.image?.contentType).toBe('image/png')
    expect(proofMap?.image?.key).toMatch(new RegExp(`^mailing-maps/${MONTH}/`))

    const reset = await t.request(`${mapUrl()}/image`, { method: 'DELETE', cookie: admin })
    expect(reset.status).toBe(200)
    const after = (await reset.json()) as MailingMapResponse
    expect(after.imageIsDefault).toBe(true)
    expect(after.image?.width).toBe(300)
    expect((await t.request(url, { cookie: admin })).status).toBe(404)
  })
})

describe('mailingProofMap', () => {
  it('gives the proof every sold icon with its number, position, short link and the default image', async () => {
    const ctx = {
      db: t.db,
      storage: t.deps.storage,
      timeZone: 'America/New_York',
      publicOrigin: 'https://town.test',
    }
    const map = await mailingProofMap(ctx, MONTH)
    expect(map?.legend).toBe(true)
    expect(map?.image?.key).toMatch(/^map_example\//)
    expect(map?.markers.map((m) => [m.number, m.businessName, m.size, m.placed, m.x, m.y])).toEqual([
      [1, 'Alice Books', 'premium', true, 0.6, 0.6],
      [2, "Bob's Bakery", 'regular', true, 0.42, 0.18],
      [3, 'Dave Deli', 'regular', false, expect.any(Number), expect.any(Number)],
    ])
    for (const m of map?.markers ?? []) {
      expect(m.shortUrl).toMatch(/^https:\/\/town\.test\/go\/[23456789a-z]{7}$/)
      expect(m.artwork).toBeNull()
    }
    const proof = await t.request(`/api/admin/mailings/${MONTH}/proof.pdf`, { cookie: admin })
    expect(proof.status).toBe(200)
    expect(proof.headers.get('content-type')).toBe('application/pdf')
  }, 60_000)
})

/** Page 2's text lines with their boxes, in points from the page's top-left (pdftotext -bbox-layout). */
function pageTwoLines(file: string): { text: string; xMin: number; yMin: number; yMax: number }[] {
  const result = spawnSync('pdftotext', ['-f', '2', '-l', '2', '-bbox-layout', file, '-'], {
    encoding: 'utf8',
  })
  if ((result.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT')
    throw new Error('pdftotext is not installed: install the Debian package poppler-utils')
  expect(result.status).toBe(0)
  return [...result.stdout.matchAll(/<line ([^>]*)>([\s\S]*?)<\/line>/g)].map((match) => {
    const attrs = Object.fromEntries(
      [...(match[1] ?? '').matchAll(/(\w+)="([\d.]+)"/g)].map((a) => [a[1], Number(a[2])]),
    )
    const words = [...(match[2] ?? '').matchAll(/<word[^>]*>([^<]*)<\/word>/g)].map((w) =>
      (w[1] ?? '').replace(/&apos;/g, "'").replace(/&amp;/g, '&'),
    )
    return { text: words.join(' '), xMin: attrs.xMin ?? 0, yMin: attrs.yMin ?? 0, yMax: attrs.yMax ?? 0 }
  })
}
