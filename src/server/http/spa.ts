import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { type Context, Hono } from 'hono'
import { blogPageOf } from '#shared/blog-pages.ts'
import { SITE_FONTS, type SiteFont } from '#shared/fonts.ts'
import { matchPage, PAGE_ROUTES, type PageModule, type PageRoute } from '#shared/page-routes.ts'
import { QUERY_STATE_ELEMENT_ID } from '#shared/page-state.ts'
import type { RenderedPage, ServerRenderer } from '#shared/server-renderer.ts'
import { SITE_CONFIG_ELEMENT_ID, type SiteConfig } from '#shared/site-config.ts'
import type { Logger } from '../lib/logger.ts'
import type { AppEnv } from './app-env.ts'
import { cachedAnswer } from './cache.ts'
import {
  COMPRESS_THRESHOLD_BYTES,
  encodeBody,
  negotiateEncoding,
  VARY_ACCEPT_ENCODING,
} from './compression.ts'
import type { PageCache, PageHtml } from './page-cache.ts'
import { staticFiles } from './static-files.ts'

type SpaOptions = {
  /** Loads the server renderer; resolves undefined when there is none (pages are then served as shells). */
  loadRenderer?: () => Promise<ServerRenderer | undefined>
  /** Answers GET /api/… in process: the app itself (app.request). */
  fetchApi?: (path: string, init: RequestInit) => Promise<Response>
  /** PUBLIC_URL: the origin of canonical URLs; the request's own origin without it. */
  publicUrl?: string
  /** Keeps the pages every visitor gets alike; without it each request renders its page. */
  pageCache?: PageCache
  logger?: Logger
}

/** dist/ssr/entry-server.js beside the client build (npm run build writes both). */
export function builtRenderer(clientDir: string | undefined): () => Promise<ServerRenderer | undefined> {
  const file = clientDir ? path.join(clientDir, '..', 'ssr', 'entry-server.js') : undefined
  let loaded: Promise<ServerRenderer | undefined> | undefined
  const load = () => {
    loaded ??=
      file && fs.existsSync(file)
        ? (import(pathToFileURL(file).href) as Promise<ServerRenderer>)
        : Promise.resolve(undefined)
    return loaded
  }
  // Loaded in the background once the server is up (like better-auth, decision 006), not by the first
  // visitor; a failure shows on the first page request, which then sends the shell.
  if (file) setTimeout(() => void load().catch(() => undefined), 0).unref()
  return load
}

const PLACEHOLDER = '<!--site-config-->'

/** JSON inside <script> must not be able to close the element: escape '<' (and U+2028/9 for old parsers). */
function safeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

