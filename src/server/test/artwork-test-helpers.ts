import fs from 'node:fs'
import path from 'node:path'
import { PDFDocument } from '@cantoo/pdf-lib'
import { and, asc, gte, lte } from 'drizzle-orm'
import sharp from 'sharp'
import { calendarDays } from '#server/db/schema.ts'
import type { TestApp } from '#server/test/test-app.ts'
import type { ArtworkPageResponse } from '#shared/artwork.ts'
import type { OrdersBySessionResponse } from '#shared/checkout.ts'
import { addMonths, todayInTimeZone } from '#shared/dates.ts'
import { toMonthKey } from '#shared/mailings.ts'

/** Shared by tests outside artwork.test.ts that need paid lines with artwork on them. */

/**
 * Days of a month `monthsAhead` months from now (an open mailing with far deadlines), created by the
 * administrator whose cookie is given. Answers the month and its days by date.
 */
export async function openMonthWithDays(t: TestApp, adminCookie: string, monthsAhead = 24) {
  const [y, m] = todayInTimeZone('America/New_York').split('-').map(Number) as [number, number]
  const ahead = addMonths(y, m, monthsAhead)
  const month = toMonthKey(ahead.year, ahead.month)
  const init = await t.request('/api/admin/calendar-days/initialize', {
    method: 'POST',
    cookie: adminCookie,
    json: { startDate: `${month}-01`, endDate: `${month}-28`, price: 120 },
  })
  if (init.status !== 200) throw new Error(`initialize: ${init.status} ${await init.text()}`)
  const days = await t.db
    .select({ id: calendarDays.id, date: calendarDays.date })
    .from(calendarDays)
    .where(and(gte(calendarDays.date, `${month}-01`), lte(calendarDays.date, `${month}-28`)))
    .orderBy(asc(calendarDays.date))
  return { month, days }
}

/** Buys the days in one cart checkout, pays it on the local TEST MODE checkout; answers the artwork token. */
export async function buyAndPayDays(t: TestApp, dayIds: string[], businessName = 'Test Bakery') {
  const created = await t.request('/api/functions/create-cart-checkout-session', {
    method: 'POST',
    json: {
      businessName,
      email: 'buyer@example.com',
      calendarDayIds: dayIds,
      mapIconId: null,
      // The cart's per-day discount, which the server checks: $20 from four days, $10 from two.
      discount: dayIds.length >= 4 ? 20 : dayIds.length >= 2 ? 10 : 0,
    },
  })
  if (created.status !== 200) throw new Error(`checkout: ${created.status} ${await created.text()}`)
  const sessionId = ((await created.json()) as { sessionUrl: string }).sessionUrl.split('/').pop() as string
  const paid = await t.request(`/pay/${sessionId}/complete`, { method: 'POST' })
  if (paid.status >= 400) throw new Error(`pay: ${paid.status}`)
  const lookup = await t.request('/api/functions/get-orders-by-session', {
    method: 'POST',
    json: { sessionId },
  })
  const body = (await lookup.json()) as OrdersBySessionResponse
  const token = body.artwork?.path.split('/').pop() as string
  const page = (await (await t.request(`/api/artwork/${token}`)).json()) as ArtworkPageResponse
  return { sessionId, token, orderIds: page.lines.map((l) => l.orderId) }
}

export function uploadArtworkFile(
  t: TestApp,
  token: string,
  orderIds: string[],
  bytes: Uint8Array,
  name = 'logo.png',
) {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(bytes)]), name)
  for (const id of orderIds) form.append('orderId', id)
  return t.request(`/api/artwork/${token}/upload`, { method: 'POST', body: form })
}

export const pngBytes = (width: number, height: number, color = '#1d4ed8') =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer()
    .then((b) => new Uint8Array(b))

export async function pdfBytes(widthIn: number, heightIn: number) {
  const doc = await PDFDocument.create()
  doc.addPage([widthIn * 72, heightIn * 72]).drawText('LOGO', { x: 10, y: 10, size: 24 })
  return doc.save()
}

/** Every file under a local storage folder's artwork/ folder, relative to it. */
export function storedArtworkFiles(mediaDir: string): string[] {
  const dir = path.join(mediaDir, 'artwork')
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => fs.statSync(path.join(dir, f)).isFile())
    .sort()
}
