import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PDFDocument } from '@cantoo/pdf-lib'
import { and, asc, eq, gte, lte } from 'drizzle-orm'
import sharp from 'sharp'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calendarDays, mailings, orderArtwork, orders, outbox } from '#server/db/schema.ts'
import { createTestApp, type TestApp } from '#server/test/test-app.ts'
import {
  ARTWORK_LINE_NOT_FOUND,
  ARTWORK_LINK_NOT_FOUND,
  ARTWORK_SVG_MESSAGE,
  ARTWORK_TOO_LARGE_MESSAGE,
  ARTWORK_TYPE_MESSAGE,
  type ArtworkLineDto,
  type ArtworkPageResponse,
  type ProductionBoardResponse,
} from '#shared/artwork.ts'
import type { OrdersBySessionResponse } from '#shared/checkout.ts'
import { addMonths, todayInTimeZone } from '#shared/dates.ts'
import { mailingMonthLabel, toMonthKey } from '#shared/mailings.ts'
import { noticeContext } from './artwork.routes.ts'
import { sendDueArtworkReminders } from './artwork-notices.ts'

const TZ = 'America/New_York'
const DAY_MS = 24 * 60 * 60 * 1000

let t: TestApp
let admin: string
let member: string
/** A month two years ahead, and its days, for the whole file: its mailing is open, its deadlines far. */
let month: string
let days: { id: string; date: string }[]

beforeAll(async () => {
  t = await createTestApp()
  await t.createAdmin()
  await t.createMember()
  admin = await t.signIn({ email: 'admin@example.com', password: 'admin-password-123' })
  member = await t.signIn({ email: 'member@example.com', password: 'member-password-123' })
  const [y, m] = todayInTimeZone(TZ).split('-').map(Number) as [number, number]
  const ahead = addMonths(y, m, 24)
  month = toMonthKey(ahead.year, ahead.month)
  const init = await t.request('/api/admin/calendar-days/initialize', {
    method: 'POST',
    cookie: admin,
    json: { startDate: `${month}-01`, endDate: `${month}-28`, price: 120 },
  })
  expect(init.status).toBe(200)
  days = await t.db
    .select({ id: calendarDays.id, date: calendarDays.date })
    .from(calendarDays)
    .where(and(gte(calendarDays.date, `${month}-01`), lte(calendarDays.date, `${month}-28`)))
    .orderBy(asc(calendarDays.date))
})
afterAll(() => t.close())

let nextDay = 0
/** Buys `count` fresh days of the month in one cart checkout and pays it (local TEST MODE). */
async function buyAndPay(businessName: string, count = 1, email = 'buyer@example.com') {
  const chosen = days.slice(nextDay, nextDay + count)
  nextDay += count
  const discount = count >= 4 ? 20 : count >= 2 ? 10 : 0
  const created = await t.request('/api/functions/create-cart-checkout-session', {
    method: 'POST',
    json: { businessName, email, calendarDayIds: chosen.map((d) => d.id), mapIconId: null, discount },
  })
  expect(created.status).toBe(200)
  const sessionId = ((await created.json()) as { sessionUrl: string }).sessionUrl.split('/').pop() as string
  const paid = await t.request(`/pay/${sessionId}/complete`, { method: 'POST' })
  expect(paid.status).toBeLessThan(400)
  const lookup = await t.request('/api/functions/get-orders-by-session', {
    method: 'POST',
    json: { sessionId },
  })
  const body = (await lookup.json()) as OrdersBySessionResponse
  const token = body.artwork?.path.split('/').pop() as string
  return { sessionId, token, days: chosen, body }
}

async function page(token: string) {
  const response = await t.request(`/api/artwork/${token}`)
  return {
    status: response.status,
    body: (await response.json()) as ArtworkPageResponse & { error?: { message: string } },
  }
}

function upload(token: string, orderIds: string[], bytes: Uint8Array, name = 'logo.png') {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(bytes)]), name)
  for (const id of orderIds) form.append('orderId', id)
  return t.request(`/api/artwork/${token}/upload`, { method: 'POST', body: form })
}

const png = (width: number, height: number, color = '#1d4ed8') =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer()
    .then((b) => new Uint8Array(b))

async function pdf(widthIn: number, heightIn: number) {
  const doc = await PDFDocument.create()
  doc.addPage([widthIn * 72, heightIn * 72]).drawText('LOGO', { x: 10, y: 10, size: 24 })
  return doc.save()
}