function renderIndexHtml(template: string, site: SiteConfig): string {
  const block = `<script type="application/json" id="${SITE_CONFIG_ELEMENT_ID}">${safeJson(site)}</script>`
  return template
    .replace(PLACEHOLDER, block)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(site.productName)}</title>`)
}

export function escapeHtml(text: string): string {
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
function pageChunkFiles(manifest: Manifest): Map<PageModule, string[]> {
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
function renderPageHtmls(
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

/** The origin canonical URLs and the sitemap use: PUBLIC_URL when set, else the request's origin. */
export function publicOrigin(c: Context, publicUrl: string | undefined): string {
  return publicUrl ?? new URL(c.req.url).origin
}

/** The one URL of a page: no trailing slash, no query except the blog list's page number. */
function canonicalPath(pathname: string, search: URLSearchParams, page: PageModule): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  if (page !== 'public/blog-list-page') return trimmed
  const number = blogPageOf(search.get('page'))
  return number > 1 ? `${trimmed}?page=${number}` : trimmed
}

/**
 * The @font-face rules of each heading font (the stylesheets font-stylesheets.ts loads at run time), by
 * font: a server-rendered page carries its font's rules (marked data-site-font-faces, so the browser does not
 * load the same font's stylesheet again), so its headings paint in it from the start and do not move when
 * the stylesheet would have arrived (a layout shift).
 */
export function fontFaceCss(
  manifest: Manifest | undefined,
  readAsset: (file: string) => string | undefined,
): Map<SiteFont, string> {
  const faces = new Map<SiteFont, string>()
  for (const font of SITE_FONTS) {
    const pattern = new RegExp(`@fontsource/${font.toLowerCase().replace(/ /g, '-')}/latin-\\d+\\.css$`)
    const css = Object.entries(manifest ?? {})
      .filter(([key]) => pattern.test(key))
      .map(([, chunk]) => readAsset(`/${chunk.file}`) ?? '')
      .join('')
    // Inlined, the faces use font-display: optional: the font is used if it arrives within the first
    // moments, else the fallback stays for this page (the file is cached for the next), so headings never
    // move once painted, however slow the file (a swap after the first paint is a layout shift).
    if (css && !/<\/style/i.test(css))
      faces.set(font, css.replace(/font-display:\s*swap/g, 'font-display:optional'))
  }
  return faces
}

/** The page shell with the server's markup in #root, its query cache as a JSON block, and its head. */
function renderedPageHtml(
  shell: string,
  rendered: RenderedPage,
  canonicalUrl: string | undefined,
  fontFaces: ReadonlyMap<SiteFont, string> = new Map(),
) {
  const state = `<script type="application/json" id="${QUERY_STATE_ELEMENT_ID}">${safeJson(rendered.queryState)}</script>`
  let html = shell.replace('<div id="root"></div>', () => `<div id="root">${rendered.html}</div>${state}`)
  // The page is painted only once all of #root (header, page and footer) is parsed, which the query state
  // right after it marks. A browser may otherwise paint a half-parsed document when its parser yields (a slow
  // or busy device, HTML arriving in several packets), and what the rest of the markup adds then moves what
  // is already on screen: a header painted before its cart link's word "Cart" slid its menu 19 px left when
  // the word came, a layout shift. Parsing a page's ~50 KB takes milliseconds. Chromium, asked to wait for
  // #root itself, paints once the element has started; browsers without `rel=expect` ignore the link.
  html = html.replace(
    '</head>',
    () => `  <link rel="expect" href="#${QUERY_STATE_ELEMENT_ID}" blocking="render">\n  </head>`,
  )
  if (rendered.title)
    html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(rendered.title ?? '')}</title>`)
  if (rendered.description)
    html = html.replace(
      /<meta name="description" content="[^"]*"/,
      () => `<meta name="description" content="${escapeHtml(rendered.description ?? '')}"`,
    )
  // The heading font as applySiteFont sets it in the browser (main.tsx then leaves the cached one alone).
  html = html.replace(
    /<html lang="([^"]*)">/,
    (_, lang: string) =>
      `<html lang="${lang}" data-site-font="${escapeHtml(rendered.siteFont)}" style="--font-heading: ${escapeHtml(rendered.headingFont)}">`,
  )
  const faces = fontFaces.get(rendered.siteFont)
  if (faces)
    html = html.replace(
      '</head>',
      () => `  <style data-site-font-faces="${escapeHtml(rendered.siteFont)}">${faces}</style>\n  </head>`,
    )
  if (canonicalUrl)
    html = html.replace(
      '</head>',
      () => `  <link rel="canonical" href="${escapeHtml(canonicalUrl)}">\n  </head>`,
    )
  return html
}

/** The id of the JSON list of a server-rendered page's modules, which /boot.js starts after the first paint. */
const PAGE_MODULES_ELEMENT_ID = 'page-modules'

/**
 * The shell of a server-rendered page: its content is in the HTML, so nothing but the HTML, the CSS and
 * the font stands between the request and the first paint. The stylesheet is inlined (one request less on
 * the critical path; ~10 KB compressed, and CSP allows inline styles), and the module script and
 * modulepreloads become a JSON list that /boot.js (public/boot.js) starts after the first paint: before,
 * they competed with the HTML and the font, and Lighthouse counted them against FCP and LCP.
 */
