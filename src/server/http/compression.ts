import { Readable } from 'node:stream'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import type { MiddlewareHandler } from 'hono'

/**
 * Compression of the API's JSON and CSV answers (br preferred, else gzip) by Accept-Encoding.
 *
 * Our own zlib middleware rather than hono/compress: that one uses CompressionStream, which has no brotli
 * on Node 20, streams every answer (so no Content-Length), and does not parse q-values (`gzip;q=0` would
 * still get gzip). Node's zlib gives brotli, runs off the event loop (the async functions use the thread
 * pool), and the read cache (cache.ts) reuses `encodeBody` to keep each encoded variant so a hit never
 * recompresses. Static files are precompressed at build time (static-files.ts) and are not under /api.
 *
 * A body that comes whole (every c.json, c.text, c.body of bytes: one piece) is compressed whole and sent
 * with its Content-Length. A streamed body (a ReadableStream that gives more than one piece, such as a CSV
 * export read batch by batch) is compressed as it goes, each piece flushed on its own, so the first bytes
 * leave as soon as the first rows are read and memory stays constant whatever the export's size.
 */

export type ContentEncoding = 'br' | 'gzip'

/** Smaller answers fit in a packet or two anyway; compressing them costs more than it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024

/** What Vary names on every answer whose bytes depend on Accept-Encoding. */
export const VARY_ACCEPT_ENCODING = 'Accept-Encoding'

const COMPRESSIBLE_TYPE = /^\s*(?:application\/(?:[\w.-]+\+)?json|text\/csv)\s*(?:;|$)/i

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/**
 * The encoding to answer with: br or gzip, whichever has the higher q-value (br on a tie), or undefined
 * (identity) when neither is acceptable. An encoding not named takes `*`'s q-value; q=0 refuses it.
 * Malformed parts are ignored, never an error.
 */
export function negotiateEncoding(acceptEncoding: string | undefined): ContentEncoding | undefined {
  if (!acceptEncoding) return undefined
  const q: Record<string, number> = {}
  for (const part of acceptEncoding.split(',')) {
    const [rawName, ...params] = part.split(';')
    const name = rawName?.trim().toLowerCase()
    if (!name) continue
    let value = 1
    for (const param of params) {
      const match = /^\s*q\s*=(.*)$/i.exec(param)
      // RFC 9110 qvalue: 0 to 1 with up to three decimals; anything else counts as "not acceptable".
      if (match)
        value = /^\s*(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)\s*$/.test(match[1] ?? '') ? Number(match[1]) : 0
    }
    // A name repeated keeps its first q-value, as the first statement of a preference.
    if (!(name in q)) q[name] = value
  }
  const wildcard = q['*'] ?? 0
  const br = q.br ?? wildcard
  const gz = q.gzip ?? q['x-gzip'] ?? wildcard
  if (br <= 0 && gz <= 0) return undefined
  return br >= gz ? 'br' : 'gzip'
}

/**
 * Brotli quality 5 (not the default 11): for answers built per request it compresses within a few percent
 * of the maximum at a fraction of the time; gzip at level 6, zlib's default.
 */
