import type { MiddlewareHandler } from 'hono'
import { secureHeaders } from 'hono/secure-headers'
import { AppError } from '../lib/errors.ts'
import type { AppEnv } from './app-env.ts'
import { allowedOrigins } from './origin.ts'

/** No inline scripts anywhere: the site config travels as a JSON data block, which CSP does not execute. */
export const securityHeaders = () =>
  secureHeaders({
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
  })

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Refuses state-changing requests sent by another site's page: a foreign Origin header, or (for
 * browsers that omit Origin) Sec-Fetch-Site cross-site. Provider webhooks are signed and exempt.
 */
export function sameOriginOnly(publicUrl: string | undefined): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || c.req.path.startsWith('/api/webhooks/')) return next()
    const origin = c.req.header('origin')
    const foreign = origin
      ? !allowedOrigins(c.req.raw, publicUrl).includes(origin)
      : c.req.header('sec-fetch-site') === 'cross-site'
    if (foreign) throw new AppError('forbidden', 'Requests from other sites are not accepted.')
    return next()
  }
}
