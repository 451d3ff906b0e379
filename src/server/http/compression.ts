import { promisify } from 'node:util'
import zlib from 'node:zlib'
import type { MiddlewareHandler } from 'hono'

/**
 * Compression of the API's JSON and CSV answers (br preferred, else gzip) by Accept-Encoding.
 *
 * Our own zlib middleware rather than hono/compress: that one uses CompressionStream, which has no brotli
 * on Node 20, streams (so no Content-Length), and does not parse q-values (`gzip;q=0` would still get
 * gzip). Node's zlib gives brotli, runs off the event loop (the async functions use the thread pool), and
 * the read cache (cache.ts) reuses `encodeBody` to keep each encoded variant so a hit never recompresses.
 * Static files are precompressed at build time (static-files.ts) and are not under /api.
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
 * The encoded bytes. Brotli quality 5 (not the default 11): for answers built per request it compresses
 * within a few percent of the maximum at a fraction of the time; gzip at level 6, zlib's default.
 */
export async function encodeBody(
  body: Uint8Array,
  encoding: ContentEncoding,
): Promise<Uint8Array<ArrayBuffer>> {
  const out =
    encoding === 'br'
      ? await brotli(body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
          },
        })
      : await gzip(body, { level: 6 })
  return new Uint8Array(out.buffer as ArrayBuffer, out.byteOffset, out.byteLength)
}

export function isCompressibleType(contentType: string | null | undefined): boolean {
  return !!contentType && COMPRESSIBLE_TYPE.test(contentType)
}

/**
 * For /api/*: compresses a 200 JSON or CSV answer of at least COMPRESS_THRESHOLD_BYTES when the client
 * accepts br or gzip, setting Content-Encoding, Content-Length and Vary. Left alone: HEAD (no body to
 * compress; it answers with identity headers), other statuses (304, 204, errors' bodies are small anyway
 * but 206/304 must not change), answers already encoded or that negotiated their own encoding (the read
 * cache sets Vary itself and keeps its encoded variants), and streamed bodies of unknown length.
 */
export const compressJson: MiddlewareHandler = async (c, next) => {
  await next()
  const res = c.res
  if (c.req.method === 'HEAD' || res.status !== 200 || !res.body) return
  if (!isCompressibleType(res.headers.get('content-type'))) return
  if (res.headers.has('content-encoding')) return
  if (res.headers.get('vary')?.toLowerCase().includes('accept-encoding')) return
  const body = new Uint8Array(await res.arrayBuffer())
  const encoding =
    body.byteLength >= COMPRESS_THRESHOLD_BYTES
      ? negotiateEncoding(c.req.header('accept-encoding'))
      : undefined
  const headers = new Headers(res.headers)
  headers.set('vary', appendVary(headers.get('vary')))
  let sent: Uint8Array<ArrayBuffer> = body
  if (encoding) {
    sent = await encodeBody(body, encoding)
    headers.set('content-encoding', encoding)
  }
  headers.set('content-length', String(sent.byteLength))
  // Unset first: Hono's `res` setter would otherwise copy the old answer's headers over the new ones.
  c.res = undefined
  c.res = new Response(sent, { status: res.status, statusText: res.statusText, headers })
}

function appendVary(vary: string | null): string {
  return vary ? `${vary}, ${VARY_ACCEPT_ENCODING}` : VARY_ACCEPT_ENCODING
}
