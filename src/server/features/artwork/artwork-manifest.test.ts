import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calendarDays, mapIcons, orderArtwork, orders } from '#server/db/schema.ts'
import { createTestApp, type TestApp } from '#server/test/test-app.ts'
import { MANIFEST_HEADER } from './artwork-zip.ts'

const MONTH = '2028-11'
let t: TestApp
let admin: string
beforeAll(async () => {
  t = await createTestApp()
  await t.createAdmin()
  admin = await t.signIn({ email: 'admin@example.com', password: 'admin-password-123' })
  const init = await t.request('/api/admin/calendar-days/initialize', {
    method: 'POST',
    cookie: admin,
    json: { startDate: `${MONTH}-01`, endDate: `${MONTH}-10`, price: 120 },
  })
  expect(init.status).toBe(200)
})
afterAll(() => t.close())

/** A manual order (a sold line) for a day of the month, or for an icon when `day` is null; its id. */
async function sell(day: number | null, businessName: string, email: string): Promise<string> {
  if (day === null) {
    const [icon] = await t.db.select().from(mapIcons).where(eq(mapIcons.size, 'large')).limit(1)
    const made = await t.request('/api/admin/manual-map-icon-orders', {
      method: 'POST',
      cookie: admin,
      json: { businessName, email, iconId: icon?.id, month: MONTH },
    })
    expect(made.status).toBe(201)
  } else {
    const date = `${MONTH}-${String(day).padStart(2, '0')}`
    const [found] = await t.db.select().from(calendarDays).where(eq(calendarDays.date, date))
    const made = await t.request('/api/admin/manual-orders', {
      method: 'POST',
      cookie: admin,
      json: { businessName, email, dayId: found?.id },
    })
    expect(made.status).toBe(201)
  }
  const [row] = await t.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.mailingMonth, MONTH), eq(orders.businessName, businessName)))
  return row?.id as string
}

type Inspection = Record<string, unknown>
const pngOf = (px: number): Inspection => ({
  kind: 'image',
  mime: 'image/png',
  ext: 'png',
  widthPx: px,
  heightPx: px,
})
const LETTER_PDF: Inspection = {
  kind: 'pdf',
  mime: 'application/pdf',
  ext: 'pdf',
  pageCount: 1,
  pageWidthInches: 8.5,
  pageHeightInches: 11,
}

/** Stores a small file for the line and records it with its inspection and state. */
async function giveArtwork(orderId: string, inspection: Inspection, state: string) {
  const ext = inspection.ext as string
  const fileKey = `artwork/${MONTH}/${orderId}.${ext}`
  await t.deps.storage.put(fileKey, new TextEncoder().encode(`file of ${orderId}`), inspection.mime as string)
  await t.db.insert(orderArtwork).values({
    orderId,
    fileKey,
    fileName: `logo.${ext}`,
    contentType: inspection.mime as string,
    sizeBytes: 10,
    inspection,
    state,
    uploadedAt: new Date(),
  })
}

/** RFC 4180: fields split by commas, quoted fields with doubled quotes, records ending in CRLF. */
function parseCsv(text: string): string[][] {
  const records: string[][] = []
  let record: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charAt(i)
    if (quoted) {
      if (c === '"' && text.charAt(i + 1) === '"') {
        field += '"'
        i++
      } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      record.push(field)
      field = ''
    } else if (c === '\r' && text.charAt(i + 1) === '\n') {
      record.push(field)
      records.push(record)
      record = []
      field = ''
      i++
    } else field += c
  }
  expect(field).toBe('') // the last record ended in CRLF
  return records
}

describe('the artwork ZIP', () => {
  it('carries manifest.csv: one row per sold line, files as named in the ZIP, formulas guarded', async () => {
    const evil = await sell(2, '=HYPERLINK("http://evil.example")', 'evil@example.com')
    const quoted = await sell(3, 'Comma, "Quoted" Co', 'quoted@example.com')
    await sell(4, 'Plain Shop', 'plain@example.com')
    const icon = await sell(null, 'Icon Co', 'icon@example.com')
    const [iconRow] = await t.db.select({ name: orders.itemName }).from(orders).where(eq(orders.id, icon))
    await giveArtwork(evil, pngOf(300), 'received')
    await giveArtwork(quoted, pngOf(100), 'changes_requested')
    await giveArtwork(icon, LETTER_PDF, 'approved')

    const response = await t.request(`/api/admin/mailings/${MONTH}/artwork.zip`, { cookie: admin })
    expect(response.status).toBe(200)
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'artwork-manifest-'))
    try {
      const zip = path.join(dir, 'a.zip')
      fs.writeFileSync(zip, new Uint8Array(await response.arrayBuffer()))
      const listing = execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8' }).trim().split('\n')
      expect(listing[0]).toBe('manifest.csv')
      expect(listing).toHaveLength(4)
      const csv = execFileSync('unzip', ['-p', zip, 'manifest.csv'], { encoding: 'utf8' })
      const [header, ...rows] = parseCsv(csv)
      expect(header).toEqual(MANIFEST_HEADER)
      expect(rows).toEqual([
        [
          `${MONTH}-02`,
          '',
          `'=HYPERLINK("http://evil.example")`,
          'evil@example.com',
          listing.find((n) => n.startsWith(`${MONTH}-02-`)),
          'Received',
          'OK',
        ],
        [
          `${MONTH}-03`,
          '',
          'Comma, "Quoted" Co',
          'quoted@example.com',
          `${MONTH}-03-Comma-Quoted-Co.png`,
          'Changes requested',
          'Your image is 100 × 100 pixels. Printed at 1 × 1 in, that is 100 dots per inch, so it will look blurry and jagged in print. For a sharp print, upload an image of at least 300 × 300 pixels (300 DPI), or a PDF of your logo.',
        ],
        [`${MONTH}-04`, '', 'Plain Shop', 'plain@example.com', '', 'Missing', ''],
        [
          '',
          iconRow?.name as string,
          'Icon Co',
          'icon@example.com',
          listing.find((n) => n.endsWith('-Icon-Co.pdf')),
          'Approved',
          'This PDF page is 8.5 × 11 in; it will be shrunk to fit 0.75 × 0.75 in (about 15 times smaller), so its text will be too small to read. Please export your logo on a page the size of your ad.',
        ],
      ])
      // Every file the manifest names is in the ZIP, and every file in the ZIP is named once.
      const named = rows.map((r) => r[4]).filter((n) => n)
      expect(new Set(named)).toEqual(new Set(listing.slice(1)))
      // The cells that needed it were quoted in the file itself.
      expect(csv).toContain('"Comma, ""Quoted"" Co"')
      expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"")"`)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
