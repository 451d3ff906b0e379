import { randomUUID } from 'node:crypto'
import type { Context } from 'hono'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { AppDeps, AppEnv } from '#server/http/app-env.ts'
import { noStore } from '#server/http/cache.ts'
import { requireAdmin } from '#server/http/require-admin.ts'
import { stalledUploadTimeout } from '#server/http/stalled-upload.ts'
import { jsonBody, queryParams, readMultipartForm } from '#server/http/validate.ts'
import { AppError } from '#server/lib/errors.ts'
import type { Logger } from '#server/lib/logger.ts'
import { countHit, type RateLimitRule } from '#server/lib/rate-limit.ts'
import {
  ARTWORK_NO_FILE_MESSAGE,
  ARTWORK_TOO_LARGE_MESSAGE,
  ARTWORK_UPLOAD_FIELDS,
  type ArtworkLinkSentResponse,
  type ArtworkRemindersResponse,
  MAX_ARTWORK_BYTES,
} from '#shared/artwork.ts'
import {
  printSpecsSchema,
  productionBoardQuerySchema,
  requestChangesInputSchema,
} from '#shared/artwork-schemas.ts'
import type { LineLinkDto } from '#shared/short-links.ts'
import { lineLinkBody } from '../orders/line-links.service.ts'
import { getPrintSpecs, setHouseAdImage, setPrintSpecs } from '../orders/print-specs.service.ts'
import { queueProofChecks } from './ad-approval.service.ts'
import {
  type ArtworkFileKind,
  getAdLogoFile,
  getAdminArtworkFile,
  getArtworkPage,
  getBuyerArtworkFile,
  getProductionBoard,
  getProductionLine,
  reviewArtwork,
  setArtworkLineLink,
  uploadArtwork,
} from './artwork.service.ts'
import { ArtworkRejectedError } from './artwork-file.ts'
import { prepareArtworkInChild } from './artwork-file-jobs.ts'
import {
  type NoticeContext,
  requestArtworkChanges,
  sendArtworkLink,
  sendArtworkRemindersNow,
} from './artwork-notices.ts'
import { artworkArchive, buildProof } from './production.service.ts'

/** The upload routes, which app.ts exempts from the 100 KB JSON body limit (they have their own, below). */
export const ARTWORK_UPLOAD_PATH = /^\/api\/artwork\/[^/]+\/upload$|^\/api\/admin\/print-specs\/house-ad$/
const HOUSE_AD_IMAGE_MESSAGE = 'The house ad must be a PNG or JPEG image.'
/** The whole multipart request: the file plus its part headers and the orderId fields. */
const MAX_ARTWORK_REQUEST_BYTES = MAX_ARTWORK_BYTES + 512 * 1024
/** Uploads per token: plenty for a buyer trying a few files, a wall for a script. */
const UPLOADS_PER_TOKEN: RateLimitRule = { window: 600, max: 40 }
const TOO_MANY_UPLOADS = 'Too many uploads in a short time. Please wait a few minutes and try again.'
const ARTWORK_FILE_NOT_FOUND = 'Artwork not found.'

/** What the artwork features and their rounds need of the app (the rounds log a mailing that fails). */
export function noticeContext(deps: AppDeps): NoticeContext & { logger: Logger } {
  return {
    logger: deps.logger,
    db: deps.database.db,
    storage: deps.storage,
    timeZone: deps.config.timeZone,
    publicOrigin: deps.config.publicOrigin,
    site: deps.config.site,
  }
}

/**
 * Files are never public: the buyer's come through their token, the admin's through the admin guard. They
 * are sent with the type detected at upload, nosniff and a sandbox CSP; PDFs download rather than open.
 */
