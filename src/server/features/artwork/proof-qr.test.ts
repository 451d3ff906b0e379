import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm'
import sharp from 'sharp'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calendarDays, mapIcons, orders, siteSettings } from '#server/db/schema.ts'
import { createTestApp, type TestApp } from '#server/test/test-app.ts'
import { DEFAULT_PRINT_SPECS, type PrintSpecs } from '#shared/artwork.ts'
import type { OrdersBySessionResponse } from '#shared/checkout.ts'
import { addMonths, todayInTimeZone } from '#shared/dates.ts'
import { toMonthKey } from '#shared/mailings.ts'
import { calendarWeeks } from './proof-pdf.ts'

/**
 * The proof's QR codes read back as a phone would: the PDF is rasterised at print resolution (pdftoppm, from
 * poppler-utils) and decoded (zbarimg, from zbar-tools). The mailing is the first month a year or more ahead
 * whose calendar has five week rows (as January 2041, which starts on a Tuesday): tall enough at the default
 * print sizes for each day's code above its artwork (six rows are not).
 */

function fiveWeekMonth(): string {
  const [year, month] = todayInTimeZone('America/New_York').split('-').map(Number) as [number, number]
  for (let ahead = 12; ahead < 24; ahead++) {
    const next = addMonths(year, month, ahead)
    const key = toMonthKey(next.year, next.month)
    if (calendarWeeks(key).length === 5) return key
  }
  throw new Error('no month with five week rows in the year ahead')
}

const MONTH = fiveWeekMonth()
const SOLD_DATES = ['01', '02', '09', '17', '25', '28'].map((day) => `${MONTH}-${day}`)

let t: TestApp
let admin: string
let dir: string

/** A command this test needs, or a failure saying which Debian package provides it (never a skip). */
function run(command: string, args: string[], debianPackage: string): { status: number; stdout: string } {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  if ((result.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT')
    throw new Error(
      `${command} is not installed: install the Debian package ${debianPackage} (apt-get install ${debianPackage})`,
    )
  if (result.error) throw result.error
  return { status: result.status ?? -1, stdout: result.stdout }
}

/** The QR codes on one page (1-based) of a PDF, as read from a 300 dpi rendering: their texts, sorted. */
function decodePage(pdf: Uint8Array, pageNumber: number): string[] {
  const file = path.join(dir, `proof-${Date.now()}-${Math.random().toString(36).slice(2)}.pdf`)
  fs.writeFileSync(file, pdf)
  const prefix = `${file}-page`
  const n = String(pageNumber)
  const rendered = run(
    'pdftoppm',
    ['-r', '300', '-f', n, '-l', n, '-png', '-singlefile', file, prefix],
    'poppler-utils',
  )
  expect(rendered.status).toBe(0)
  // zbarimg exits 4 when the image holds no symbol.
  const decoded = run('zbarimg', ['--raw', '-q', `${prefix}.png`], 'zbar-tools')
  expect([0, 4]).toContain(decoded.status)
  return decoded.stdout
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .sort()
}

async function pageTexts(pdf: Uint8Array): Promise<string[]> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: false })
  return text
}

async function proof(): Promise<Uint8Array> {
  const response = await t.request(`/api/admin/mailings/${MONTH}/proof.pdf`, { cookie: admin })
  expect(response.status).toBe(200)
  return new Uint8Array(await response.arrayBuffer())
}

/** Buys the days (and an icon) in one cart checkout, pays it, and returns its artwork link's token. */
async function buyAndPay(businessName: string, dates: string[], mapIconId: string | null) {
  const ids = await dayIds(dates)
  const created = await t.request('/api/functions/create-cart-checkout-session', {
    method: 'POST',
    json: {
      businessName,
      email: 'qr-buyer@example.com',
      calendarDayIds: ids,
      mapIconId,
      ...(mapIconId ? { mapIconMonth: MONTH } : {}),
      discount: ids.length >= 4 ? 20 : ids.length >= 2 ? 10 : 0,
    },
  })
  expect(created.status).toBe(200)
  const sessionId = ((await created.json()) as { sessionUrl: string }).sessionUrl.split('/').pop() as string
  expect((await t.request(`/pay/${sessionId}/complete`, { method: 'POST' })).status).toBeLessThan(400)
  const lookup = await t.request('/api/functions/get-orders-by-session', {
    method: 'POST',
    json: { sessionId },
  })
  return ((await lookup.json()) as OrdersBySessionResponse).artwork?.path.split('/').pop() as string
}

async function dayIds(dates: string[]): Promise<string[]> {
  const rows = await t.db
    .select({ id: calendarDays.id, date: calendarDays.date })
    .from(calendarDays)
    .where(inArray(calendarDays.date, dates))
  return dates.map((date) => {
    const day = rows.find((row) => row.date === date)
    if (!day) throw new Error(`no calendar day ${date}`)
    return day.id
  })
}

async function uploadArtwork(token: string, pick: (line: { date: string | null }) => boolean) {
  const page = (await (await t.request(`/api/artwork/${token}`)).json()) as {
    lines: { orderId: string; date: string | null }[]
  }
  const bytes = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#16a34a' } })
    .png()
    .toBuffer()
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(bytes)]), 'logo.png')
  for (const line of page.lines.filter(pick)) form.append('orderId', line.orderId)
  expect((await t.request(`/api/artwork/${token}/upload`, { method: 'POST', body: form })).status).toBe(200)
}

