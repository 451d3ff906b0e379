import { monitorEventLoopDelay } from 'node:perf_hooks'
import { crc32 } from 'node:zlib'
import { PDFDocument } from '@cantoo/pdf-lib'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderArtwork } from '#server/db/schema.ts'
import {
  buyAndPayDays,
  openMonthWithDays,
  pdfBytes,
  pngBytes,
  storedArtworkFiles,
  uploadArtworkFile,
} from '#server/test/artwork-test-helpers.ts'
import { activePdf, fanOutPdf, flateBombPdf, hasActiveContent, zlibBomb } from '#server/test/hostile-files.ts'
import { createTestApp, type TestApp } from '#server/test/test-app.ts'
import {
  ARTWORK_BUSY_MESSAGE,
  ARTWORK_DAMAGED_MESSAGE,
  ARTWORK_PDF_TOO_MANY_PAGES_MESSAGE,
  ARTWORK_TOO_COMPLEX_MESSAGE,
  DEFAULT_PRINT_SPECS,
} from '#shared/artwork.ts'
import { ARTWORK_TOO_MANY_PIXELS_MESSAGE } from './artwork-file.ts'
import { artworkFileJobsLoad, renderProofInChild } from './artwork-file-jobs.ts'
import { ARTWORK_UNREADABLE_HEADER, ARTWORK_UNREADABLE_TEXT } from './proof-pdf.ts'

/**
 * Hostile files against the server: each is refused (or, already stored, fails only its own cell of the
 * proof) while the server keeps answering. The slowest probe and the server process's memory
 * growth during each are measured; the bounds asserted here are far above what is measured (see
 * `npm run bench:hostile-files` for the figures) and far below what the same files cost when read on the
 * server's own thread (seconds to minutes, gigabytes).
 */

/**
 * What the server's own process spends while a hostile file is handled: its CPU time (user and system),
 * which other work on the machine does not change, unlike the wall time a probe waits. Handed to a child
 * process, the server's part is the upload and the probes' answers: well under a second. Read on the
 * server's own thread, the same files cost it 5 s to minutes. The slowest probe (wall time) is printed as a
 * figure, not gated: a busy machine stretches it with no fault of the server's.
 */
const SERVER_CPU_BOUND_MS = 2_500
const RSS_GROWTH_BOUND_MB = 200

let t: TestApp
let admin: string
let month: string
let days: { id: string; date: string }[]
let nextDay = 0

beforeAll(async () => {
  t = await createTestApp()
  await t.createAdmin()
  admin = await t.signIn({ email: 'admin@example.com', password: 'admin-password-123' })
  ;({ month, days } = await openMonthWithDays(t, admin))
})
afterAll(() => t.close())

async function buyLine(businessName: string) {
  const day = days[nextDay++] as { id: string; date: string }
  const bought = await buyAndPayDays(t, [day.id], businessName)
  return { ...bought, date: day.date }
}

/**
 * Runs `work` while a probe asks the process every 10 ms; the server's CPU time and the memory growth, with
 * the slowest probe and the longest event-loop delay printed. The probe
 * is an API path no route serves (a JSON 404 the process answers without the database): it measures the
 * process alone, which the hostile file must not stall. /api/health would also time the database, which a
 * loaded machine can slow past the bound whatever the upload does; it is asked once the work is done.
 */
