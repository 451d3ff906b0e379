import fs from 'node:fs'
import path from 'node:path'
import { Hono } from 'hono'
import { matchPageRoute, PAGE_ROUTES, type PageModule } from '#shared/page-routes.ts'
import { SITE_CONFIG_ELEMENT_ID, type SiteConfig } from '#shared/site-config.ts'
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

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean }
type Manifest = Record<string, ManifestChunk>

/** Manifest key of a page module: its source path, as the router's import() names it. */
const pageKey = (page: PageModule) => `src/client/app/routes/${page}.tsx`

/**
 * The JavaScript files each page needs before it renders beyond what index.html already loads: its lazy
 * chunk and that chunk's static imports, minus the entry and the entry's imports. Empty without a manifest.
 */
export function pageChunkFiles(manifest: Manifest): Map<PageModule, string[]> {
  const closure = (key: string, seen = new Set<string>()) => {
    if (seen.has(key) || !manifest[key]) return seen
    seen.add(key)
    for (const dep of manifest[key].imports ?? []) closure(dep, seen)
    return seen
  }
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry)
  const loaded = entryKey ? closure(entryKey) : new Set<string>()
  const files = new Map<PageModule, string[]>()
  for (const { page } of PAGE_ROUTES) {
    const keys = [...closure(pageKey(page))].filter((key) => !loaded.has(key))
    files.set(
      page,
      keys.map((key) => `/${manifest[key]?.file}`).filter((file) => file.endsWith('.js')),
    )
  }
  return files
}

/**
 * index.html for each page: the page's own chunks are modulepreloaded, so they download while the entry
 * does rather than after it has run and asked for them (a request waterfall on a slow network).
 */
export function renderPageHtmls(
  template: string,
  site: SiteConfig,
  manifest: Manifest | undefined,
): Map<PageModule, string> {
  const base = renderIndexHtml(template, site)
  const chunks = manifest ? pageChunkFiles(manifest) : new Map<PageModule, string[]>()
  const htmls = new Map<PageModule, string>()
  for (const { page } of PAGE_ROUTES) {
    const links = (chunks.get(page) ?? [])
      .map((file) => `<link rel="modulepreload" crossorigin href="${escapeHtml(file)}">`)
      .join('\n    ')
    htmls.set(page, links ? base.replace('</head>', `  ${links}\n  </head>`) : base)
  }
  return htmls
}

function readManifest(clientDir: string): Manifest | undefined {
  const file = path.join(clientDir, '.vite/manifest.json')
  if (!fs.existsSync(file)) return undefined
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest
}

/**
 * The built client: hashed assets cached for a year, everything else by its own path, and any other
 * GET answered with index.html (history fallback) carrying the site config and the page's preloads.
 */
export function spaRoutes(clientDir: string | undefined, site: SiteConfig) {
  const app = new Hono<AppEnv>()
  const indexPath = clientDir ? path.join(clientDir, 'index.html') : undefined
  const htmls =
    clientDir && indexPath && fs.existsSync(indexPath)
      ? renderPageHtmls(fs.readFileSync(indexPath, 'utf8'), site, readManifest(clientDir))
      : undefined

  if (clientDir && htmls) app.use('*', staticFiles(clientDir))

  app.on(['GET', 'HEAD'], '*', (c) => {
    if (!htmls)
      return c.text('The web app has not been built yet: run `npm run build` (npm start does it).', 503)
    // Revalidated every time: the HTML names the current build's chunks.
    c.header('Cache-Control', 'no-cache')
    return c.html(htmls.get(matchPageRoute(c.req.path)) ?? '')
  })
  return app
}
