import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailings, orders } from '#server/db/schema.ts'
import {
  buyAndPayDays,
  openMonthWithDays,
  pngBytes,
  uploadArtworkFile,
} from '#server/test/artwork-test-helpers.ts'
import { createTestApp, type TestApp } from '#server/test/test-app.ts'
import type { ArtworkPageResponse, ProductionBoardResponse } from '#shared/artwork.ts'
import {
  LINK_NOT_FOUND,
  LINK_PHONE_INVALID,
  LINK_WEBSITE_INVALID,
  type LineLinkDto,
} from '#shared/short-links.ts'

/**
 * The QR code link of each line on the buyer's artwork page: shown with the line, its destination set
 * through the token (any time, only the token's own lines), and the line's artwork as its page's logo.
 */
let t: TestApp
let admin: string
let days: { id: string; date: string }[]
let month: string
let nextDay = 0

beforeAll(async () => {
  t = await createTestApp()
  await t.createAdmin()
  admin = await t.signIn({ email: 'admin@example.com', password: 'admin-password-123' })
  ;({ month, days } = await openMonthWithDays(t, admin))
})
afterAll(() => t.close())

async function buy(count: number, business = 'Link Bakery') {
  const chosen = days.slice(nextDay, nextDay + count)
  nextDay += count
  return buyAndPayDays(
    t,
    chosen.map((d) => d.id),
    business,
  )
}

async function artworkPage(token: string) {
  return (await (await t.request(`/api/artwork/${token}`)).json()) as ArtworkPageResponse
}

function putLink(token: string, orderId: string, json: unknown) {
  return t.request(`/api/artwork/${token}/lines/${encodeURIComponent(orderId)}/link`, {
    method: 'PUT',
    json,
  })
}

async function stored(orderId: string) {
  const [row] = await t.db
    .select({ code: orders.shortCode, destination: orders.linkDestination, target: orders.linkTarget })
    .from(orders)
    .where(eq(orders.id, orderId))
  return row
}