async function underProbe<T>(work: () => Promise<T>) {
  const delay = monitorEventLoopDelay({ resolution: 10 })
  const cpuBefore = process.cpuUsage()
  const rssBefore = process.memoryUsage.rss()
  let peakRss = rssBefore
  let slowestProbeMs = 0
  let done = false
  delay.enable()
  const probe = (async () => {
    while (!done) {
      const started = performance.now()
      const response = await t.request('/api/no-such-route-probe')
      slowestProbeMs = Math.max(slowestProbeMs, performance.now() - started)
      expect(response.status).toBe(404)
      peakRss = Math.max(peakRss, process.memoryUsage.rss())
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
  })()
  try {
    const result = await work()
    const cpu = process.cpuUsage(cpuBefore)
    const serverCpuMs = (cpu.user + cpu.system) / 1000
    console.info(
      `hostile file: server CPU ${Math.round(serverCpuMs)} ms, slowest probe ${Math.round(slowestProbeMs)} ms, ` +
        `longest event-loop delay ${Math.round(delay.max / 1e6)} ms`,
    )
    return { result, serverCpuMs, rssGrowthMb: (peakRss - rssBefore) / 1024 / 1024 }
  } finally {
    done = true
    await probe
    delay.disable()
    expect((await t.request('/api/health')).status).toBe(200)
  }
}

async function refusal(response: Response) {
  return {
    status: response.status,
    message: ((await response.json()) as { error: { message: string } }).error.message,
  }
}

describe('hostile artwork files at upload', () => {
  it.each([
    ['a page tree of 2^40 pages in a few KB', () => fanOutPdf(40), ARTWORK_TOO_COMPLEX_MESSAGE],
    ['a page tree of 2^24 pages', () => fanOutPdf(24), ARTWORK_TOO_COMPLEX_MESSAGE],
    [
      'an object stream that inflates to 4 GB (4 MB)',
      () => flateBombPdf(4096, 'objects'),
      ARTWORK_TOO_COMPLEX_MESSAGE,
    ],
    ['page contents that inflate to 1 GB', () => flateBombPdf(1024, 'contents'), ARTWORK_TOO_COMPLEX_MESSAGE],
  ])('refuses %s while the server keeps answering, storing nothing', async (_name, make, message) => {
    const { token, orderIds } = await buyLine('Hostile PDF Co')
    const before = storedArtworkFiles(`${t.dataDir}/media`)
    const { result, serverCpuMs, rssGrowthMb } = await underProbe(async () =>
      refusal(await uploadArtworkFile(t, token, orderIds, make(), 'logo.pdf')),
    )
    expect(result).toEqual({ status: 422, message })
    expect(storedArtworkFiles(`${t.dataDir}/media`)).toEqual(before)
    expect(serverCpuMs).toBeLessThan(SERVER_CPU_BOUND_MS)
    expect(rssGrowthMb).toBeLessThan(RSS_GROWTH_BOUND_MB)
  })

  it('refuses a PDF of more than ten pages: a logo is one page', async () => {
    const { token, orderIds } = await buyLine('Many Pages Inc')
    const doc = await PDFDocument.create()
    for (let i = 0; i < 11; i++) doc.addPage([200, 200])
    const response = await uploadArtworkFile(t, token, orderIds, await doc.save(), 'logo.pdf')
    expect(await refusal(response)).toEqual({ status: 422, message: ARTWORK_PDF_TOO_MANY_PAGES_MESSAGE })
  })

  it('refuses eight 8000 × 8000 16-bit interlaced PNGs at once from their header, within bounded memory', async () => {
    const { token, orderIds } = await buyLine('Big Pixels')
    const bomb = interlacedPng16(8000, 8000)
    expect(bomb.byteLength).toBeLessThan(64 * 1024)
    const { result, serverCpuMs, rssGrowthMb } = await underProbe(() =>
      Promise.all(Array.from({ length: 8 }, () => uploadArtworkFile(t, token, orderIds, bomb).then(refusal))),
    )
    for (const r of result) expect(r).toEqual({ status: 422, message: ARTWORK_TOO_MANY_PIXELS_MESSAGE })
    expect(serverCpuMs).toBeLessThan(SERVER_CPU_BOUND_MS)
    expect(rssGrowthMb).toBeLessThan(RSS_GROWTH_BOUND_MB)
  })

  it('refuses a truncated PNG as damaged instead of describing it as fine', async () => {
    const { token, orderIds } = await buyLine('Cut Short')
    const whole = await noisyPng(600, 400)
    const cut = cutPngImageData(whole)
    const response = await uploadArtworkFile(t, token, orderIds, cut)
    expect(await refusal(response)).toEqual({ status: 422, message: ARTWORK_DAMAGED_MESSAGE })
  })

  it('stores a JPEG without what follows its end, and a PDF without its script, actions and attachment', async () => {
    const { token, orderIds } = await buyLine('Clean Files')
    const jpeg = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#b91c1c' } })
      .jpeg()
      .toBuffer()
    const riding = new Uint8Array(Buffer.concat([jpeg, Buffer.from('PK\x03\x04 a second file riding along')]))
    expect((await uploadArtworkFile(t, token, orderIds, riding, 'logo.jpg')).status).toBe(200)
    const storedJpeg = await adminFile(orderIds[0] as string)
    expect(Buffer.from(storedJpeg).equals(jpeg)).toBe(true)

    expect((await uploadArtworkFile(t, token, orderIds, activePdf(), 'logo.pdf')).status).toBe(200)
    const storedPdf = await adminFile(orderIds[0] as string)
    expect(hasActiveContent(await PDFDocument.load(storedPdf))).toBe(false)
    expect(Buffer.from(storedPdf).toString('latin1')).not.toMatch(/JavaScript|EmbeddedFile|OpenAction/)
  })

  it('queues uploads while both file jobs are busy, then answers 503 with Retry-After, and serves the queue', async () => {
    const { token, orderIds } = await buyLine('Rush Hour')
    const file = await pngBytes(400, 400)
    // Two proofs occupy both file-job processes until their artwork is handed over.
    let release = () => {}
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    let asked = 0
    const load = async () => {
      asked++
      await gate
      return file
    }
    const input = {
      month,
      title: 'Busy month',
      productName: 'Test',
      specs: DEFAULT_PRINT_SPECS,
      days: [
        {
          date: `${month}-01`,
          businessName: 'Busy',
          artwork: { contentType: 'image/png' as const, key: 'k' },
          shortUrl: null,
        },
      ],
      icons: [],
      inHomesDate: `${month}-02`,
      houseAd: { text: 'Your business here', image: null },
      draft: { missing: 0, notApproved: 0 },
      map: null,
    }
    const proofs = [renderProofInChild(input, load), renderProofInChild(input, load)]
    await until(() => asked === 2)
    const queued = Array.from({ length: 8 }, () => uploadArtworkFile(t, token, orderIds, file))
    await until(() => artworkFileJobsLoad().waiting === 8)
    const refused = await uploadArtworkFile(t, token, orderIds, file)
    expect(refused.status).toBe(503)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await refused.json()) as unknown).toMatchObject({ error: { message: ARTWORK_BUSY_MESSAGE } })
    release()
    for (const answer of await Promise.all(queued)) expect(answer.status).toBe(200)
    for (const proof of await Promise.all(proofs)) expect(proof.byteLength).toBeGreaterThan(0)
  })
})

