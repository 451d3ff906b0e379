import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'

/** The header our own middleware fills with the caller's address; a client-sent value is always replaced. */
export const CLIENT_IP_HEADER = 'x-townflyer-client-ip'

/**
 * The caller's address for rate limiting. Behind a proxy (TRUST_PROXY) the first X-Forwarded-For
 * entry; otherwise the socket's peer. Never a header the caller could choose freely.
 */
export function clientIp(c: Context, trustProxy: boolean): string | undefined {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
    if (forwarded) return forwarded
  }
  try {
    return getConnInfo(c).remote.address
  } catch {
    return undefined // app.request() in tests has no socket
  }
}
