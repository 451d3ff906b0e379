import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import { extractText, getDocumentProxy } from 'unpdf'
import { expect } from 'vitest'
import { artworkLinks, mailings, orders, outbox } from '#server/db/schema.ts'
import { noticeContext } from '#server/features/artwork/artwork.routes.ts'
import { sendDueArtworkReminders } from '#server/features/artwork/artwork-notices.ts'
import { pngBytes, uploadArtworkFile } from '#server/test/artwork-test-helpers.ts'
import type { TestApp } from '#server/test/test-app.ts'
import type { AccountDto, AccountPurchaseDto } from '#shared/account.ts'
import type { AdApprovalsResponse } from '#shared/ad-approval.ts'
import type { AdvertiserDetailDto, AdvertisersPageDto } from '#shared/admin-advertisers.ts'
import type { CheckoutDetailDto, CheckoutsPageDto } from '#shared/admin-checkouts.ts'
import type { ProductionBoardResponse } from '#shared/artwork.ts'
import type { OrdersBySessionResponse } from '#shared/checkout.ts'
import type { MailingOverviewResponse } from '#shared/mailings.ts'
import type { MailingMapResponse } from '#shared/map-composer.ts'
import type { OwnerDigestDto } from '#shared/owner-digest.ts'
import type { AdminMailingScansDto } from '#shared/short-links.ts'
import type { Bought, Line, MonthWorld } from './ways-of-buying.ts'

/**
 * The columns of the month test: every screen and task that lists or acts on lines, through the app's
 * HTTP API as the owner (admin session) or the advertiser (signed in by the e-mailed link) uses it, or the
 * task function as its timer calls it. Each cell checks what the screen must show or do for one row's
 * purchase. A screen that acts on the whole mailing at once does so once (`world.once`), and each cell
 * checks that row's part of it. Columns run in this order: the mailing moves to printed and mailed last.
 * A new screen is one more entry of `screens`.
 */

export type ScreenWorld = MonthWorld & {
  /** Every row's purchase, for a screen that shows the month as a whole. */
  all: Bought[]
  /** Runs `make` once per file for `key` (a mailing-wide action or read), answering its one result. */
  once: <T>(key: string, make: () => Promise<T>) => Promise<T>
  /** The advertiser's session cookie, signed in by the one-time link e-mailed to `email`. */
  advertiser: (email: string) => Promise<string>
}

export type Screen = { name: string; check: (world: ScreenWorld, row: Bought) => Promise<void> }

// ---------------------------------------------------------------- what the cells share

const inMonth = (w: ScreenWorld, lines: Line[]) => lines.filter((l) => l.mailingMonth === w.month)
const dollars = (lines: Line[]) => lines.reduce((sum, l) => sum + l.amountCents, 0) / 100
const ids = (lines: Line[]) => lines.map((l) => l.id).sort()

async function json<T>(t: TestApp, url: string, cookie: string, init: RequestInit = {}): Promise<T> {
  const response = await t.request(url, { cookie, ...init })
  expect(response.status, `${init.method ?? 'GET'} ${url}`).toBe(200)
  return (await response.json()) as T
}

async function pdfText(response: Response): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(await response.arrayBuffer()))
  return (await extractText(pdf, { mergePages: true })).text
}

function mailsTo(t: TestApp, email: string, kind: string) {
  return t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.toAddress, email), eq(outbox.kind, kind)))
}

async function artworkLinkOf(t: TestApp, purchaseId: string) {
  const [link] = await t.db.select().from(artworkLinks).where(eq(artworkLinks.purchaseId, purchaseId))
  return link ? `/artwork/${link.token}` : null
}

const board = (w: ScreenWorld) =>
  w.once('board', () =>
    json<ProductionBoardResponse>(w.t, `/api/admin/mailings/${w.month}/artwork?pageSize=200`, w.admin),
  )