/** Every file under the storage's artwork/ folder. */
function storedFiles(): string[] {
  const dir = path.join(t.dataDir, 'media', 'artwork')
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.includes('.'))
    .sort()
}

async function board(state?: string) {
  return boardPage(state ? `state=${state}` : '')
}

async function boardPage(query: string) {
  const response = await t.request(`/api/admin/mailings/${month}/artwork${query ? `?${query}` : ''}`, {
    cookie: admin,
  })
  expect(response.status).toBe(200)
  return (await response.json()) as ProductionBoardResponse
}

describe('the artwork link of a paid checkout', () => {
  it('comes with the thank-you answer and the confirmation e-mail, with each mailing’s artwork deadline', async () => {
    const { sessionId, token, body } = await buyAndPay('Link Bakery', 2, 'link@example.com')
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/)
    expect(body.artwork?.mailings).toEqual([
      expect.objectContaining({
        month,
        artworkDueText: expect.stringMatching(/^\w+day, \w+ \d{1,2}, \d{1,2}:\d{2} [AP]M \(E[SD]T\)$/),
      }),
    ])
    const [mail] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `order-confirmation:${sessionId}`))
    expect(mail?.textBody).toContain(`http://localhost:3000/artwork/${token}`)
    expect(mail?.textBody).toMatch(/Artwork for the \w+ \d{4} mailing is due /)
    const p = await page(token)
    expect(p.status).toBe(200)
    expect(p.body.businessName).toBe('Link Bakery')
    expect(p.body.lines.map((l) => [l.kind, l.state, l.canUpload])).toEqual([
      ['day', 'missing', true],
      ['day', 'missing', true],
    ])
  })

  it('shows only its own checkout’s lines, and never another checkout’s files or lines', async () => {
    const a = await buyAndPay('Alpha Hardware', 1, 'alpha@example.com')
    const b = await buyAndPay('Beta Books', 2, 'beta@example.com')
    const pageA = (await page(a.token)).body
    const pageB = (await page(b.token)).body
    expect(pageA.lines).toHaveLength(1)
    expect(pageB.lines).toHaveLength(2)
    expect(pageA.lines.map((l) => l.date)).toEqual(a.days.map((d) => d.date))
    const bOrder = pageB.lines[0]?.orderId as string
    // Uploading to another checkout's line with this token: refused, nothing stored.
    const refused = await upload(a.token, [bOrder], await png(400, 400))
    expect(refused.status).toBe(404)
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      ARTWORK_LINE_NOT_FOUND,
    )
    expect(await t.db.select().from(orderArtwork).where(eq(orderArtwork.orderId, bOrder))).toHaveLength(0)
    // B's file through A's token: not found.
    expect((await upload(b.token, [bOrder], await png(400, 400))).status).toBe(200)
    expect((await t.request(`/api/artwork/${a.token}/files/${bOrder}`)).status).toBe(404)
    expect((await t.request(`/api/artwork/${b.token}/files/${bOrder}`)).status).toBe(200)
    // Unknown or malformed tokens.
    for (const bad of ['x'.repeat(32), 'short', '..%2F..'] as const) {
      const r = await page(bad)
      expect(r.status).toBe(404)
      expect(r.body.error?.message).toBe(ARTWORK_LINK_NOT_FOUND)
    }
  })
})