describe('a line’s QR code link through the artwork link', () => {
  it('is shown with each line, leading to the advertiser’s page until chosen otherwise', async () => {
    const { token, orderIds } = await buy(2)
    const page = await artworkPage(token)
    for (const line of page.lines) {
      const row = await stored(line.orderId)
      expect(line.link).toEqual({
        orderId: line.orderId,
        code: row?.code,
        shortUrl: `http://localhost:3000/go/${row?.code}`,
        destination: 'page',
        target: null,
        pagePath: `/ads/${row?.code}`,
      })
      expect(line.link?.code).toMatch(/^[23456789abcdefghjkmnpqrstvwxyz]{7}$/)
    }
    expect(page.lines.map((l) => l.orderId).sort()).toEqual([...orderIds].sort())

    // The owner's board shows the same links.
    const board = (await (
      await t.request(`/api/admin/mailings/${month}/artwork`, { cookie: admin })
    ).json()) as ProductionBoardResponse
    const onBoard = board.lines.find((l) => l.orderId === orderIds[0])
    expect(onBoard?.link).toEqual(page.lines.find((l) => l.orderId === orderIds[0])?.link)
  })

  it('sets each destination, normalised, and back to the page; the code never changes', async () => {
    const { token, orderIds } = await buy(1)
    const id = orderIds[0] as string
    const before = await stored(id)

    const website = await putLink(token, id, { destination: 'website', target: 'example.com/menu' })
    expect(website.status).toBe(200)
    const websiteLink = (await website.json()) as LineLinkDto
    expect(websiteLink).toMatchObject({
      orderId: id,
      code: before?.code,
      destination: 'website',
      target: 'https://example.com/menu',
    })
    expect(await stored(id)).toEqual({
      code: before?.code,
      destination: 'website',
      target: 'https://example.com/menu',
    })

    const phone = await putLink(token, id, { destination: 'phone', target: '(555) 555-0123' })
    expect(phone.status).toBe(200)
    expect(((await phone.json()) as LineLinkDto).target).toBe('5555550123')
    expect((await artworkPage(token)).lines[0]?.link).toMatchObject({
      destination: 'phone',
      target: '5555550123',
    })

    const back = await putLink(token, id, { destination: 'page', target: 'ignored.example' })
    expect(back.status).toBe(200)
    expect(await stored(id)).toEqual({ code: before?.code, destination: 'page', target: null })
  })

  it('refuses a bad website or phone with its message (400), and changes nothing', async () => {
    const { token, orderIds } = await buy(1)
    const id = orderIds[0] as string
    const cases: [unknown, string][] = [
      [{ destination: 'website', target: 'javascript:alert(1)' }, LINK_WEBSITE_INVALID],
      [{ destination: 'website', target: 'localhost' }, LINK_WEBSITE_INVALID],
      [{ destination: 'website' }, LINK_WEBSITE_INVALID],
      [{ destination: 'phone', target: '12' }, LINK_PHONE_INVALID],
      [{ destination: 'phone', target: 'call me' }, LINK_PHONE_INVALID],
    ]
    for (const [body, message] of cases) {
      const response = await putLink(token, id, body)
      expect(response.status).toBe(400)
      const error = (
        (await response.json()) as { error: { message: string; fields: Record<string, string[]> } }
      ).error
      expect(error.message).toBe(message)
      expect(error.fields.target).toEqual([message])
    }
    expect((await putLink(token, id, { destination: 'fax', target: '5555550123' })).status).toBe(400)
    expect((await putLink(token, id, 'page')).status).toBe(400)
    expect((await stored(id))?.destination).toBe('page')
  })

  it('answers 404 for another purchase’s line, an unknown line or token, and changes nothing', async () => {
    const mine = await buy(1, 'Mine Cafe')
    const theirs = await buy(1, 'Their Cafe')
    const other = theirs.orderIds[0] as string
    const response = await putLink(mine.token, other, { destination: 'website', target: 'mine.example' })
    expect(response.status).toBe(404)
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(LINK_NOT_FOUND)
    expect((await putLink(mine.token, 'ORD-nope', { destination: 'page' })).status).toBe(404)
    expect((await putLink(mine.token, "x'; drop", { destination: 'page' })).status).toBe(404)
    expect((await putLink('A'.repeat(32), other, { destination: 'page' })).status).toBe(404)
    expect((await stored(other))?.destination).toBe('page')
  })

  it('is allowed after the artwork deadline: only where the code leads changes', async () => {
    const { token, orderIds } = await buy(1)
    const id = orderIds[0] as string
    const [row] = await t.db.select({ month: orders.mailingMonth }).from(orders).where(eq(orders.id, id))
    const [mailing] = await t.db
      .select()
      .from(mailings)
      .where(eq(mailings.month, row?.month as string))
    await t.db
      .update(mailings)
      .set({ artworkDueAt: new Date(Date.now() - 60_000) })
      .where(eq(mailings.month, row?.month as string))
    try {
      expect((await artworkPage(token)).lines[0]?.canUpload).toBe(false)
      const response = await putLink(token, id, { destination: 'phone', target: '+1 555 555 0199' })
      expect(response.status).toBe(200)
      expect(((await response.json()) as LineLinkDto).target).toBe('+15555550199')
    } finally {
      await t.db
        .update(mailings)
        .set({ artworkDueAt: mailing?.artworkDueAt as Date })
        .where(eq(mailings.month, row?.month as string))
    }
  })
})

describe('the logo of the advertiser’s page', () => {
  it('is the line’s artwork thumbnail; a line without artwork or an unknown code has none', async () => {
    const { token, orderIds } = await buy(2)
    const [withArt, without] = orderIds as [string, string]
    expect((await uploadArtworkFile(t, token, [withArt], await pngBytes(400, 400))).status).toBe(200)
    const code = (await stored(withArt))?.code as string
    const logo = await t.request(`/api/ads/${code}/logo`)
    expect(logo.status).toBe(200)
    expect(logo.headers.get('content-type')).toBe('image/png')
    expect(logo.headers.get('x-content-type-options')).toBe('nosniff')
    expect((await logo.arrayBuffer()).byteLength).toBeGreaterThan(0)

    expect((await t.request(`/api/ads/${(await stored(without))?.code}/logo`)).status).toBe(404)
    expect((await t.request('/api/ads/2222222/logo')).status).toBe(404)
    expect((await t.request('/api/ads/not-a-code!/logo')).status).toBe(404)

    // A refunded line's page and logo are gone.
    await t.db.update(orders).set({ status: 'refunded' }).where(eq(orders.id, withArt))
    expect((await t.request(`/api/ads/${code}/logo`)).status).toBe(404)
  })
})
