import fs from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import type { MiddlewareHandler } from 'hono'

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
}

/** The .br or .gz file scripts/precompress.ts wrote beside `file`, when the client accepts it. */
async function compressedVariant(file: string, acceptEncoding: string) {
  for (const [encoding, suffix] of [
    ['br', '.br'],
    ['gzip', '.gz'],
  ] as const) {
    if (!acceptEncoding.includes(encoding)) continue
    const stat = await fs.promises.stat(file + suffix).catch(() => undefined)
    if (stat?.isFile()) return { encoding, file: file + suffix, size: stat.size }
  }
  return undefined
}

/**
 * Files of the built client by their exact path. Vite's hashed /assets/* never change and are cached
 * for a year; other files (favicon, robots.txt) for an hour. Anything else falls through to the SPA.
 */
export function staticFiles(root: string): MiddlewareHandler {
  const base = path.resolve(root)
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next()
    let relative: string
    try {
      relative = decodeURIComponent(c.req.path)
    } catch {
      return next()
    }
    const file = path.resolve(base, `.${relative}`)
    const type = CONTENT_TYPES[path.extname(file).toLowerCase()]
    if (!type || !file.startsWith(base + path.sep) || path.basename(file) === 'index.html') return next()
    const stat = await fs.promises.stat(file).catch(() => undefined)
    if (!stat?.isFile()) return next()
    const immutable = relative.startsWith('/assets/')
    const variant = await compressedVariant(file, c.req.header('accept-encoding') ?? '')
    const headers: Record<string, string> = {
      'Content-Type': type,
      'Content-Length': String(variant?.size ?? stat.size),
      'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      Vary: 'Accept-Encoding',
    }
    if (variant) headers['Content-Encoding'] = variant.encoding
    if (c.req.method === 'HEAD') return c.body(null, 200, headers)
    return c.body(Readable.toWeb(fs.createReadStream(variant?.file ?? file)) as ReadableStream, 200, headers)
  }
}