describe('uploads', () => {
  it('refuses SVG, other types and files over 20 MB with a clear message, and stores nothing', async () => {
    const { token } = await buyAndPay('Refusal Florist')
    const [line] = (await page(token)).body.lines
    const id = line?.orderId as string
    const before = storedFiles()
    const cases: [Uint8Array, number, string][] = [
      [
        new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>'),
        422,
        ARTWORK_SVG_MESSAGE,
      ],
      [new TextEncoder().encode('GIF89a\x01\x00\x01\x00\x00\x00\x00;'), 422, ARTWORK_TYPE_MESSAGE],
      [new TextEncoder().encode('<html><script>alert(1)</script></html>'), 422, ARTWORK_TYPE_MESSAGE],
      [new Uint8Array(20 * 1024 * 1024 + 1), 413, ARTWORK_TOO_LARGE_MESSAGE],
    ]
    for (const [bytes, status, message] of cases) {
      const r = await upload(token, [id], bytes, 'logo.png')
      expect(r.status, message).toBe(status)
      expect(((await r.json()) as { error: { message: string } }).error.message).toBe(message)
    }
    expect(await t.db.select().from(orderArtwork).where(eq(orderArtwork.orderId, id))).toHaveLength(0)
    expect(storedFiles()).toEqual(before)
  })

  it('checks the print size with figures: too few pixels is accepted with a warning saying what to upload', async () => {
    const { token } = await buyAndPay('Print Check Deli', 2)
    const [small, big] = (await page(token)).body.lines as [ArtworkLineDto, ArtworkLineDto]
    const r = await upload(token, [small.orderId], await png(120, 120))
    expect(r.status).toBe(200)
    const after = (await r.json()) as ArtworkPageResponse
    const line = after.lines.find((l) => l.orderId === small.orderId)
    expect(line?.state).toBe('received')
    expect(line?.printCheck).toMatchObject({
      level: 'warning',
      widthPx: 120,
      heightPx: 120,
      minWidthPx: 300,
      minHeightPx: 300,
      effectiveDpi: 120,
      requiredDpi: 300,
    })
    expect(line?.printCheck?.messages.join(' ')).toContain('120 dots per inch')
    expect(line?.printCheck?.messages.join(' ')).toContain('300 × 300 pixels')
    // A sharp image of a very different shape is flagged; a PDF reports its page size.
    const wide = (await (
      await upload(token, [big.orderId], await png(1200, 300))
    ).json()) as ArtworkPageResponse
    expect(wide.lines.find((l) => l.orderId === big.orderId)?.printCheck).toMatchObject({
      level: 'warning',
      aspectMismatch: true,
    })
    const asPdf = (await (
      await upload(token, [big.orderId], await pdf(2, 2), 'logo.pdf')
    ).json()) as ArtworkPageResponse
    expect(asPdf.lines.find((l) => l.orderId === big.orderId)?.printCheck).toMatchObject({
      level: 'ok',
      pageWidthInches: 2,
      pageHeightInches: 2,
      pageCount: 1,
    })
    // The owner changes the print size: the check follows (worked out on every read).
    const specs = await (await t.request('/api/admin/print-specs', { cookie: admin })).json()
    const put = await t.request('/api/admin/print-specs', {
      method: 'PUT',
      cookie: admin,
      json: { ...specs, daySquare: { widthInches: 0.4, heightInches: 0.4 } },
    })
    expect(put.status).toBe(200)
    const again = (await page(token)).body.lines.find((l) => l.orderId === small.orderId)
    expect(again?.printCheck).toMatchObject({ level: 'ok', minWidthPx: 120, effectiveDpi: 300 })
    await t.request('/api/admin/print-specs', { method: 'PUT', cookie: admin, json: specs })
  })

  it('one file for all lines, replaced until the artwork deadline, then refused; files are never public', async () => {
    const { token } = await buyAndPay('Deadline Diner', 3)
    const ids = (await page(token)).body.lines.map((l) => l.orderId)
    expect((await upload(token, ids, await png(600, 600))).status).toBe(200)
    const rows = await t.db
      .select()
      .from(orderArtwork)
      .where(eq(orderArtwork.orderId, ids[0] as string))
    const firstKey = rows[0]?.fileKey as string
    expect((await page(token)).body.lines.map((l) => l.state)).toEqual(['received', 'received', 'received'])
    // /media never serves artwork, even by its exact storage key.
    expect((await t.request(`/media/${firstKey}`)).status).toBe(404)
    // Replace one line: the shared file stays for the two others.
    expect((await upload(token, [ids[0] as string], await png(700, 700, '#ff0000'))).status).toBe(200)
    expect(fs.existsSync(path.join(t.dataDir, 'media', firstKey))).toBe(true)
    expect((await upload(token, [ids[1] as string, ids[2] as string], await png(800, 800))).status).toBe(200)
    expect(fs.existsSync(path.join(t.dataDir, 'media', firstKey))).toBe(false)

    await t.db
      .update(mailings)
      .set({ artworkDueAt: new Date(Date.now() - 60_000) })
      .where(eq(mailings.month, month))
    try {
      const late = await upload(token, [ids[0] as string], await png(600, 600))
      expect(late.status).toBe(409)
      expect(((await late.json()) as { error: { message: string } }).error.message).toMatch(
        /^The artwork deadline for the \w+ \d{4} mailing has passed\.$/,
      )
      expect((await page(token)).body.mailings[0]?.isOpenForArtwork).toBe(false)
      expect((await page(token)).body.lines.every((l) => !l.canUpload)).toBe(true)
    } finally {
      await t.db
        .update(mailings)
        .set({ artworkDueAt: new Date(Date.now() + 400 * DAY_MS) })
        .where(eq(mailings.month, month))
    }
  })
})