describe('the proof with files it cannot read', () => {
  it('marks the cell, lists it in the header and still answers 200 (a blank PDF page, a corrupt file, a bomb)', async () => {
    const blank = await buyLine('Blank Page Bakery')
    const corrupt = await buyLine('Corrupt Cafe')
    const bomb = await buyLine('Bomb Bistro')
    const fine = await buyLine('Fine Florist')
    for (const line of [blank, corrupt, bomb])
      expect(
        (await uploadArtworkFile(t, line.token, line.orderIds, await pdfBytes(1, 1), 'logo.pdf')).status,
      ).toBe(200)
    expect((await uploadArtworkFile(t, fine.token, fine.orderIds, await pngBytes(300, 300))).status).toBe(200)

    // Files stored before today's checks: written to storage as they came.
    const blankDoc = await PDFDocument.create()
    blankDoc.addPage([72, 72])
    await replaceStored(blank.orderIds[0] as string, await blankDoc.save())
    await replaceStored(
      corrupt.orderIds[0] as string,
      new TextEncoder().encode('%PDF-1.7 not really a PDF at all'),
    )
    await replaceStored(bomb.orderIds[0] as string, flateBombPdf(2048, 'contents'))

    const { result: response, serverCpuMs } = await underProbe(() =>
      t.request(`/api/admin/mailings/${month}/proof.pdf`, { cookie: admin }),
    )
    expect(response.status).toBe(200)
    expect(serverCpuMs).toBeLessThan(SERVER_CPU_BOUND_MS)
    const bytes = new Uint8Array(await response.arrayBuffer())
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: false })
    const page1 = (text[0] as string).replace(/\s+/g, ' ')
    expect(page1).toContain(ARTWORK_UNREADABLE_TEXT)
    expect(page1).toContain(ARTWORK_UNREADABLE_HEADER)
    for (const name of ['Corrupt Cafe', 'Bomb Bistro']) expect(page1).toMatch(new RegExp(`— ${name}`))
    // The blank page is a readable (empty) page, and the good file is drawn: neither is listed.
    const header = page1.slice(page1.indexOf(ARTWORK_UNREADABLE_HEADER))
    expect(header).not.toMatch(/— Blank Page Bakery|— Fine Florist/)
  })
})

