import { Hono } from 'hono'
import type { AppDeps, AppEnv } from '#server/http/app-env.ts'
import { publicReadCache } from '#server/http/cache.ts'
import { requireAdmin } from '#server/http/require-admin.ts'
import { jsonBody, pathParam, readIdParam } from '#server/http/validate.ts'
import {
  createMapIconInputSchema,
  mailingActionInputSchema,
  mailingDefaultsSchema,
  type PublicMailingsResponse,
  updateIconStockInputSchema,
  updateMailingDatesInputSchema,
  updateMapIconInputSchema,
} from '#shared/mailings.ts'
import { listPublicMailings } from '../orders/selling-months.service.ts'
import {
  applyMailingAction,
  createAdminMapIcon,
  getIconStock,
  getMailingDefaults,
  getMailingOverview,
  getPrintReadiness,
  listAdminMapIcons,
  retireAdminMapIcon,
  setIconStock,
  setMailingDefaults,
  updateAdminMapIcon,
  updateMailingDates,
} from './mailings.service.ts'

const MAP_ICON_NOT_FOUND = 'Map icon not found.'

export function mailingsRoutes(deps: AppDeps) {
  const db = deps.database.db
  const timeZone = deps.config.timeZone
  // What the buyers' e-mails about a change need (mailing-notices.ts).
  const notices = { timeZone, site: deps.config.site, publicOrigin: deps.config.publicOrigin }
  const admin = requireAdmin(deps)
  const cache = publicReadCache(deps)

  // Depends on the stored mailings only (the deadline task writes 'closed'), so the catalogue version keys it.
  return new Hono<AppEnv>()
    .get('/mailings', (c) =>
      cache.respond(c, 'mailings', async () => {
        const body: PublicMailingsResponse = await listPublicMailings(db, timeZone)
        return body
      }),
    )

    .get('/admin/mailings', admin, async (c) => c.json(await getMailingOverview(db, { timeZone })))

    .patch('/admin/mailings/:month', admin, jsonBody(updateMailingDatesInputSchema), async (c) =>
      c.json(await updateMailingDates(db, c.req.param('month'), c.req.valid('json'), notices)),
    )

    .post('/admin/mailings/:month/status', admin, jsonBody(mailingActionInputSchema), async (c) =>
      c.json(await applyMailingAction(db, c.req.param('month'), c.req.valid('json'), notices)),
    )

    .get('/admin/mailings/:month/print-readiness', admin, async (c) =>
      c.json(await getPrintReadiness(db, c.req.param('month'))),
    )

    .get('/admin/mailings/:month/icon-stock', admin, async (c) =>
      c.json(await getIconStock(db, c.req.param('month'))),
    )

    .put(
      '/admin/mailings/:month/icon-stock/:iconId',
      admin,
      pathParam((c) => readIdParam(c, MAP_ICON_NOT_FOUND, 'iconId')),
      jsonBody(updateIconStockInputSchema),
      async (c) => {
        const { quantity } = c.req.valid('json')
        return c.json(await setIconStock(db, c.req.param('month'), c.var.param, quantity))
      },
    )

    .get('/admin/map-icons', admin, async (c) => c.json({ icons: await listAdminMapIcons(db) }))

    .post('/admin/map-icons', admin, jsonBody(createMapIconInputSchema), async (c) =>
      c.json(await createAdminMapIcon(db, c.req.valid('json')), 201),
    )

    .post(
      '/admin/map-icons/:id/retire',
      admin,
      pathParam((c) => readIdParam(c, MAP_ICON_NOT_FOUND)),
      async (c) => c.json(await retireAdminMapIcon(db, c.var.param, { timeZone })),
    )

    .patch(
      '/admin/map-icons/:id',
      admin,
      pathParam((c) => readIdParam(c, MAP_ICON_NOT_FOUND)),
      jsonBody(updateMapIconInputSchema),
      async (c) => c.json(await updateAdminMapIcon(db, c.var.param, c.req.valid('json'))),
    )

    .get('/admin/mailing-settings', admin, async (c) => c.json(await getMailingDefaults(db)))

    .put('/admin/mailing-settings', admin, jsonBody(mailingDefaultsSchema), async (c) =>
      c.json(await setMailingDefaults(db, c.req.valid('json'))),
    )
}
