import type { IncomingMessage, ServerResponse } from 'node:http'
import { logRequest, requestIdFor } from '../lib/logger.ts'
import type { AppDeps } from './app-env.ts'
import { cachedAnswer, publicReadCache } from './cache.ts'
import { securityHeadersFor } from './security.ts'

export type RequestListener = (incoming: IncomingMessage, outgoing: ServerResponse) => unknown

/**
 * Cache hits of the public reads answered straight from node:http, below Hono (main.ts wraps
 * @hono/node-server's listener with it). Through Hono a cached read costs several times what node:http
 * needs to send the same bytes (building the request and response objects, routing, middleware); here it
 * is a Map lookup and one write.
 *
 * Only a GET of a URL the cache has already answered through Hono (publicReadCache's `findByUrl`: same
 * cache, same key as the route gave that URL) whose entry is valid for the catalogue version read after
 * the request arrived (the same rule as on the Hono path) is answered here, with what the Hono path sends:
 * status (200, or 304 for a matching If-None-Match), body bytes (br / gzip by Accept-Encoding, the
 * entry's kept encoded bytes), Cache-Control / ETag / Content-Type / Vary / Content-Encoding, the security headers, X-Request-Id, and the same access log line. Everything else — other methods and
 * URLs, URLs not learnt yet, stale or evicted entries, a failed version read — goes to `next` (Hono), which
 * answers as it always has. A test (fast-read-path.test.ts) compares both paths byte for byte.
 */
export function withFastReadPath(
  deps: Pick<AppDeps, 'database' | 'config' | 'logger'>,
  next: RequestListener,
): RequestListener {
  const cache = publicReadCache(deps)
  const securityHeaders = securityHeadersFor(deps.config.publicUrl)
  return (incoming, outgoing) => {
    const url = incoming.url
    if (incoming.method !== 'GET' || url === undefined) return next(incoming, outgoing)
    const started = performance.now()
    const found = cache.findByUrl(url)
    if (!found) return next(incoming, outgoing)
    return found
      .then(
        // Encoded by Accept-Encoding as on the Hono path; the entry keeps its encoded bytes.
        (entry) =>
          entry &&
          cachedAnswer(entry, incoming.headers['if-none-match'], incoming.headers['accept-encoding']),
      )
      .then(
        (answer) => {
          if (!answer) return next(incoming, outgoing)
          const requestId = requestIdFor(incoming.headers['x-request-id'] as string | undefined)
          const headers: Record<string, string | number> = {
            ...securityHeaders,
            'x-request-id': requestId,
            ...answer.headers,
          }
          if (answer.body) headers['content-length'] = answer.body.byteLength
          outgoing.writeHead(answer.status, headers)
          if (answer.body) outgoing.end(answer.body)
          else outgoing.end()
          const query = url.indexOf('?')
          logRequest(deps.logger, {
            requestId,
            method: 'GET',
            path: query === -1 ? url : url.slice(0, query),
            status: answer.status,
            started,
          })
        },
        // A failed version read (or, never seen, a failed compression): Hono answers.
        () => next(incoming, outgoing),
      )
  }
}
