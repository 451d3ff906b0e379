import { Hono } from 'hono'
import { PAGE_ROUTES } from '#shared/page-routes.ts'
import { listPublishedPostRefs } from '../features/blog-posts/blog-posts.service.ts'
import type { AppDeps, AppEnv } from './app-env.ts'
import { escapeHtml, publicOrigin } from './spa.ts'

/** The public pages a crawler should index (the page manifest's `sitemap`); posts come from the database. */
const SITEMAP_PATHS = PAGE_ROUTES.flatMap((route) =>
  'sitemap' in route && route.sitemap ? [route.path] : [],
)

/** GET /sitemap.xml: absolute URLs from PUBLIC_URL, or the request's origin without it. */
export function sitemapRoutes(deps: Pick<AppDeps, 'database' | 'config'>) {
  const app = new Hono<AppEnv>()
  app.get('/sitemap.xml', async (c) => {
    const origin = publicOrigin(c, deps.config.publicUrl)
    const posts = await listPublishedPostRefs(deps.database.db)
    const entry = (path: string, lastmod?: string) =>
      `  <url><loc>${escapeHtml(origin + path)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...SITEMAP_PATHS.map((path) => entry(path)),
      ...posts.map((post) => entry(`/blog/${encodeURIComponent(post.id)}`, post.publicationDate)),
      '</urlset>',
      '',
    ].join('\n')
    c.header('Cache-Control', 'no-cache')
    return c.body(xml, 200, { 'Content-Type': 'application/xml; charset=utf-8' })
  })
  return app
}