/** The sold lines' short links, from the database: the public origin + /go/ + short_code. */
async function shortLinks(kind: 'day' | 'icon'): Promise<string[]> {
  const rows = await t.db
    .select({ code: orders.shortCode })
    .from(orders)
    .where(
      and(
        eq(orders.mailingMonth, MONTH),
        eq(orders.status, 'paid'),
        kind === 'day' ? isNotNull(orders.itemDate) : isNull(orders.itemDate),
      ),
    )
  return rows.map((row) => `${t.deps.config.publicOrigin}/go/${row.code}`).sort()
}

async function putSpecs(specs: PrintSpecs) {
  return t.request('/api/admin/print-specs', { method: 'PUT', cookie: admin, json: specs })
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proof-qr-'))
  t = await createTestApp()
  await t.createAdmin()
  admin = await t.signIn({ email: 'admin@example.com', password: 'admin-password-123' })
  const init = await t.request('/api/admin/calendar-days/initialize', {
    method: 'POST',
    cookie: admin,
    json: { startDate: `${MONTH}-01`, endDate: `${MONTH}-28`, price: 120 },
  })
  expect(init.status).toBe(200)
  const icons = await t.db.select({ id: mapIcons.id }).from(mapIcons).orderBy(asc(mapIcons.name)).limit(2)
  expect(icons).toHaveLength(2)
  const bakery = await buyAndPay('QR Bakery', SOLD_DATES.slice(0, 3), icons[0]?.id ?? null)
  const florist = await buyAndPay('Riverside Florist and Garden Centre', SOLD_DATES.slice(3, 5), null)
  await buyAndPay('Corner Hardware', SOLD_DATES.slice(5), icons[1]?.id ?? null)
  // Artwork for some lines: the bakery's days and icon, one of the florist's days.
  await uploadArtwork(bakery, () => true)
  await uploadArtwork(florist, (line) => line.date === SOLD_DATES[3])
})

afterAll(async () => {
  await t.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

describe('the proof’s QR codes', () => {
  it('page 1 scans to exactly the sold days’ short links, the map side’s legend to the icons’', async () => {
    const pdf = await proof()
    const days = await shortLinks('day')
    expect(days).toHaveLength(SOLD_DATES.length)
    expect(decodePage(pdf, 1)).toEqual(days)
    const icons = await shortLinks('icon')
    expect(icons).toHaveLength(2)
    // Two icons at the default sizes: the legend holds each one's code beside its number and business.
    expect(decodePage(pdf, 2)).toEqual(icons)
    // Where the code is printed, its link is not printed as text too.
    const [calendar, mapSide] = await pageTexts(pdf)
    expect(calendar).not.toContain('/go/')
    expect(mapSide).not.toContain('/go/')
    expect(mapSide?.replace(/\s+/g, ' ')).toContain('1 QR Bakery')
  })

  it('prints the short link as text where a larger day square leaves no room for the code', async () => {
    const specs = (await (await t.request('/api/admin/print-specs', { cookie: admin })).json()) as PrintSpecs
    expect((await putSpecs({ ...specs, daySquare: { widthInches: 1.1, heightInches: 1.1 } })).status).toBe(
      200,
    )
    try {
      const pdf = await proof()
      expect(decodePage(pdf, 1)).toEqual([])
      const [calendar] = await pageTexts(pdf)
      const origin = t.deps.config.publicOrigin.replace(/^https?:\/\//, '')
      for (const link of await shortLinks('day')) {
        const code = link.split('/go/')[1]
        expect(calendar).toContain(`${origin}/go/${code}`)
      }
      expect(calendar).not.toContain('http://')
    } finally {
      await putSpecs(specs)
    }
  })

  it('keeps the QR code size with the print sizes: refused outside 0.4 to 2 inches, changing nothing', async () => {
    const before = await (await t.request('/api/admin/print-specs', { cookie: admin })).json()
    const refused = await putSpecs({ ...DEFAULT_PRINT_SPECS, qrCode: { sizeInches: 0.2 } })
    expect(refused.status).toBe(422)
    expect(JSON.stringify(await refused.json())).toContain('The QR code must be at least 0.4 inches')
    const missing = await putSpecs({ ...DEFAULT_PRINT_SPECS, qrCode: undefined } as unknown as PrintSpecs)
    expect(missing.status).toBe(422)
    expect(await (await t.request('/api/admin/print-specs', { cookie: admin })).json()).toEqual(before)
    const larger = await putSpecs({ ...DEFAULT_PRINT_SPECS, qrCode: { sizeInches: 0.8 } })
    expect(await larger.json()).toEqual({ ...DEFAULT_PRINT_SPECS, qrCode: { sizeInches: 0.8 } })
    await putSpecs(before as PrintSpecs)
  })

  it('reads print sizes stored before the QR code size with its default, and the rest as stored', async () => {
    const { qrCode: _, ...older } = { ...DEFAULT_PRINT_SPECS, dpi: 600 }
    await t.db
      .insert(siteSettings)
      .values({ key: 'print_specs', value: older })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value: older } })
    const specs = await (await t.request('/api/admin/print-specs', { cookie: admin })).json()
    expect(specs).toEqual({ ...DEFAULT_PRINT_SPECS, dpi: 600 })
    await putSpecs(DEFAULT_PRINT_SPECS)
  })
})
