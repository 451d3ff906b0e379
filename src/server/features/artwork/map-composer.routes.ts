import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { AppDeps, AppEnv } from '#server/http/app-env.ts'
import { noStore } from '#server/http/cache.ts'
import { requireAdmin } from '#server/http/require-admin.ts'
import { stalledUploadTimeout } from '#server/http/stalled-upload.ts'
import { jsonBody, readMultipartForm } from '#server/http/validate.ts'
import { AppError } from '#server/lib/errors.ts'
import {
  MAP_IMAGE_FIELD,
  MAP_IMAGE_NOT_ALLOWED,
  MAP_IMAGE_TOO_LARGE,
  MAX_MAP_IMAGE_BYTES,
  type MapPositionsSavedResponse,
  mapPositionsInputSchema,
  mapSettingsInputSchema,
} from '#shared/map-composer.ts'
import { noticeContext } from './artwork.routes.ts'
import {
  clearMapImage,
  getMailingMap,
  getMapImageFile,
  saveMapPositions,
  setMapImage,
  setMapLegend,
} from './map-composer.service.ts'

/** The map image upload, which app.ts exempts from the 100 KB JSON body limit (it has its own, below). */
export const MAP_IMAGE_UPLOAD_PATH = /^\/api\/admin\/mailings\/[^/]+\/map\/image$/
/** The whole multipart request: the file plus its part headers. */
const MAX_MAP_IMAGE_REQUEST_BYTES = MAX_MAP_IMAGE_BYTES + 512 * 1024
const MAP_IMAGE_NOT_FOUND = 'This mailing has no map image of its own.'

/** The map composer (admin only): a mailing's map image, legend and where its sold icons sit. */
export function mapComposerRoutes(deps: AppDeps) {
  const ctx = noticeContext(deps)
  const admin = requireAdmin(deps)
  const uploadLimit = bodyLimit({
    maxSize: MAX_MAP_IMAGE_REQUEST_BYTES,
    onError: () => {
      throw new AppError('payload_too_large', MAP_IMAGE_TOO_LARGE)
    },
  })

  return new Hono<AppEnv>()
    .get('/admin/mailings/:month/map', admin, noStore, async (c) =>
      c.json(await getMailingMap(ctx, c.req.param('month'))),
    )

    .put('/admin/mailings/:month/map/positions', admin, jsonBody(mapPositionsInputSchema), async (c) => {
      const body: MapPositionsSavedResponse = {
        saved: await saveMapPositions(ctx, c.req.param('month'), c.req.valid('json'), new Date()),
      }
      return c.json(body)
    })

    .put('/admin/mailings/:month/map/settings', admin, jsonBody(mapSettingsInputSchema), async (c) => {
      const month = c.req.param('month')
      await setMapLegend(ctx, month, c.req.valid('json').legend, new Date())
      return c.json(await getMailingMap(ctx, month))
    })

    .post('/admin/mailings/:month/map/image', admin, stalledUploadTimeout(), uploadLimit, async (c) => {
      const month = c.req.param('month')
      const form = await readMultipartForm(c, MAP_IMAGE_FIELD)
      const file = form.get(MAP_IMAGE_FIELD)
      if (!(file instanceof File) || file.size === 0)
        throw new AppError('validation_failed', MAP_IMAGE_NOT_ALLOWED, { file: [MAP_IMAGE_NOT_ALLOWED] })
      if (file.size > MAX_MAP_IMAGE_BYTES) throw new AppError('payload_too_large', MAP_IMAGE_TOO_LARGE)
      await setMapImage(ctx, month, new Uint8Array(await file.arrayBuffer()), new Date())
      return c.json(await getMailingMap(ctx, month))
    })

    .delete('/admin/mailings/:month/map/image', admin, async (c) => {
      const month = c.req.param('month')
      await clearMapImage(ctx, month, new Date())
      return c.json(await getMailingMap(ctx, month))
    })

    .get('/admin/mailings/:month/map/image', admin, async (c) => {
      const file = await getMapImageFile(ctx, c.req.param('month'))
      if (!file) throw new AppError('not_found', MAP_IMAGE_NOT_FOUND)
      return c.body(file.body, 200, {
        'Content-Type': file.contentType,
        'Content-Length': String(file.size),
        'Cache-Control': 'private, max-age=3600',
        'Content-Security-Policy': "sandbox; default-src 'none'",
        'X-Content-Type-Options': 'nosniff',
      })
    })
}
