import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFStream,
} from '@cantoo/pdf-lib'
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
    // The legend numbers the icons by business name: each number stands beside its business.
    expect(mapSide?.replace(/\s+/g, ' ')).toContain('1 Corner Hardware 2 QR Bakery')
  })

  it('prints the short link as text where a larger QR code leaves no room beside the day number', async () => {
    const specs = (await (await t.request('/api/admin/print-specs', { cookie: admin })).json()) as PrintSpecs
    expect((await putSpecs({ ...specs, qrCode: { sizeInches: 1.2 } })).status).toBe(200)
    try {
      const pdf = await proof()
      expect(decodePage(pdf, 1)).toEqual([])
      const [calendar] = await pageTexts(pdf)
      const origin = t.deps.config.publicOrigin.replace(/^https?:\/\//, '')
      for (const link of await shortLinks('day')) {
        const code = link.split('/go/')[1]
        expect(calendar?.replace(/\s+/g, '')).toContain(`${origin}/go/${code}`)
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
    const {
      qrCode: _,
      houseAd: _h,
      cmykForPress: _c,
      ...older
    } = {
      ...DEFAULT_PRINT_SPECS,
      dpi: 600,
      postcard: { widthInches: 8.5, heightInches: 11, bleedInches: 0.125 },
    }
    await t.db
      .insert(siteSettings)
      .values({ key: 'print_specs', value: older })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value: older } })
    const specs = await (await t.request('/api/admin/print-specs', { cookie: admin })).json()
    expect(specs).toEqual({ ...DEFAULT_PRINT_SPECS, dpi: 600 })
    await putSpecs(DEFAULT_PRINT_SPECS)
  })
})

// ---------------------------------------------------------------- the printed card, read back with poppler

type Word = { text: string; xMin: number; yMin: number; xMax: number; yMax: number }
type Rect = { x: number; y: number; width: number; height: number }
/** Noto Sans' ascent + descent per point of size: pdftotext's word box height is this times the font size. */
const NOTO_BOX_PER_POINT = 1.362

function writeTemp(pdf: Uint8Array): string {
  const file = path.join(dir, `card-${Date.now()}-${Math.random().toString(36).slice(2)}.pdf`)
  fs.writeFileSync(file, pdf)
  return file
}

/** Page 1's words with their boxes (points from the page's top-left corner), from pdftotext -bbox-layout. */
function words(pdf: Uint8Array, pageNumber = 1): { words: Word[]; height: number } {
  const n = String(pageNumber)
  const out = run('pdftotext', ['-bbox-layout', '-f', n, '-l', n, writeTemp(pdf), '-'], 'poppler-utils')
  expect(out.status).toBe(0)
  const height = Number(/<page width="[\d.]+" height="([\d.]+)"/.exec(out.stdout)?.[1])
  const found = [
    ...out.stdout.matchAll(
      /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
    ),
  ].map((m) => ({
    xMin: Number(m[1]),
    yMin: Number(m[2]),
    xMax: Number(m[3]),
    yMax: Number(m[4]),
    text: (m[5] ?? '').replaceAll('&amp;', '&').replaceAll('&apos;', "'").replaceAll('&quot;', '"'),
  }))
  return { words: found, height }
}

/** Every page's boxes from pdfinfo -box, in points: { MediaBox: [x0, y0, x1, y1], … } per page. */
function pageBoxes(pdf: Uint8Array): Record<string, number[]>[] {
  const file = writeTemp(pdf)
  const info = run('pdfinfo', [file], 'poppler-utils')
  const pages = Number(/Pages:\s+(\d+)/.exec(info.stdout)?.[1])
  const out = run('pdfinfo', ['-box', '-f', '1', '-l', String(pages), file], 'poppler-utils')
  const boxes: Record<string, number[]>[] = Array.from({ length: pages }, () => ({}))
  for (const m of out.stdout.matchAll(/Page\s+(\d+)\s+(\w+Box):\s+([\d.\s-]+)/g))
    (boxes[Number(m[1]) - 1] as Record<string, number[]>)[m[2] as string] = (m[3] as string)
      .trim()
      .split(/\s+/)
      .map(Number)
  return boxes
}

