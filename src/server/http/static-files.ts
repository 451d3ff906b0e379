import path from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import type { MiddlewareHandler } from 'hono'

/**
 * Files of the built client by their exact path, through @hono/node-server's serveStatic with the .br and
 * .gz variants scripts/precompress.ts wrote (`precompressed`). Vite's hashed /assets/* never change and
 * are cached for a year; other files (favicon, robots.txt) for an hour. Anything else falls through to the
 * SPA. Kept here, because serveStatic cannot be told them:
 * - index.html and folders (its `index`) belong to the SPA route, which writes the site config and the
 *   page's preloads into the page; dot-folders (.vite/manifest.json) are build metadata, not the site's;
 * - the cache headers: its `onFound` runs after the response is built, too late to add headers.
 */
export function staticFiles(root: string): MiddlewareHandler {
  const serve = serveStatic({ root: path.resolve(root), precompressed: true })
  return async (c, next) => {
    const name = path.posix.basename(c.req.path)
    if (!path.posix.extname(name) || name === 'index.html' || c.req.path.includes('/.')) return next()
    let fellThrough = false
    const response = await serve(c, async () => {
      fellThrough = true
    })
    if (fellThrough || !response) return next()
    const immutable = c.req.path.startsWith('/assets/')
    response.headers.set(
      'Cache-Control',
      immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
    )
    response.headers.set('Vary', 'Accept-Encoding')
    return response
  }
}