function serverRenderedShell(shell: string, readAsset: (file: string) => string | undefined): string {
  const modules: string[] = []
  const html = shell
    .replace(/<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/g, (tag, file: string) => {
      const css = readAsset(file)
      // '</style' cannot occur in Tailwind's output, but a stylesheet must never be able to end the element.
      return css === undefined || /<\/style/i.test(css) ? tag : `<style>${css}</style>`
    })
    .replace(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g, (_, src: string) => {
      modules.unshift(src)
      return ''
    })
    .replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_, href: string) => {
      modules.push(href)
      return ''
    })
  if (modules.length === 0) return shell
  const boot = `<script type="application/json" id="${PAGE_MODULES_ELEMENT_ID}">${safeJson(modules)}</script>\n    <script type="module" src="/boot.js"></script>`
  return html.replace('</head>', () => `  ${boot}\n  </head>`)
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
export function spaRoutes(clientDir: string | undefined, site: SiteConfig, options: SpaOptions = {}) {
  const app = new Hono<AppEnv>()
  const indexPath = clientDir ? path.join(clientDir, 'index.html') : undefined
  const htmls =
    clientDir && indexPath && fs.existsSync(indexPath)
      ? renderPageHtmls(fs.readFileSync(indexPath, 'utf8'), site, readManifest(clientDir))
      : undefined

  if (clientDir && htmls) app.use('*', staticFiles(clientDir))
  const readAsset = (file: string) => {
    const full = clientDir ? path.join(clientDir, file) : undefined
    return full && fs.existsSync(full) ? fs.readFileSync(full, 'utf8') : undefined
  }
  const fontFaces = clientDir ? fontFaceCss(readManifest(clientDir), readAsset) : new Map<SiteFont, string>()
  const ssrShells = new Map<PageModule, string>()
  for (const { page, rendering } of PAGE_ROUTES) {
    const shell = htmls?.get(page)
    if (shell !== undefined && rendering !== 'browser')
      ssrShells.set(page, serverRenderedShell(shell, readAsset))
  }

  app.on(['GET', 'HEAD'], '*', async (c) => {
    if (!htmls)
      return c.text('The web app has not been built yet: run `npm run build` (npm start does it).', 503)
    const { route } = matchPage(c.req.path)
    const shell = htmls.get(route.page) ?? ''
    if (route.rendering === 'private' || ('secretUrl' in route && route.secretUrl)) {
      // The URL holds the page's secret: no cache may keep the page, no link from it may send the URL on,
      // and no search engine lists it.
      c.header('Cache-Control', 'no-store')
      c.header('Referrer-Policy', 'no-referrer')
      c.header('X-Robots-Tag', 'noindex')
    } else {
      // Revalidated every time: the HTML names the current build's chunks.
      c.header('Cache-Control', 'no-cache')
    }
    if (route.rendering === 'browser' || !options.loadRenderer || !options.fetchApi) return c.html(shell)

    const url = new URL(c.req.url)
    const origin = publicOrigin(c, options.publicUrl)
    const render = () => renderPageHtml(url, origin, route, shell)
    const answer =
      route.rendering === 'shared' && options.pageCache
        ? await options.pageCache.page(origin + url.pathname + url.search, render)
        : await render().then((fresh) => fresh && { fresh })
    if (!answer) return c.html(shell)
    if ('fresh' in answer) return htmlAnswer(c, answer.fresh.html, answer.fresh.status)
    const kept = await cachedAnswer(
      answer.kept,
      c.req.header('if-none-match'),
      c.req.method === 'HEAD' ? undefined : c.req.header('accept-encoding'),
    )
    for (const [name, value] of Object.entries(kept.headers)) c.header(name, value)
    return kept.body === null ? c.body(null, 304) : c.body(kept.body, 200)
  })

  /** The whole document of a server-rendered page; undefined (the shell is sent) when rendering fails. */
  async function renderPageHtml(
    url: URL,
    origin: string,
    { page, rendering }: PageRoute,
    shell: string,
  ): Promise<PageHtml | undefined> {
    try {
      const renderer = await options.loadRenderer?.()
      if (!renderer || !options.fetchApi) return undefined
      const rendered = await renderer.renderPage({
        url: url.pathname + url.search,
        site,
        fetchApi: options.fetchApi,
      })
      // Only a page every visitor gets is indexable: never a private page's URL (its secret).
      const canonical =
        rendered.status === 200 && rendering === 'shared'
          ? origin + canonicalPath(url.pathname, url.searchParams, page)
          : undefined
      return {
        html: renderedPageHtml(ssrShells.get(page) ?? shell, rendered, canonical, fontFaces),
        status: rendered.status,
        isComplete: rendered.isComplete,
      }
    } catch (error) {
      // The page still works: the shell renders it in the browser, as before server rendering.
      options.logger?.error({ err: error, path: url.pathname }, 'server rendering failed; sent the shell')
      return undefined
    }
  }
  return app
}

/** A rendered page is tens of KB: sent br- or gzip-encoded when the browser takes it (compression.ts). */
async function htmlAnswer(c: Context, html: string, status: 200 | 404) {
  c.header('Vary', VARY_ACCEPT_ENCODING)
  const bytes = new TextEncoder().encode(html)
  const encoding = c.req.method === 'HEAD' ? undefined : negotiateEncoding(c.req.header('accept-encoding'))
  c.header('Content-Type', 'text/html; charset=UTF-8')
  if (!encoding || bytes.byteLength < COMPRESS_THRESHOLD_BYTES) return c.body(bytes, status)
  c.header('Content-Encoding', encoding)
  return c.body(await encodeBody(bytes, encoding), status)
}