const BROTLI_PARAMS = {
  [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
  [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
}
const GZIP_LEVEL = 6

/** The encoded bytes of a whole body. */
export async function encodeBody(
  body: Uint8Array,
  encoding: ContentEncoding,
): Promise<Uint8Array<ArrayBuffer>> {
  const out =
    encoding === 'br'
      ? await brotli(body, {
          params: { ...BROTLI_PARAMS, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength },
        })
      : await gzip(body, { level: GZIP_LEVEL })
  return new Uint8Array(out.buffer as ArrayBuffer, out.byteOffset, out.byteLength)
}

/**
 * A streamed body encoded as it is read: `read` first, then the rest of `reader`. Every piece is flushed
 * (brotli's FLUSH, gzip's SYNC_FLUSH), so what has been read so far reaches the client at once instead of
 * waiting in the encoder's window (brotli at quality 5 would hold megabytes of a CSV before its first
 * byte). The pieces are the producer's own batches, so a flush costs a few bytes per batch. Cancelling the
 * answer (the client went away) cancels the source; an error in the source ends the answer with it.
 */
function encodeStream(
  read: Uint8Array[],
  reader: ReadableStreamDefaultReader<Uint8Array>,
  encoding: ContentEncoding,
): ReadableStream<Uint8Array> {
  const encoder =
    encoding === 'br'
      ? zlib.createBrotliCompress({ params: BROTLI_PARAMS, flush: zlib.constants.BROTLI_OPERATION_FLUSH })
      : zlib.createGzip({ level: GZIP_LEVEL, flush: zlib.constants.Z_SYNC_FLUSH })
  const source = Readable.from(piecesOf(read, reader), { objectMode: false })
  source.on('error', (error) => encoder.destroy(error))
  encoder.on('close', () => source.destroy())
  return Readable.toWeb(source.pipe(encoder)) as unknown as ReadableStream<Uint8Array>
}

/** The pieces already read, then the rest of the stream; cancels the stream when stopped early. */
async function* piecesOf(read: Uint8Array[], reader: ReadableStreamDefaultReader<Uint8Array>) {
  let finished = false
  try {
    yield* read
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      yield value
    }
    finished = true
  } finally {
    if (!finished) await reader.cancel().catch(() => {})
  }
}

/** The pieces already read, then the rest of the stream, unchanged. */
function replay(read: Uint8Array[], reader: ReadableStreamDefaultReader<Uint8Array>) {
  const pieces = piecesOf(read, reader)
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await pieces.next()
      if (next.done) controller.close()
      else controller.enqueue(next.value)
    },
    async cancel() {
      await pieces.return(undefined)
    },
  })
}

function isCompressibleType(contentType: string | null | undefined): boolean {
  return !!contentType && COMPRESSIBLE_TYPE.test(contentType)
}

/**
 * For /api/*: compresses a 200 JSON or CSV answer of at least COMPRESS_THRESHOLD_BYTES when the client
 * accepts br or gzip, setting Content-Encoding and Vary, and Content-Length for a whole body. Left alone:
 * HEAD (no body to compress; it answers with identity headers), other statuses (304, 204, errors' bodies are
 * small anyway but 206/304 must not change), and answers already encoded or that negotiated their own
 * encoding (the read cache sets Vary itself and keeps its encoded variants).
 *
 * The body is read until it ends (a whole body) or until it has given more than one piece and at least
 * COMPRESS_THRESHOLD_BYTES (a streamed body, encoded from there on as it streams). A source that fails
 * before that fails the request like any handler (an error answer, not a cut-off 200).
 */
export const compressJson: MiddlewareHandler = async (c, next) => {
  await next()
  const res = c.res
  if (c.req.method === 'HEAD' || res.status !== 200 || !res.body) return
  if (!isCompressibleType(res.headers.get('content-type'))) return
  if (res.headers.has('content-encoding')) return
  if (res.headers.get('vary')?.toLowerCase().includes('accept-encoding')) return
  const reader = res.body.getReader()
  const read: Uint8Array[] = []
  let size = 0
  let whole = false
  while (!(read.length > 1 && size >= COMPRESS_THRESHOLD_BYTES)) {
    const { done, value } = await reader.read()
    if (done) {
      whole = true
      break
    }
    read.push(value)
    size += value.byteLength
  }
  const encoding =
    size >= COMPRESS_THRESHOLD_BYTES ? negotiateEncoding(c.req.header('accept-encoding')) : undefined
  const headers = new Headers(res.headers)
  headers.set('vary', appendVary(headers.get('vary')))
  if (encoding) headers.set('content-encoding', encoding)
  let sent: Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>
  if (whole) {
    const body = concat(read, size)
    sent = encoding ? await encodeBody(body, encoding) : body
    headers.set('content-length', String(sent.byteLength))
  } else {
    sent = encoding ? encodeStream(read, reader, encoding) : replay(read, reader)
    if (encoding) headers.delete('content-length')
  }
  // Unset first: Hono's `res` setter would otherwise copy the old answer's headers over the new ones.
  c.res = undefined
  c.res = new Response(sent, { status: res.status, statusText: res.statusText, headers })
}

function concat(pieces: Uint8Array[], size: number): Uint8Array<ArrayBuffer> {
  if (pieces.length === 1 && pieces[0]?.buffer instanceof ArrayBuffer)
    return pieces[0] as Uint8Array<ArrayBuffer>
  const all = new Uint8Array(size)
  let at = 0
  for (const piece of pieces) {
    all.set(piece, at)
    at += piece.byteLength
  }
  return all
}

function appendVary(vary: string | null): string {
  return vary ? `${vary}, ${VARY_ACCEPT_ENCODING}` : VARY_ACCEPT_ENCODING
}
