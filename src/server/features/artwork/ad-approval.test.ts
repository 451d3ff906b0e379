import { randomUUID } from 'node:crypto'
import { and, asc, eq, gte, like, lte } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adApprovals, calendarDays, mailings, orders, outbox } from '#server/db/schema.ts'
import { createTestApp, TEST_ORIGIN, type TestApp } from '#server/test/test-app.ts'
import {
  AD_APPROVAL_LINE_NOT_FOUND,
  type AdApprovalLineDto,
  type AdApprovalsResponse,
  adApprovalClosedMessage,
} from '#shared/ad-approval.ts'
import type { ProductionBoardResponse } from '#shared/artwork.ts'
import type { OrdersBySessionResponse } from '#shared/checkout.ts'
import { addMonths, todayInTimeZone } from '#shared/dates.ts'
import { mailingMonthLabel, toMonthKey } from '#shared/mailings.ts'
import { queueProofChecks, sendDueProofChecks } from './ad-approval.service.ts'
import { markProofBuilt } from './ad-approval-state.ts'
import { noticeContext } from './artwork.routes.ts'

/**
 * The advertiser's check of their ad as printed: nothing before a proof exists; then one e-mail per
 * advertiser and mailing, their own lines only (another advertiser's is 404), a decision until the artwork
 * deadline (a clear refusal after it), a decision that stops standing when the artwork changes, the preview
 * PNG, and the owner's board showing the advertiser's approval.
 */
const TZ = 'America/New_York'
let t: TestApp
let admin: string
let days: { id: string; date: string }[]
/** Each test buys in a month of its own, 18 months ahead and more, so mailings never mix. */
let monthOffset = 17

beforeAll(async () => {
  t = await createTestApp()
  await t.createAdmin()
  admin = await t.signIn({ email: 'admin@example.com', password: 'admin-password-123' })
})
afterAll(() => t.close())

async function freshMonth(): Promise<string> {
  const [y, m] = todayInTimeZone(TZ).split('-').map(Number) as [number, number]
  monthOffset += 1
  const ahead = addMonths(y, m, monthOffset)
  const month = toMonthKey(ahead.year, ahead.month)
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
  return month
}

const address = (name: string) => `${name}.${randomUUID().slice(0, 8)}@shop.example`

/**
 * Days of the month in one cart checkout, paid (local TEST MODE). Each purchase takes days of the month not
 * taken before in any month: a later month holds the earlier buyers' days for them (returning advertisers).
 */
let nextDay = 0
async function buy(businessName: string, email: string, count = 1) {
  const chosen = days.slice(nextDay, nextDay + count)
  nextDay += count
  const created = await t.request('/api/functions/create-cart-checkout-session', {
    method: 'POST',
    json: {
      businessName,
      email,
      calendarDayIds: chosen.map((d) => d.id),
      mapIconId: null,
      discount: count >= 2 ? 10 : 0,
    },
  })
  expect(created.status).toBe(200)
  const sessionId = ((await created.json()) as { sessionUrl: string }).sessionUrl.split('/').pop() as string
  expect((await t.request(`/pay/${sessionId}/complete`, { method: 'POST' })).status).toBeLessThan(400)
  const lookup = await t.request('/api/functions/get-orders-by-session', {
    method: 'POST',
    json: { sessionId },
  })
  const body = (await lookup.json()) as OrdersBySessionResponse
  const token = body.artwork?.path.split('/').pop() as string
  const ids = (
    await t.db.select({ id: orders.id }).from(orders).where(eq(orders.paymentSessionId, sessionId))
  ).map((r) => r.id)
  return { token, ids: ids.sort() }
}

const png = (color: string) =>
  sharp({ create: { width: 400, height: 400, channels: 3, background: color } })
    .png()
    .toBuffer()
    .then((b) => new Uint8Array(b))

async function upload(token: string, orderIds: string[], color: string) {
  const form = new FormData()
  form.append('file', new Blob([await png(color)]), 'logo.png')
  for (const id of orderIds) form.append('orderId', id)
  const response = await t.request(`/api/artwork/${token}/upload`, { method: 'POST', body: form })
  expect(response.status).toBe(200)
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
  return opened.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => !/=$/.test(c as string))
    .join('; ')
}