describe('the production board', () => {
  it('is for the admin only', async () => {
    for (const [method, url] of [
      ['GET', `/api/admin/mailings/${month}/artwork`],
      ['GET', `/api/admin/mailings/${month}/proof.pdf`],
      ['GET', `/api/admin/mailings/${month}/artwork.zip`],
      ['POST', `/api/admin/mailings/${month}/artwork-reminders`],
      ['GET', '/api/admin/print-specs'],
    ] as const) {
      expect((await t.request(url, { method })).status, url).toBe(401)
      expect((await t.request(url, { method, cookie: member })).status, url).toBe(403)
    }
  })

  it('lists every sold line with its state, filters missing, approves and requests changes with an e-mail', async () => {
    const { token } = await buyAndPay('Board Barber', 2, 'barber@example.com')
    const [first, second] = (await page(token)).body.lines as [ArtworkLineDto, ArtworkLineDto]
    await upload(token, [first.orderId], await png(400, 400))
    const all = await board()
    const mine = all.lines.filter((l) => l.businessName === 'Board Barber')
    expect(mine.map((l) => [l.state, l.email, l.artworkUrl])).toEqual([
      ['received', 'barber@example.com', `/artwork/${token}`],
      ['missing', 'barber@example.com', `/artwork/${token}`],
    ])
    expect(mine[0]?.file?.thumbnailUrl).toMatch(/^\/api\/admin\/artwork\/.+\/thumbnail/)
    const thumb = await t.request(mine[0]?.file?.thumbnailUrl as string, { cookie: admin })
    expect(thumb.headers.get('content-type')).toBe('image/png')
    expect((await t.request(mine[0]?.file?.thumbnailUrl as string)).status).toBe(401)
    const missing = await board('missing')
    expect(missing.lines.every((l) => l.state === 'missing')).toBe(true)
    expect(missing.lines.some((l) => l.orderId === second.orderId)).toBe(true)
    expect(missing.counts.missing).toBe(all.counts.missing)

    // Nothing to review on a missing line.
    expect(
      (await t.request(`/api/admin/artwork/${second.orderId}/approve`, { method: 'POST', cookie: admin }))
        .status,
    ).toBe(409)
    const changes = await t.request(`/api/admin/artwork/${first.orderId}/request-changes`, {
      method: 'POST',
      cookie: admin,
      json: { note: 'Please send the logo without the white box.' },
    })
    expect(changes.status).toBe(200)
    expect(await changes.json()).toMatchObject({
      state: 'changes_requested',
      ownerNote: 'Please send the logo without the white box.',
    })
    const [mail] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'artwork_changes_requested'), eq(outbox.toAddress, 'barber@example.com')))
    expect(mail?.textBody).toContain('Please send the logo without the white box.')
    expect(mail?.textBody).toContain(`/artwork/${token}`)
    expect((await page(token)).body.lines[0]).toMatchObject({
      state: 'changes_requested',
      ownerNote: 'Please send the logo without the white box.',
    })
    const empty = await t.request(`/api/admin/artwork/${first.orderId}/request-changes`, {
      method: 'POST',
      cookie: admin,
      json: { note: '  ' },
    })
    expect(empty.status).toBe(422)
    // A new upload is 'received' again; then approved.
    await upload(token, [first.orderId], await png(500, 500))
    const approved = await t.request(`/api/admin/artwork/${first.orderId}/approve`, {
      method: 'POST',
      cookie: admin,
    })
    expect(await approved.json()).toMatchObject({ state: 'approved', reviewedBy: 'admin@example.com' })
  })

  it('answers one page of lines with the total, keeps the filter across pages, and the last page past it', async () => {
    const { token } = await buyAndPay('Pager Florist', 3, 'florist@example.com')
    const [first] = (await page(token)).body.lines as [ArtworkLineDto]
    await upload(token, [first.orderId], await png(400, 400))
    const all = await board()
    expect(all).toMatchObject({ page: 1, pageSize: 50, total: all.lines.length })
    expect(all.total).toBe(Object.values(all.counts).reduce((sum, n) => sum + n, 0))
    const ids = all.lines.map((l) => l.orderId)
    expect(ids.length).toBeGreaterThanOrEqual(3)

    const lastPage = Math.ceil(all.total / 2)
    const paged: string[] = []
    for (let p = 1; p <= lastPage; p++) {
      const answer = await boardPage(`pageSize=2&page=${p}`)
      expect(answer).toMatchObject({ page: p, pageSize: 2, total: all.total, counts: all.counts })
      paged.push(...answer.lines.map((l) => l.orderId))
    }
    expect(paged).toEqual(ids)
    const past = await boardPage('pageSize=2&page=999')
    expect(past.page).toBe(lastPage)
    expect(past.lines.map((l) => l.orderId)).toEqual(ids.slice((lastPage - 1) * 2))

    const missingIds = all.lines.filter((l) => l.state === 'missing').map((l) => l.orderId)
    const secondMissing = await boardPage('state=missing&pageSize=1&page=2')
    expect(secondMissing).toMatchObject({ page: 2, total: all.counts.missing, counts: all.counts })
    expect(secondMissing.lines.map((l) => [l.orderId, l.state])).toEqual([[missingIds[1], 'missing']])
    const received = await boardPage('state=received&pageSize=200')
    expect(received.total).toBe(all.counts.received)
    expect(received.lines.map((l) => l.orderId)).toContain(first.orderId)
    expect(received.lines.every((l) => l.state === 'received')).toBe(true)

    for (const query of ['page=0', 'page=x', 'pageSize=0', 'pageSize=201', 'pageSize=1.5', 'state=lost']) {
      const response = await t.request(`/api/admin/mailings/${month}/artwork?${query}`, { cookie: admin })
      expect(response.status, query).toBe(422)
    }
  })

  it('gives a manual order a link the owner can e-mail', async () => {
    const day = days[nextDay++] as { id: string }
    const created = await t.request('/api/admin/manual-orders', {
      method: 'POST',
      cookie: admin,
      json: { dayId: day.id, businessName: 'Walk-in Pharmacy', email: 'walkin@example.com' },
    })
    expect(created.status).toBe(201)
    const { id } = (await created.json()) as { id: string }
    const line = (await board()).lines.find((l) => l.orderId === id)
    expect(line?.source).toBe('manual')
    expect(line?.artworkUrl).toMatch(/^\/artwork\/[A-Za-z0-9_-]{32}$/)
    const sent = await t.request(`/api/admin/artwork/${id}/send-link`, { method: 'POST', cookie: admin })
    expect(await sent.json()).toEqual({ sentTo: 'walkin@example.com' })
    const [mail] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'artwork_link'), eq(outbox.toAddress, 'walkin@example.com')))
    expect(mail?.textBody).toContain(`http://localhost:3000${line?.artworkUrl}`)
    const buyerPage = await page(line?.artworkUrl.split('/').pop() as string)
    expect(buyerPage.body.lines.map((l) => l.orderId)).toEqual([id])
  })
})

