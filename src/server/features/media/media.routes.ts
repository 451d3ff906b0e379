import { Hono } from 'hono'
import { z } from 'zod'
import { MEDIA_TYPES, type MediaListResponse } from '../../../shared/dto.ts'
import type { AppDeps, AppEnv } from '../../http/app-env.ts'
import { noCache } from '../../http/cache.ts'
import { readQuery } from '../../http/validate.ts'
import { AppError } from '../../lib/errors.ts'
import { storagePathSegments } from '../../lib/storage/storage.ts'
import { getMediaFile, listMedia } from './media.service.ts'

const mediaListQuerySchema = z.object({
  type: z.enum(MEDIA_TYPES, {
    error: 'Choose one of calendar_example, map_example, postcard_front, postcard_back.',
  }),
})

/** Spec section 9: media are cached for 3600 seconds. */
const MEDIA_CACHE_CONTROL = 'public, max-age=3600'

/** GET /api/media?type=… (mounted under /api). */
export function mediaRoutes({ database }: AppDeps) {
  const db = database.db
  const app = new Hono<AppEnv>()

  app.get('/media', noCache, async (c) => {
    const { type } = readQuery(c, mediaListQuerySchema)
    const body: MediaListResponse = { items: await listMedia(db, type) }
    return c.json(body)
  })

  return app
}

/** The storage path a /media/… URL names, or undefined when it is not one (bad escapes, '..', …). */
function storagePathOf(url: string): string | undefined {
  // The raw pathname: Hono's decoded path would turn %2F into a separator.
  const raw = new URL(url).pathname.slice('/media/'.length)
  try {
    const path = raw.split('/').map(decodeURIComponent)
    if (path.some((segment) => segment.includes('/'))) return undefined
    const joined = path.join('/')
    return storagePathSegments(joined) ? joined : undefined
  } catch {
    return undefined
  }
}

/** GET /media/<path>: uploaded files (mounted at the root, before the SPA fallback). */
export function mediaFileRoutes({ database, storage }: AppDeps) {
  const app = new Hono<AppEnv>()

  app.get('/media/*', async (c) => {
    const path = storagePathOf(c.req.url)
    const file = path ? await getMediaFile(database.db, storage, path) : undefined
    if (!file) throw new AppError('not_found', 'Media file not found.')
    return c.body(file.body, 200, {
      'Content-Type': file.contentType,
      'Content-Length': String(file.size),
      'Cache-Control': MEDIA_CACHE_CONTROL,
      'X-Content-Type-Options': 'nosniff',
    })
  })

  return app
}
