import { Hono } from 'hono'
import type { AppDeps, AppEnv } from '#server/http/app-env.ts'
import { noStore } from '#server/http/cache.ts'
import { requireAdmin } from '#server/http/require-admin.ts'
import type { AdminMailingScansDto, AdPageDto, LineLinkDto } from '#shared/short-links.ts'
import { lineLinkBody, setLineLink } from '../orders/line-links.service.ts'
import { getAdPage, getMailingScans, mailingScansCsv, type ShortLinksContext } from './short-links.service.ts'

export function shortLinksContext(deps: AppDeps): ShortLinksContext {
  return { db: deps.database.db, publicOrigin: deps.config.publicOrigin }
}

/**
 * The owner's scans of a mailing (JSON and CSV) and any line's destination; the advertiser's page behind a
 * 'page' link (GET /api/ads/{code}; its logo is the artwork feature's, which reads the thumbnails).
 */
export function shortLinksRoutes(deps: AppDeps) {
  const ctx = shortLinksContext(deps)
  const admin = requireAdmin(deps)
  return new Hono<AppEnv>()
    .get('/admin/mailings/:month/scans', admin, noStore, async (c) => {
      const body: AdminMailingScansDto = await getMailingScans(ctx, c.req.param('month'))
      return c.json(body)
    })
    .get('/admin/mailings/:month/scans.csv', admin, async (c) => {
      const month = c.req.param('month')
      const csv = await mailingScansCsv(ctx, month)
      return c.body(csv, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="scans-${month}.csv"`,
        'Cache-Control': 'no-store',
      })
    })
    .put('/admin/orders/:orderId/link', admin, lineLinkBody(), async (c) => {
      const body: LineLinkDto = await setLineLink(
        ctx.db,
        ctx.publicOrigin,
        c.req.param('orderId'),
        c.req.valid('json'),
      )
      deps.linkEvents?.changed(body.code)
      return c.json(body)
    })
    .get('/ads/:code', noStore, async (c) => {
      const body: AdPageDto = await getAdPage(ctx, c.req.param('code'), new Date())
      return c.json(body)
    })
}