describe('reminders', () => {
  it('7 days and 1 day before the deadline, once each, with two instances running at once', async () => {
    const second = await createTestApp({ database: t.database })
    try {
      const due = new Date(Date.now() + 10 * DAY_MS)
      await t.db.update(mailings).set({ artworkDueAt: due }).where(eq(mailings.month, month))
      const { sessionId } = await buyAndPay('Reminder Garage', 1, 'remind@example.com')
      const instances = [noticeContext(t.deps), noticeContext(second.deps)]
      const runBoth = (now: Date) =>
        Promise.all(
          instances.flatMap((ctx) => [sendDueArtworkReminders(ctx, now), sendDueArtworkReminders(ctx, now)]),
        )
      const reminders = () =>
        t.db
          .select()
          .from(outbox)
          .where(and(eq(outbox.kind, 'artwork_reminder'), eq(outbox.toAddress, 'remind@example.com')))
      await runBoth(new Date(due.getTime() - 8 * DAY_MS))
      expect(await reminders()).toHaveLength(0)
      await runBoth(new Date(due.getTime() - 6.5 * DAY_MS))
      expect((await reminders()).map((r) => r.dedupeKey)).toEqual([
        `artwork-reminder:${sessionId}:${month}:7d`,
      ])
      await runBoth(new Date(due.getTime() - 5 * DAY_MS))
      expect(await reminders()).toHaveLength(1)
      await runBoth(new Date(due.getTime() - 0.5 * DAY_MS))
      const sent = await reminders()
      expect(sent.map((r) => r.dedupeKey).sort()).toEqual([
        `artwork-reminder:${sessionId}:${month}:1d`,
        `artwork-reminder:${sessionId}:${month}:7d`,
      ])
      expect(sent[0]?.textBody).toContain('Calendar day:')
      await runBoth(new Date(due.getTime() + DAY_MS))
      expect(await reminders()).toHaveLength(2)
      // The owner's "send now" reaches every checkout with a line still needing something (missing artwork,
      // changes requested, a received file with a print warning), this one included.
      const now = await t.request(`/api/admin/mailings/${month}/artwork-reminders`, {
        method: 'POST',
        cookie: admin,
      })
      const { sent: count } = (await now.json()) as { sent: number }
      const needing = (await board()).lines.filter(
        (l) =>
          l.state === 'missing' ||
          l.state === 'changes_requested' ||
          (l.state === 'received' && l.printCheck?.level === 'warning'),
      )
      expect(count).toBe(new Set(needing.map((l) => l.artworkUrl)).size)
      expect(await reminders()).toHaveLength(3)
    } finally {
      await t.db
        .update(mailings)
        .set({ artworkDueAt: new Date(Date.now() + 400 * DAY_MS) })
        .where(eq(mailings.month, month))
      // Not second.close(): it would close the database both instances share.
      fs.rmSync(second.dataDir, { recursive: true, force: true })
    }
  })

  it('a line that has artwork is not reminded', async () => {
    const due = new Date(Date.now() + 10 * DAY_MS)
    await t.db.update(mailings).set({ artworkDueAt: due }).where(eq(mailings.month, month))
    try {
      const { token } = await buyAndPay('Done Early Dental', 1, 'early@example.com')
      await upload(
        token,
        (await page(token)).body.lines.map((l) => l.orderId),
        await png(300, 300),
      )
      await sendDueArtworkReminders(noticeContext(t.deps), new Date(due.getTime() - 0.5 * DAY_MS))
      const sent = await t.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.kind, 'artwork_reminder'), eq(outbox.toAddress, 'early@example.com')))
      expect(sent).toHaveLength(0)
    } finally {
      await t.db
        .update(mailings)
        .set({ artworkDueAt: new Date(Date.now() + 400 * DAY_MS) })
        .where(eq(mailings.month, month))
    }
  })
})

