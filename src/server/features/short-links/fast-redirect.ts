import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AppDeps } from '#server/http/app-env.ts'
import { securityHeadersFor } from '#server/http/security.ts'
import { requestIdFor } from '#server/lib/logger.ts'
import { REDIRECT_HEADERS, type ShortLinks } from './short-link-redirect.ts'

type RequestListener = (incoming: IncomingMessage, outgoing: ServerResponse) => unknown

const PREFIX = '/go/'

/**
 * GET and HEAD /go/{code} answered straight from node:http, below Hono (main.ts wraps the server's listener
 * with it): a scan is a cache lookup and a 302, and through Hono the request and response objects, routing
 * and middleware cost several times that. The answer is the Hono route's (short-link-redirect.routes.ts):
 * 302, Location, REDIRECT_HEADERS, the security headers and X-Request-Id; the client's address as
 * client-ip.ts takes it (the first X-Forwarded-For entry behind a trusted proxy, else the socket's peer).
 * Everything else goes to `next`.
 */
export function withShortLinkRedirect(
  deps: Pick<AppDeps, 'config'> & { shortLinks: ShortLinks },
  next: RequestListener,
): RequestListener {
  const { shortLinks } = deps
  const trustProxy = deps.config.trustProxy
  const fixedHeaders = { ...securityHeadersFor(deps.config.publicUrl), ...REDIRECT_HEADERS }
  return (incoming, outgoing) => {
    const url = incoming.url
    const method = incoming.method
    if ((method !== 'GET' && method !== 'HEAD') || !url?.startsWith(PREFIX)) return next(incoming, outgoing)
    const rest = url.slice(PREFIX.length)
    const stop = rest.search(/[?#]/)
    const raw = stop === -1 ? rest : rest.slice(0, stop)
    // A further path segment (/go/abc/x) is not this route: Hono answers it as it would.
    if (raw.includes('/') || raw === '') return next(incoming, outgoing)
    let code: string
    try {
      code = decodeURIComponent(raw)
    } catch {
      code = raw // malformed escapes: no code, so the home page
    }
    const headers = incoming.headers
    const forwarded = trustProxy
      ? (headers['x-forwarded-for'] as string | undefined)?.split(',')[0]?.trim()
      : ''
    const location = shortLinks.redirect(code, {
      method,
      address: forwarded || incoming.socket.remoteAddress || '',
      userAgent: headers['user-agent'],
      secPurpose: headers['sec-purpose'] as string | undefined,
      purpose: headers.purpose as string | undefined,
    })
    const answer = (to: string) => {
      outgoing.writeHead(302, {
        ...fixedHeaders,
        'x-request-id': requestIdFor(headers['x-request-id'] as string | undefined),
        location: to,
        'content-length': 0,
      })
      outgoing.end()
    }
    if (typeof location === 'string') answer(location)
    else location.then(answer, () => answer('/'))
  }
}
