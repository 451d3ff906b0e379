import fs from 'node:fs'
import path from 'node:path'
import { Hono } from 'hono'
import { SITE_CONFIG_ELEMENT_ID, type SiteConfig } from '../../shared/site-config.ts'
import type { AppEnv } from './app-env.ts'
import { staticFiles } from './static-files.ts'

const PLACEHOLDER = '<!--site-config-->'

/** JSON inside <script> must not be able to close the element: escape '<' (and U+2028/9 for old parsers). */
function safeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

export function renderIndexHtml(template: string, site: SiteConfig): string {
  const block = `<script type="application/json" id="${SITE_CONFIG_ELEMENT_ID}">${safeJson(site)}</script>`
  return template
    .replace(PLACEHOLDER, block)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(site.productName)}</title>`)
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)
}

/**
 * The built client: hashed assets cached for a year, everything else by its own path, and any other
 * GET answered with index.html (history fallback) carrying the site config.
 */
export function spaRoutes(clientDir: string | undefined, site: SiteConfig) {
  const app = new Hono<AppEnv>()
  const indexPath = clientDir ? path.join(clientDir, 'index.html') : undefined
  const html =
    indexPath && fs.existsSync(indexPath)
      ? renderIndexHtml(fs.readFileSync(indexPath, 'utf8'), site)
      : undefined

  if (clientDir && html) app.use('*', staticFiles(clientDir))

  app.on(['GET', 'HEAD'], '*', (c) => {
    if (!html)
      return c.text('The web app has not been built yet: run `npm run build` (npm start does it).', 503)
    c.header('Cache-Control', 'no-cache')
    return c.html(html)
  })
  return app
}