/** The calendar's cells (PDF points from the bottom-left): the stroked rectangles of the grid, read from page 1. */
async function cells(pdf: Uint8Array): Promise<Rect[]> {
  const doc = await PDFDocument.load(pdf)
  const contents = doc.getPage(0).node.Contents()
  const refs = contents && 'asArray' in contents ? contents.asArray() : [contents]
  const text = refs
    .map((ref) => doc.context.lookup(ref))
    .map((stream) =>
      stream instanceof PDFRawStream
        ? Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1')
        : '',
    )
    .join('\n')
  // pdf-lib draws a bordered rectangle from its top-left corner, y flipped, as a path of lines; the
  // grid's rules are the 30 % black strokes.
  const rule =
    /1 0 0 1 ([-\d.]+) ([-\d.]+) cm\s+(?:1 0 0 1 0 0 cm\s+)*1 0 0 -1 0 0 cm\s+0 0 0 0\.3 K\s+[\d.]+ w\s+\[\] 0 d\s+0 0 m\s+([\d.]+) 0 l\s+[\d.]+ ([\d.]+) l/g
  return [...text.matchAll(rule)].map((m) => ({
    x: Number(m[1]),
    y: Number(m[2]) - Number(m[4]),
    width: Number(m[3]),
    height: Number(m[4]),
  }))
}

/** The words lying wholly inside `cell` (pdftotext's top-left coordinates turned to PDF's bottom-left). */
function wordsIn(all: Word[], pageHeight: number, cell: Rect): Word[] {
  return all.filter(
    (w) =>
      w.xMin >= cell.x - 0.01 &&
      w.xMax <= cell.x + cell.width + 0.01 &&
      pageHeight - w.yMax >= cell.y - 0.01 &&
      pageHeight - w.yMin <= cell.y + cell.height + 0.01,
  )
}