// ---------------------------------------------------------------- helpers

/** Waits for a condition that the work under test makes true (no fixed sleeps). */
async function until(condition: () => boolean) {
  for (let i = 0; !condition(); i++) {
    if (i > 3000) throw new Error('condition not reached in 30 s')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

async function adminFile(orderId: string): Promise<Uint8Array> {
  const response = await t.request(`/api/admin/artwork/${orderId}/file`, { cookie: admin })
  expect(response.status).toBe(200)
  return new Uint8Array(await response.arrayBuffer())
}

async function replaceStored(orderId: string, bytes: Uint8Array) {
  const [row] = await t.db.select().from(orderArtwork).where(eq(orderArtwork.orderId, orderId))
  if (!row) throw new Error('no artwork row')
  await t.deps.storage.delete(row.fileKey)
  await t.deps.storage.put(row.fileKey, bytes, row.contentType)
}

function noisyPng(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3)
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer()
    .then((b) => new Uint8Array(b))
}

/** The PNG with its image data cut to half (chunk lengths and checksums made to match), then IEND. */
function cutPngImageData(png: Uint8Array): Uint8Array {
  const chunks = pngChunks(png)
  const idat = Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data))
  const kept = chunks.filter((c) => c.type !== 'IDAT' && c.type !== 'IEND')
  return new Uint8Array(
    Buffer.concat([
      Buffer.from(png.subarray(0, 8)),
      ...kept.map((c) => pngChunk(c.type, c.data)),
      pngChunk('IDAT', idat.subarray(0, Math.floor(idat.byteLength / 2))),
      pngChunk('IEND', Buffer.alloc(0)),
    ]),
  )
}

/** A PNG header for a 16-bit RGBA interlaced image of this size, with a few KB of zlib data and IEND. */
function interlacedPng16(width: number, height: number): Uint8Array {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr.set([16, 6, 0, 0, 1], 8) // bit depth 16, RGBA, deflate, no filter method, Adam7 interlace
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk('IHDR', ihdr),
      pngChunk('IDAT', Buffer.from(zlibBomb(4))),
      pngChunk('IEND', Buffer.alloc(0)),
    ]),
  )
}

function pngChunks(png: Uint8Array) {
  const view = Buffer.from(png)
  const chunks: { type: string; data: Buffer }[] = []
  for (let offset = 8; offset + 12 <= view.byteLength; ) {
    const length = view.readUInt32BE(offset)
    chunks.push({
      type: view.toString('latin1', offset + 4, offset + 8),
      data: view.subarray(offset + 8, offset + 8 + length),
    })
    offset += 12 + length
  }
  return chunks
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.byteLength, 0)
  head.write(type, 4, 'latin1')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0)
  return Buffer.concat([head, data, crc])
}
