import type { MiddlewareHandler } from 'hono'
import type { secureHeaders } from 'hono/secure-headers'
import { AppError } from '../lib/errors.ts'
import type { AppEnv } from './app-env.ts'
import { allowedOrigins } from './origin.ts'

/**
 * The headers every answer carries: what hono/secure-headers sends with `SECURE_HEADERS_OPTIONS` (a test
 * checks the two agree), written out once so the middleware and the cache-hit fast path
 * (http/fast-read-path.ts) share one list without rebuilding it per request. Names in lower case, as
 * @hono/node-server writes them.
 * No inline scripts anywhere: the site config travels as a JSON data block, which CSP does not execute.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'cross-origin-resource-policy': 'same-origin',
  'cross-origin-opener-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
    "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; " +
    "frame-ancestors 'none'",
})

/** The hono/secure-headers configuration SECURITY_HEADERS spells out (kept for the test that compares them). */
export const SECURE_HEADERS_OPTIONS: Parameters<typeof secureHeaders>[0] = {
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
  referrerPolicy: 'strict-origin-when-cross-origin',
  xFrameOptions: 'DENY',
  xContentTypeOptions: 'nosniff',
  crossOriginEmbedderPolicy: false,
  strictTransportSecurity: false,
}

/** One year, subdomains included: the site is only ever served over https once PUBLIC_URL says so. */
const HSTS_VALUE = 'max-age=31536000; includeSubDomains'

/**
 * SECURITY_HEADERS, plus Strict-Transport-Security when the public URL is https (behind a TLS proxy).
 * Without it (local http, tests) HSTS would pin a plain-http host such as localhost to https in the
 * browser, so it is sent only then.
 */
export function securityHeadersFor(publicUrl: string | undefined): Readonly<Record<string, string>> {
  if (!publicUrl?.toLowerCase().startsWith('https://')) return SECURITY_HEADERS
  return Object.freeze({ ...SECURITY_HEADERS, 'strict-transport-security': HSTS_VALUE })
}

/**
 * Headers a route may send stricter than the site's own, and keep: the uploaded files served back send
 * their Content-Security-Policy (`sandbox; default-src 'none'`, artwork.routes.ts), and the page of an
 * artwork link sends `Referrer-Policy: no-referrer` (spa.ts), so its secret URL is never sent on.
 */
const ROUTE_MAY_SET = new Set(['content-security-policy', 'referrer-policy'])

/**
 * Same behaviour as hono/secure-headers: set on the final response (overwriting, so raw Responses from
 * better-auth or the static files get them too), X-Powered-By removed, except the headers of ROUTE_MAY_SET
 * a route has set itself.
 */
export const securityHeaders = (publicUrl?: string): MiddlewareHandler => {
  const entries = Object.entries(securityHeadersFor(publicUrl))
  return async (c, next) => {
    await next()
    const headers = c.res.headers
    for (const [name, value] of entries) {
      if (ROUTE_MAY_SET.has(name) && headers.has(name)) continue
      headers.set(name, value)
    }
    headers.delete('X-Powered-By')
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * The one-click unsubscribe link (RFC 8058): a mail provider POSTs it from its own servers or web mail,
 * so it never carries our Origin. It needs no cookie: the link's own HMAC token is its authority, and all
 * it can do is unsubscribe the one address that token was made for, which is what the link grants anyway.
 */
const TOKEN_AUTHORIZED_PATHS = new Set(['/api/unsubscribe'])

/**
 * Refuses state-changing requests sent by another site's page: a foreign Origin header, or (for
 * browsers that omit Origin) Sec-Fetch-Site cross-site. Provider webhooks are signed and exempt, and so
 * is the signed unsubscribe link (exact path only).
 */
export function sameOriginOnly(publicUrl: string | undefined): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (
      SAFE_METHODS.has(c.req.method) ||
      c.req.path.startsWith('/api/webhooks/') ||
      TOKEN_AUTHORIZED_PATHS.has(c.req.path)
    )
      return next()
    const origin = c.req.header('origin')
    const foreign = origin
      ? !allowedOrigins(c.req.raw, publicUrl).includes(origin)
      : c.req.header('sec-fetch-site') === 'cross-site'
    if (foreign) throw new AppError('forbidden', 'Requests from other sites are not accepted.')
    return next()
  }
}
