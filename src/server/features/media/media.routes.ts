import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { z } from 'zod'
import type { AppDeps, AppEnv } from '#server/http/app-env.ts'
import { noCache, noStore } from '#server/http/cache.ts'
import { requireAdmin } from '#server/http/require-admin.ts'
import { stalledUploadTimeout } from '#server/http/stalled-upload.ts'
import { queryParams, readMultipartForm } from '#server/http/validate.ts'
import { AppError } from '#server/lib/errors.ts'
import { storagePathSegments } from '#server/lib/storage/storage.ts'
import { detectImage, uploadFileName } from '#server/lib/uploaded-images.ts'
import { MEDIA_TYPES, type MediaListResponse } from '#shared/dto.ts'
import { deleteMediaItem, getMediaFile, listMedia, MEDIA_NOT_FOUND, saveMediaItem } from './media.service.ts'

export const mediaListQuerySchema = z.object({
  type: z.enum(MEDIA_TYPES, {
    error: 'Choose one of calendar_example, map_example, postcard_front, postcard_back, blog_cover.',
  }),
})

/** Images only, at most 5 MB. */
const MAX_UPLOAD_BYTES = 5 * 1024 * 1024
/** The whole multipart request: the file plus its part headers and the type field. */
const MAX_UPLOAD_REQUEST_BYTES = MAX_UPLOAD_BYTES + 512 * 1024
const NOT_AN_IMAGE_MESSAGE = 'Please upload an image file (JPEG, PNG, etc.).'
const IMAGE_TOO_LARGE_MESSAGE = 'Please upload an image smaller than 5MB.'

/** Media are cached for 3600 seconds. */
const MEDIA_CACHE_CONTROL = 'public, max-age=3600'

/**
 * The most items GET /api/media answers an anonymous caller (the newest): the pages show the newest
 * example and a carousel, and no public answer grows without bound. The admin list has all.
 */
export const PUBLIC_MEDIA_LIMIT = 50

/** GET /api/media?type=… (mounted under /api). */
export function mediaRoutes({ database }: AppDeps) {
  const db = database.db
  const app = new Hono<AppEnv>()

  app.get('/media', noCache, queryParams(mediaListQuerySchema), async (c) => {
    const { type } = c.req.valid('query')
    const body: MediaListResponse = { items: await listMedia(db, type, PUBLIC_MEDIA_LIMIT) }
    return c.json(body)
  })

  return app
}

/**
 * The admin media screen: list, upload, delete. Uploads are checked by content
 * (media-upload.ts) and get their own body limit; app.ts skips the 100 KB JSON limit for this path.
 */
export function adminMediaRoutes(deps: AppDeps) {
  const { database, storage } = deps
  const db = database.db
  const admin = requireAdmin(deps)
  const uploadLimit = bodyLimit({
    maxSize: MAX_UPLOAD_REQUEST_BYTES,
    onError: () => {
      throw new AppError('payload_too_large', IMAGE_TOO_LARGE_MESSAGE)
    },
  })

  return new Hono<AppEnv>()
    .get('/admin/media', admin, noStore, queryParams(mediaListQuerySchema), async (c) => {
      const { type } = c.req.valid('query')
      const body: MediaListResponse = { items: await listMedia(db, type) }
      return c.json(body)
    })

    .post('/admin/media', admin, stalledUploadTimeout(), uploadLimit, async (c) => {
      const form = await readMultipartForm(c, 'type and file')
      const type = mediaListQuerySchema.safeParse({ type: form.get('type') })
      const file = form.get('file')
      if (!type.success || !(file instanceof File)) {
        throw new AppError('validation_failed', 'Some fields are missing or invalid.', {
          ...(type.success ? {} : { type: [type.error.issues[0]?.message ?? 'Choose a media type.'] }),
          ...(file instanceof File ? {} : { file: [NOT_AN_IMAGE_MESSAGE] }),
        })
      }
      if (file.size > MAX_UPLOAD_BYTES) throw new AppError('payload_too_large', IMAGE_TOO_LARGE_MESSAGE)
      const bytes = new Uint8Array(await file.arrayBuffer())
      const image = await detectImage(bytes)
      if (!image)
        throw new AppError('validation_failed', NOT_AN_IMAGE_MESSAGE, { file: [NOT_AN_IMAGE_MESSAGE] })
      const item = await saveMediaItem(db, storage, {
        type: type.data.type,
        originalName: uploadFileName(file.name, image),
        bytes,
        // The detected type, never the browser's: /media serves it with nosniff.
        contentType: image.mime,
      })
      return c.json(item, 201)
    })

    .delete('/admin/media/*', admin, async (c) => {
      const path = storagePathOf(c.req.url, '/api/admin/media/')
      if (!path) throw new AppError('not_found', MEDIA_NOT_FOUND)
      await deleteMediaItem(db, storage, path)
      return c.body(null, 204)
    })
}

/** The storage path a /media/… URL names, or undefined when it is not one (bad escapes, '..', …). */
function storagePathOf(url: string, prefix = '/media/'): string | undefined {
  // The raw pathname: Hono's decoded path would turn %2F into a separator.
  const pathname = new URL(url).pathname
  if (!pathname.startsWith(prefix)) return undefined
  const raw = pathname.slice(prefix.length)
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
    if (!file) throw new AppError('not_found', MEDIA_NOT_FOUND)
    return c.body(file.body, 200, {
      'Content-Type': file.contentType,
      'Content-Length': String(file.size),
      'Cache-Control': MEDIA_CACHE_CONTROL,
      'X-Content-Type-Options': 'nosniff',
    })
  })

  return app
}