describe('the printed card', () => {
  it('has every page’s MediaBox round its BleedBox with a slug, and the TrimBox inside the bleed', async () => {
    for (const page of pageBoxes(await proof())) {
      const [mx0, my0, mx1, my1] = page.MediaBox as [number, number, number, number]
      const [bx0, by0, bx1, by1] = page.BleedBox as [number, number, number, number]
      const [tx0, ty0, tx1, ty1] = page.TrimBox as [number, number, number, number]
      expect([bx0 - mx0, by0 - my0, mx1 - bx1, my1 - by1].every((slug) => slug >= 27 - 0.01)).toBe(true)
      expect([tx0 - bx0, ty0 - by0, bx1 - tx1, by1 - ty1].every((bleed) => Math.abs(bleed - 9) < 0.01)).toBe(
        true,
      )
      expect(tx1 - tx0).toBeCloseTo(612)
      expect(ty1 - ty0).toBeCloseTo(792)
    }
  })

  it('embeds every font it uses (pdffonts: emb yes, no standard fonts)', async () => {
    const out = run('pdffonts', [writeTemp(await proof())], 'poppler-utils')
    const rows = out.stdout.split('\n').slice(2).filter(Boolean)
    expect(rows.length).toBeGreaterThan(0)
    for (const row of rows) {
      expect(row).toMatch(/^NotoSans/)
      expect(row).toMatch(/ yes /)
    }
  })

  it('prints each sold name whole inside its own cell at 6.5 pt or more, and the house ad in every unsold day', async () => {
    const pdf = await proof()
    const { words: all, height } = words(pdf)
    const grid = await cells(pdf)
    expect(grid.length).toBeGreaterThanOrEqual(28)
    const host = new URL(t.deps.config.publicOrigin).host
    const sold = new Map([
      ...SOLD_DATES.slice(0, 3).map((date) => [date, 'QR Bakery'] as const),
      ...SOLD_DATES.slice(3, 5).map((date) => [date, 'Riverside Florist and Garden Centre'] as const),
      ...SOLD_DATES.slice(5).map((date) => [date, 'Corner Hardware'] as const),
    ])
    const dates = calendarWeeks(MONTH).flat()
    const weeks = calendarWeeks(MONTH).length
    // The grid's cells top-left to bottom-right, in the order of calendarWeeks.
    const ordered = [...grid].sort((a, b) => b.y - a.y || a.x - b.x).slice(0, weeks * 7)
    for (const [index, date] of dates.entries()) {
      if (!date) continue
      const cell = ordered[index] as Rect
      const inside = wordsIn(all, height, cell)
      const texts = inside.map((w) => w.text)
      expect(texts[0]).toBe(String(Number(date.slice(8))))
      const name = sold.get(date)
      if (name) {
        expect(texts.slice(1).join(' ')).toBe(name)
        for (const word of inside.slice(1))
          expect((word.yMax - word.yMin) / NOTO_BOX_PER_POINT).toBeGreaterThanOrEqual(6.5 - 0.01)
      } else expect(texts.slice(1).join(' ')).toBe(`Your business here — ${host}`)
    }
    // And no name word lies outside the grid's cells.
    for (const name of new Set(sold.values()))
      for (const part of name.split(' '))
        for (const word of all.filter((w) => w.text === part))
          expect(grid.some((cell) => wordsIn([word], height, cell).length === 1)).toBe(true)
  })

  it('draws the crop marks outside the bleed box, on the trim lines', async () => {
    const pdf = await proof()
    const boxes = pageBoxes(pdf)[0] as Record<string, number[]>
    const [bx0, by0, bx1, by1] = boxes.BleedBox as [number, number, number, number]
    const [tx0, ty0, tx1, ty1] = boxes.TrimBox as [number, number, number, number]
    const doc = await PDFDocument.load(pdf)
    const contents = doc.getPage(0).node.Contents()
    const refs = contents && 'asArray' in contents ? contents.asArray() : [contents]
    const text = refs
      .map((ref) => doc.context.lookup(ref))
      .map((s) =>
        s instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(s).decode()).toString('latin1') : '',
      )
      .join('\n')
    const marks = /\/Registration CS\s+1 SCN\s+((?:[-\d.]+ [-\d.]+ [ml]\s+)+)S/.exec(text)
    expect(marks).not.toBeNull()
    const points = [...(marks?.[1] ?? '').matchAll(/([-\d.]+) ([-\d.]+) [ml]/g)].map((m) => ({
      x: Number(m[1]),
      y: Number(m[2]),
    }))
    expect(points).toHaveLength(16)
    for (const { x, y } of points) {
      expect(x < bx0 || x > bx1 || y < by0 || y > by1).toBe(true)
      expect(
        [tx0, tx1].some((v) => Math.abs(v - x) < 0.01) || [ty0, ty1].some((v) => Math.abs(v - y) < 0.01),
      ).toBe(true)
    }
  })

  it('marks a draft above the card on every page, and names the download so', async () => {
    const response = await t.request(`/api/admin/mailings/${MONTH}/proof.pdf`, { cookie: admin })
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="proof-${MONTH}-draft.pdf"`,
    )
    const pdf = new Uint8Array(await response.arrayBuffer())
    // The fixture: the florist's second day and the hardware's day and icon have no artwork; the rest
    // (the bakery's three days and icon, the florist's first day) is uploaded, not yet approved.
    const band = 'DRAFT — 3 missing, 5 not approved'
    const pages = pageBoxes(pdf).length
    for (let page = 1; page <= pages; page++) {
      const { words: all, height } = words(pdf, page)
      const line = all.filter((w) => w.yMax < 27)
      expect(line.map((w) => w.text).join(' ')).toBe(band)
      expect(height).toBeGreaterThan(0)
    }
  })

  it('converts raster artwork to CMYK and declares a CMYK output intent when the press asks for it', async () => {
    const specs = (await (await t.request('/api/admin/print-specs', { cookie: admin })).json()) as PrintSpecs
    expect((await putSpecs({ ...specs, cmykForPress: true })).status).toBe(200)
    try {
      const pdf = await proof()
      const list = run('pdfimages', ['-list', writeTemp(pdf)], 'poppler-utils')
      const rows = list.stdout.split('\n').slice(2).filter(Boolean)
      expect(rows.length).toBeGreaterThan(0)
      for (const row of rows) expect(row.trim().split(/\s+/)[5]).toBe('cmyk')
      const doc = await PDFDocument.load(pdf)
      const intents = doc.catalog.lookup(PDFName.of('OutputIntents'), PDFArray)
      const intent = intents.lookup(0, PDFDict)
      expect(intent.get(PDFName.of('S'))).toBe(PDFName.of('GTS_PDFX'))
      const profile = intent.lookup(PDFName.of('DestOutputProfile'), PDFStream)
      expect(profile.dict.lookup(PDFName.of('N'), PDFNumber).asNumber()).toBe(4)
    } finally {
      await putSpecs(specs)
    }
    const plain = await proof()
    const list = run('pdfimages', ['-list', writeTemp(plain)], 'poppler-utils')
    for (const row of list.stdout.split('\n').slice(2).filter(Boolean))
      expect(row.trim().split(/\s+/)[5]).toBe('rgb')
  })
})

describe('the house ad image', () => {
  async function upload(bytes: Uint8Array, name: string, cookie?: string) {
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(bytes)]), name)
    return t.request('/api/admin/print-specs/house-ad', { method: 'POST', body: form, cookie })
  }

  it('is checked like artwork, kept, drawn in every unsold day, and removed; only by an admin', async () => {
    const png = new Uint8Array(
      await sharp({ create: { width: 240, height: 120, channels: 3, background: '#dc2626' } })
        .png()
        .toBuffer(),
    )
    expect((await upload(png, 'ad.png')).status).toBe(401)
    const pdfHeader = new TextEncoder().encode('%PDF-1.4\n%garbage')
    const refused = await upload(pdfHeader, 'ad.pdf', admin)
    expect(refused.status).toBe(422)
    const before = (await (await t.request('/api/admin/print-specs', { cookie: admin })).json()) as PrintSpecs
    expect(before.houseAd.image).toBeNull()

    const saved = await upload(png, 'ad.png', admin)
    expect(saved.status).toBe(200)
    const specs = (await saved.json()) as PrintSpecs
    expect(specs.houseAd.image?.key).toMatch(/^house-ad\/[0-9a-f-]+\.png$/)
    // A PUT of the settings keeps the stored image whatever it sends.
    const put = await putSpecs({ ...specs, houseAd: { text: 'Ads here', image: null } })
    expect(((await put.json()) as PrintSpecs).houseAd).toEqual({
      text: 'Ads here',
      image: specs.houseAd.image,
    })

    const pdf = await proof()
    const list = run('pdfimages', ['-list', writeTemp(pdf)], 'poppler-utils')
    const pageOne = list.stdout
      .split('\n')
      .slice(2)
      .filter((row) => row.trim().split(/\s+/)[0] === '1' && row.includes(' 240 ') && row.includes(' 120 '))
    const unsold = calendarWeeks(MONTH)
      .flat()
      .filter((date) => date && !SOLD_DATES.includes(date)).length
    expect(pageOne).toHaveLength(unsold)
    expect((await pageTexts(pdf))[0]).not.toContain('Ads here')

    const removed = await t.request('/api/admin/print-specs/house-ad', { method: 'DELETE', cookie: admin })
    expect(((await removed.json()) as PrintSpecs).houseAd.image).toBeNull()
    await putSpecs(DEFAULT_PRINT_SPECS)
  })
})