const account = async (w: ScreenWorld, row: Bought) =>
  json<AccountDto>(w.t, '/api/account', await w.advertiser(row.buyer.email))

async function accountPurchase(w: ScreenWorld, row: Bought): Promise<AccountPurchaseDto> {
  const purchase = (await account(w, row)).groups
    .flatMap((g) => g.purchases)
    .find((p) => p.id === row.purchaseId)
  expect(purchase, `purchase ${row.purchaseId} on /account`).toBeDefined()
  return purchase as AccountPurchaseDto
}

/** The purchase's row on Orders, found by its business name (each row buys as its own business). */
async function ordersRow(w: ScreenWorld, row: Bought, filters = '') {
  const page = await json<CheckoutsPageDto>(
    w.t,
    `/api/admin/checkouts?businessName=${encodeURIComponent(row.buyer.businessName)}&pageSize=100${filters}`,
    w.admin,
  )
  return page.checkouts.filter((c) => c.lines.some((l) => ids(row.lines).includes(l.id)))
}

const PHONE = {
  'user-agent':
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
}

// ---------------------------------------------------------------- the columns

export const screens: Screen[] = [
  {
    name: 'Orders list: listed with each line’s status and amount',
    async check(w, row) {
      const [listed, ...more] = await ordersRow(w, row)
      expect(more).toEqual([])
      expect(listed?.email).toBe(row.buyer.email)
      const shown = new Map(listed?.lines.map((l) => [l.id, l]))
      for (const line of row.lines) {
        expect(shown.get(line.id)?.status, line.id).toBe(line.status)
        expect(shown.get(line.id)?.amount, line.id).toBe(line.amountCents / 100)
      }
    },
  },
  {
    name: 'Orders filters: status, type and mailing month find it exactly when they should',
    async check(w, row) {
      const found = async (filters: string) => (await ordersRow(w, row, filters)).length > 0
      expect(await found('&status=paid')).toBe(row.live.length > 0)
      expect(await found('&status=refunded')).toBe(row.refunded.length > 0)
      expect(await found('&type=calendar_day')).toBe(row.lines.some((l) => l.dayId !== null))
      expect(await found('&type=map_icon')).toBe(row.lines.some((l) => l.mapIconId !== null))
      expect(await found(`&mailingMonth=${w.month}`)).toBe(inMonth(w, row.lines).length > 0)
    },
  },
  {
    name: 'Orders drawer: every line with its status and history, refunds listed',
    async check(w, row) {
      const [listed] = await ordersRow(w, row)
      const detail = await json<CheckoutDetailDto>(
        w.t,
        `/api/admin/checkouts/${encodeURIComponent(listed?.key ?? '-')}`,
        w.admin,
      )
      expect(ids(detail.lines as unknown as Line[])).toEqual(ids(row.lines))
      for (const line of detail.lines) {
        expect(line.status).toBe(row.lines.find((l) => l.id === line.id)?.status)
        expect(line.history.length, line.id).toBeGreaterThan(0)
      }
      expect(detail.refunds.length > 0).toBe(row.refunded.length > 0)
    },
  },
  {
    name: 'Orders CSV export: one record per line',
    async check(w, row) {
      const response = await w.t.request(
        `/api/admin/checkouts/export.csv?businessName=${encodeURIComponent(row.buyer.businessName)}`,
        { cookie: w.admin },
      )
      expect(response.status).toBe(200)
      const csv = await response.text()
      for (const line of row.lines) expect(csv).toContain(line.id)
    },
  },
  {
    name: 'Advertisers list and drawer: the advertiser, its paid total and the purchase’s lines',
    async check(w, row) {
      const page = await json<AdvertisersPageDto>(
        w.t,
        `/api/admin/advertisers?q=${encodeURIComponent(row.buyer.email)}`,
        w.admin,
      )
      const [listed] = page.advertisers.filter((a) => a.email === row.buyer.email)
      expect(listed).toBeDefined()
      const everPaid = await w.t.db
        .select({ amountCents: orders.amountCents })
        .from(orders)
        .where(and(eq(orders.email, row.buyer.email), eq(orders.status, 'paid')))
      expect(listed?.lifetimePaid).toBe(everPaid.reduce((s, o) => s + o.amountCents, 0) / 100)
      const detail = await json<AdvertiserDetailDto>(w.t, `/api/admin/advertisers/${listed?.id}`, w.admin)
      const lines = detail.mailings
        .flatMap((g) => g.purchases)
        .filter((p) => p.id === row.purchaseId)
        .flatMap((p) => p.lines)
      expect(lines.map((l) => l.id).sort()).toEqual(ids(row.lines))
      for (const line of lines) expect(line.status).toBe(row.lines.find((l) => l.id === line.id)?.status)
    },
  },
  {
    name: 'Artwork board: its sold lines listed with its artwork link, refunded lines not',
    async check(w, row) {
      const listed = (await board(w)).lines.filter((l) => ids(row.lines).includes(l.orderId))
      expect(listed.map((l) => l.orderId).sort()).toEqual(ids(inMonth(w, row.live)))
      const link = await artworkLinkOf(w.t, row.purchaseId)
      for (const line of listed) {
        expect(line.orderStatus).toBe('paid')
        expect(line.artworkUrl).toBe(link)
      }
    },
  },
  {
    name: 'Artwork board “Send reminders now”: the buyer is reminded with its link',
    async check(w, row) {
      await w.once('reminders-now', async () => {
        const response = await w.t.request(`/api/admin/mailings/${w.month}/artwork-reminders`, {
          method: 'POST',
          cookie: w.admin,
        })
        expect(response.status, await response.clone().text()).toBe(200)
      })
      const mails = (await mailsTo(w.t, row.buyer.email, 'artwork_reminder')).filter(
        (m) => m.purchaseId === row.purchaseId,
      )
      if (inMonth(w, row.live).length === 0) return expect(mails).toEqual([])
      expect(mails).toHaveLength(1)
      expect(mails[0]?.textBody).toContain(await artworkLinkOf(w.t, row.purchaseId))
    },
  },
  {
    name: 'Timed artwork reminder round (7 days before the deadline): the buyer is reminded',
    async check(w, row) {
      await w.once('reminders-7d', async () => {
        // The round as it runs half a day into the 7-day stage, which began after every line was paid.
        const due = new Date(Date.now() + 10 * 24 * 60 * 60 * 1000)
        await w.t.db.update(mailings).set({ artworkDueAt: due }).where(eq(mailings.month, w.month))
        await sendDueArtworkReminders(noticeContext(w.t.deps), new Date(due.getTime() - 6.5 * 86_400_000))
      })
      const [mail] = await w.t.db
        .select()
        .from(outbox)
        .where(eq(outbox.dedupeKey, `artwork-reminder:${row.purchaseId}:${w.month}:7d`))
      if (inMonth(w, row.live).length === 0) return expect(mail).toBeUndefined()
      expect(mail?.toAddress).toBe(row.buyer.email)
      expect(mail?.textBody).toContain(await artworkLinkOf(w.t, row.purchaseId))
    },
  },
  {
    name: 'Artwork board “E-mail link”: the link goes to the buyer; a line not on the board is refused',
    async check(w, row) {
      const [line] = inMonth(w, row.live)
      if (!line) {
        for (const other of row.lines) {
          const refused = await w.t.request(`/api/admin/artwork/${other.id}/send-link`, {
            method: 'POST',
            cookie: w.admin,
          })
          expect(refused.status, other.id).toBeGreaterThanOrEqual(400)
          expect(refused.status, other.id).toBeLessThan(500)
        }
        return
      }
      const response = await w.t.request(`/api/admin/artwork/${line.id}/send-link`, {
        method: 'POST',
        cookie: w.admin,
      })
      expect(response.status, await response.clone().text()).toBe(200)
      const [mail] = await mailsTo(w.t, row.buyer.email, 'artwork_link')
      expect(mail?.textBody).toContain(await artworkLinkOf(w.t, row.purchaseId))
    },
  },
  {
    name: 'Artwork upload and “Request changes”: the buyer is asked, with its link',
    async check(w, row) {
      const [line] = inMonth(w, row.live)
      const link = await artworkLinkOf(w.t, row.purchaseId)
      if (!line) return
      const token = link?.split('/').pop() as string
      const uploaded = await uploadArtworkFile(w.t, token, [line.id], await pngBytes(300, 300))
      expect(uploaded.status, await uploaded.clone().text()).toBe(200)
      const response = await w.t.request(`/api/admin/artwork/${line.id}/request-changes`, {
        method: 'POST',
        cookie: w.admin,
        json: { note: 'A larger logo, please.' },
      })
      expect(response.status, await response.clone().text()).toBe(200)
      const [mail] = await mailsTo(w.t, row.buyer.email, 'artwork_changes_requested')
      expect(mail?.textBody).toContain(link)
    },
  },
  {
    name: 'Map composer: its sold icons are markers with its business name',
    async check(w, row) {
      const map = await w.once('map', () =>
        json<MailingMapResponse>(w.t, `/api/admin/mailings/${w.month}/map`, w.admin),
      )
      const markers = map.markers.filter((m) => ids(row.lines).includes(m.orderId))
      const icons = inMonth(w, row.live).filter((l) => l.mapIconId !== null)
      expect(markers.map((m) => m.orderId).sort()).toEqual(ids(icons))
      for (const marker of markers) expect(marker.businessName).toBe(row.buyer.businessName)
    },
  },
  {
    name: 'Proof: builds, and prints the business of its sold lines (a refunded purchase’s not)',
    async check(w, row) {
      const text = await w.once('proof', async () => {
        const response = await w.t.request(`/api/admin/mailings/${w.month}/proof.pdf`, { cookie: w.admin })
        expect(response.status, await response.clone().text()).toBe(200)
        expect(response.headers.get('content-type')).toBe('application/pdf')
        return pdfText(response)
      })
      const flat = text.replace(/\s+/g, ' ')
      // A sold day prints its business in the day's cell, a sold icon in the map's key.
      if (inMonth(w, row.live).length > 0) expect(flat).toContain(row.buyer.businessName)
      if (inMonth(w, row.live).length === 0) expect(flat).not.toContain(row.buyer.businessName)
    },
  },
  {
    name: 'Artwork ZIP: its uploaded file is in it, a refunded line’s not',
    async check(w, row) {
      const entries = await w.once('zip', async () => {
        const response = await w.t.request(`/api/admin/mailings/${w.month}/artwork.zip`, { cookie: w.admin })
        expect(response.status).toBe(200)
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'month-zip-'))
        try {
          const file = path.join(dir, 'a.zip')
          fs.writeFileSync(file, new Uint8Array(await response.arrayBuffer()))
          return {
            files: execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n'),
            manifest: execFileSync('unzip', ['-p', file, 'manifest.csv'], { encoding: 'utf8' }),
          }
        } finally {
          fs.rmSync(dir, { recursive: true, force: true })
        }
      })
      const slug = row.buyer.businessName.replaceAll(' ', '-')
      const files = entries.files.filter((f) => f.includes(slug))
      // The one line the artwork column uploaded for.
      expect(files).toHaveLength(inMonth(w, row.live).length > 0 ? 1 : 0)
      for (const line of row.refunded) expect(entries.manifest).not.toContain(line.id)
    },
  },
  {
    name: 'Owner digest: its sold lines are in the artwork to chase, refunded lines nowhere',
    async check(w, row) {
      const digest = await w.once('digest', () => json<OwnerDigestDto>(w.t, '/api/admin/digest', w.admin))
      const mailing = digest.mailings.find((m) => m.month === w.month)
      const art = mailing?.artwork
      const chased = [...(art?.missing ?? []), ...(art?.changesRequested ?? [])].map((l) => l.orderId)
      for (const line of inMonth(w, row.live)) expect(chased, line.id).toContain(line.id)
      const everywhere = JSON.stringify(digest)
      for (const line of row.refunded) expect(everywhere).not.toContain(line.id)
      expect(mailing?.sales?.pendingOrders.map((p) => p.purchaseId) ?? []).not.toContain(row.purchaseId)
    },
  },
  {
    name: 'Mailings overview: the month’s sold days, icons and revenue count every row’s paid lines',
    async check(w) {
      const overview = await w.once('mailings', () =>
        json<MailingOverviewResponse>(w.t, '/api/admin/mailings', w.admin),
      )
      const mailing = overview.rows.find((r) => r.month === w.month)
      const paid = inMonth(
        w,
        w.all.flatMap((b) => b.live),
      )
      expect(mailing?.days.sold).toBe(paid.filter((l) => l.dayId !== null).length)
      expect((mailing?.icons.regular ?? 0) + (mailing?.icons.premium ?? 0)).toBe(
        paid.filter((l) => l.mapIconId !== null).length,
      )
      expect(mailing?.revenue).toBe(dollars(paid))
    },
  },
  {
    name: 'Account (/account, signed in by link): the purchase with each line’s status and what was paid',
    async check(w, row) {
      const purchase = await accountPurchase(w, row)
      expect(purchase.lines.map((l) => l.id).sort()).toEqual(ids(row.lines))
      for (const line of purchase.lines)
        expect(line.status).toBe(row.lines.find((l) => l.id === line.id)?.status)
      expect(purchase.paidCents).toBe(dollars(row.live) * 100)
    },
  },
  {
    name: 'Thank-you page (each payment session it was paid through): its lines, and the purchase’s artwork page',
    async check(w, row) {
      const sessions = [
        ...new Set(row.lines.flatMap((l) => (l.paymentSessionId ? [l.paymentSessionId] : []))),
      ]
      // A purchase paid by hand was never through a checkout: it has no thank-you page.
      if (sessions.length === 0) expect(row.lines.every((l) => l.source === 'manual')).toBe(true)
      const link = await artworkLinkOf(w.t, row.purchaseId)
      for (const sessionId of sessions) {
        const response = await w.t.request('/api/functions/get-orders-by-session', {
          method: 'POST',
          json: { sessionId },
        })
        expect(response.status).toBe(200)
        const page = (await response.json()) as OrdersBySessionResponse
        const onSession = row.lines.filter((l) => l.paymentSessionId === sessionId)
        expect(page.orders.map((o) => o.id).sort()).toEqual(ids(onSession))
        // A paid line in a mailing has artwork to send: the page leads to the purchase's own artwork page.
        const sold = onSession.some((l) => l.status === 'paid' && l.mailingMonth !== null)
        expect(page.artwork?.path ?? null).toBe(sold ? link : null)
      }
    },
  },
  {
    name: 'Receipt (PDF from /account): issued, names the business',
    async check(w, row) {
      const purchase = await accountPurchase(w, row)
      expect(purchase.receiptPath).not.toBeNull()
      const response = await w.t.request(purchase.receiptPath as string, {
        cookie: await w.advertiser(row.buyer.email),
      })
      expect(response.status).toBe(200)
      expect((await pdfText(response)).replace(/\s+/g, ' ')).toContain(row.buyer.businessName)
    },
  },
  {
    name: 'Invoice: its PDF names the business; a paid purchase has nothing to invoice',
    async check(w, row) {
      if (row.invoicePdfPath) {
        const pdf = await w.t.request(row.invoicePdfPath)
        expect(pdf.status).toBe(200)
        expect((await pdfText(pdf)).replace(/\s+/g, ' ')).toContain(row.buyer.businessName)
      }
      const again = await w.t.request(`/api/admin/checkouts/${row.purchaseId}/invoice`, {
        method: 'POST',
        cookie: w.admin,
      })
      expect(again.status, await again.clone().text()).toBe(409)
    },
  },
  {
    name: 'Short links: each sold line’s /go/{code} leads on and is counted on the scans table',
    async check(w, row) {
      const purchase = await accountPurchase(w, row)
      const sold = new Set(ids(inMonth(w, row.live)))
      const linked = purchase.lines.filter((l) => sold.has(l.id))
      expect(linked.map((l) => l.id).sort()).toEqual([...sold].sort())
      for (const line of linked) {
        expect(line.link, line.id).not.toBeNull()
        // A person's phone (a bot's or a link preview's request is not counted).
        const scan = await w.t.request(`/go/${line.link?.code}`, { ip: '198.51.100.200', headers: PHONE })
        expect(scan.status, line.id).toBe(302)
        expect(scan.headers.get('location')).toBe(line.link?.pagePath)
      }
      // The counts are written in batches, as the server's flush timer does every couple of seconds.
      await w.t.deps.shortLinks?.counter.flush()
      const scans = await json<AdminMailingScansDto>(w.t, `/api/admin/mailings/${w.month}/scans`, w.admin)
      for (const id of sold) expect(scans.lines.find((l) => l.orderId === id)?.scans, id).toBe(1)
    },
  },
  {
    name: 'Approvals (/account, once the proof exists): its sold lines to check, approving one answers',
    async check(w, row) {
      const cookie = await w.advertiser(row.buyer.email)
      const approvals = await json<AdApprovalsResponse>(w.t, '/api/account/approvals', cookie)
      const lines = approvals.mailings
        .filter((m) => m.month === w.month)
        .flatMap((m) => m.lines)
        .filter((l) => ids(row.lines).includes(l.id))
      expect(lines.map((l) => l.id).sort()).toEqual(ids(inMonth(w, row.live)))
      const [first] = lines
      if (!first) return
      const decided = await w.t.request(`/api/account/lines/${first.id}/approval`, {
        method: 'POST',
        cookie,
        json: { decision: 'approved' },
      })
      expect(decided.status, await decided.clone().text()).toBe(200)
    },
  },
  {
    name: 'Close sales and mark printed: answer, and leaves every sold line sold',
    async check(w, row) {
      await w.once('printed', async () => {
        const close = (action: string, json: object = {}) =>
          w.t.request(`/api/admin/mailings/${w.month}/status`, {
            method: 'POST',
            cookie: w.admin,
            json: { action, ...json },
          })
        const closed = await close('close')
        expect(closed.status, await closed.clone().text()).toBe(200)
        const all = await w.t.db
          .select({ id: orders.id })
          .from(orders)
          .where(eq(orders.mailingMonth, w.month))
        const response = await close('printed', { acknowledgedOrderIds: all.map((o) => o.id) })
        expect(response.status, await response.clone().text()).toBe(200)
      })
      const now = await w.t.db.select().from(orders).where(eq(orders.purchaseId, row.purchaseId))
      for (const line of row.lines) expect(now.find((l) => l.id === line.id)?.status).toBe(line.status)
    },
  },
  {
    name: 'Mark mailed: its buyer is told the postcard is on its way (a refunded purchase’s is not)',
    async check(w, row) {
      await w.once('mailed', async () => {
        const response = await w.t.request(`/api/admin/mailings/${w.month}/status`, {
          method: 'POST',
          cookie: w.admin,
          json: { action: 'mailed' },
        })
        expect(response.status, await response.clone().text()).toBe(200)
      })
      const mails = await mailsTo(w.t, row.buyer.email, 'mailing_mailed')
      expect(mails.length > 0).toBe(inMonth(w, row.live).length > 0)
    },
  },
]
