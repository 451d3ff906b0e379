import type { MiddlewareHandler } from 'hono'

/**
 * Catalogue reads (days, icons, posts, media lists) may be stored but must be revalidated every time:
 * availability must never be stale after a purchase.
 */
export const noCache: MiddlewareHandler = async (c, next) => {
  c.header('Cache-Control', 'no-cache')
  await next()
}