describe('reminders for lines whose artwork is not ready', () => {
  it('also remind changes requested (with the note) and received files with a print warning (naming it); a file that prints well is not reminded', async () => {
    const due = new Date(Date.now() + 10 * DAY_MS)
    await t.db.update(mailings).set({ artworkDueAt: due }).where(eq(mailings.month, month))
    try {
      const mixed = await buyAndPay('Mixed Needs Studio', 3, 'mixed@example.com')
      const [changed, blurry, missing] = (await page(mixed.token)).body.lines
      if (!changed || !blurry || !missing) throw new Error('three lines expected')
      expect((await upload(mixed.token, [changed.orderId], await png(300, 300))).status).toBe(200)
      const note = 'Please send the logo on a white background.'
      const asked = await t.request(`/api/admin/artwork/${changed.orderId}/request-changes`, {
        method: 'POST',
        cookie: admin,
        json: { note },
      })
      expect(asked.status).toBe(200)
      expect((await upload(mixed.token, [blurry.orderId], await png(120, 120))).status).toBe(200)
      // A sharp file, received and not yet reviewed: nothing to ask of its buyer.
      const fine = await buyAndPay('Sharp Logo Salon', 1, 'sharp@example.com')
      const fineLines = (await page(fine.token)).body.lines.map((l) => l.orderId)
      expect((await upload(fine.token, fineLines, await png(300, 300))).status).toBe(200)

      await sendDueArtworkReminders(noticeContext(t.deps), new Date(due.getTime() - 6.5 * DAY_MS))
      const reminded = (to: string) =>
        t.db
          .select()
          .from(outbox)
          .where(and(eq(outbox.kind, 'artwork_reminder'), eq(outbox.toAddress, to)))
      expect(await reminded('sharp@example.com')).toHaveLength(0)
      const [mail, ...more] = await reminded('mixed@example.com')
      expect(more).toHaveLength(0)
      const text = mail?.textBody ?? ''
      expect(text).toContain(
        `We don't have your artwork yet for the ${mailingMonthLabel(month)} mailing:\n- ${missing.label}\n\n`,
      )
      expect(text).toContain(
        `We asked for a change to your artwork before it can go to print:\n- ${changed.label}: ${note}\n`,
      )
      expect(text).toContain(
        `Your file may not print well:\n- ${blurry.label}: Your image is 120 × 120 pixels. Printed at 1 × 1 in, that is 120 dots per inch, so it will look blurry and jagged in print. For a sharp print, upload an image of at least 300 × 300 pixels (300 DPI), or a PDF of your logo.\n`,
      )
      expect(text).toContain('Without artwork, we print your business name only.')
      expect(text).toContain(`http://localhost:3000/artwork/${mixed.token}`)

      // The owner's "send now" reaches the same checkouts, and not the one whose file prints well.
      const now = await t.request(`/api/admin/mailings/${month}/artwork-reminders`, {
        method: 'POST',
        cookie: admin,
      })
      expect(now.status).toBe(200)
      expect(await reminded('mixed@example.com')).toHaveLength(2)
      expect(await reminded('sharp@example.com')).toHaveLength(0)
    } finally {
      await t.db
        .update(mailings)
        .set({ artworkDueAt: new Date(Date.now() + 400 * DAY_MS) })
        .where(eq(mailings.month, month))
    }
  })
})