async function approvals(cookie: string): Promise<AdApprovalsResponse> {
  const response = await t.request('/api/account/approvals', { cookie })
  expect(response.status).toBe(200)
  return (await response.json()) as AdApprovalsResponse
}

function decide(cookie: string, orderId: string, json: unknown) {
  return t.request(`/api/account/lines/${encodeURIComponent(orderId)}/approval`, {
    method: 'POST',
    cookie,
    json,
  })
}

async function board(month: string) {
  const response = await t.request(`/api/admin/mailings/${month}/artwork`, { cookie: admin })
  expect(response.status).toBe(200)
  return (await response.json()) as ProductionBoardResponse
}

const ctx = () => ({ ...noticeContext(t.deps), secret: t.deps.authSecret })

describe('the advertiser checks their ad as printed', () => {
  it('e-mails each advertiser once when the proof is built, not before, never after the deadline', async () => {
    const month = await freshMonth()
    const a = address('bakery')
    const b = address('florist')
    await buy('Bakery', a, 2)
    await buy('Florist', b)
    const mails = (kind: string) =>
      t.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.kind, kind), like(outbox.dedupeKey, `proof-ready:${month}:%`)))
    expect(await queueProofChecks(ctx(), month, new Date())).toBe(0)
    expect(await approvals(await signIn(a))).toEqual({ mailings: [] })

    // The owner builds the proof twice: one e-mail to each advertiser.
    for (let i = 0; i < 2; i++) {
      const proof = await t.request(`/api/admin/mailings/${month}/proof.pdf`, { cookie: admin })
      expect(proof.status).toBe(200)
    }
    const sent = await mails('proof_ready')
    expect(sent.map((m) => m.toAddress).sort()).toEqual([a, b].sort())
    const toA = sent.find((m) => m.toAddress === a)
    expect(toA?.subject).toBe(`Check your ad in the ${mailingMonthLabel(month)} postcard`)
    expect(toA?.textBody).toContain(`${TEST_ORIGIN}/account`)
    expect(toA?.textBody).toContain('Unsubscribe from these e-mails:')
    expect(toA?.textBody.match(/^- Calendar day:/gm)).toHaveLength(2)
    const [built] = await t.db.select().from(mailings).where(eq(mailings.month, month))
    expect(built?.proofBuiltAt).toBeInstanceOf(Date)

    // A later build keeps the first time; after the deadline nothing more is queued.
    const firstBuilt = built?.proofBuiltAt?.getTime()
    await markProofBuilt(t.db, month, new Date(Date.now() + 60_000))
    const [again] = await t.db.select().from(mailings).where(eq(mailings.month, month))
    expect(again?.proofBuiltAt?.getTime()).toBe(firstBuilt)
    await t.db.delete(outbox).where(like(outbox.dedupeKey, `proof-ready:${month}:%`))
    const late = new Date((built?.artworkDueAt.getTime() as number) + 1000)
    expect(await queueProofChecks(ctx(), month, late)).toBe(0)
  }, 60_000)

  it('asks an advertiser who buys after the proof was built once their ad has artwork, without another build', async () => {
    const month = await freshMonth()
    const early = address('grocer')
    const late = address('deli')
    // Other tests' mailings share the database: what this mailing's e-mails are is read from the outbox.
    const askedIn = async () =>
      (
        await t.db
          .select({ to: outbox.toAddress, subject: outbox.subject })
          .from(outbox)
          .where(like(outbox.dedupeKey, `proof-ready:${month}:%`))
      ).sort((x, y) => x.to.localeCompare(y.to))
    const subject = `Check your ad in the ${mailingMonthLabel(month)} postcard`
    await buy('Grocer', early)
    await markProofBuilt(t.db, month, new Date())
    await sendDueProofChecks(ctx(), new Date())
    expect(await askedIn()).toEqual([{ to: early, subject }])
    const bought = await buy('Late Deli', late)
    // Just bought, no artwork yet: the purchase e-mail asks for it; the check waits.
    await sendDueProofChecks(ctx(), new Date())
    expect(await askedIn()).toEqual([{ to: early, subject }])
    await upload(bought.token, bought.ids, '#b91c1c')
    await sendDueProofChecks(ctx(), new Date())
    const both = [
      { to: early, subject },
      { to: late, subject },
    ].sort((x, y) => x.to.localeCompare(y.to))
    expect(await askedIn()).toEqual(both)
    // Once only; and after the artwork deadline nothing is queued.
    await sendDueProofChecks(ctx(), new Date())
    expect(await askedIn()).toEqual(both)
    await t.db.delete(outbox).where(like(outbox.dedupeKey, `proof-ready:${month}:%`))
    const [mailing] = await t.db.select().from(mailings).where(eq(mailings.month, month))
    await sendDueProofChecks(ctx(), new Date((mailing?.artworkDueAt.getTime() as number) + 1000))
    expect(await askedIn()).toEqual([])
  }, 60_000)

  it("shows each advertiser their own lines only, and another advertiser's line is not found", async () => {
    const month = await freshMonth()
    const a = address('cafe')
    const b = address('garage')
    const bought = await buy('Cafe', a)
    const other = await buy('Garage', b)
    await markProofBuilt(t.db, month, new Date())
    const [cookieA, cookieB] = [await signIn(a), await signIn(b)]
    const listA = await approvals(cookieA)
    expect(listA.mailings.map((m) => m.month)).toEqual([month])
    expect(listA.mailings[0]?.open).toBe(true)
    expect(listA.mailings[0]?.lines.map((l) => l.id)).toEqual(bought.ids)
    const lineA = listA.mailings[0]?.lines[0] as AdApprovalLineDto
    expect(lineA.approval.state).toBe('waiting')
    expect(lineA.previewAlt).toMatch(/^Your ad for .+ as printed: the day number \d+, Cafe, no artwork/)

    const foreign = await decide(cookieB, bought.ids[0] as string, { decision: 'approved' })
    expect(foreign.status).toBe(404)
    expect(((await foreign.json()) as { error: { message: string } }).error.message).toBe(
      AD_APPROVAL_LINE_NOT_FOUND,
    )
    expect((await t.request(lineA.previewPath, { cookie: cookieB })).status).toBe(404)
    expect((await t.request(lineA.previewPath)).status).toBe(401)
    expect((await approvals(cookieB)).mailings[0]?.lines.map((l) => l.id)).toEqual(other.ids)
    const recorded = await t.db
      .select()
      .from(adApprovals)
      .where(eq(adApprovals.orderId, bought.ids[0] as string))
    expect(recorded).toHaveLength(0)
  })

  it('records approvals and change requests, refuses a bad note, and shows the preview as a PNG', async () => {
    const month = await freshMonth()
    const a = address('deli')
    const bought = await buy('Deli', a, 2)
    await upload(bought.token, bought.ids, '#b91c1c')
    await markProofBuilt(t.db, month, new Date())
    const cookie = await signIn(a)
    const [first, second] = bought.ids as [string, string]

    for (const bad of [
      { decision: 'changes_requested' },
      { decision: 'changes_requested', note: '   ' },
      { decision: 'changes_requested', note: 'x'.repeat(1001) },
      { decision: 'maybe' },
    ]) {
      const refused = await decide(cookie, second, bad)
      expect(refused.status).toBe(422)
    }
    expect(await t.db.select().from(adApprovals).where(eq(adApprovals.orderId, second))).toHaveLength(0)

    const approved = await decide(cookie, first, { decision: 'approved' })
    expect(approved.status).toBe(200)
    expect(((await approved.json()) as AdApprovalLineDto).approval.state).toBe('approved')
    const asked = await decide(cookie, second, {
      decision: 'changes_requested',
      note: ' Bigger logo please ',
    })
    expect(asked.status).toBe(200)
    expect(((await asked.json()) as AdApprovalLineDto).approval).toMatchObject({
      state: 'changes_requested',
      note: 'Bigger logo please',
    })
    // A new decision replaces the old one; both are kept.
    expect((await decide(cookie, second, { decision: 'approved' })).status).toBe(200)
    expect(await t.db.select().from(adApprovals).where(eq(adApprovals.orderId, second))).toHaveLength(2)
    const lines = (await approvals(cookie)).mailings[0]?.lines ?? []
    expect(lines.map((l) => l.approval.state)).toEqual(['approved', 'approved'])
    expect(lines[0]?.previewAlt).toContain('your artwork')

    const preview = await t.request(lines[0]?.previewPath as string, { cookie })
    expect(preview.status).toBe(200)
    expect(preview.headers.get('content-type')).toBe('image/png')
    expect(preview.headers.get('cache-control')).toMatch(/^private/)
    const image = sharp(new Uint8Array(await preview.arrayBuffer()))
    const meta = await image.metadata()
    // The day square (1 in) at 150 dpi, with the band of the number, the name and the QR code above it.
    expect(meta.width).toBeGreaterThanOrEqual(150)
    expect(meta.height).toBeGreaterThan(150 + 90)
    // The artwork's red is printed in the lower part, where the day square is.
    const { data, info } = await image.raw().toBuffer({ resolveWithObject: true })
    const at = (x: number, y: number) => data.subarray((y * info.width + x) * info.channels)
    const centre = at(Math.round(info.width / 2), info.height - 80)
    expect([centre[0], centre[1], centre[2]]).toEqual([0xb9, 0x1c, 0x1c])
  }, 60_000)

  it('makes an approval wait again once the artwork changes, and the board shows what stands', async () => {
    const month = await freshMonth()
    const a = address('salon')
    const bought = await buy('Salon', a, 2)
    await upload(bought.token, bought.ids, '#15803d')
    await markProofBuilt(t.db, month, new Date())
    const cookie = await signIn(a)
    const [first, second] = bought.ids as [string, string]
    expect((await decide(cookie, first, { decision: 'approved' })).status).toBe(200)
    expect(
      (await decide(cookie, second, { decision: 'changes_requested', note: 'Use the blue logo' })).status,
    ).toBe(200)
    const before = await board(month)
    const approvalOf = (b: ProductionBoardResponse, id: string) =>
      b.lines.find((l) => l.orderId === id)?.advertiserApproval
    expect(approvalOf(before, first)?.state).toBe('approved')
    expect(approvalOf(before, second)).toMatchObject({
      state: 'changes_requested',
      note: 'Use the blue logo',
    })

    // A new file for the first line: its approval no longer stands.
    await upload(bought.token, [first], '#1d4ed8')
    const after = await board(month)
    expect(approvalOf(after, first)).toEqual({ state: 'waiting', note: null, decidedAt: null })
    expect(approvalOf(after, second)?.state).toBe('changes_requested')
    const lines = (await approvals(cookie)).mailings[0]?.lines ?? []
    expect(lines.find((l) => l.id === first)?.approval.state).toBe('waiting')

    // The owner sending the file back (it is no longer printed) also makes the decision wait.
    const review = await t.request(`/api/admin/artwork/${encodeURIComponent(second)}/request-changes`, {
      method: 'POST',
      cookie: admin,
      json: { note: 'Too small' },
    })
    expect(review.status).toBe(200)
    expect(approvalOf(await board(month), second)?.state).toBe('waiting')
  }, 60_000)

  it('refuses a decision after the artwork deadline with a clear message, and changes nothing', async () => {
    const month = await freshMonth()
    const a = address('pharmacy')
    const bought = await buy('Pharmacy', a)
    await markProofBuilt(t.db, month, new Date())
    const cookie = await signIn(a)
    await t.db
      .update(mailings)
      .set({ artworkDueAt: new Date(Date.now() - 60_000), salesCloseAt: new Date(Date.now() - 120_000) })
      .where(eq(mailings.month, month))
    const refused = await decide(cookie, bought.ids[0] as string, { decision: 'approved' })
    expect(refused.status).toBe(409)
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      adApprovalClosedMessage(mailingMonthLabel(month)),
    )
    expect(
      await t.db
        .select()
        .from(adApprovals)
        .where(eq(adApprovals.orderId, bought.ids[0] as string)),
    ).toHaveLength(0)
    const list = await approvals(cookie)
    expect(list.mailings.find((m) => m.month === month)?.open).toBe(false)
  })
})