async function sendFile(
  c: Context<AppEnv>,
  file: Awaited<ReturnType<typeof getAdminArtworkFile>>,
  kind: ArtworkFileKind,
) {
  if (!file) throw new AppError('not_found', ARTWORK_FILE_NOT_FOUND)
  const disposition = kind === 'file' && file.contentType === 'application/pdf' ? 'attachment' : 'inline'
  return c.body(file.body, 200, {
    'Content-Type': file.contentType,
    'Content-Length': String(file.size),
    'Content-Disposition': `${disposition}; filename="${file.fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
    'Cache-Control': 'private, max-age=300',
    'Content-Security-Policy': "sandbox; default-src 'none'",
    'X-Content-Type-Options': 'nosniff',
  })
}

/** A file the checks refused, as the caller's error: 413 when too large, else 422 on the file field. */
function uploadRefusal(error: unknown): unknown {
  if (!(error instanceof ArtworkRejectedError)) return error
  return error.message === ARTWORK_TOO_LARGE_MESSAGE
    ? new AppError('payload_too_large', error.message)
    : new AppError('validation_failed', error.message, { file: [error.message] })
}

async function readUpload(c: Context<AppEnv>): Promise<{ file: File; orderIds: string[] }> {
  const form = await readMultipartForm(c, 'file and orderId')
  const file = form.get(ARTWORK_UPLOAD_FIELDS.file)
  if (!(file instanceof File) || file.size === 0)
    throw new AppError('validation_failed', ARTWORK_NO_FILE_MESSAGE, { file: [ARTWORK_NO_FILE_MESSAGE] })
  if (file.size > MAX_ARTWORK_BYTES) throw new AppError('payload_too_large', ARTWORK_TOO_LARGE_MESSAGE)
  const orderIds = form
    .getAll(ARTWORK_UPLOAD_FIELDS.orderId)
    .filter((v): v is string => typeof v === 'string')
  return { file, orderIds }
}

export function artworkRoutes(deps: AppDeps) {
  const ctx = noticeContext(deps)
  const admin = requireAdmin(deps)
  const uploadLimit = bodyLimit({
    maxSize: MAX_ARTWORK_REQUEST_BYTES,
    onError: () => {
      throw new AppError('payload_too_large', ARTWORK_TOO_LARGE_MESSAGE)
    },
  })

  // ---------------------------------------------------------------- the buyer (token holder)

  return (
    new Hono<AppEnv>()
      .get('/artwork/:token', async (c) => {
        c.header('Cache-Control', 'no-store')
        return c.json(await getArtworkPage(ctx, c.req.param('token'), new Date()))
      })

      .post('/artwork/:token/upload', stalledUploadTimeout(), uploadLimit, async (c) => {
        const token = c.req.param('token')
        // The token is checked first (a 404 costs nothing), then counted, then the file is read.
        await getArtworkPage(ctx, token, new Date())
        if ((await countHit(ctx.db, `artwork-upload:${token}`, UPLOADS_PER_TOKEN)) > UPLOADS_PER_TOKEN.max)
          throw new AppError('rate_limited', TOO_MANY_UPLOADS)
        const { file, orderIds } = await readUpload(c)
        try {
          const bytes = new Uint8Array(await file.arrayBuffer())
          return c.json(await uploadArtwork(ctx, token, orderIds, { name: file.name, bytes }, new Date()))
        } catch (error) {
          throw uploadRefusal(error)
        }
      })

      // Where a line's QR code leads (at any time: the code on the card never changes).
      .put('/artwork/:token/lines/:orderId/link', lineLinkBody(), async (c) => {
        const body: LineLinkDto = await setArtworkLineLink(
          ctx,
          c.req.param('token'),
          c.req.param('orderId'),
          c.req.valid('json'),
        )
        deps.linkEvents?.changed(body.code)
        return c.json(body)
      })

      .get('/artwork/:token/files/:orderId', async (c) =>
        sendFile(
          c,
          await getBuyerArtworkFile(ctx, c.req.param('token'), c.req.param('orderId'), 'file'),
          'file',
        ),
      )
      .get('/artwork/:token/thumbnails/:orderId', async (c) =>
        sendFile(
          c,
          await getBuyerArtworkFile(ctx, c.req.param('token'), c.req.param('orderId'), 'thumbnail'),
          'thumbnail',
        ),
      )

      // The logo of an advertiser's page (/ads/{code}): its line's artwork thumbnail.
      .get('/ads/:code/logo', async (c) =>
        sendFile(c, await getAdLogoFile(ctx, c.req.param('code')), 'thumbnail'),
      )

      // ---------------------------------------------------------------- the owner

      .get('/admin/print-specs', admin, async (c) => c.json(await getPrintSpecs(ctx.db)))
      .put('/admin/print-specs', admin, jsonBody(printSpecsSchema), async (c) =>
        c.json(await setPrintSpecs(ctx.db, c.req.valid('json'))),
      )
      // The house ad's image: checked as buyers' artwork is (in a file-job child, with its limits), then
      // kept in storage; it fills every unsold day of the proof.
      .post('/admin/print-specs/house-ad', admin, stalledUploadTimeout(), uploadLimit, async (c) => {
        const form = await readMultipartForm(c, 'file')
        const file = form.get(ARTWORK_UPLOAD_FIELDS.file)
        if (!(file instanceof File) || file.size === 0)
          throw new AppError('validation_failed', ARTWORK_NO_FILE_MESSAGE, {
            file: [ARTWORK_NO_FILE_MESSAGE],
          })
        if (file.size > MAX_ARTWORK_BYTES) throw new AppError('payload_too_large', ARTWORK_TOO_LARGE_MESSAGE)
        let prepared: Awaited<ReturnType<typeof prepareArtworkInChild>>
        try {
          prepared = await prepareArtworkInChild(new Uint8Array(await file.arrayBuffer()))
        } catch (error) {
          throw uploadRefusal(error)
        }
        const { inspected, stored } = prepared
        if (inspected.kind !== 'image')
          throw new AppError('validation_failed', HOUSE_AD_IMAGE_MESSAGE, { file: [HOUSE_AD_IMAGE_MESSAGE] })
        const key = `house-ad/${randomUUID()}.${inspected.ext}`
        await ctx.storage.put(key, stored, inspected.mime)
        return c.json(await setHouseAdImage(ctx.db, { key, contentType: inspected.mime }))
      })
      .delete('/admin/print-specs/house-ad', admin, async (c) => c.json(await setHouseAdImage(ctx.db, null)))

      .get(
        '/admin/mailings/:month/artwork',
        admin,
        noStore,
        queryParams(productionBoardQuerySchema),
        async (c) =>
          c.json(await getProductionBoard(ctx, c.req.param('month'), c.req.valid('query'), new Date())),
      )

      .post('/admin/mailings/:month/artwork-reminders', admin, async (c) => {
        const body: ArtworkRemindersResponse = {
          sent: await sendArtworkRemindersNow(ctx, c.req.param('month'), new Date()),
        }
        return c.json(body)
      })

      .get('/admin/mailings/:month/proof.pdf', admin, async (c) => {
        const month = c.req.param('month')
        const proof = await buildProof(ctx, month, deps.config.site.productName)
        // Once a proof exists, each advertiser of the mailing is asked (once) to check their ad.
        await queueProofChecks({ ...ctx, secret: deps.authSecret }, month, new Date())
        // A draft (artwork missing or not approved) is named so, so it is not sent to the printer by mistake.
        const name = proof.draft ? `proof-${month}-draft.pdf` : `proof-${month}.pdf`
        return c.body(proof.bytes as Uint8Array<ArrayBuffer>, 200, {
          'Content-Type': 'application/pdf',
          'Content-Disposition': `attachment; filename="${name}"`,
          'Cache-Control': 'no-store',
        })
      })

      .get('/admin/mailings/:month/artwork.zip', admin, async (c) => {
        const month = c.req.param('month')
        const zip = await artworkArchive(ctx, month)
        return c.body(zip, 200, {
          'Content-Type': 'application/zip',
          'Content-Disposition': `attachment; filename="artwork-${month}.zip"`,
          'Cache-Control': 'no-store',
        })
      })

      .post('/admin/artwork/:orderId/approve', admin, async (c) => {
        const orderId = c.req.param('orderId')
        const now = new Date()
        await reviewArtwork(ctx.db, orderId, { state: 'approved' }, c.get('user').email, now)
        return c.json(await getProductionLine(ctx, orderId, now))
      })

      .post(
        '/admin/artwork/:orderId/request-changes',
        admin,
        jsonBody(requestChangesInputSchema),
        async (c) => {
          const orderId = c.req.param('orderId')
          const { note } = c.req.valid('json')
          const now = new Date()
          await requestArtworkChanges(ctx, orderId, note, c.get('user').email, now)
          return c.json(await getProductionLine(ctx, orderId, now))
        },
      )

      .post('/admin/artwork/:orderId/send-link', admin, async (c) => {
        const body: ArtworkLinkSentResponse = {
          sentTo: await sendArtworkLink(ctx, c.req.param('orderId'), new Date()),
        }
        return c.json(body)
      })

      .get('/admin/artwork/:orderId/file', admin, async (c) =>
        sendFile(c, await getAdminArtworkFile(ctx, c.req.param('orderId'), 'file'), 'file'),
      )
      .get('/admin/artwork/:orderId/thumbnail', admin, async (c) =>
        sendFile(c, await getAdminArtworkFile(ctx, c.req.param('orderId'), 'thumbnail'), 'thumbnail'),
      )
  )
}
