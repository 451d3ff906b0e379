import zlib from 'node:zlib'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { COMPRESS_THRESHOLD_BYTES, compressJson } from './compression.ts'

/**
 * A streamed body (more than one piece) is compressed as it streams, every piece flushed: what the source
 * has given is decodable by the client before the source ends. A whole body keeps its Content-Length.
 */

const CSV = 'text/csv; charset=utf-8'
const rows = (from: number, count: number) =>
  Array.from(
    { length: count },
    (_, i) => `${from + i},Bakery ${from + i},owner${from + i}@example.com\r\n`,
  ).join('')
const bytes = (text: string) => new TextEncoder().encode(text)

/** A source the test drives piece by piece; `cancelled` resolves when the answer's reader gives up. */
function drivenSource() {
  let controller!: ReadableStreamDefaultController<Uint8Array>
  let onCancel!: () => void
  const cancelled = new Promise<void>((resolve) => {
    onCancel = resolve
  })
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c
    },
    cancel() {
      onCancel()
    },
  })
  return {
    stream,
    cancelled,
    push: (text: string) => controller.enqueue(bytes(text)),
    close: () => controller.close(),
    fail: (error: Error) => controller.error(error),
  }
}

function appServing(body: () => ReadableStream<Uint8Array> | string) {
  return new Hono()
    .use('*', compressJson)
    .get('/export.csv', (c) => c.body(body(), 200, { 'Content-Type': CSV }))
}

const decoders = {
  br: (data: Buffer) =>
    zlib.brotliDecompressSync(data, { finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH }).toString(),
  gzip: (data: Buffer) => zlib.gunzipSync(data, { finishFlush: zlib.constants.Z_SYNC_FLUSH }).toString(),
}

/** Reads the answer until what arrived decodes to `expected` (a flushed prefix), or fails after 5 s. */
async function readUntil(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  received: Buffer[],
  decode: (data: Buffer) => string,
  expected: string,
) {
  const deadline = Date.now() + 5000
  while (decode(Buffer.concat(received)) !== expected) {
    const next = await Promise.race([
      reader.read(),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('no flushed bytes arrived')), deadline - Date.now()),
      ),
    ])
    if (next.done) throw new Error('the answer ended early')
    received.push(Buffer.from(next.value))
  }
}

describe('compressJson on a streamed body', () => {
  for (const encoding of ['br', 'gzip'] as const) {
    it(`sends ${encoding} as the source streams, each piece decodable before the source ends`, async () => {
      const source = drivenSource()
      const app = appServing(() => source.stream)
      const header = 'id,business,email\r\n'
      const first = rows(0, 40)
      source.push(header)
      source.push(first)
      const response = await app.request('/export.csv', { headers: { 'accept-encoding': encoding } })
      expect(response.status).toBe(200)
      expect(response.headers.get('content-encoding')).toBe(encoding)
      expect(response.headers.get('vary')).toBe('Accept-Encoding')
      expect(response.headers.get('content-length')).toBeNull()
      expect(response.headers.get('content-type')).toBe(CSV)

      const reader = (response.body as ReadableStream<Uint8Array>).getReader()
      const received: Buffer[] = []
      const decode = decoders[encoding]
      await readUntil(reader, received, decode, header + first)
      const second = rows(40, 40)
      source.push(second)
      await readUntil(reader, received, decode, header + first + second)
      source.close()
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        received.push(Buffer.from(value))
      }
      const all = Buffer.concat(received)
      const whole = encoding === 'br' ? zlib.brotliDecompressSync(all) : zlib.gunzipSync(all)
      expect(whole.toString()).toBe(header + first + second)
    })
  }

  it('streams identity unchanged when no encoding is accepted', async () => {
    const source = drivenSource()
    const text = rows(0, 100)
    source.push(text.slice(0, 2000))
    source.push(text.slice(2000))
    source.close()
    const response = await appServing(() => source.stream).request('/export.csv', {
      headers: { 'accept-encoding': 'identity' },
    })
    expect(response.headers.get('content-encoding')).toBeNull()
    expect(response.headers.get('vary')).toBe('Accept-Encoding')
    expect(await response.text()).toBe(text)
  })

  it('cancels the source when the client stops reading', async () => {
    const source = drivenSource()
    source.push(rows(0, 30))
    source.push(rows(30, 30))
    const response = await appServing(() => source.stream).request('/export.csv', {
      headers: { 'accept-encoding': 'br' },
    })
    await (response.body as ReadableStream<Uint8Array>).cancel()
    await source.cancelled
  })

  it('fails the request when the source fails before anything is sent, and cuts the answer after', async () => {
    const early = drivenSource()
    early.push('id\r\n')
    early.fail(new Error('database went away'))
    const app = appServing(() => early.stream)
    app.onError((_error, c) => c.json({ error: 'unavailable' }, 503))
    expect((await app.request('/export.csv', { headers: { 'accept-encoding': 'br' } })).status).toBe(503)

    const late = drivenSource()
    late.push(rows(0, 30))
    late.push(rows(30, 30))
    const response = await appServing(() => late.stream).request('/export.csv', {
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(response.status).toBe(200)
    late.fail(new Error('database went away'))
    await expect(response.arrayBuffer()).rejects.toThrow()
  })

  it('sends a short stream whole, uncompressed, with its Content-Length', async () => {
    const source = drivenSource()
    source.push('id\r\n')
    source.push('1\r\n')
    source.close()
    const response = await appServing(() => source.stream).request('/export.csv', {
      headers: { 'accept-encoding': 'br' },
    })
    expect(response.headers.get('content-encoding')).toBeNull()
    expect(response.headers.get('content-length')).toBe('7')
    expect(await response.text()).toBe('id\r\n1\r\n')
  })
})

describe('compressJson on a whole body', () => {
  it('compresses it whole and sends its Content-Length', async () => {
    const text = rows(0, 100)
    expect(text.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES)
    const response = await appServing(() => text).request('/export.csv', {
      headers: { 'accept-encoding': 'br' },
    })
    expect(response.headers.get('content-encoding')).toBe('br')
    const body = Buffer.from(await response.arrayBuffer())
    expect(response.headers.get('content-length')).toBe(String(body.byteLength))
    expect(zlib.brotliDecompressSync(body).toString()).toBe(text)
  })
})