describe('the proof and the artwork archive', () => {
  it('a print-ready PDF: the postcard size with bleed and a slug, each business on its date, then the map side', async () => {
    const { token, days: bought } = await buyAndPay('Proof Pizzeria', 1)
    await upload(
      token,
      (await page(token)).body.lines.map((l) => l.orderId),
      await png(300, 300, '#16a34a'),
    )
    const response = await t.request(`/api/admin/mailings/${month}/proof.pdf`, { cookie: admin })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/pdf')
    const bytes = new Uint8Array(await response.arrayBuffer())
    const doc = await PDFDocument.load(bytes)
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(2)
    expect(doc.getPage(0).getSize()).toEqual({ width: 630 + 54, height: 810 + 54 }) // bleed box and a 0.375 in slug
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: false })
    // A name may wrap across lines in its cell: read as words.
    const page1 = (text[0] as string).replace(/\s+/g, ' ')
    for (const name of ['Proof Pizzeria', 'Board Barber', 'Deadline Diner', 'Walk-in Pharmacy'])
      expect(page1).toContain(name)
    for (const weekday of ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']) expect(page1).toContain(weekday)
    // On its date: the business text sits in the cell under its day number.
    const pdfPage = await (await getDocumentProxy(new Uint8Array(bytes))).getPage(1)
    const items = (await pdfPage.getTextContent()).items as { str: string; transform: number[] }[]
    const dayNumber = String(Number(bought[0]?.date.slice(8)))
    const name = items.find((i) => i.str.includes('Proof'))
    const numbers = items.filter((i) => i.str.trim() === dayNumber)
    expect(name).toBeDefined()
    const nearest = numbers
      .map((n) =>
        Math.hypot(
          (n.transform[4] as number) - (name?.transform[4] as number),
          (n.transform[5] as number) - (name?.transform[5] as number),
        ),
      )
      .sort((a, b) => a - b)[0] as number
    expect(nearest).toBeLessThan(90) // within one cell (≈ 1.1 in = 79 pt wide)
  })

  it('a ZIP of every original file, named by date and business', async () => {
    const response = await t.request(`/api/admin/mailings/${month}/artwork.zip`, { cookie: admin })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/zip')
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'artwork-zip-'))
    try {
      const file = path.join(dir, 'a.zip')
      fs.writeFileSync(file, new Uint8Array(await response.arrayBuffer()))
      const entries = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n')
      // manifest.csv comes first (artwork-manifest.test.ts reads it), then the files.
      expect(entries[0]).toBe('manifest.csv')
      const listing = entries.slice(1)
      const withFiles = await t.db
        .select({ date: orders.itemDate, business: orders.businessName })
        .from(orderArtwork)
        .innerJoin(orders, eq(orders.id, orderArtwork.orderId))
        .where(eq(orders.mailingMonth, month))
      expect(listing).toHaveLength(withFiles.length)
      expect(listing).toContain(
        `${withFiles.find((w) => w.business === 'Proof Pizzeria')?.date}-Proof-Pizzeria.png`,
      )
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
